"""Every refusal names its rule (issue 13, item 8): a well-formed move made at the wrong
moment says what the game waits for and cites the clause, through `apply` and `parse_action`
alike, and the state stays as it was. (tests/test_api_refusals.py checks it for every move of
every game's catalogue along random games.)"""

from __future__ import annotations

import pytest

from famiglia import IllegalAction

from .games.cash_n_guns.helpers import GAME as CNG
from .games.cash_n_guns.helpers import fresh as cng_game
from .games.cash_n_guns.helpers import load_all
from .games.scarface_1920.helpers import GAME as SCARFACE
from .games.scarface_1920.helpers import started, to_actions
from .games.the_mob.helpers import GAME as MOB


def both_ways(game, state, seat, text) -> IllegalAction:
    """The refusal of `text` typed, and of the same move applied: they must be the same."""
    before = state.to_json()
    with pytest.raises(IllegalAction) as typed:
        game.parse_action(state, seat, text)
    action = game.action_for_text(" ".join(text.lower().split()))
    assert action is not None and str(action) == text
    with pytest.raises(IllegalAction) as applied:
        state.apply(seat, action)
    assert (typed.value.reason, typed.value.clause) == (applied.value.reason, applied.value.clause)
    assert state.to_json() == before
    return applied.value


def test_loading_a_bullet_while_aiming_says_the_game_waits_for_aims():
    """CNG-5.1: once every bullet is loaded the players aim; loading is refused with that rule."""
    s = cng_game(4)
    load_all(s, {t: "bang" for t in range(4)})
    assert s.phase == "aim"
    refusal = both_ways(CNG, s, 0, "load a Bang!")
    assert refusal.clause == "CNG-5.1" and "aim at a player" in refusal.reason


def test_a_seat_that_has_loaded_is_told_whom_the_game_waits_for():
    """CNG-4.1: loading is simultaneous; a seat that has loaded waits for the others."""
    s = cng_game(4)
    s.apply(0, CNG.parse_action(s, 0, "load a Click"))
    with pytest.raises(IllegalAction) as err:
        CNG.parse_action(s, 0, "load a Bang!")
    assert err.value.clause == "CNG-4.1"
    assert "waiting for seats 1, 2, 3 to load a bullet card" in err.value.reason


def test_investing_and_bail_outside_their_moment_in_the_mob():
    """MOB-2.2 / MOB-6.5 / MOB-5.4: investing waits for the end of the year; bail is open at
    any decision, but only for a member in prison."""
    s = MOB.new(4, 1)
    seat = s.seats_to_act()[0]
    assert s.phase == "exchange"
    refusal = both_ways(MOB, s, seat, "invest $100k in legal business")
    assert refusal.clause == "MOB-2.2" and "keep the other cards" in refusal.reason
    refusal = both_ways(MOB, s, seat, "bail out Don ($100k)")
    assert refusal.clause == "MOB-5.4" and "not in prison" in refusal.reason
    refusal = both_ways(MOB, s, seat, "end investing")
    assert refusal.clause == "MOB-2.2"


def test_a_second_order_in_scarface():
    """SF-5.4: one Order per turn; once it is finished another one is refused with the rule."""
    st = to_actions(started(2), plan=())
    orders = [a for a in st.legal_actions(0) if a.kind == "order"]
    assert orders
    text = str(orders[0])
    st.apply(0, orders[0])
    while st.phase == "order" or st.pending:
        seat = st.seats_to_act()[0]
        done = [a for a in st.legal_actions(seat) if a.kind == "order_done"]
        st.apply(seat, done[0] if done else st.legal_actions(seat)[0])
    assert st.phase == "actions"
    refusal = both_ways(SCARFACE, st, 0, text)
    assert refusal.clause == "SF-5.4" and "one order" in refusal.reason


def test_a_move_out_of_turn_names_the_seat_and_the_decision_awaited():
    s = MOB.new(3, 2)
    seat = s.seats_to_act()[0]
    other = (seat + 1) % 3
    with pytest.raises(IllegalAction) as err:
        s.apply(other, s.legal_actions(seat)[-1])
    assert f"waiting for seat {seat} to give back cards" in err.value.reason
    assert err.value.clause == "MOB-2.2"
