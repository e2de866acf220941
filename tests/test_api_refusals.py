"""The contract refuses garbage with its own errors and changes nothing (issue 12, item 4), and
every refusal of a real move says what the game waits for and cites the rule (issue 13, item 8).

Each game is played at random; at states along the way every kind of bad call is tried.
"""

from __future__ import annotations

import json

import pytest

import famiglia
from famiglia import IllegalAction
from famiglia.core import Action, Rng
from famiglia.core.actions import normalize_text
from famiglia.core.record import new_record, replay

# One table per game, small and quick to play through.
TABLES = {
    "the-mob": (4, {"max_years": 2}),
    "unfinished-business": (3, {}),
    "cash-n-guns": (6, {"teams": True, "mercenaries": True, "surprises": True}),
    "blood-feud": (3, {"max_rounds": 2}),
    "scarface-1920": (3, {"max_turns": 12}),
}
GAMES = list(TABLES)


def snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def states_along_a_game(name, seed=0, every=9, limit=900):
    """States of one random game of `name`, every `every` moves (the state is cloned)."""
    game = famiglia.load(name)
    players, options = TABLES[name]
    state = game.new(players, seed, **options)
    chooser = Rng(seed + 1)
    for moves in range(limit):
        if state.is_over():
            break
        if moves % every == 0:
            yield game, state.clone()
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.below(len(legal))])
    yield game, state


def refused(state, seat, action):
    before = snapshot(state)
    with pytest.raises(IllegalAction) as err:
        state.apply(seat, action)
    assert snapshot(state) == before, f"refusing {action!r} changed the state"
    return err.value


@pytest.mark.parametrize("name", GAMES)
def test_apply_refuses_what_is_not_an_action_of_this_game(name):
    other = famiglia.load("the-mob" if name != "the-mob" else "unfinished-business")
    foreign = other.new(4, 0).legal_actions(0)
    for _, state in states_along_a_game(name, every=40):
        to_act = state.seats_to_act()
        seat = to_act[0] if to_act else 0
        for junk in ("play Bar", None, {"kind": "keep", "args": []}, 3, ("keep", (), "x")):
            err = refused(state, seat, junk)
            assert "not a move" in err.reason or "game is over" in err.reason
        for action in [Action("no-such-move", ("nowhere",), "fly"), *foreign[:3]]:
            if action in state.legal_actions(seat):
                continue  # two games may share a plain move ("stop")
            refused(state, seat, action)


@pytest.mark.parametrize("name", GAMES)
def test_apply_refuses_seats_that_are_not_seats(name):
    """Today's bug: Unfinished Business played `apply(1.0, action)` and broke later."""
    for _, state in states_along_a_game(name, every=50):
        if state.is_over():
            continue
        seat = state.seats_to_act()[0]
        action = state.legal_actions(seat)[0]
        for bad in (True, False, float(seat), seat + 0.5, str(seat), 99, -1, None, [seat]):
            err = refused(state, bad, action)
            assert "no seat" in err.reason
        state.apply(seat, action)  # the real seat still plays


@pytest.mark.parametrize("name", GAMES)
def test_views_samples_and_parsing_refuse_bad_arguments(name):
    game = famiglia.load(name)
    players, options = TABLES[name]
    state = game.new(players, 3, **options)
    before = snapshot(state)
    for bad in (99, -1, players, True, "0", 0.0):
        with pytest.raises(ValueError, match="a seat is a whole number"):
            state.view(bad)
        with pytest.raises(ValueError, match="a seat is a whole number"):
            state.determinize(bad, 1)
        with pytest.raises(ValueError, match="a seat is a whole number"):
            state.legal_actions(bad)
    assert isinstance(state.view(None), dict)  # a spectator
    for bad_seed in ("x", 1.5, None, True):
        with pytest.raises(ValueError, match="a seed must be a whole number"):
            state.determinize(0, bad_seed)
    seat = state.seats_to_act()[0]
    for bad_text in (None, 3, ["keep"], b"keep"):
        with pytest.raises(ValueError, match="a move is given as text"):
            game.parse_action(state, seat, bad_text)
    assert snapshot(state) == before


def test_load_refuses_what_is_not_a_name():
    for bad in (["the-mob"], None, 3, {"the-mob": 1}):
        with pytest.raises(ValueError, match="unknown game"):
            famiglia.load(bad)


@pytest.mark.parametrize("name", GAMES)
def test_new_takes_an_int_or_none_as_its_seed(name):
    game = famiglia.load(name)
    players, options = TABLES[name]
    for bad in ("1", 1.5, True, [1], float("nan")):
        with pytest.raises(ValueError, match="a seed must be a whole number"):
            game.new(players, bad, **options)
    assert game.new(players, 7, **options).seed == 7
    fresh = [game.new(players, None, **options) for _ in range(3)]
    seeds = [state.seed for state in fresh]
    assert all(isinstance(s, int) for s in seeds) and len(set(seeds)) == 3
    # the drawn seed is recorded: a record made with it replays the same game
    state = fresh[0]
    record = new_record(game, players, state.seed, options, ["random"] * players)
    chooser = Rng(5)
    for _ in range(30):
        if state.is_over():
            break
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[chooser.below(len(legal))]
        state.apply(seat, action)
        record["moves"].append([seat, action.to_json()])
    assert snapshot(replay(record, until=len(record["moves"]))) == snapshot(state)


# ----- action_from_json ------------------------------------------------------------------------
BROKEN_ACTIONS = {
    "the-mob": [
        {"kind": "play", "args": [-1]},
        {"kind": "play", "args": [True]},
        {"kind": "play", "args": ["0"]},
        {"kind": "play", "args": [{"x": 1}]},
        {"kind": "last", "args": [0]},
        {"kind": "ooc", "args": [0, 9, 0]},
    ],
    "unfinished-business": [
        {"kind": "attack", "args": [1.0, "Gold"]},
        {"kind": "play", "args": ["Gold", 0, 1]},
        {"kind": "swaptake", "args": ["Gold", "attic"]},
        {"kind": "bonus", "args": [{"card": "Gold"}]},
    ],
    "cash-n-guns": [
        {"kind": "load", "args": [-1]},
        {"kind": "load", "args": [["bang"]]},
        {"kind": "twin", "args": [{"seat": 1}]},
        {"kind": "aim", "args": [9]},
        {"kind": "lucky", "args": [1]},
        {"kind": "shot", "args": ["wound", 1, "b5"]},
    ],
    "blood-feud": [
        {"kind": "select", "args": [{"kind": "boss"}, 3]},
        {"kind": "step", "args": [10_000]},
        {"kind": "gift", "args": [1, 75]},
        {"kind": "offer", "args": ["money", 3]},
        {"kind": "buy", "args": ["tank"]},
    ],
    "scarface-1920": [
        {"kind": "order", "args": ["recruit", {"who": "boss"}]},
        {"kind": "gang", "args": [7]},
        {"kind": "upgrade", "args": ["hand", 3, 1, 1]},
        {"kind": "extort", "args": ["gangs", 0]},
    ],
}
EVERY_GAME = [
    None,
    [],
    "load",
    {"kind": 3},
    {"kind": "no-such-move", "args": []},
    {"args": []},
    {"kind": "keep", "args": {"a": 1}},
]


@pytest.mark.parametrize("name", GAMES)
def test_action_from_json_checks_kind_and_every_argument(name):
    game = famiglia.load(name)
    for data in EVERY_GAME + BROKEN_ACTIONS[name]:
        with pytest.raises(ValueError):
            game.action_from_json(data)


@pytest.mark.parametrize("name", GAMES)
def test_every_action_read_back_is_hashable_and_equal(name):
    for game, state in states_along_a_game(name, every=5):
        for seat in state.seats_to_act():
            for action in state.legal_actions(seat):
                back = game.action_from_json(json.loads(json.dumps(action.to_json())))
                assert back == action and hash(back) == hash(action)


# ----- every refusal names its rule ------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_every_refused_move_of_the_game_cites_a_clause(name):
    """Moves of the game (any in its catalogue) that are not legal now are refused with the
    clause of the rule, through apply and parse_action alike; the state does not change."""
    game = famiglia.load(name)
    catalogue = game.schema.catalogue()
    chooser = Rng(11)
    tried = 0
    for game, state in states_along_a_game(name, every=7):
        to_act = state.seats_to_act()
        if not to_act:
            continue
        seat = to_act[0]
        legal = state.legal_actions(seat)
        for _ in range(25):
            kind, args = catalogue[chooser.below(len(catalogue))]
            action = game.action_from_json({"kind": kind, "args": list(args)})
            if action in legal:
                continue
            err = refused(state, seat, action)
            assert err.clause, f"{name}: refusing {action} cites no rule: {err.reason}"
            assert err.reason
            named = game.action_for_text(normalize_text(str(action)))
            if named == action:  # a phrase shared by two moves names the first
                with pytest.raises(IllegalAction) as typed:
                    game.parse_action(state, seat, str(action))
                assert (typed.value.reason, typed.value.clause) == (err.reason, err.clause)
            tried += 1
        idle = [s for s in range(state.players) if s not in to_act]
        if idle:
            err = refused(state, idle[0], legal[0])
            assert f"not seat {idle[0]}'s move" in err.reason and err.clause, err.reason
    assert tried > 100
