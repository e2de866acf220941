"""A saved game of Cash 'n Guns loads only if it is sound (saved.py, saved_phases.py): each
broken state is refused with ValueError naming the field."""

from __future__ import annotations

from famiglia.games.cash_n_guns import GAME

from ..saving import refusal, saved_when


def _loading():
    return saved_when(GAME, 5, lambda s: s.phase == "bullet")


def _picking():
    return saved_when(GAME, 6, lambda s: s.phase == "pick", teams=True)


def test_fields_are_typed_and_in_range():
    data = _loading()
    data["team_of"].pop()
    assert refusal(GAME, data).startswith("team_of must hold 5 entries, not 4")
    data = _loading()
    data["sh_mate"] = 2**64
    assert refusal(GAME, data).startswith("sh_mate must be a whole number -1..4")
    data = _loading()
    data["powers"][0] = "wizard"
    assert refusal(GAME, data).startswith("powers[0] must be one of")
    data = _loading()
    data["aim"][2] = "seat 1"
    assert refusal(GAME, data).startswith("aim[2] must be null or a whole number -1..4")


def test_options_teams_and_powers_fit_the_table():
    """CNG-1.1 to CNG-1.3, CNG-2.4, CNG-9.1."""
    data = _loading()
    data["mercs_on"] = True
    assert refusal(GAME, data).startswith("teams and mercs_on do not fit 5 players")
    data = _picking()
    data["team_of"][0], data["team_of"][1] = data["team_of"][1], data["team_of"][0]
    assert refusal(GAME, data).startswith("team_of must be [0, 1, 2, 0, 1, 2] for 6 players")
    data = _loading()
    data["powers"][1] = data["powers"][0]
    assert refusal(GAME, data).startswith("powers deal one power card twice")


def test_loot_and_bullet_cards_are_never_made_from_nothing():
    """CNG-2.2, CNG-2.3: 64 loot cards; five Clicks and three Bang! per player."""
    data = _loading()
    data["loot"][0] += ["d10", "d10"]
    assert refusal(GAME, data).endswith("of d10, the deck has 1")
    data = _loading()
    data["hand"][3][1] -= 1  # a Bang! gone: no player ever has fewer than his eight
    assert refusal(GAME, data).startswith("hand[3] with the cards played makes 7 bullet cards")
    data = _loading()
    data["hand"][3] = [4, 4]  # eight cards still, but a Click became a Bang!
    assert refusal(GAME, data).startswith("hand and the cards played hold 24 Clicks, not 25")
    data = _loading()
    data["piles"].pop()
    assert refusal(GAME, data).startswith("piles must be the 7 piles of the turns to come")


def test_the_phase_waits_for_a_seat_that_can_move():
    """CNG-4.1, CNG-8.1: everyone loads at once; the split goes in order from the Godfather."""
    data = _loading()
    data["actor"] = 2
    assert refusal(GAME, data).startswith("actor must be -1 while everyone chooses at once")
    data = _loading()
    data["step"] = "courage"
    assert refusal(GAME, data).startswith("step is 'courage', but the bullet phase comes in step")
    data = _loading()
    data["bullet"] = ["bang"] * 5
    data["hand"] = [[5, 2]] * 5
    assert refusal(GAME, data).startswith("phase is bullet, but nobody has a choice left")
    data = _picking()
    data["actor"] = data["order"][-1]
    assert "takes the share" in refusal(GAME, data)
    data = _picking()
    data["split_pos"] = len(data["order"])
    assert refusal(GAME, data).startswith(f"split_pos is {len(data['order'])}")
    data = _picking()
    data["alive"] = [seat in (0, 3) for seat in range(6)]  # one team left
    data["wounds"] = [0 if seat in (0, 3) else 3 for seat in range(6)]
    data["order"], data["split_pos"], data["actor"], data["phase"] = [0, 3], 0, 0, "pick"
    data["standing"] = list(data["alive"])
    assert refusal(GAME, data).startswith("alive leave one team or none")


def test_every_phase_of_the_rules_has_its_step_and_check():
    """A phase added to the rules needs its entry in saved_phases.py, or saves of it fail."""
    from famiglia.games.cash_n_guns.phases import PHASES
    from famiglia.games.cash_n_guns.saved_phases import _TURN, MERCS, SPLIT, STEP

    assert set(STEP) == set(PHASES)
    assert set(_TURN) | set(SPLIT) | set(MERCS) == set(PHASES)


def test_only_the_kid_waits_to_aim_and_only_until_his_step():
    """CNG-5.3: the Kid aims after everyone else, from the aim phase to his own step; a seat
    said to wait at any other time would never be cleared, so such a save is refused."""
    kid_dealt = {"seed": 2}  # (seed 0 deals no Kid)
    data = saved_when(GAME, 5, lambda s: s.phase == "aim" and s.kid_late >= 0, **kid_dealt)
    kid = data["kid_late"]
    data["kid_late"] = (kid + 1) % 5
    assert refusal(GAME, data).startswith(f"kid_late must be seat {kid}, the Kid, who aims last")
    data = saved_when(GAME, 5, lambda s: s.phase == "aim" and s.kid_late >= 0, **kid_dealt)
    data["kid_late"] = -1  # the Kid would then aim with everyone
    assert refusal(GAME, data).startswith(f"kid_late must be seat {kid}, the Kid")
    data = saved_when(GAME, 5, lambda s: s.phase == "aim" and s.holder("kid") < 0)
    data["kid_late"] = 2
    assert refusal(GAME, data).startswith("kid_late must be -1: nobody waits to aim")
    data = _picking()
    data["kid_late"] = 2
    assert refusal(GAME, data).startswith("kid_late must be -1: nobody waits to aim in the pick")
