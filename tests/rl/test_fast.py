"""The encoders' fast paths (famiglia.rl.fast): `encode_state(state, seat)` reads the state's
fields instead of a view; it must write the very vector of the view-based encoder, the
reference (docs/rl.md), and hide exactly what the view hides."""

from __future__ import annotations

import pytest

from famiglia import rl

from .tables import CONFIGS, IDS, random_states
from .test_encoders import HIDDEN, _unordered


def _where(enc, a, b) -> str:
    """The segments where two vectors differ, for the failure message."""
    bad = [i for i in range(enc.size) if a[i] != b[i]]
    names = sorted({s.name for s in enc.segments for i in bad if s.start <= i < s.start + s.size})
    return f"{len(bad)} places differ, in {names}; first: {[(i, a[i], b[i]) for i in bad[:3]]}"


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
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


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
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
