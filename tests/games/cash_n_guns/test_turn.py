"""A turn up to the shots: loot, Hustler, bullets, aiming, the hold-up, courage, surprises."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.core import ScriptedRng
from famiglia.games.cash_n_guns import GAME

from .helpers import aim_all, courage_all, do, fresh, holdup, load_all, texts


def test_turn_shows_a_pile_and_tokens():
    """CNG-3.1: eight loot cards face up plus the New Godfather token (and team tiles)."""
    s = fresh(4)
    assert len(s.table) == 8 and s.tokens == ["godfather"] and len(s.piles) == 7
    t = fresh(6, teams=True, mercenaries=True)
    assert t.tokens == ["godfather", "shadow", "recruit"]
    assert fresh(4, teams=True).tokens == ["godfather", "shadow"]


def test_dead_godfather_passes_the_desk():
    """CNG-3.2: a dead Godfather's desk goes to the next living seat."""
    s = fresh(5)
    s.godfather = 3
    s.alive[3] = s.alive[4] = False
    s.piles.insert(0, s.table)
    s.known.insert(0, 0)
    s.turn = 0
    from famiglia.games.cash_n_guns.rules.start import begin_turn

    begin_turn(s)
    s.refresh()
    assert s.godfather == 0


def test_hustler_swaps_a_random_card():
    """CNG-3.3: the Hustler draws at random from a hand and gives one back; only they know."""
    s = GAME.new_scripted(4, ScriptedRng([0] * 200))
    s.powers = ["hustler", "", "", ""]
    s.piles.insert(0, s.table)
    s.known.insert(0, 0)
    s.turn = 0
    s.hand[2] = [0, 3]  # seat 2 holds only Bang! cards
    from famiglia.games.cash_n_guns.rules.start import begin_turn

    begin_turn(s)
    s.refresh()
    assert s.phase == "hustle" and s.seats_to_act() == (0,)
    do(s, 0, "draw a bullet from seat 2 (Hustler)")
    assert s.hand[0] == [5, 4] and s.hand[2] == [0, 2]
    assert texts(s, 0) == ["give back a Click", "give back a Bang!"]
    do(s, 0, "give back a Click")
    assert s.hand[0] == [4, 4] and s.hand[2] == [1, 2]
    assert any("Bang!" in e for e in s.events(2)) and not any("Bang!" in e for e in s.events(1))
    assert s.phase == "bullet"


def test_bullets_are_loaded_in_secret_in_any_order():
    """CNG-4.1: all living seats load at once, in any order; others see only that it is done."""
    s = fresh(4)
    assert s.seats_to_act() == (0, 1, 2, 3)
    do(s, 2, "load a Bang!")
    assert s.seats_to_act() == (0, 1, 3)
    for seat in (0, 1, 3):
        assert s.view(seat)["loaded"][2] is True and "my_bullet" not in str(s.view(seat)["loaded"])
        assert s.view(seat)["my_bullet"] == ""
        assert not any("Bang" in e for e in s.events(seat))
    assert s.view(2)["my_bullet"] == "bang" and s.hand[2] == [5, 2]
    s.hand[1] = [3, 0]
    with pytest.raises(IllegalAction) as err:
        do_action(s, 1, "load", "bang")
    assert err.value.clause == "CNG-4.1"


def do_action(s, seat, kind, *args):
    from famiglia.games.cash_n_guns.actions import act

    s.apply(seat, act(kind, *args))


def test_loaded_card_is_spent_seen_or_unseen():
    """CNG-4.2: fired cards are shown; the card of one who lies down is discarded unseen."""
    s = fresh(4)
    holdup(
        s,
        {0: "bang", 1: "click", 2: "bang", 3: "click"},
        {0: 1, 1: 2, 2: 3, 3: 0},
        {0: "stand", 1: "stand", 2: "down", 3: "stand"},
    )
    # Seat 1 aimed at seat 2, who lay down: his Click is discarded unseen too (CNG-7.1).
    assert s.shown[0] == [0, 1] and s.shown[3] == [1, 0] and s.shown[1] == s.shown[2] == [0, 0]
    assert s.hidden[2] == [0, 1] and s.view(0)["discarded_face_down"][2] == 1
    assert s.hidden[1] == [1, 0] and s.view(0)["discarded_face_down"][1] == 1
    assert s.hand[2] == [5, 2]


def test_aims_are_secret_until_all_have_aimed():
    """CNG-5.1: aims are chosen at once and shown together."""
    s = fresh(4)
    load_all(s, {0: "click", 1: "click", 2: "click", 3: "click"})
    do(s, 1, "aim at seat 3")
    assert s.view(0)["aims"][1] is None and s.view(1)["aims"][1] == 3
    assert s.events(0)[-1] == "seat 1 takes aim"
    aim_all(s, {0: 1, 2: 1, 3: 0})
    assert s.phase == "privilege" and s.view(0)["aims"] == [1, 3, 1, 0]


def test_no_aiming_at_self_or_the_dead():
    """CNG-5.2: targets are other living players."""
    s = fresh(5)
    s.alive[4] = False
    s.bullet = ["click"] * 4 + [""]
    s.phase = "aim"
    s.refresh()
    assert texts(s, 0) == ["aim at seat 1", "aim at seat 2", "aim at seat 3"]
    with pytest.raises(IllegalAction) as err:
        do_action(s, 0, "aim", 0)
    assert err.value.clause == "CNG-5.2"
    with pytest.raises(IllegalAction) as err:
        do_action(s, 0, "aim", 4)
    assert err.value.clause == "CNG-5.2"


def test_no_aiming_at_a_teammate():
    """CNG-9.2: in team play nobody aims at a teammate."""
    s = fresh(6, teams=True)
    load_all(s, {t: "click" for t in range(6)})
    assert texts(s, 0) == ["aim at seat 1", "aim at seat 2", "aim at seat 4", "aim at seat 5"]
    with pytest.raises(IllegalAction) as err:
        do_action(s, 0, "aim", 3)
    assert err.value.clause == "CNG-9.2"


def test_the_kid_aims_last():
    """CNG-5.3: the Kid aims after seeing all other aims."""
    s = fresh(4, powers=["", "", "kid", ""])
    load_all(s, {t: "click" for t in range(4)})
    assert s.seats_to_act() == (0, 1, 3)
    aim_all(s, {0: 2, 1: 2, 3: 2})
    assert s.phase == "kid" and s.seats_to_act() == (2,)
    assert s.view(2)["aims"] == [2, 2, None, 2]
    do(s, 2, "aim at seat 1")
    assert s.aim[2] == 1 and s.phase == "privilege"


def test_godfathers_privilege():
    """CNG-5.4: the Godfather orders one other player to aim elsewhere."""
    s = fresh(4)
    load_all(s, {t: "click" for t in range(4)})
    aim_all(s, {0: 1, 1: 0, 2: 0, 3: 0})
    assert s.seats_to_act() == (0,)
    assert "order seat 0 to aim elsewhere" not in texts(s, 0)
    do(s, 0, "order seat 2 to aim elsewhere")
    assert s.seats_to_act() == (2,)
    assert texts(s, 2) == ["turn my gun to seat 1", "turn my gun to seat 3"]
    with pytest.raises(IllegalAction) as err:
        do_action(s, 2, "retarget", 0)
    assert err.value.clause == "CNG-5.4"
    do(s, 2, "turn my gun to seat 3")
    assert s.aim == [1, 0, 3, 0] and s.phase == "courage"


def test_professional_changes_target_once():
    """CNG-5.5: once per game, after the privilege."""
    s = fresh(4, powers=["", "professional", "", ""])
    load_all(s, {t: "click" for t in range(4)})
    aim_all(s, {0: 1, 1: 0, 2: 0, 3: 0})
    do(s, 0, "give no order")
    assert s.phase == "professional"
    do(s, 1, "change my target (Professional)")
    do(s, 1, "turn my gun to seat 2")
    assert s.aim[1] == 2 and "professional" in s.used
    courage_all(s, {t: "stand" for t in range(4)})
    while s.phase != "bullet":
        seat = s.seats_to_act()[0]
        do(s, seat, texts(s, seat)[0])
    load_all(s, {t: "click" for t in range(4) if s.alive[t]})
    aim_all(s, {t: (t + 1) % 4 for t in range(4) if s.alive[t]})
    do(s, s.godfather, "give no order")
    assert s.phase == "courage"  # spent


def test_cunning_swaps_unseen():
    """CNG-5.6: the Cunning may swap his loaded card at the end of the hold-up, after the Kid."""
    s = fresh(4, powers=["cunning", "kid", "", ""])
    load_all(s, {0: "click", 1: "click", 2: "click", 3: "click"})
    aim_all(s, {0: 1, 2: 0, 3: 0})
    assert s.phase == "kid"
    do(s, 1, "aim at seat 0")
    do(s, 0, "give no order")
    assert s.phase == "cunning" and texts(s, 0) == ["keep my bullet", "swap my bullet for a Bang!"]
    do(s, 0, "swap my bullet for a Bang!")
    assert s.bullet[0] == "bang" and s.hand[0] == [5, 2]
    assert not any("Bang" in e for e in s.events(1)[-2:])


def test_desert_sparrow_cannot_be_aimed_back_at():
    """CNG-5.7: whom the Desert Sparrow aims at must turn away from him."""
    s = fresh(4, powers=["desert_sparrow", "", "", ""])
    load_all(s, {t: "click" for t in range(4)})
    aim_all(s, {0: 1, 1: 0, 2: 0, 3: 1})
    assert s.phase == "retarget" and s.seats_to_act() == (1,)
    assert texts(s, 1) == ["turn my gun to seat 2", "turn my gun to seat 3"]
    with pytest.raises(IllegalAction) as err:
        do_action(s, 1, "retarget", 0)
    assert err.value.clause in ("CNG-5.7", "CNG-5.4")
    do(s, 1, "turn my gun to seat 3")
    assert s.phase == "privilege"
    # The Godfather may not order seat 2 onto the Sparrow's... the Sparrow himself may be ordered.
    do(s, 0, "give no order")
    assert s.phase == "courage"


def test_courage_is_secret_then_shown():
    """CNG-6.1: stand or lie down, in secret, all at once."""
    s = fresh(4)
    load_all(s, {t: "click" for t in range(4)})
    aim_all(s, {0: 1, 1: 0, 2: 0, 3: 0})
    do(s, 0, "give no order")
    do(s, 3, "lie down")
    assert s.view(0)["courage"][3] == "" and s.view(3)["courage"][3] == "down"
    assert s.seats_to_act() == (0, 1, 2)
    courage_all(s, {0: "stand", 1: "stand", 2: "stand"})
    assert s.courage_public and s.view(0)["courage"] == ["stand", "stand", "stand", "down"]


def test_lying_down_leaves_the_turn():
    """CNG-6.2: who lies down is safe, does not fire and is not in the split."""
    s = fresh(4)
    holdup(
        s,
        {0: "bang", 1: "bang", 2: "click", 3: "click"},
        {0: 1, 1: 0, 2: 0, 3: 0},
        {0: "stand", 1: "down", 2: "stand", 3: "stand"},
    )
    assert s.wounds == [0, 0, 0, 0]
    assert s.order == [0, 2, 3]


def test_doctor_heals_when_lying_down():
    """CNG-6.3: the Doctor heals one wound when he lies down."""
    s = fresh(4, powers=["", "doctor", "", ""])
    s.wounds[1] = 2
    holdup(
        s,
        {t: "click" for t in range(4)},
        {0: 1, 1: 0, 2: 0, 3: 0},
        {0: "stand", 1: "down", 2: "stand", 3: "stand"},
    )
    assert s.wounds[1] == 1


def test_smart_chooses_after_seeing_the_others():
    """CNG-6.4: Smart chooses his courage last, with the others' choices shown."""
    s = fresh(4, powers=["", "", "smart", ""])
    load_all(s, {t: "click" for t in range(4)})
    aim_all(s, {0: 1, 1: 0, 2: 0, 3: 0})
    do(s, 0, "give no order")
    assert s.seats_to_act() == (0, 1, 3)
    courage_all(s, {0: "down", 1: "stand", 3: "stand"})
    assert s.phase == "smart" and s.view(2)["courage"] == ["down", "stand", "", "stand"]
    do(s, 2, "lie down")
    assert not s.standing[2] and not s.standing[0]


def test_one_surprise_per_turn_from_the_godfather():
    """CNG-11.2: holders in seat order from the Godfather; the first played ends it."""
    s = fresh(5, held=["", "jammed", "", "flash_bang", "parcel_bomb"])
    s.godfather = 2
    s.piles.insert(0, s.table)
    s.known.insert(0, 0)
    s.turn = 0
    from famiglia.games.cash_n_guns.rules.start import begin_turn

    begin_turn(s)
    s.refresh()
    assert s.phase == "surprise" and s.seats_to_act() == (3,)
    do(s, 3, "keep my surprise for later")
    assert s.seats_to_act() == (4,)
    do(s, 4, "play my surprise")
    assert s.phase == "bullet" and s.bomb_user == 4 and s.surprise[4] == ""
    assert s.surprise[1] == "jammed"  # seat 1 was never asked this turn


def test_flash_bang_blinds_the_others():
    """CNG-11.3: others aim and choose courage blind; privilege, Kid and Cunning are skipped."""
    s = fresh(
        4, powers=["", "kid", "cunning", ""], held=["flash_bang", "", "", ""], **{"surprises": True}
    )
    do(s, 0, "play my surprise")
    load_all(s, {t: "bang" for t in range(4)})
    assert s.seats_to_act() == (0, 1, 2, 3)  # the Kid aims with everyone
    aim_all(s, {0: 1, 1: 0, 2: 0, 3: 0})
    assert s.phase == "courage"  # no privilege, no Cunning
    assert s.view(1)["aims"] == [None, 0, None, None]
    assert s.view(0)["aims"] == [1, 0, 0, 0]
    assert not any("aims at" in e for e in s.events(1)) and s.events(0)[-1].endswith("seat 0")
    courage_all(s, {0: "down", 1: "stand", 2: "stand", 3: "stand"})
    assert s.aims_public
    assert s.wounds == [0, 0, 0, 0]  # all fired at seat 0, who lay down; seat 0 fired nothing
