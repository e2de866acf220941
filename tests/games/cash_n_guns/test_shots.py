"""The shots: hits, wounds, deaths and the powers that change them (CNG-7), Jammed Weapons."""

from __future__ import annotations

from famiglia.core import ScriptedRng

from .helpers import do, fresh, holdup, texts

ALL_STAND = {0: "stand", 1: "stand", 2: "stand", 3: "stand"}


def test_bang_wounds_and_lays_down_click_does_nothing():
    """CNG-7.1: a Bang! on a standing player: one wound and out of the split; a Click: nothing."""
    s = fresh(4)
    holdup(s, {0: "bang", 1: "click", 2: "click", 3: "click"}, {0: 1, 1: 0, 2: 0, 3: 0}, ALL_STAND)
    assert s.wounds == [0, 1, 0, 0]
    assert s.order == [0, 2, 3] and not s.standing[1]


def test_cng_7_1_no_shot_at_a_player_lying_down():
    """CNG-7.1: whoever aims at a player who lay down does not fire: his card (a Bang! here)
    goes face down unseen, wounds nobody, and only the cards aimed at standing players show."""
    s = fresh(4)
    holdup(
        s,
        {0: "bang", 1: "click", 2: "bang", 3: "click"},
        {0: 1, 1: 2, 2: 3, 3: 0},
        {0: "stand", 1: "down", 2: "stand", 3: "stand"},
    )
    assert s.wounds == [0, 0, 0, 1] and s.order == [0, 2]
    assert s.shown == [[0, 0], [0, 0], [0, 1], [1, 0]]
    assert s.hidden == [[0, 1], [1, 0], [0, 0], [0, 0]]  # seat 1's own card: he lay down
    assert "seat 0 has nobody standing to shoot at and discards its card face down" in s.events(2)
    assert "you discard a Bang! face down" in s.events(0)
    assert not any("seat 0 shows" in e for e in s.events(None))


def test_cng_7_1_silencer_holds_fire_at_a_player_lying_down():
    """CNG-7.1 / CNG-7.7: the Silencer's Click aimed at a player lying down is not fired."""
    s = fresh(4, powers=["silencer", "", "", ""])
    holdup(
        s,
        {0: "click", 1: "click", 2: "click", 3: "click"},
        {0: 1, 1: 0, 2: 0, 3: 0},
        {0: "stand", 1: "down", 2: "stand", 3: "stand"},
    )
    assert s.wounds == [0, 0, 0, 0] and s.shown[0] == [0, 0] and s.hidden[0] == [1, 0]


def test_all_shots_at_once():
    """CNG-7.2: two players shooting each other both get hit."""
    s = fresh(4)
    holdup(s, {0: "bang", 1: "bang", 2: "click", 3: "click"}, {0: 1, 1: 0, 2: 0, 3: 0}, ALL_STAND)
    assert s.wounds == [1, 1, 0, 0] and s.order == [2, 3]


def test_third_wound_kills():
    """CNG-7.3: three wounds kill; the dead take no part and do not score."""
    s = fresh(5)
    s.wounds[1] = 2
    s.loot[1] = ["b20"]
    holdup(
        s,
        {0: "bang", 1: "click", 2: "click", 3: "click", 4: "click"},
        {0: 1, 1: 0, 2: 0, 3: 0, 4: 0},
        {t: "stand" for t in range(5)},
    )
    assert not s.alive[1] and 1 not in s.order
    s.phase = "bullet"
    s.refresh()
    assert 1 not in s.seats_to_act()
    from famiglia.games.cash_n_guns.scoring import tally

    scores, keys = tally(s)
    assert scores[1] == 0 and keys[1] < keys[0]


def test_unbreakable_dies_at_the_fourth_wound():
    """CNG-7.4: Unbreakable survives a third wound."""
    s = fresh(4, powers=["", "unbreakable", "", ""])
    s.wounds[1] = 2
    holdup(s, {0: "bang", 1: "click", 2: "click", 3: "click"}, {0: 1, 1: 0, 2: 0, 3: 0}, ALL_STAND)
    assert s.alive[1] and s.wounds[1] == 3


def test_vulture_takes_a_random_card_of_the_dead():
    """CNG-7.5: the Vulture takes one random loot card of a player who dies."""
    s = GAME_scripted(5, [1])
    s.powers = ["", "", "", "", "vulture"]
    s.wounds[1] = 2
    s.loot[1] = ["b5", "p", "d1"]
    holdup(
        s,
        {0: "bang", 1: "click", 2: "click", 3: "click", 4: "click"},
        {0: 1, 1: 0, 2: 0, 3: 0, 4: 0},
        {t: "stand" for t in range(5)},
    )
    assert not s.alive[1] and s.loot[4] == ["p"] and s.loot[1] == ["b5", "d1"]


def GAME_scripted(n, script):
    """A game started normally whose later random draws follow `script`."""
    s = fresh(n)
    s.rng = ScriptedRng(script, seed=5)
    return s


def test_lucky_man_ignores_one_bang():
    """CNG-7.6: once per game Lucky Man shrugs off one Bang! and stays standing."""
    s = fresh(4, powers=["", "lucky_man", "", ""])
    holdup(s, {0: "bang", 1: "click", 2: "click", 3: "click"}, {0: 1, 1: 0, 2: 0, 3: 0}, ALL_STAND)
    assert s.phase == "lucky" and texts(s, 1) == ["use Lucky Man", "take the hit"]
    do(s, 1, "use Lucky Man")
    assert s.wounds[1] == 0 and 1 in s.order and "lucky_man" in s.used


def test_lucky_man_hit_twice_still_wounded():
    """CNG-7.6: with two Bang! on him, one still hurts."""
    s = fresh(4, powers=["", "lucky_man", "", ""])
    holdup(s, {0: "bang", 1: "click", 2: "bang", 3: "click"}, {0: 1, 1: 0, 2: 1, 3: 0}, ALL_STAND)
    do(s, 1, "use Lucky Man")
    assert s.wounds[1] == 1 and 1 not in s.order


def test_silencer_fires_clicks():
    """CNG-7.7: the Silencer hits with a Click and not with a Bang!."""
    s = fresh(4, powers=["silencer", "", "", ""])
    holdup(s, {0: "click", 1: "click", 2: "click", 3: "click"}, {0: 1, 1: 0, 2: 0, 3: 0}, ALL_STAND)
    assert s.wounds == [0, 1, 0, 0]
    s = fresh(4, powers=["silencer", "", "", ""])
    holdup(s, {0: "bang", 1: "click", 2: "click", 3: "click"}, {0: 1, 1: 0, 2: 0, 3: 0}, ALL_STAND)
    assert s.wounds == [0, 0, 0, 0]


def test_grappling_takes_a_card_instead_of_wounding():
    """CNG-7.8: the Grappling may lay the target down and take a loot card of his choice."""
    s = fresh(4, powers=["grappling", "", "", ""])
    s.loot[1] = ["b5", "p"]
    holdup(s, {0: "bang", 1: "click", 2: "click", 3: "click"}, {0: 1, 1: 0, 2: 0, 3: 0}, ALL_STAND)
    assert texts(s, 0) == [
        "wound seat 1",
        "grapple seat 1 and take $5k",
        "grapple seat 1 and take painting",
    ]
    do(s, 0, "grapple seat 1 and take painting")
    assert s.wounds[1] == 0 and s.loot[1] == ["b5"] and s.loot[0] == ["p"] and 1 not in s.order


def test_taser_drops_two_random_cards_into_the_loot():
    """CNG-7.9: the Taser's target is laid down and drops two random loot cards in the loot."""
    s = fresh(4, powers=["", "", "taser", ""], table=["b10"])
    s.loot[1] = ["b5", "p", "d10"]
    holdup(s, {0: "click", 1: "click", 2: "bang", 3: "click"}, {0: 1, 1: 0, 2: 1, 3: 0}, ALL_STAND)
    s.rng = ScriptedRng([2, 0])
    do(s, 2, "taser seat 1")
    assert s.wounds[1] == 0 and s.loot[1] == ["p"] and sorted(s.table) == ["b10", "b5", "d10"]
    assert 1 not in s.order


def test_jammed_weapons():
    """CNG-11.4: nobody fires; the loaded cards are discarded unseen."""
    s = fresh(4, held=["", "jammed", "", ""])
    do(s, 1, "play my surprise")
    holdup(s, {t: "bang" for t in range(4)}, {0: 1, 1: 0, 2: 0, 3: 0}, ALL_STAND)
    assert s.wounds == [0, 0, 0, 0] and s.order == [0, 1, 2, 3]
    assert all(h == [0, 1] for h in s.hidden) and all(x == [0, 0] for x in s.shown)


def test_base_game_ends_with_one_player_left():
    """CNG-10.6: when one player is left alive, the game ends and he wins."""
    s = fresh(4)
    s.alive[3] = s.standing[3] = False
    s.wounds[1] = s.wounds[2] = 2
    s.phase = "bullet"
    s.bullet[3] = ""
    s.refresh()
    holdup(
        s,
        {0: "bang", 1: "bang", 2: "bang"},
        {0: 1, 1: 2, 2: 1},
        {0: "stand", 1: "stand", 2: "stand"},
    )
    assert s.is_over() and s.result().winners == (0,)


def test_sole_surviving_team_wins_at_once():
    """CNG-9.8: as soon as one team alone has living members, it wins."""
    s = fresh(4, teams=True)
    s.wounds[1] = s.wounds[3] = 2
    holdup(s, {0: "bang", 1: "click", 2: "bang", 3: "click"}, {0: 1, 1: 0, 2: 3, 3: 0}, ALL_STAND)
    assert s.is_over() and s.turn == 1
    assert s.result().winners == (0, 2)
