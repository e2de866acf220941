"""Refused moves: the reason and the clause, and the state left as it was."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.games.cash_n_guns import GAME
from famiglia.games.cash_n_guns.actions import act

from .helpers import do, fresh, load_all


def refused(s, seat, text):
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply(seat, GAME.parse_action(s, seat, text))
    assert s.to_json() == before
    return err.value


def test_typed_aim_at_a_teammate_is_refused_with_the_rule():
    """CNG-9.2: typing an aim at a teammate names the rule."""
    s = fresh(6, teams=True)
    load_all(s, {t: "click" for t in range(6)})
    err = refused(s, 0, "aim at seat 3")
    assert err.clause == "CNG-9.2" and "teammate" in err.reason
    err = refused(s, 0, "aim at seat 0")
    assert err.clause == "CNG-5.2"


def test_typed_missing_bullet_is_refused():
    """CNG-4.1: a player can only load a card he holds."""
    s = fresh(4)
    s.hand[2] = [5, 0]
    s.refresh()
    err = refused(s, 2, "load a Bang!")
    assert err.clause == "CNG-4.1"


def test_forbidden_share_is_refused():
    """CNG-8.8 / CNG-8.2: the Dictator's ban, and shares not on the table."""
    s = fresh(4, powers=["", "dictator", "", ""], table=["b5", "p"])
    load_all(s, {t: "click" for t in range(4)})
    for seat in range(4):
        do(s, seat, f"aim at seat {(seat + 1) % 4}")
    do(s, 0, "give no order")
    for seat in range(4):
        do(s, seat, "stand" if seat < 2 else "lie down")
    do(s, 0, "take $5k")
    do(s, 1, "forbid that kind of loot")
    assert refused(s, 0, "take $5k").clause == "CNG-8.8"
    assert refused(s, 0, "take $20k").clause == "CNG-8.2"


def test_out_of_turn_and_unknown_moves_change_nothing():
    """CNG-4.1: a seat that has loaded cannot load again; made-up moves are refused."""
    s = fresh(4)
    do(s, 0, "load a Click")
    before = s.to_json()
    with pytest.raises(IllegalAction):
        s.apply(0, act("load", "click"))
    with pytest.raises(IllegalAction):
        s.apply(1, act("take", "b5"))
    assert s.to_json() == before


def test_every_phase_says_what_it_waits_for_by_a_clause_of_the_rulebook():
    """A refusal quotes the phase's decision: each names a clause our rules document has."""
    from famiglia import rulebook
    from famiglia.games.cash_n_guns.phases import PHASES

    clauses = rulebook.clauses("cash-n-guns")
    for name, row in PHASES.items():
        what, clause = row.decision
        assert what and clause in clauses, name
