"""Players without passwords (docs/server.md, Players): keys, names, transfer links, password
accounts, seats tied to players and their list of tables."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import create_engine, select, update

from famiglia.server.security import hash_token
from famiglia.server.storage import database_url, now, player_keys, players, seats

from .helpers import app_client, auth, create_raw, play_out
from .players_helpers import new_player, new_table, xp


def test_a_first_visit_makes_a_player_whose_key_reads_and_renames_it(client):
    made = new_player(client, "Ann")
    assert made["name"] == "Ann" and made["password"] is False
    assert made["id"] != made["key"] and len(made["key"]) >= 32
    me = client.get("/api/me", headers=auth(made["key"]))
    assert me.status_code == 200 and me.json() == {
        "id": made["id"],
        "name": "Ann",
        "password": False,
    }
    renamed = client.patch("/api/me", json={"name": "  Ann   Bee "}, headers=auth(made["key"]))
    assert renamed.status_code == 200 and renamed.json()["name"] == "Ann Bee"
    # The same rules as a seat's name.
    for bad in ("you", "seat 3", "x" * 25, "a\u202eb", ""):
        refused = client.patch("/api/me", json={"name": bad}, headers=auth(made["key"]))
        assert refused.status_code == 422, bad
    assert client.get("/api/me", headers=auth(made["key"])).json()["name"] == "Ann Bee"


def test_no_key_or_a_wrong_one_is_refused_with_what_to_send(client):
    nobody = client.get("/api/me")
    assert nobody.status_code == 401 and "Bearer PLAYER_KEY" in nobody.json()["error"]
    wrong = client.get("/api/me", headers=auth("not-a-key"))
    assert wrong.status_code == 401
    unknown = client.post("/api/players", json={"nickname": "x"})
    assert unknown.status_code == 422 and "nickname" in unknown.json()["error"]


def test_the_database_keeps_only_the_keys_hash(tmp_path):
    db = tmp_path / "f.db"
    with app_client(db) as client:
        made = new_player(client, "Ann")
    engine = create_engine(database_url(str(db)))
    with engine.connect() as conn:
        [row] = conn.execute(select(player_keys)).all()
        dump = " ".join(str(v) for v in conn.execute(select(players)).first())
    engine.dispose()
    assert row.key_hash == hash_token(made["key"]) and row.player_id == made["id"]
    assert made["key"] not in dump and made["key"] not in db.read_bytes().decode("latin-1")


def test_a_transfer_link_gives_the_same_player_to_another_device_once(client):
    ann = new_player(client, "Ann")
    link = client.post("/api/me/transfer", json={}, headers=auth(ann["key"]))
    assert link.status_code == 200
    code = link.json()["code"]
    assert link.json()["url"].endswith(f"/players/transfer#code={code}")
    used = client.post("/api/players/transfer", json={"code": code})
    assert used.status_code == 200
    other = used.json()
    assert other["id"] == ann["id"] and other["key"] != ann["key"]
    assert client.get("/api/me", headers=auth(other["key"])).json()["id"] == ann["id"]
    assert client.get("/api/me", headers=auth(ann["key"])).json()["id"] == ann["id"]
    again = client.post("/api/players/transfer", json={"code": code})
    assert again.status_code == 403 and "used already" in again.json()["error"]


def test_a_newer_link_replaces_the_older_and_none_works_after_15_minutes(tmp_path):
    db = tmp_path / "f.db"
    with app_client(db) as client:
        ann = new_player(client, "Ann")
        first = client.post("/api/me/transfer", json={}, headers=auth(ann["key"])).json()["code"]
        second = client.post("/api/me/transfer", json={}, headers=auth(ann["key"])).json()["code"]
        assert client.post("/api/players/transfer", json={"code": first}).status_code == 403
        engine = create_engine(database_url(str(db)))
        with engine.begin() as conn:  # the link as it is 16 minutes later
            conn.execute(update(players).values(transfer_until=now() - timedelta(minutes=1)))
        engine.dispose()
        late = client.post("/api/players/transfer", json={"code": second})
        assert late.status_code == 403 and "15 minutes" in late.json()["error"]


def test_a_password_account_logs_in_on_a_new_device(client):
    ann = new_player(client, "Ann")
    weak = client.post("/api/me/password", json={"password": "short"}, headers=auth(ann["key"]))
    assert weak.status_code == 422
    done = client.post(
        "/api/me/password", json={"password": "correct horse"}, headers=auth(ann["key"])
    )
    assert done.status_code == 200 and done.json()["password"] is True
    got = client.post("/api/login", json={"name": "ann", "password": "correct horse"})
    assert got.status_code == 200
    assert got.json()["id"] == ann["id"] and got.json()["key"] != ann["key"]
    assert client.get("/api/me", headers=auth(got.json()["key"])).json()["name"] == "Ann"
    # Renamed, the account logs in by its new name.
    client.patch("/api/me", json={"name": "Anna"}, headers=auth(ann["key"]))
    assert (
        client.post("/api/login", json={"name": " anna ", "password": "correct horse"}).status_code
        == 200
    )


def test_a_failed_login_says_the_same_whatever_failed(client):
    ann = new_player(client, "Ann")
    client.post("/api/me/password", json={"password": "correct horse"}, headers=auth(ann["key"]))
    new_player(client, "Bob")  # a name without an account
    answers = [
        client.post("/api/login", json={"name": name, "password": password})
        for name, password in (("Ann", "wrong horse"), ("Bob", "correct horse"), ("Zed", "x"))
    ]
    assert {a.status_code for a in answers} == {401}
    assert len({a.text for a in answers}) == 1


def test_a_nameless_player_cannot_set_a_password(client):
    anon = new_player(client)
    refused = client.post(
        "/api/me/password", json={"password": "correct horse"}, headers=auth(anon["key"])
    )
    assert refused.status_code == 422 and "name" in refused.json()["error"]


def test_logins_are_rate_limited_per_address(client):
    answers = [
        client.post("/api/login", json={"name": "Zed", "password": "guess"}) for _ in range(13)
    ]
    assert [a.status_code for a in answers[:10]] == [401] * 10  # ten a minute: each tried
    limited = answers[-1]
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) >= 1


def test_making_players_is_rate_limited_per_address(client):
    for _ in range(20):
        assert client.post("/api/players", json={}).status_code == 201
    assert client.post("/api/players", json={}).status_code == 429


def test_seats_taken_with_a_player_key_are_tied_to_the_player(tmp_path):
    db = tmp_path / "f.db"
    with app_client(db) as client:
        ann, bob, cy = new_player(client, "Ann"), new_player(client, "Bob"), new_player(client)
        made = new_table(client, "the-mob", ["human", "human", "open"], ann)
        table = made["id"]
        assert made["seats"][0]["name"] == "Ann"  # the player's name, none being given
        claimed = client.post(
            f"/api/tables/{table}/claim", json={"claim": made["seats"][1]["claim"]}, headers=xp(bob)
        )
        assert claimed.status_code == 200 and claimed.json()["name"] == "Bob"
        joined = client.post(f"/api/tables/{table}/join", json={"name": "Cy"}, headers=xp(cy))
        assert joined.status_code == 200
        wrong = client.post(f"/api/tables/{table}/join", json={}, headers={"X-Player": "nope"})
        assert wrong.status_code == 401 and "X-Player" in wrong.json()["error"]
    engine = create_engine(database_url(str(db)))
    with engine.connect() as conn:
        rows = conn.execute(select(seats.c.seat, seats.c.player_id).order_by(seats.c.seat)).all()
    engine.dispose()
    assert [r.player_id for r in rows] == [ann["id"], bob["id"], cy["id"]]


def test_a_seat_without_a_player_stays_as_before(client):
    made = create_raw(client, "the-mob", ["human", "random", "random"])
    assert "rated" not in made and made["seats"][0]["token"]


def test_my_tables_lists_open_and_finished_tables_without_tokens(client):
    ann = new_player(client, "Ann")
    running = new_table(client, "the-mob", ["human", "human", "random"], ann)
    done = new_table(client, "the-mob", ["human", "random", "random"], ann, seed=3)
    play_out(client, done["id"], {0: done["seats"][0]["token"]})
    new_table(client, "the-mob", ["human", "random", "random"])  # not hers
    answer = client.get("/api/me/tables", headers=auth(ann["key"]))
    assert answer.status_code == 200
    listed = {t["id"]: t for t in answer.json()}
    assert set(listed) == {running["id"], done["id"]}
    live, over = listed[running["id"]], listed[done["id"]]
    assert live["seat"] == 0 and live["over"] is False and live["names"][0] == "Ann"
    assert live["to_act"] == client.get(f"/api/tables/{running['id']}").json()["to_act"]
    assert live["your_turn"] == (0 in live["to_act"])
    assert over["over"] is True and over["result"]["ranking"] and over["to_act"] == []
    text = answer.text
    for made in (running, done):
        assert made["creator_key"] not in text
        for entry in made["seats"]:
            for secret in ("token", "claim"):
                assert secret not in entry or entry[secret] not in text
    assert ann["key"] not in text
    assert client.get("/api/me/tables").status_code == 401


@pytest.mark.postgres
def test_players_on_postgresql(pg_url):
    """The same player life on PostgreSQL: made, renamed, moved by a link, logged in, seated."""
    with app_client(pg_url) as client:
        ann = new_player(client, "Ann")
        assert (
            client.patch("/api/me", json={"name": "Anna"}, headers=auth(ann["key"])).json()["name"]
            == "Anna"
        )
        code = client.post("/api/me/transfer", json={}, headers=auth(ann["key"])).json()["code"]
        moved = client.post("/api/players/transfer", json={"code": code})
        assert moved.status_code == 200 and moved.json()["id"] == ann["id"]
        assert client.post("/api/players/transfer", json={"code": code}).status_code == 403
        client.post(
            "/api/me/password", json={"password": "correct horse"}, headers=auth(ann["key"])
        )
        got = client.post("/api/login", json={"name": "anna", "password": "correct horse"})
        assert got.status_code == 200 and got.json()["id"] == ann["id"]
        made = new_table(client, "the-mob", ["human", "random", "random"], ann)
        [listed] = client.get("/api/me/tables", headers=auth(got.json()["key"])).json()
        assert listed["id"] == made["id"] and listed["players"][0] == ann["id"]


def test_a_players_name_taken_at_the_table_leaves_the_seat_nameless_not_refused(client):
    ann, other_ann = new_player(client, "Ann"), new_player(client, "ann")
    made = new_table(client, "the-mob", ["human", "human", "open"], ann)
    got = client.post(
        f"/api/tables/{made['id']}/claim",
        json={"claim": made["seats"][1]["claim"]},
        headers=xp(other_ann),
    )
    assert got.status_code == 200 and got.json()["name"] is None
    given = client.post(
        f"/api/tables/{made['id']}/join", json={"name": "Ann"}, headers=xp(new_player(client))
    )
    assert given.status_code == 409  # a name asked for and taken is still refused


class CountingHasher:
    """argon2's hasher, counting its verifications."""

    def __init__(self):
        from argon2 import PasswordHasher

        self.inner = PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1)
        self.verified = 0

    def hash(self, password):
        return self.inner.hash(password)

    def verify(self, digest, password):
        self.verified += 1
        return self.inner.verify(digest, password)


def test_a_login_checks_one_password_hash_whether_or_not_the_name_has_an_account(tmp_path):
    """The same work for a name without an account as for a wrong password: one verification
    each, so the time of the answer does not tell which names have accounts."""
    import asyncio

    from famiglia.server.errors import ApiError
    from famiglia.server.players import Players
    from famiglia.server.storage import Storage

    storage = Storage(f"sqlite:///{tmp_path}/p.db")
    storage.migrate()
    storage.start()
    hasher = CountingHasher()
    found = Players(storage, hasher)

    async def attempts():
        ann, _ = await found.create("Ann", "c")
        await found.set_password(ann, "correct horse", "c")
        counts = []
        for name, password in (("Ann", "wrong horse"), ("Nobody", "wrong horse")):
            before = hasher.verified
            try:
                await found.login(name, password, "c")
            except ApiError as exc:
                assert exc.status == 401
            counts.append(hasher.verified - before)
        return counts

    try:
        assert asyncio.run(attempts()) == [1, 1]
    finally:
        storage.close()
