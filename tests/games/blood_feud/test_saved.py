"""A saved game of Blood Feud loads only if it is sound (saved.py): each broken state is refused
with ValueError naming the field."""

from __future__ import annotations

from famiglia.games.blood_feud import data as D

from ..saving import refusal, saved_when
from .helpers import GAME


def _start():
    return saved_when(GAME, 3, lambda s: s.phase != "setup", max_rounds=3)


def _choosing():
    return saved_when(GAME, 4, lambda s: True, max_rounds=3)


def _walking():
    return saved_when(GAME, 3, lambda s: s.todo and s.todo[-1]["k"] == "walk", max_rounds=3)


def _riding():
    return saved_when(GAME, 3, lambda s: s.todo and s.todo[-1]["k"] == "trip", max_rounds=3)


def _unit(data, uid):
    return next(row for row in data["units"] if row[0] == uid)


def test_fields_are_typed_and_in_range():
    data = _start()
    data["players"] = 4
    assert refusal(GAME, data).startswith("home must hold 4 entries, not 3")
    data = _start()
    data["money"].pop()
    assert refusal(GAME, data).startswith("money must hold 3 entries, not 2")
    data = _start()
    data["phase"] = "vote"
    assert refusal(GAME, data).startswith("phase must be one of")
    data = _start()
    data["units"][0][2] = "tank"
    assert refusal(GAME, data).startswith("units[0][2] must be one of")


def test_pieces_are_as_the_box_and_the_rules_allow():
    """BF-1.4, BF-6.3, BF-6.5, BF-8.3: one number each, moves within the piece's, riders aboard a
    vehicle where they stand, one Boss per living family."""
    data = _start()
    data["units"].append(list(data["units"][0]))
    assert refusal(GAME, data).startswith("units give two pieces one number")
    data = _start()
    data["units"][0][4] = 9
    assert refusal(GAME, data).startswith("units[uid 0] has 9 moves left; a boss has 1")
    data = _start()
    data["units"][1][6] = data["units"][0][0]  # aboard the Boss
    assert "no vehicle where it stands" in refusal(GAME, data)
    data = _start()
    data["units"] = [row for row in data["units"] if row[2] != "boss" or row[1] != 2]
    assert refusal(GAME, data).startswith("units give seat 2 0 Boss(es); alive is True")
    data = _start()  # BF-6.5: a docked speedboat knows the water it is docked on
    row = next(row for row in data["units"] if row[2] == "limousine")
    row[2], row[7] = "speedboat", -1
    assert "is docked with no shore" in refusal(GAME, data)
    data = _start()
    data["owner"][next(i for i in range(D.N) if not D.IS_DISTRICT[i])] = 0
    assert "is no district" in refusal(GAME, data)


def test_a_decision_in_progress_is_about_pieces_that_are_there():
    data = _walking()
    uid = data["todo"][-1]["uid"]
    _unit(data, uid)[4] = 0  # no move left (BF-4.1)
    assert refusal(GAME, data).startswith("todo[0] walks a piece that cannot move now")
    data = _walking()
    data["todo"][-1]["uid"] = data["next_uid"]
    assert f"which seat {data['turn']} does not have" in refusal(GAME, data)
    data = _riding()
    data["todo"][-1]["join"] = 3
    assert refusal(GAME, data).startswith("todo[0] brings riders to an attack that is not under")
    data = _riding()
    data["todo"].append({"k": "block", "seat": data["turn"], "t": 3})
    assert refusal(GAME, data).startswith("todo[1] blocks a ride that is not under it")
    data = _riding()
    data["todo"][-1]["mode"] = "fly"
    assert refusal(GAME, data).startswith("todo[0].mode must be one of")
    data = _riding()
    data["todo"].insert(0, {"k": "talk"})
    assert refusal(GAME, data).startswith("todo[0] is a negotiation open under a trip decision")


def test_the_set_up_follows_the_ranking():
    """BF-1.2: the seats choose different starting points of their player count, in the order
    of their ranking; the last one's is left to him; nobody has pieces before choosing."""
    data = _choosing()
    assert data["phase"] == "setup" and data["home"] == [""] * 4
    GAME.from_json(data)  # sound
    first, second = data["ranking"][:2]
    data["ranking"][0] = second
    assert refusal(GAME, data).startswith("ranking must name each of the 4 seats once")
    data = _choosing()
    data["home"][second] = "Queens"  # before the first in the ranking has chosen
    assert "in the order of the ranking" in refusal(GAME, data)
    data = _choosing()
    data["home"][first] = "Brooklyn"
    assert "Brooklyn is no starting point in a 4-player game" in refusal(GAME, data)
    data = _choosing()
    data["turn"] = second
    assert refusal(GAME, data).startswith(f"turn is seat {second}; seat {first} chooses")
    data = _choosing()
    data["phase"] = "battle"
    assert "every seat's starting point once play has begun" in refusal(GAME, data)
    data = _start()
    data["home"][0] = data["home"][1]
    assert refusal(GAME, data).startswith("home gives two seats one starting point")
