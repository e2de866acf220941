"""A saved game of Scarface 1920 loads only if it is sound (saved.py, saved_queue.py): each
broken state is refused with ValueError naming the field."""

from __future__ import annotations

from ..saving import refusal, saved_when
from .helpers import GAME


def _acting():
    return saved_when(GAME, 3, lambda s: s.phase == "actions")


def _deciding():
    return saved_when(GAME, 3, lambda s: bool(s.pending))


def test_fields_are_typed_and_in_range():
    data = _acting()
    data["boss_row"][1] = []
    assert refusal(GAME, data).startswith("boss_row[1] must be a whole number 1..5")
    data = _acting()
    data["boss_loc"][0] = "moon"
    assert refusal(GAME, data).startswith("boss_loc[0] must be one of")
    data = _acting()
    data["crime"][2] = 12
    assert refusal(GAME, data).startswith("crime[2] must be a whole number 1..11")
    data = _acting()
    data["order_fig"] = True
    assert refusal(GAME, data).startswith("order_fig must be one of")


def test_the_supplies_hold_what_the_gangs_do_not():
    """SF-9.7 SF-8.6: every bullet token and Vote is either in the General Supply or held."""
    data = _acting()
    data["bullet_supply"] -= 1
    assert refusal(GAME, data).startswith("bullet_supply is 41 while the gangs hold 0 bullets")
    data = _acting()
    data["votes"][0] += 1
    assert refusal(GAME, data).startswith("vote_supply is")
    data = _acting()
    data["bullet_supply"] = 43
    assert refusal(GAME, data).startswith("bullet_supply must be a whole number 0..42")


def test_a_rise_past_the_raid_box_is_bounded():
    """SF-8.2: a rise past 11 is kept for its Raid's G-Men count, so it is 0 or above 11; a huge
    one (each level a G-Men effect) is refused instead of played for ever."""
    data = _acting()
    data["crime_over"][1] = 2**64
    assert refusal(GAME, data).startswith("crime_over[1] must be a whole number 0..22")
    data = _acting()
    data["crime_over"][0] = 7
    assert refusal(GAME, data).startswith("crime_over[0] must be 0 or above 11")
    data = _acting()
    data["crime_over"][0] = 13
    data["crime"][0] = 11
    assert GAME.from_json(data).crime_over[0] == 13  # a rise of two past the box loads


def test_every_card_thug_and_marker_is_in_one_place():
    """SF-1.2, SF-1.3: decks, hands and the board hold the game's pieces once each."""
    data = _acting()
    data["street_gangs"][0].pop()
    assert refusal(GAME, data).startswith("the street gangs hold")
    data = _acting()
    data["assoc_discard"].append(data["assoc_deck"][-1])
    assert refusal(GAME, data).startswith("the associates hold")
    data = _acting()
    data["slums"][1] -= 1
    assert refusal(GAME, data).startswith("slums[1] and the other boxes hold 11 thugs")
    data = _acting()
    data["track"][0] += 1
    assert refusal(GAME, data).startswith("track[0] and the board hold speakeasy markers")
    data = _acting()
    data["hand_size"][2] = 4  # an upgrade nobody paid for (SF-6.12)
    assert refusal(GAME, data).startswith("upgrades[2] is 0, the gang shows 1")


def test_the_queue_and_the_decision_waiting_are_the_rules_own():
    """The interpreter (rules/effects.py) runs operations it knows, shaped as it makes them."""
    data = _deciding()
    data["pending"] = ["dance", 0]
    assert refusal(GAME, data).startswith("pending must be a decision of the rules")
    data = _deciding()
    last = len(data["todo"])  # the operation added below is the queue's last
    data["todo"].append(["money", 0, 5, 6])
    assert refusal(GAME, data).startswith(f"todo[{last}] must be ['money' and 2 values]")
    data = _deciding()
    data["todo"].append(["money", 1, "five"])
    assert refusal(GAME, data).startswith(f"todo[{last}][2] must be a whole number")
    data = _acting()
    data["todo"].append(["draw", 0, 1])
    assert refusal(GAME, data).startswith("todo waits while no decision is pending")
    data = _acting()
    data["phase"] = "order"
    assert refusal(GAME, data).startswith("order_kind is '' in the order phase")


def test_tequila_may_hold_more_jobs_than_a_gang():
    """SF-T.20: a saved Tequila holding his 5 Jobs loads; a sixth, or a fourth for the solo
    gang or a player, is refused."""
    import json

    from .solo_helpers import G, solo

    data = json.loads(json.dumps(solo(tequila=True).to_json()))
    assert len(data["jobs"][G]) == 4
    data["jobs"][G].append(data["job_deck"].pop())
    assert len(GAME.from_json(data).jobs[G]) == 5
    extra = data["job_deck"].pop()
    data["jobs"][G].append(extra)
    assert refusal(GAME, data).startswith(f"jobs[{G}] must hold 0 to 5 entries, not 6")
    data = json.loads(json.dumps(solo().to_json()))
    data["jobs"][G] += [data["job_deck"].pop(), data["job_deck"].pop()]
    assert refusal(GAME, data).startswith(f"jobs[{G}] hold more than 3 jobs")
