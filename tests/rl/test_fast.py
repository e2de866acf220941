"""The encoders' fast paths (famiglia.rl.fast): `encode_state(state, seat)` reads the state's
fields instead of a view; it must write the very vector of the view-based encoder, the
reference (docs/rl.md), and hide exactly what the view hides."""

from __future__ import annotations

import pytest

from famiglia import rl

from .tables import CASES, random_states
from .test_encoders import HIDDEN, _unordered


def _where(enc, a, b) -> str:
    """The segments where two vectors differ, for the failure message."""
    bad = [i for i in range(enc.size) if a[i] != b[i]]
    names = sorted({s.name for s in enc.segments for i in bad if s.start <= i < s.start + s.size})
    return f"{len(bad)} places differ, in {names}; first: {[(i, a[i], b[i]) for i in bad[:3]]}"


@pytest.mark.parametrize("config", CASES)
def test_the_fast_path_writes_the_views_vector(config):
    """Element for element, for every seat, on every position of three random games (a seat
    not to act sees the same as one that is: the vector does not depend on the turn)."""
    name, players, options = config
    enc = rl.encoder(name, players, **options)
    positions = 0
    for state in random_states(name, players, options, games=3, seed=40):
        for seat in range(players):
            fast, slow = enc.encode_state(state, seat), enc.encode(state.view(seat), seat)
            assert fast == slow, _where(enc, fast, slow)
        positions += 1
    assert positions > 3


@pytest.mark.parametrize("config", CASES)
def test_the_fast_path_hides_what_the_view_hides(config):
    """The leak test of test_encoders, on the fast path: redrawing what seat a cannot see
    leaves a's vector unchanged; b's vector moves whenever b's own view does."""
    name, players, options = config
    enc = rl.encoder(name, players, **options)
    changed = 0
    for k, state in enumerate(random_states(name, players, options, games=2, seed=7, every=4)):
        a = k % players
        sample = state.determinize(a, 2000 + k)
        assert enc.encode_state(sample, a) == enc.encode_state(state, a)
        for b in range(players):
            if b != a and _unordered(sample.view(b)) != _unordered(state.view(b)):
                assert enc.encode_state(sample, b) != enc.encode_state(state, b)
                changed += 1
    if players > 1 and name in HIDDEN:
        assert changed > 0, "no sample changed another seat's view: nothing was tested"


def test_without_a_fast_path_the_state_goes_through_its_view():
    """The base class's `write_state` (what a game without a fast path gets) builds the view
    and encodes it: the same vector."""
    import famiglia

    enc = rl.encoder("the-mob", 3)
    state = famiglia.load("the-mob").new(3, 5)
    fast = enc.encode_state(state, 1)
    del enc.write_state  # the fast path is bound per encoder: the base class's shows through
    assert enc.encode_state(state, 1) == enc.encode(state.view(1), 1) == fast
    assert any(fast)


@pytest.mark.parametrize("config", CASES)
def test_what_the_fast_path_keeps_between_calls_never_leaks_into_another_state(config):
    """A fast path may keep parts of its last vector (`enc.memo`) and the fields they came
    from; it must still write the reference vector whatever state comes next: positions of
    two games out of order, and clones of one position that went different ways."""
    import random

    name, players, options = config
    enc = rl.encoder(name, players, **options)
    states = [
        (state.clone(), seat)
        for seed in (11, 12)
        for k, state in enumerate(random_states(name, players, options, games=1, seed=seed))
        if k < 120
        for seat in {k % players, (k + 1) % players}
    ]
    rng = random.Random(5)
    branches = []
    for state, _seat in states[::17]:
        for _ in range(2):
            branch = state.clone()
            for _step in range(rng.randint(1, 6)):
                if branch.is_over():
                    break
                mover = branch.seats_to_act()[0]
                branch.apply(mover, rng.choice(branch.legal_actions(mover)))
            branches.append((branch, rng.randrange(players)))
    order = states + branches
    rng.shuffle(order)
    for state, seat in [*states, *order, *branches]:
        fast, slow = enc.encode_state(state, seat), enc.encode(state.view(seat), seat)
        assert fast == slow, _where(enc, fast, slow)


def test_blood_feud_pieces_that_change_hands_without_moving_are_counted_again():
    """Blood Feud's fast path recounts only the spaces whose pieces changed; a piece handed
    to another family stays where it is (a handover, BF-9.10), so it must be seen all the same."""
    import famiglia

    enc = rl.encoder("blood-feud", 3)
    state = famiglia.load("blood-feud").new(3, 4)
    while state.phase == "setup":  # each seat chooses its starting point (BF-1.2)
        state.apply(state.turn, state.legal_actions(state.turn)[0])
    uid = state.mine[0][0]
    given = state.clone()
    given.give_unit(uid, 1)
    for s in (state, given, state):
        assert enc.encode_state(s, 0) == enc.encode(s.view(0), 0)
    assert enc.encode_state(given, 0) != enc.encode_state(state, 0)
