"""Server-side bots: they play off the event loop, from what their seat knows only."""

from __future__ import annotations

import re

import pytest

import famiglia
from famiglia.core.record import replay
from famiglia.server.bots import check_spec, seat_sample, think
from famiglia.server.tables import result_json

from .helpers import app_client, auth, create, until_payload, wait_until


@pytest.mark.parametrize("name", famiglia.games())
def test_a_table_of_bots_plays_to_the_end_and_its_record_replays(shared_client, name):
    game = famiglia.load(name)
    seats = ["greedy:samples=1"] + ["random"] * (game.min_players - 1)
    table = create(shared_client, name, seats, seed=4)["id"]
    with shared_client.websocket_connect(f"/ws/tables/{table}") as watcher:
        last = until_payload(watcher)
        while not last["over"]:
            last = until_payload(watcher)
    record = shared_client.get(f"/api/tables/{table}/record").json()
    assert record["agents"] == seats and len(record["moves"]) == last["n"]
    assert result_json(replay(record)) == last["result"]


def test_bots_and_humans_share_a_table_with_secret_choices(shared_client):
    made = create(shared_client, "cash-n-guns", ["human", "random", "random", "random"], seed=7)
    table, token = made["id"], made["seats"][0]["token"]
    # The bots load their bullets at once; the human's choice is still awaited, and the
    # human is not told what they loaded.
    seen = wait_until(shared_client, table, lambda p: p["to_act"] == [0])
    mine = shared_client.get(f"/api/tables/{table}", headers=auth(token)).json()
    assert mine["n"] == 3 and {m["text"] for m in mine["legal"]} <= {"load a Click", "load a Bang!"}
    assert not any("Click" in e or "Bang" in e for e in seen["events"] + mine["events"])
    played = shared_client.post(
        f"/api/tables/{table}/moves",
        json={"text": mine["legal"][0]["text"], "n": 3},
        headers=auth(token),
    )
    assert played.status_code == 200
    wait_until(shared_client, table, lambda p: p["n"] > 4)


def test_a_bot_is_given_a_sample_of_what_its_seat_knows_never_the_game():
    game = famiglia.load("cash-n-guns")
    state = game.new(5, 3)
    for seat, bullet in ((0, "load a Bang!"), (1, "load a Click")):
        state.apply(seat, game.parse_action(state, seat, bullet))
    truth = state.to_json()
    samples = [game.from_json(seat_sample(state, 2, seed)) for seed in range(8)]
    for sample in samples:
        assert sample.view(2) == state.view(2) and sample.legal_actions(2) == state.legal_actions(2)
        assert sample.events(2) == state.events(2)
    # The bullets seats 0 and 1 loaded and the face-down loot are redrawn: the worker never
    # receives the true ones.
    assert any(s.to_json()["bullet"][:2] != truth["bullet"][:2] for s in samples)
    assert any(s.to_json()["piles"] != truth["piles"] for s in samples)
    assert state.to_json() == truth  # drawing samples leaves the game alone
    action = game.action_from_json(think("cash-n-guns", seat_sample(state, 2, 1), 2, "greedy", 5))
    assert action in state.legal_actions(2)


def test_every_bot_option_is_checked_against_its_bounds():
    assert check_spec(" ismcts:seconds=1 ") == "ismcts:seconds=1"
    assert check_spec("greedy:samples=3,budget=300") == "greedy:samples=3,budget=300"
    assert check_spec("ismcts:iterations=500,depth=10,rollout=2,look=1,clock=cpu")
    for spec, *words in (
        ("ismcts:seconds=2.5", "seconds=2.5 is out of this server's range: 0.01 to 2.0"),
        ("ismcts:seconds=0", "range: 0.01 to 2.0"),
        ("ismcts:iterations=20001", "iterations=20001 is out of this server's range: 1 to 20000"),
        ("ismcts:iterations=1,depth=1000000,rollout=100000", "depth=1000000", "0 to 50"),
        ("ismcts:rollout=100000", "rollout=100000 is out of this server's range: 1 to 8"),
        ("ismcts:look=50", "look=50", "0 to 3"),
        ("ismcts:clock=sundial", "clock=sundial must be one of: wall, cpu"),
        ("ismcts:c=nan", "c=nan is out of"),
        ("ismcts:prior=inf", "prior=inf is out of"),
        ("greedy:samples=100", "samples=100 is out of this server's range: 1 to 20"),
        ("greedy:budget=-1", "budget=-1"),
        ("random:seed=3", "has no option 'seed' here; options: none"),
        ("wizard", "unknown bot", "random, greedy, ismcts"),
        ("ismcts:speed=2", "has no option"),
        ("ismcts:iterations=5,seconds=1", "either iterations or seconds"),
        ("", "human"),
        ("random" * 50, "at most 200"),
    ):
        with pytest.raises(ValueError, match=".*".join(re.escape(w) for w in words)):
            check_spec(spec)
    # The server's own limit of processor time sets the upper bound of seconds.
    assert check_spec("ismcts:seconds=5", seconds=5.0)
    with pytest.raises(ValueError, match="0.01 to 0.5"):
        check_spec("ismcts:seconds=1", seconds=0.5)


@pytest.mark.slow
def test_a_thinking_bot_does_not_delay_another_tables_answers(tmp_path):
    with app_client(tmp_path / "t.db", bot_workers=1) as client:
        opener = famiglia.load("the-mob").new(3, 1).seats_to_act()[0]
        seats = ["human"] * 3
        seats[opener] = "ismcts:seconds=2"
        slow = create(client, "the-mob", seats, seed=1)
        quick = create(client, "cash-n-guns", ["human"] * 4)
        tokens = [s["token"] for s in quick["seats"]]
        for n in range(4):
            answer = client.post(
                f"/api/tables/{quick['id']}/moves",
                json={"text": "load a Click", "n": n},
                headers=auth(tokens[n]),
            )
            assert answer.status_code == 200
        # Four answers came back while the bot was still thinking over its first move.
        assert client.get(f"/api/tables/{slow['id']}").json()["n"] == 0
        wait_until(client, slow["id"], lambda p: p["n"] >= 1)


def test_a_failing_bot_plays_at_random_and_the_game_goes_on(tmp_path):
    with app_client(tmp_path / "t.db") as client:
        hub = client.app.state.hub

        async def broken(*args):
            raise RuntimeError("the worker died")

        hub.bots.decide = broken
        table = create(client, "the-mob", ["random", "random", "random"], seed=2)["id"]
        end = wait_until(client, table, lambda p: p["over"])
        assert end["result"]["winners"]


def test_a_bot_level_stands_for_its_bot_and_its_time_is_counted(shared_client):
    """Issue 39: a seat may be given a level's name (easy, medium, hard); the table keeps the
    level's bot, and /metrics counts the seconds bots think and the seconds their turns take."""
    assert check_spec("medium") == "greedy" and check_spec("easy") == "random"
    assert check_spec("hard").startswith("ismcts:")
    with pytest.raises(ValueError, match="bot level"):
        check_spec("  ")
    table = create(shared_client, "cash-n-guns", ["medium"] * 4, seed=2)["id"]
    with shared_client.websocket_connect(f"/ws/tables/{table}") as watcher:
        last = until_payload(watcher)
        while not last["over"]:
            last = until_payload(watcher)
    record = shared_client.get(f"/api/tables/{table}/record").json()
    assert record["agents"] == ["greedy"] * 4
    text = shared_client.get("/metrics").text
    think = float(re.search(r"^famiglia_bot_think_seconds_total (\S+)$", text, re.M).group(1))
    decide = float(re.search(r"^famiglia_bot_decide_seconds_total (\S+)$", text, re.M).group(1))
    assert 0 < think <= decide
    # bots alone at the table: none of their decisions is counted as a person's wait
    assert re.search(r"^famiglia_bot_person_decisions_total 0$", text, re.M)
    assert re.search(r'^famiglia_bot_person_stage_seconds_total\{stage="think"\} 0', text, re.M)
