"""Every refusal names its rule (issue 13, item 8): a well-formed move made at the wrong
moment says what the game waits for and cites the clause, through `apply` and `parse_action`
alike, and the state stays as it was. (tests/test_api_refusals.py checks it for every move of
every game's catalogue along random games.)"""

from __future__ import annotations

import random

import pytest

import famiglia
from famiglia import IllegalAction
from famiglia.games.scarface_1920.data import HOODS as SCARFACE_HOODS

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


# A short game of each: (game name, players, options that end it soon).
SHORT_GAMES = [
    ("the-mob", 3, {"max_years": 1}),
    ("unfinished-business", 2, {}),
    ("cash-n-guns", 4, {}),
    ("blood-feud", 2, {"max_rounds": 1}),
    ("scarface-1920", 2, {"max_turns": 1}),
]


@pytest.mark.parametrize("name,players,options", SHORT_GAMES)
def test_a_move_after_the_end_cites_the_end_of_the_game(name, players, options):
    """MOB-7.1 / UB-11.1 / CNG-10.1 / BF-8.10 / SF-12.4: once the game has ended nobody
    moves; a move is refused citing the clause that ends the game, and changes nothing."""
    game = famiglia.load(name)
    state = game.new(players, 7, **options)
    pick = random.Random(7)
    last = None
    while not state.is_over():
        seat = state.seats_to_act()[0]
        last = (seat, pick.choice(state.legal_actions(seat)))
        state.apply(*last)
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(*last)
    assert err.value.clause == game.end_clause
    assert err.value.clause.split("-")[0] in {"MOB", "UB", "CNG", "BF", "SF"}
    assert "the game is over" in err.value.reason
    assert state.to_json() == before


def test_a_choice_of_the_right_kind_lists_the_choices_of_that_kind():
    """SF-1.2: a neighborhood already taken is refused with the rule and the ones still free
    (the generic refusal, for choices no rule of their own forbids)."""
    rng = random.Random(1)
    state = SCARFACE.new(3, 1)
    while True:
        seat = state.seats_to_act()[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        if any(t.startswith("start in") for t in legal) and len(legal) < 18:
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    taken = next(
        f"start in {h['name']}" for h in SCARFACE_HOODS if f"start in {h['name']}" not in legal
    )
    refusal = both_ways(SCARFACE, state, seat, taken)
    assert refusal.clause == "SF-1.2"
    assert "you must choose the neighborhood you start in; of those you may: " in refusal.reason
    free = refusal.reason.split("of those you may: ")[1].split(" (and ")[0].split("; ")
    assert free == legal[:6] and f"(and {len(legal) - 6} more)" in refusal.reason


@pytest.mark.parametrize("name", famiglia.games())
def test_a_seat_kept_waiting_is_told_of_the_mover_in_the_third_person(name):
    """The waiting message speaks of the seat that must act, not to it: "waiting for seat 0 to
    keep one of their two power cards", never "... your ...", along random games."""
    game = famiglia.load(name)
    chooser = random.Random(5)
    for seed in range(3):
        state = game.new(game.min_players if game.min_players > 1 else 2, seed)
        for _ in range(150):
            if state.is_over():
                break
            to_act = state.seats_to_act()
            idle = [s for s in range(state.players) if s not in to_act]
            if idle:
                with pytest.raises(IllegalAction) as refused:
                    state.apply(idle[0], state.legal_actions(to_act[0])[0])
                words = refused.value.reason.lower().replace("'", " ").split()
                assert "waiting for" in refused.value.reason
                assert not {"you", "your", "yours"} & set(words), refused.value.reason
            seat = to_act[0]
            state.apply(seat, chooser.choice(state.legal_actions(seat)))


def test_said_of_another_turns_the_second_person_into_the_third():
    from famiglia.core.text import said_of_another

    assert said_of_another("keep one of your two power cards") == (
        "keep one of their two power cards"
    )
    assert said_of_another("take a card from the hand you see") == (
        "take a card from the hand they see"
    )
    assert said_of_another("choose a young soldier") == "choose a young soldier"
