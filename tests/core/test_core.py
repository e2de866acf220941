"""The core contract itself, and the conformance kit catching broken games."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import famiglia
from famiglia.core import Action, IllegalAction, Option, Result, Rng, ScriptedRng
from famiglia.core.testing import ConformanceError, check_game

from . import toy


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(famiglia.REGISTRY, "toy", "tests.core.toy")


def test_load_and_games():
    assert famiglia.games()[0] == "the-mob"
    assert famiglia.load("the-mob").name == "the-mob"
    with pytest.raises(ValueError, match="unknown game 'x'; games: the-mob"):
        famiglia.load("x")
    assert famiglia.IllegalAction is IllegalAction


def test_rng_is_deterministic_and_copyable():
    a, b = Rng(7), Rng(7)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    c = a.copy()
    assert a.next64() == c.next64()
    assert Rng.from_json(json.loads(json.dumps(a.to_json()))).next64() == a.copy().next64()
    rolls = [Rng(1).die(10) for _ in range(1)] + [a.die(10) for _ in range(500)]
    assert min(rolls) == 1 and max(rolls) == 10
    items = list(range(10))
    Rng(3).shuffle(items)
    assert sorted(items) == list(range(10)) and items != list(range(10))


def test_shuffle_is_fisher_yates_with_below_at_every_length():
    """A deck of any length is dealt by the draws below(i + 1), i from the top down (saved
    games and golden digests depend on it), whichever way shuffle computes them."""
    for n in (0, 1, 2, 47, 48, 49, 130):
        for seed in (0, 5, 2**64 - 1):
            dealt, expected, draws = list(range(n)), list(range(n)), Rng(seed)
            for i in range(n - 1, 0, -1):
                j = draws.below(i + 1)
                expected[i], expected[j] = expected[j], expected[i]
            rng = Rng(seed)
            rng.shuffle(dealt)
            assert dealt == expected and rng.state == draws.state, (n, seed)


def test_quick_shuffle_is_a_fair_repeatable_permutation():
    items = list(range(41))
    a, b = list(items), list(items)
    Rng(9).quick_shuffle(a)
    Rng(9).quick_shuffle(b)
    assert a == b and sorted(a) == items and a != items
    counts = Counter()
    for seed in range(6000):
        three = [0, 1, 2]
        Rng(seed).quick_shuffle(three)
        counts[tuple(three)] += 1
    assert len(counts) == 6  # every order of three items turns up, each about equally often
    assert all(800 < n < 1200 for n in counts.values()), counts


def test_scripted_rng_gives_the_scripted_dice():
    rng = ScriptedRng([3, 10, 1])
    assert [rng.die(10), rng.die(10), rng.die(10)] == [3, 10, 1]
    assert 1 <= rng.die(10) <= 10  # then falls back to its seed
    with pytest.raises(ValueError, match="outside 1..6"):
        ScriptedRng([7]).die(6)


def test_action_round_trip_and_text():
    action = Action("place", (3, (1, 2)), "place Don on Casino 1")
    assert str(action) == "place Don on Casino 1"
    data = json.loads(json.dumps(action.to_json()))
    assert Action.parts_from_json(data) == ("place", (3, (1, 2)))
    assert hash(action) == hash(Action("place", (3, (1, 2)), "place Don on Casino 1"))
    with pytest.raises(ValueError, match="'kind'"):
        Action.parts_from_json({"args": []})


def test_result_ranks_with_ties():
    result = Result.from_keys([5, 9, 9, 1], [(5,), (9,), (9,), (1,)])
    assert result.winners == (1, 2)
    assert result.ranking == (3, 1, 1, 4)


def test_options_are_checked():
    opt = Option(40, range(1, 101))
    assert opt.coerce("max_years", "12") == 12
    with pytest.raises(ValueError, match="allowed values: 1..100"):
        opt.coerce("max_years", 0)
    flag = Option(False, (False, True))
    assert flag.coerce("strict", "yes") is True
    with pytest.raises(ValueError, match="allowed values: False, True"):
        flag.coerce("strict", "maybe")
    assert opt.coerce("max_years", " 12 ") == 12  # typed at a prompt: spaces are nothing
    for odd in ("1_2", "١٢", "12.0"):  # Python's int() would read the first two
        with pytest.raises(ValueError, match="not allowed"):
            opt.coerce("max_years", odd)


def test_options_from_json_are_of_their_type():
    """JSON has true and 12: from it, the text "yes" or "12" is refused, not read as them."""
    opt, flag = Option(40, range(1, 101)), Option(False, (False, True))
    assert opt.coerce("max_years", 12, typed=True) == 12
    assert flag.coerce("strict", True, typed=True) is True
    for option, text in ((opt, "12"), (flag, "yes"), (flag, "1")):
        with pytest.raises(ValueError, match="not allowed"):
            option.coerce("x", text, typed=True)


def test_illegal_action_leaves_state_unchanged():
    state = toy.GAME.new(3, seed=1)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not seat 2's move"):
        state.apply(2, Action("add", (), "add my card"))
    with pytest.raises(IllegalAction, match="not a legal move"):
        state.apply(0, Action("fly", (), "fly away"))
    assert state.to_json() == before


def test_kit_passes_a_correct_game():
    records = check_game(toy.GAME, 3, games=4)
    assert len(records) == 4 and all(r["result"] for r in records)


def test_kit_checks_results_of_one_seat_games():
    """A one-seat game may end with no winner among the seats (its own opponent won), and only
    then: winners are exactly the seats placed 1. With several seats an opponent without a
    seat may win while the seats keep their own places (Scarface's Tequila, SF-T.4); winners
    named are still exactly the seats placed 1."""
    from famiglia.core.testing import _check_result

    class Over:
        def __init__(self, result):
            self._result = result

        def result(self):
            return self._result

    _check_result(Over(Result((7,), (), (2,))), 1, "lost")
    _check_result(Over(Result((7,), (0,), (1,))), 1, "won")
    with pytest.raises(ConformanceError, match="ranked 1"):
        _check_result(Over(Result((7,), (), (1,))), 1, "placed 1 but no winner")
    with pytest.raises(ConformanceError, match="place"):
        _check_result(Over(Result((7,), (), (0,))), 1, "place 0")
    _check_result(Over(Result((5, 9, 1), (), (2, 1, 3))), 3, "Tequila won")
    with pytest.raises(ConformanceError, match="ranked 1"):
        _check_result(Over(Result((5, 9, 1), (0,), (2, 1, 3))), 3, "a winner placed 2")


class LeakyClone(toy.ToyState):
    def clone(self):
        c = super().clone()
        c.hands = self.hands  # shared with the original: a bug
        return c


class PeekingView(toy.ToyState):
    def view(self, seat):
        v = super().view(seat)
        v["all_hands"] = list(self.hands)  # shows everyone's card: a bug
        return v


class TrustingApply(toy.ToyState):
    def check_turn(self, seat):
        if seat not in self.seats_to_act():  # 1.0 == 1: a float seat gets through, a bug
            super().check_turn(seat)


@pytest.mark.parametrize(
    "broken,complaint",
    [
        (LeakyClone, "clone"),
        (PeekingView, "determinize"),
        (TrustingApply, "a move for seat"),
    ],
)
def test_kit_catches_broken_games(monkeypatch, broken, complaint):
    game = toy.ToyGame(name="toy", title="Toy", min_players=2, max_players=4)
    monkeypatch.setattr(
        game, "_new", lambda players, seed, options: _as(broken, toy.ToyState(players, Rng(seed)))
    )
    monkeypatch.setattr(game, "_from_json", lambda data: _as(broken, toy.GAME._from_json(data)))
    with pytest.raises(ConformanceError, match=complaint):
        check_game(game, 3, games=3, deep_every=1)


def _as(cls, state):
    state.__class__ = cls
    return state


def test_a_bots_sample_does_not_carry_other_seats_private_lines():
    from famiglia.agents import info_for

    state = toy.GAME.new(3, seed=2)
    state.say("seat 1 looks at its card", (1,))
    state.say("seat 0 and seat 1 share a secret", (0, 1))
    state.say("everyone sees this")
    sample = info_for(state, 0).sample(Rng(5))
    assert sample.events(0) == state.events(0)
    assert "seat 1 looks at its card" in state.events(1)
    assert sample.events(1) == ["seat 0 and seat 1 share a secret", "everyone sees this"]
    sample.say("a later line for seat 1", (1,))  # lines after the sample are kept
    assert sample.events(1)[-1] == "a later line for seat 1"
    assert "seat 1 looks at its card" not in json.dumps(sample.to_json())
    assert "seat 1 looks at its card" in state.events(1)  # the true state is untouched


def test_action_book_builds_each_action_once():
    from famiglia.core import ActionBook

    calls = []

    def describe(kind, args):
        calls.append((kind, args))
        return f"{kind} {args}"

    book = ActionBook(describe)
    first = book.act("place", 1, 2)
    assert book.act("place", 1, 2) is first and str(first) == "place (1, 2)"
    assert book.act("place", 2, 1) != first
    assert calls == [("place", (1, 2)), ("place", (2, 1))]


@pytest.mark.parametrize("name", famiglia.games())
def test_after_is_a_copy_with_the_move_played(name):
    """State.after (the bots' look-ahead) gives what clone() then apply() gives, leaves the state
    as it was, and still refuses a move the position does not offer."""
    game = famiglia.load(name)
    rng = Rng(5)
    state = game.new(max(game.min_players, 3), 5)
    elsewhere = None
    for _ in range(40):
        if state.is_over():
            break
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        before = json.dumps(state.to_json(), sort_keys=True)
        for action in legal:
            expected = state.clone()
            expected.apply(seat, action)
            got = state.after(seat, action)
            assert got.to_json() == expected.to_json()
            assert got.legal_actions(seat) == expected.legal_actions(seat)
        assert json.dumps(state.to_json(), sort_keys=True) == before
        foreign = [a for a in elsewhere or [] if a not in legal]
        if foreign:
            with pytest.raises(IllegalAction):
                state.after(seat, foreign[0])
        elsewhere = legal
        state.apply(seat, legal[rng.below(len(legal))])
