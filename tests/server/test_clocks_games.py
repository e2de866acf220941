"""The clock clauses of each game's rules page, played at a real table of every game:
MOB-CLOCK.1, UB-CLOCK.1, CNG-CLOCK.1, BF-CLOCK.1, SF-CLOCK.1 (a seat's clock runs while it is to
act; real time adds per_move after each move) and MOB-CLOCK.2, UB-CLOCK.2, CNG-CLOCK.2,
BF-CLOCK.2, SF-CLOCK.2 (a forfeit: the easy bot plays the seat to the end by the game's rules, the
table's result ranks it last). The simultaneous choice's shared clock is
test_clocks.test_a_secret_choice_runs_one_shared_clock_each_seat_charged_its_own_time."""

from __future__ import annotations

import pytest

import famiglia

from .helpers import create_raw, play_first, quick, wait_until
from .test_clocks import client, fake, table_of, tick  # noqa: F401 (its fixtures)

GAMES = [
    ("the-mob", 3),
    ("unfinished-business", 2),
    ("cash-n-guns", 4),
    ("blood-feud", 2),
    ("scarface-1920", 2),
]
REALTIME = {"mode": "realtime", "bank": 120, "per_move": 7, "on_timeout": "bot:easy"}
FORFEIT = {"mode": "realtime", "bank": 30, "per_move": 0, "on_timeout": "forfeit"}


def one_human(client, game, players, clock):  # noqa: F811
    """The seat first to act is the creator's; every other seat is a random bot."""
    options = quick(game, players)
    first = famiglia.load(game).new(players, 7, **options).seats_to_act()[0]
    seats = ["random"] * players
    seats[first] = "human"
    made = create_raw(
        client, game, seats=seats, creator_seat=first, clock=clock, options=options, seed=7
    )
    return made, first, made["seats"][first]["token"]


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_seat_to_act_runs_its_clock_and_gains_per_move(client, fake, game, players):  # noqa: F811
    made, me, token = one_human(client, game, players, REALTIME)
    # at a secret choice the bots choose beside the seat: wait until only it is left to act
    wait_until(client, made["id"], lambda p: p["to_act"] == [me])
    seen = table_of(client, made, token)
    clock = seen["clock"]["seats"]
    assert [k for k, c in enumerate(clock) if c["running"]] == [me]  # bots have no running clock
    fake.advance(11)
    answer = play_first(client, made["id"], token, seen)
    assert answer.status_code == 200, answer.text
    assert answer.json()["clock"]["seats"][me]["remaining"] == 120 - 11 + 7


@pytest.mark.parametrize(("game", "players"), [*GAMES, ("scarface-1920", 1)])
def test_a_forfeit_is_played_to_the_end_and_ranked_last(client, fake, game, players):  # noqa: F811
    made, me, _token = one_human(client, game, players, FORFEIT)
    fake.advance(30)
    assert tick(client) == [(made["id"], me)]
    end = wait_until(client, made["id"], lambda p: p["over"], seconds=240)
    result = end["result"]
    assert result["forfeit"] == [me]
    assert result["ranking"][me] == players  # last: after every other seat
    assert me not in result["winners"]
    assert all(place < players for k, place in enumerate(result["ranking"]) if k != me)
    record = client.get(f"/api/tables/{made['id']}/record").json()
    assert "forfeit" not in record["result"]  # the game's own result stays as played
