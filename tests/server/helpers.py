"""Helpers for the server tests: a client around the app, tables, frames read with a timeout."""

from __future__ import annotations

import json
import time
import warnings
from contextlib import contextmanager

import anyio

with warnings.catch_warnings():  # Starlette announces a move from httpx to httpx2: httpx works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

import famiglia
from famiglia.server import Settings, create_app
from famiglia.server.security import hosts_for
from famiglia.server.storage import database_url
from famiglia.server.tables import result_json

PAYLOAD_KEYS = {
    "id",
    "game",
    "seat",
    "n",
    "to_act",
    "view",
    "legal",
    "events",
    "over",
    "result",
    "closed",
    "names",
}
QUICK = {  # caps that keep a game short but whole: it ends by its own rules for capped games
    "the-mob": {"max_years": 1},
    "scarface-1920": {"max_turns": 2},
    "blood-feud": {"max_rounds": 1},
}


# Options a player count needs: Scarface 1920 for one player is its Solo Mode (SF-S.1).
NEEDED = {("scarface-1920", 1): {"solo": True}}


def quick(game: str, players: int) -> dict:
    return {**QUICK.get(game, {}), **NEEDED.get((game, players), {})}


def app_client(db_path, peer=("testclient", 50000), **settings) -> TestClient:
    """A TestClient (use it in `with`) on a fresh app over an SQLite file; its requests come
    from the address `peer`."""
    settings.setdefault("bot_workers", 1)
    settings.setdefault("sqlite_synchronous", "NORMAL")  # process-crash safe; tests need no fsync
    settings.setdefault("hosts", hosts_for("127.0.0.1", extra=["testserver"]))  # TestClient's
    app = create_app(Settings(db=str(db_path), **settings))
    if settings.get("time_source") is not None:
        return HandTimedClient(app, client=peer)
    return TestClient(app, client=peer)


class HandTimedClient(TestClient):
    """A client of a server on a fake time source: the test alone times seats out, calling
    `hub.keeper.tick()` after moving the time, so the keeper's own task is stopped (woken by a
    bot's move, it would time the seat out first, and the test's tick would find nothing)."""

    def __enter__(self):
        client = super().__enter__()
        client.portal.call(client.app.state.hub.keeper.end)
        return client


@contextmanager
def old_schema(url: str, revision: str):
    """The database at `url` migrated only up to `revision`, as an older server left it: yields
    a connection, in a transaction, for the test to write that server's rows (then closed)."""
    from sqlalchemy import create_engine

    from famiglia.server.migrations import upgrade

    engine = create_engine(database_url(url))
    try:
        upgrade(engine, revision)
        with engine.begin() as conn:
            yield conn
    finally:
        engine.dispose()


def create(client, game="cash-n-guns", seats=None, players=None, options=None, seed=7, **extra):
    """A new table whose every human seat is taken: the creator's seat by its token, each
    invited seat by claiming its code, as the friends' browsers would; each seat's entry gets
    its `token`. (create_raw: the creation answer as it is.)"""
    made = create_raw(client, game, seats, players, options, seed, **extra)
    claim_all(client, made)
    return made


def claim_all(client, made) -> dict:
    """Claims every invited seat of a creation answer (as each friend's browser would), puts
    each token into its seat's entry, and returns {seat: token} of every human seat."""
    for entry in made["seats"]:
        if "claim" in entry:
            answer = client.post(f"/api/tables/{made['id']}/claim", json={"claim": entry["claim"]})
            assert answer.status_code == 200, answer.text
            entry["token"] = answer.json()["token"]
    return {s["seat"]: s["token"] for s in made["seats"] if "token" in s}


def create_raw(client, game="cash-n-guns", seats=None, players=None, options=None, seed=7, **extra):
    g = famiglia.load(game)
    players = players or (len(seats) if seats else g.min_players)
    body = {
        "game": game,
        "players": players,
        "options": options if options is not None else quick(game, players),
        "seats": seats or ["human"] * players,
        "seed": seed,
        **extra,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def auth(token):
    return {"Authorization": f"Bearer {token}"}


# ----- moving a game on, whatever the move: each seat plays its first legal move ----------------
def first_move(payload: dict) -> dict:
    """The body of a move (POST .../moves): the first legal move of a seat's payload."""
    return {"action": payload["legal"][0]["action"], "n": payload["n"]}


def play_first(client, table: str, token: str, mine: dict | None = None):
    """The token's seat plays its first legal move in `mine` (its payload, read now when not
    given): the move's answer, or None when it has no move."""
    if mine is None:
        mine = client.get(f"/api/tables/{table}", headers=auth(token)).json()
    if not mine["legal"] or mine["over"]:
        return None
    return client.post(f"/api/tables/{table}/moves", json=first_move(mine), headers=auth(token))


def play_out(client, table: str, tokens: dict, seconds: float = 120) -> dict:
    """Plays every seat of `tokens` ({seat: token}) by its first legal move, the bots playing
    meanwhile, until the game is over; returns the last public payload."""
    deadline = time.monotonic() + seconds
    while True:
        seen = client.get(f"/api/tables/{table}").json()
        if seen["over"]:
            return seen
        assert time.monotonic() < deadline, f"table {table} not over in {seconds} s"
        moved = False
        for seat, token in tokens.items():
            if seat in seen["to_act"]:
                moved |= play_first(client, table, token) is not None
        if not moved:
            time.sleep(0.02)


def receive(ws, timeout: float = 20.0):
    """The next frame from a TestClient websocket, or an AssertionError after `timeout`."""

    async def next_message():
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    try:
        message = ws.portal.call(next_message)
    except TimeoutError:
        raise AssertionError(f"no frame within {timeout} s") from None
    ws._raise_on_close(message)
    return json.loads(message["text"])


def until_payload(ws, n=None, frames=None, timeout: float = 20.0):
    """Reads frames until a payload (at move n, if given) arrives; other frames go to `frames`."""
    while True:
        frame = receive(ws, timeout)
        if "view" in frame and (n is None or frame["n"] >= n):
            return frame
        if frames is not None:
            frames.append(frame)


def expected_payload(table_id, state, seat, names=None):
    """The payload of docs/architecture.md, built straight from the contract: what `seat` may be
    sent (`names`: the seats' public names, None each by default)."""
    to_act = list(state.seats_to_act())
    legal = state.legal_actions(seat) if seat is not None and seat in to_act else []
    over = state.is_over()
    payload = {
        "id": table_id,
        "game": state.game.name,
        "seat": seat,
        "n": None,
        "to_act": to_act,
        "view": state.view(seat),
        "legal": [{"text": str(a), "action": a.to_json()} for a in legal],
        "events": state.events(seat),
        "over": over,
        "result": result_json(state) if over else None,
        "closed": None,
        "names": list(names) if names is not None else [None] * state.players,
    }
    return json.loads(json.dumps(payload))


def wait_until(client, table, test, seconds=60):
    """Polls the table's public payload until `test(payload)` holds (bots play meanwhile)."""
    deadline = time.monotonic() + seconds
    while True:
        seen = client.get(f"/api/tables/{table}").json()
        if test(seen):
            return seen
        if time.monotonic() > deadline:
            raise AssertionError(f"table {table} did not get there in {seconds} s: n={seen['n']}")
        time.sleep(0.02)


# ----- several `famiglia serve` processes on one PostgreSQL (test_owners*.py, test_shared.py) ----
PEER_SECRET = "a secret the servers of this test share"


def serve(pg_url, folder, *flags, secret: str | None = PEER_SECRET):
    """A real `famiglia serve` on a free loopback port over `pg_url` (with the servers' shared
    secret unless `secret` is None); `.dead` is set by the tests that kill it."""
    from .test_crash import Served  # the one process starter, shared with the crash tests

    extra = ("--peer-secret", secret) if secret else ()
    server = Served(pg_url, folder, *extra, *flags)
    server.dead = False
    return server


def ws_url(server, table: str, token: str | None = None) -> str:
    url = server.url.replace("http://", "ws://") + f"/ws/tables/{table}"
    return url + (f"?token={token}" if token else "")


def frames_until(ws, test, seconds=20.0) -> dict:
    """Frames from a websockets client until one passes `test`; an AssertionError after
    `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "no such frame arrived"
        try:
            frame = json.loads(ws.recv(timeout=left))
        except TimeoutError:
            continue
        if test(frame):
            return frame


def eventually(check, seconds=20.0, what="the servers did not agree", logs=(), sessions=None):
    """`check()` once it is true; an AssertionError after `seconds`, with the servers' logs
    (and PostgreSQL's sessions and advisory locks, given its URL)."""
    deadline = time.monotonic() + seconds
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            told = "".join(f"\n--- {log.name}:\n{log.read_text()[-3000:]}" for log in logs)
            if sessions:
                told += _sessions(sessions)
            raise AssertionError(what + told)
        time.sleep(0.05)


def _sessions(pg_url) -> str:
    import psycopg

    with psycopg.connect(pg_url) as conn:
        rows = conn.execute(
            "SELECT pid, state, wait_event_type, wait_event, left(query, 120) "
            "FROM pg_stat_activity WHERE datname = current_database()"
        ).fetchall()
        tables = conn.execute(
            "SELECT id, owner, finished, "
            "(SELECT count(*) FROM famiglia_moves WHERE table_id = id) "
            "FROM famiglia_tables"
        ).fetchall()
        locks = conn.execute(
            "SELECT pid, objid, granted FROM pg_locks WHERE locktype = 'advisory'"
        ).fetchall()
    return f"\n--- sessions: {rows}\n--- advisory locks: {locks}\n--- tables: {tables}"


def instances(pg_url, servers) -> dict:
    """{server: its instance number}, from the rows the servers renew."""
    import psycopg

    with psycopg.connect(pg_url) as conn:
        rows = dict(conn.execute("SELECT address, instance FROM famiglia_servers").fetchall())
    found = {s: rows.get(s.url) for s in servers}
    return found if all(found.values()) else {}


def owners(pg_url) -> dict:
    """{table id: owner} of the running tables."""
    import psycopg

    with psycopg.connect(pg_url) as conn:
        return dict(
            conn.execute(
                "SELECT id, owner FROM famiglia_tables WHERE NOT finished AND closed IS NULL"
            ).fetchall()
        )


# A table owned twice would have two servers storing its moves in turns: each server's moves
# of a table must be one unbroken run of move numbers (a server never writes again once
# another has). The owner column itself holds one owner a row.
WRITERS_INTERLEAVED = """
    SELECT table_id, server, count(*) AS runs FROM (
        SELECT table_id, server,
               server IS DISTINCT FROM lag(server) OVER (PARTITION BY table_id ORDER BY n) AS new
        FROM famiglia_moves) m
    WHERE new GROUP BY table_id, server HAVING count(*) > 1
"""
# The running tables no live server owns (a dead owner's, before a takeover) and those owned
# by a server that has no row (an owner nobody could reach).
UNREACHABLE_OWNERS = """
    SELECT t.id, t.owner FROM famiglia_tables t
    WHERE NOT t.finished AND t.closed IS NULL AND t.owner IS NOT NULL
      AND t.owner NOT IN (SELECT instance FROM famiglia_servers)
"""


def owned_once(pg_url) -> None:
    """No table owned twice, read from the database alone: no two servers wrote one table's
    moves in alternation, and every running table's owner is a server with a row."""
    import psycopg

    with psycopg.connect(pg_url) as conn:
        interleaved = conn.execute(WRITERS_INTERLEAVED).fetchall()
        unknown = conn.execute(UNREACHABLE_OWNERS).fetchall()
    assert not interleaved, f"two servers wrote one table's moves in turns: {interleaved}"
    assert not unknown, f"tables owned by no known server: {unknown}"


def held(server) -> int:
    return server.http.get("/healthz").json()["tables"]


def held_at_most_once(pg_url, servers) -> None:
    """No table owned twice: in the database (`owned_once`), and in memory, where the running
    tables held, added up over the live servers, are never more than the running tables."""
    owned_once(pg_url)
    total = sum(held(s) for s in servers if not s.dead)
    assert total <= len(owners(pg_url)), (total, owners(pg_url))
