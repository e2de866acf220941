"""A finished table's replay (GET /api/tables/{id}/replay): refused before the end, each argument
checked, the payload at move n exactly the replayed state's view and events, and a bounded cost."""

from __future__ import annotations

import json
import random
from datetime import UTC, datetime

import pytest

import famiglia
from famiglia.core.record import replay
from famiglia.server.replays import CHECKPOINT, everything_said
from famiglia.server.storage import StoredSeat, StoredTable
from famiglia.server.tables import result_json

from .helpers import auth, create, quick, wait_until

# (game, players): every game, capped short (helpers.QUICK)
GAMES = [
    ("the-mob", 3),
    ("unfinished-business", 3),
    ("cash-n-guns", 4),
    ("blood-feud", 3),
    ("scarface-1920", 2),
]


def finished_table(client, game, players, seed=3):
    made = create(client, game, ["random"] * players, options=quick(game, players), seed=seed)
    wait_until(client, made["id"], lambda p: p["over"], 120)
    return made["id"]


def expected(table, record, n, seat):
    """The replay payload at move n, built straight from `replay(record, until=n)`."""
    state = replay(record, until=n)
    everything = seat == "all"
    shown = None if everything else seat
    over = state.is_over()
    move = None
    if n:
        mover, data = record["moves"][n - 1]
        move = {"n": n, "seat": mover, "text": str(state.game.action_from_json(data))}
    payload = {
        "id": table,
        "game": record["game"],
        "seat": shown,
        "everything": everything,
        "n": n,
        "moves": len(record["moves"]),
        "players": record["players"],
        "agents": record["agents"],
        "names": [f"{agent.split(':')[0]} bot" for agent in record["agents"]],
        "to_act": list(state.seats_to_act()),
        "view": state.view(shown),
        "legal": [],
        "events": everything_said(state) if everything else state.events(shown),
        "over": over,
        "result": result_json(state) if over else None,
        "closed": None,
        "move": move,
    }
    if everything:
        payload["views"] = [state.view(k) for k in range(state.players)]
    return json.loads(json.dumps(payload))


@pytest.mark.slow
@pytest.mark.parametrize("game,players", GAMES, ids=[g for g, _ in GAMES])
def test_the_replay_at_move_n_is_the_replayed_state(shared_client, game, players):
    client = shared_client
    table = finished_table(client, game, players)
    record = client.get(f"/api/tables/{table}/record").json()
    total = len(record["moves"])
    assert total > 3
    rng = random.Random(1)
    points = sorted({0, 1, total // 2, total - 1, total, *rng.sample(range(total), 3)})
    for n in points:
        for seat in [*range(players), "spectator", "all"]:
            got = client.get(f"/api/tables/{table}/replay", params={"n": n, "seat": seat})
            assert got.status_code == 200, got.text
            wanted = expected(table, record, n, None if seat == "spectator" else seat)
            assert got.json() == wanted, f"{game}: seat {seat} at move {n}"
    # stepping back and forth gives the same (the cached states are never changed)
    for n in [total, 2, total // 2, 1, total // 2]:
        got = client.get(f"/api/tables/{table}/replay", params={"n": n, "seat": 0}).json()
        assert got == expected(table, record, n, 0)
    end = client.get(f"/api/tables/{table}/replay").json()  # default: the end, all revealed
    assert end["n"] == total and end["everything"] and end["over"]
    assert end["result"]["ranking"] == record["result"]["ranking"]


def test_everything_revealed_shows_what_a_seat_alone_was_told(shared_client):
    """'all': the private lines too, each saying to whom; a seat's view hides them."""
    table = finished_table(shared_client, "cash-n-guns", 4)
    record = shared_client.get(f"/api/tables/{table}/record").json()
    state = replay(record)
    private = [text for audience, text in state.log_entries() if audience is not None]
    assert private, "the game told some seat something alone"
    everything = shared_client.get(f"/api/tables/{table}/replay?seat=all").json()
    spectator = shared_client.get(f"/api/tables/{table}/replay?seat=spectator").json()
    assert len(everything["events"]) == len(spectator["events"]) + len(private)
    assert any(line.startswith("(to seat") for line in everything["events"])
    assert not any(line.startswith("(to seat") for line in spectator["events"])
    assert everything["views"] == [state.view(k) for k in range(4)]


def test_an_unfinished_table_has_no_replay(client):
    made = create(client, "cash-n-guns", ["human"] * 4)
    table, token = made["id"], made["seats"][0]["token"]
    for query in ["", "?seat=all", "?seat=0", "?n=0&seat=1", "?n=0&seat=all"]:
        got = client.get(f"/api/tables/{table}/replay{query}", headers=auth(token))
        assert got.status_code == 409, got.text
        assert set(got.json()) == {"error", "code", "clause"}
        assert "over" in got.json()["error"] and got.json()["code"] == "not_over"


def test_a_closed_unfinished_table_has_no_replay(client):
    made = create(client, "cash-n-guns", ["human"] * 4)
    hub = client.app.state.hub
    table = client.portal.call(hub.get, made["id"])
    assert client.portal.call(hub.close_table, table, "closed by a test")
    got = client.get(f"/api/tables/{made['id']}/replay?seat=all")
    assert got.status_code == 409
    assert "closed before its end" in got.json()["error"]


def test_an_unknown_table_has_no_replay(client):
    for table in ["nosuchtable", "bad%20id", "x" * 40]:
        got = client.get(f"/api/tables/{table}/replay")
        assert got.status_code == 404, got.text
        assert "no table" in got.json()["error"]


def test_bad_arguments_are_refused_saying_what_is_allowed(shared_client):
    table = finished_table(shared_client, "scarface-1920", 2)
    total = shared_client.get(f"/api/tables/{table}/replay").json()["moves"]
    for n in ["-1", "x", "1.5", str(total + 1), "", "99999999999999999999"]:
        got = shared_client.get(f"/api/tables/{table}/replay", params={"n": n})
        assert got.status_code == 400, (n, got.text)
        assert f"from 0 to {total}" in got.json()["error"]
    for seat in ["2", "-1", "x", "ALL", "", "None"]:
        got = shared_client.get(f"/api/tables/{table}/replay", params={"seat": seat})
        assert got.status_code == 400, (seat, got.text)
        assert "from 0 to 1, 'spectator' or 'all'" in got.json()["error"]


def long_record(seed=5, players=3, game="blood-feud", **options):
    """A whole game of random moves; uncapped Blood Feud: thousands of moves."""
    name = game
    game = famiglia.load(name)
    state = game.new(players, seed, **options)
    rng = random.Random(seed)
    moves = []
    while not state.is_over():
        seat = rng.choice(state.seats_to_act())
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        moves.append([seat, action.to_json()])
    return {
        "game": name,
        "players": players,
        "seed": seed,
        "options": options,
        "agents": ["random"] * players,
        "version": famiglia.__version__,
        "moves": moves,
        "result": state.result().to_json(),
    }


def stored(table_id, record):
    return StoredTable(
        id=table_id,
        game=record["game"],
        players=record["players"],
        seed=record["seed"],
        options=record["options"],
        agents=record["agents"],
        version=record["version"],
        name="imported",
        creator_hash="",
        created_at=datetime.now(UTC),
        seats=[StoredSeat(a, None, True) for a in record["agents"]],
        result=record["result"],
        moves=record["moves"],
    )


@pytest.mark.slow
def test_a_request_replays_at_most_a_checkpoint_of_moves(client):
    """A stranger asking for random moves of a long game costs each request at most CHECKPOINT
    moves replayed once the table is cached; the first request replays up to its move once."""
    record = long_record()
    total = len(record["moves"])
    assert total > 1000
    client.app.state.hub.storage.insert_finished(stored("longgame", record))
    assert client.get("/api/tables/longgame/record").json() == record  # stored as it was
    first = client.get("/api/tables/longgame/replay", params={"n": total, "seat": 0})
    assert first.status_code == 200
    cache = client.app.state.replays
    assert cache.applied("longgame") == total
    rng = random.Random(2)
    for _ in range(60):
        n = rng.randint(0, total)
        before = cache.applied("longgame")
        got = client.get(
            "/api/tables/longgame/replay", params={"n": n, "seat": rng.choice([0, 1, "all"])}
        )
        assert got.status_code == 200 and got.json()["n"] == n
        assert cache.applied("longgame") - before < CHECKPOINT
    before = cache.applied("longgame")
    for n in range(1000, 1100):  # stepping on move by move: one move each
        client.get("/api/tables/longgame/replay", params={"n": n, "seat": 1})
    assert cache.applied("longgame") - before <= 100 + CHECKPOINT
    assert client.get(f"/api/tables/longgame/replay?n={total // 3}&seat=2").json() == expected(
        "longgame", record, total // 3, 2
    )


def test_a_few_tables_are_cached(client):
    from famiglia.server.replays import CACHED_TABLES

    record = long_record(seed=1, players=2, game="scarface-1920", max_turns=2)
    for k in range(CACHED_TABLES + 2):
        client.app.state.hub.storage.insert_finished(stored(f"t{k}", record))
        assert client.get(f"/api/tables/t{k}/replay?n=1").status_code == 200
    assert len(client.app.state.replays.cache) == CACHED_TABLES
    assert "t0" not in client.app.state.replays.cache


def test_the_replay_names_the_players_as_the_table_did(client):
    from .test_rematch import finished as finished_by_people

    table, _, _ = finished_by_people(
        client, "scarface-1920", {"max_turns": 2}, ["human", "greedy"], ["Anna", None]
    )
    for seat in ["all", "0", "1", "spectator"]:
        got = client.get(f"/api/tables/{table}/replay?seat={seat}&n=1").json()
        assert got["names"] == ["Anna", "greedy bot"]
        assert got["names"] == client.get(f"/api/tables/{table}").json()["names"]


def test_turns_say_where_each_seats_run_of_moves_begins(shared_client):
    table = finished_table(shared_client, "the-mob", 3)
    record = shared_client.get(f"/api/tables/{table}/record").json()
    got = shared_client.get(f"/api/tables/{table}/replay?n=2&seat=0&turns=1").json()
    movers = [seat for seat, _ in record["moves"]]
    turns = got["turns"]
    assert turns[0] == 0 and turns == sorted(set(turns))
    for k, start in enumerate(turns):  # each turn: one seat's moves in a row, then another's
        end = turns[k + 1] if k + 1 < len(turns) else len(movers)
        assert len(set(movers[start:end])) == 1
        assert end == len(movers) or movers[end] != movers[start]
    assert "turns" not in shared_client.get(f"/api/tables/{table}/replay?n=2").json()
    bad = shared_client.get(f"/api/tables/{table}/replay?turns=yes")
    assert bad.status_code == 400 and "turns is 1" in bad.json()["error"]
