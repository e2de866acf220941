"""Clocks (server/clocks.py, timekeeper.py): a seat's time runs while it is to act, real time
adds per_move after each move, slow play gives each move per_move; at zero a bot moves for the
seat until its player takes back control. Time is a fake moved by hand: nothing sleeps."""

from __future__ import annotations

import asyncio

import pytest

from .helpers import app_client, auth, create_raw, play_first, wait_until

REALTIME = {"mode": "realtime", "bank": 60, "per_move": 5, "on_timeout": "bot:easy"}
SLOW = {"mode": "slow", "per_move": 86400, "on_timeout": "bot:medium"}


class FakeTime:
    def __init__(self, at: float = 1_800_000_000.0) -> None:
        self.at = at

    def now(self) -> float:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += seconds


@pytest.fixture
def fake():
    return FakeTime()


@pytest.fixture
def client(tmp_path, fake):
    with app_client(tmp_path / "famiglia.db", time_source=fake) as c:
        yield c


def tick(client):
    hub = client.app.state.hub
    return client.portal.call(hub.keeper.tick)


def table_of(client, made, token=None):
    headers = auth(token) if token else {}
    return client.get(f"/api/tables/{made['id']}", headers=headers).json()


def human_second(client, clock, game="unfinished-business", **extra):
    """A 2-seat table: a bot at seat 0, the creator at seat 1 (the first to act at seed 7)."""
    made = create_raw(client, game, seats=["random", "human"], creator_seat=1, clock=clock, **extra)
    return made, made["seats"][1]["token"]


@pytest.fixture
def realtime(client):
    """(creation answer, token) of a human_second table on the REALTIME clock."""
    return human_second(client, REALTIME)


@pytest.mark.parametrize(
    ("clock", "says"),
    [
        ({"mode": "blitz"}, "mode is one of none, realtime, slow"),
        (
            {"mode": "realtime", "bank": 10, "per_move": 5},
            "'bank' in whole seconds from 30 to 10800",
        ),
        (
            {"mode": "realtime", "bank": 60, "per_move": 601},
            "'per_move' in whole seconds from 0 to 600",
        ),
        ({"mode": "realtime", "bank": 60}, "'per_move' in whole seconds"),
        ({"mode": "slow", "per_move": 60}, "'per_move' in whole seconds from 3600 to 1209600"),
        ({"mode": "slow", "per_move": 3600, "bank": 60}, "not bank"),
        ({"mode": "slow", "per_move": 3600, "on_timeout": "bot:godlike"}, "bot:easy, bot:medium"),
        ({"mode": "none", "bank": 3}, "none takes mode"),
    ],
)
def test_a_clock_out_of_range_is_refused_saying_what_is_allowed(client, clock, says):
    body = {"game": "the-mob", "players": 3, "seats": ["human"] * 3, "clock": clock}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400, answer.text
    assert says in answer.json()["error"]


def test_no_clock_and_mode_none_make_tables_without_clocks(client):
    for clock in (None, {"mode": "none"}):
        made, token = human_second(client, clock)
        assert "clock" not in table_of(client, made, token)
        assert all("remaining" not in s for s in client.get("/api/tables").json()[0]["seats"])


def test_the_clock_runs_for_the_seat_to_act_and_gains_per_move_after_its_move(
    client, fake, realtime
):
    made, token = realtime
    seen = table_of(client, made, token)
    assert seen["to_act"] == [1]
    assert seen["clock"]["seats"][1] == {
        "remaining": 60.0,
        "running": True,
        "timed_out": False,
        "forfeit": False,
    }
    assert seen["clock"]["seats"][0]["running"] is False  # a bot seat has no running clock
    fake.advance(12)
    seen = table_of(client, made, token)
    assert seen["clock"]["seats"][1]["remaining"] == 48.0
    answer = play_first(client, made["id"], token, seen)
    assert answer.status_code == 200, answer.text
    after = answer.json()["clock"]["seats"][1]
    if 1 not in answer.json()["to_act"]:
        assert after == {"remaining": 53.0, "running": False, "timed_out": False, "forfeit": False}
    else:  # still this seat's move: 48 + 5 and running again
        assert after["remaining"] == 53.0 and after["running"]
    # the seats frame (the lobby's entries are built the same way) carries it too
    lobby = client.get("/api/tables").json()[0]["seats"][1]
    assert lobby["remaining"] == 53.0


def test_time_out_hands_the_seat_to_the_bot_and_resume_takes_it_back(client, fake, realtime):
    made, token = realtime
    fake.advance(59)
    assert tick(client) == []
    fake.advance(1)
    assert tick(client) == [(made["id"], 1)]
    seen = wait_until(client, made["id"], lambda p: p["n"] >= 1)  # the easy bot moved for it
    seat = seen["clock"]["seats"][1]
    assert seat["timed_out"] is True and seat["remaining"] == 0
    said = [(line["seat"], line["kind"], line.get("level")) for line in seen["clock"]["notices"]]
    assert (1, "timed_out", "easy") in said
    info = client.get("/api/tables").json()[0]["seats"][1]
    assert info["timed_out"] is True and info["kind"] == "human"
    # someone else's token cannot take it back; the seat's own can
    url = f"/api/tables/{made['id']}/seats/1/resume"
    assert client.post(url, json={}).status_code == 401
    assert client.post(url, json={}, headers=auth("not-a-token")).status_code == 403
    answer = client.post(url, json={}, headers=auth(token))
    assert answer.status_code == 200, answer.text
    assert answer.json()["clock"]["timed_out"] is False
    assert answer.json()["clock"]["remaining"] == 30.0  # max(per_move 5, 30 s)
    again = client.post(url, json={}, headers=auth(token))
    assert again.status_code == 409 and again.json()["code"] == "not_timed_out"


def test_a_move_by_the_timed_out_player_takes_back_control(client, fake):
    made, token = human_second(client, {**REALTIME, "per_move": 40})
    fake.advance(61)
    tick(client)
    resumed = client.post(f"/api/tables/{made['id']}/seats/1/resume", json={}, headers=auth(token))
    assert resumed.status_code == 200, resumed.text
    # seat 1's clock runs from its next turn: wait for it (seat 0's bot may still be moving),
    # else the time moved below would pass before that turn began
    wait_until(client, made["id"], lambda p: 1 in p["to_act"] and not p["over"])
    fake.advance(41)
    tick(client)
    # timed out again; a bot is moving for it: the player moves first if it is still its turn
    seen = table_of(client, made, token)
    assert seen["clock"]["seats"][1]["timed_out"] is True
    if 1 in seen["to_act"] and seen["legal"]:
        answer = play_first(client, made["id"], token, seen)
        if answer.status_code == 200:  # else the bot was faster (a stale n): fine either way
            assert answer.json()["clock"]["seats"][1]["timed_out"] is False


def test_slow_play_gives_each_move_per_move_and_no_bank(client, fake):
    made, token = human_second(client, SLOW)
    seen = table_of(client, made, token)
    assert seen["clock"]["seats"][1]["remaining"] == 86400.0
    fake.advance(3600 * 20)
    seen = table_of(client, made, token)
    assert seen["clock"]["seats"][1]["remaining"] == 86400.0 - 72000
    answer = play_first(client, made["id"], token, seen)
    seen = wait_until(client, made["id"], lambda p: 1 in p["to_act"] and not p["over"])
    assert table_of(client, made, token)["clock"]["seats"][1]["remaining"] == 86400.0
    assert answer.status_code == 200


def test_clocks_wait_until_every_human_seat_is_taken(client, fake):
    made = create_raw(
        client, "unfinished-business", seats=["human", "human"], creator_seat=0, clock=REALTIME
    )
    seen = table_of(client, made)
    assert seen["clock"]["started"] is False
    assert not any(s["running"] for s in seen["clock"]["seats"])
    fake.advance(1000)
    assert tick(client) == []
    code = made["seats"][1]["claim"]
    assert client.post(f"/api/tables/{made['id']}/claim", json={"claim": code}).status_code == 200
    seen = table_of(client, made)  # the claim answers once the clocks it started are stored
    assert seen["clock"]["started"] is True
    assert seen["clock"]["seats"][seen["to_act"][0]] == {
        "remaining": 60.0,
        "running": True,
        "timed_out": False,
        "forfeit": False,
    }


def test_a_claim_answers_once_the_clocks_it_started_are_stored(client):
    """On a slow database too: the player's next look shows their clock running."""
    made = create_raw(
        client, "unfinished-business", seats=["human", "human"], creator_seat=0, clock=REALTIME
    )
    keeper = client.app.state.hub.keeper
    save = keeper.save

    async def slow_save(table, clock):
        await asyncio.sleep(0.3)  # a busy database
        await save(table, clock)

    keeper.save = slow_save
    code = made["seats"][1]["claim"]
    assert client.post(f"/api/tables/{made['id']}/claim", json={"claim": code}).status_code == 200
    seen = table_of(client, made)
    assert seen["clock"]["started"] is True
    assert [s["running"] for s in seen["clock"]["seats"]] == [k in seen["to_act"] for k in (0, 1)]


def test_a_secret_choice_runs_one_shared_clock_each_seat_charged_its_own_time(client, fake):
    made = create_raw(
        client, "cash-n-guns", seats=["human", "open", "open", "open"], clock=REALTIME
    )
    tokens = {0: made["seats"][0]["token"]}
    for seat in (1, 2, 3):
        joined = client.post(f"/api/tables/{made['id']}/join", json={"seat": seat})
        tokens[seat] = joined.json()["token"]
    seen = table_of(client, made)  # the last join answers once the clocks have started
    assert seen["clock"]["started"] is True
    assert seen["to_act"] == [0, 1, 2, 3]
    assert all(s["running"] for s in seen["clock"]["seats"])
    fake.advance(10)
    play_first(client, made["id"], tokens[0], table_of(client, made, tokens[0]))
    fake.advance(7)
    play_first(client, made["id"], tokens[1], table_of(client, made, tokens[1]))
    clock = table_of(client, made)["clock"]["seats"]
    assert clock[0]["remaining"] == 60 - 10 + 5 and not clock[0]["running"]
    assert clock[1]["remaining"] == 60 - 17 + 5 and not clock[1]["running"]
    assert clock[2]["remaining"] == 60 - 17 and clock[2]["running"]


def test_clocks_survive_a_restart(tmp_path, fake):
    db = tmp_path / "famiglia.db"
    with app_client(db, time_source=fake) as client:
        made, token = human_second(client, REALTIME)
        fake.advance(20)
        before = table_of(client, made, token)["clock"]
    fake.advance(5)  # the server was down for 5 s: the clock ran on (chess clocks do)
    with app_client(db, time_source=fake) as client:
        after = table_of(client, made, token)["clock"]
        assert after["seats"][1]["remaining"] == before["seats"][1]["remaining"] - 5
        assert after["seats"][1]["running"]
        fake.advance(35)
        assert tick(client) == [(made["id"], 1)]
    with app_client(db, time_source=fake) as client:
        assert table_of(client, made, token)["clock"]["seats"][1]["timed_out"] is True


def test_the_keepers_task_times_out_by_itself_once_woken(client, fake, realtime):
    """The task sleeps until the next deadline (here: the fake time moved, then woken as a
    move or a new table wakes it); no test calls tick."""
    made, token = realtime
    hub = client.app.state.hub
    fake.advance(61)

    async def wake():
        hub.keeper.begin()  # the task the hand-timed client stopped (helpers.HandTimedClient)
        hub.keeper.wake_up()

    client.portal.call(wake)
    seen = wait_until(client, made["id"], lambda p: p["clock"]["seats"][1]["timed_out"], 20)
    assert seen["clock"]["notices"][-1]["seat"] == 1
