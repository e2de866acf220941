"""Observation encoders (docs/rl.md): a seat's view as a fixed-length float32 vector."""

from __future__ import annotations

from pathlib import Path

import pytest

import famiglia
from famiglia import rl
from famiglia.rl.describe import layout_table, shown_players

from .tables import CASES, GAMES, random_states

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
HIDDEN = {"the-mob", "unfinished-business", "cash-n-guns", "scarface-1920"}  # not Blood Feud


@pytest.mark.parametrize("config", CASES)
def test_vectors_have_one_length_and_stay_in_the_unit_interval(config):
    name, players, options = config
    enc = rl.encoder(name, players, **options)
    assert enc.size == sum(s.size for s in enc.segments)
    starts = [s.start for s in enc.segments]
    assert starts == sorted(starts) and starts[0] == 0
    for state in random_states(name, players, options, games=2, every=3):
        for seat in range(players):
            x = enc.encode(state.view(seat), seat)
            assert x.typecode == "f" and len(x) == enc.size
            assert all(0.0 <= v <= 1.0 for v in x), (min(x), max(x))


@pytest.mark.parametrize("config", CASES)
def test_the_vector_hides_what_the_view_hides(config):
    """Redrawing everything seat a cannot see (determinize) leaves a's vector unchanged; seat
    b's vector changes whenever b's own view does (order of a list aside: a hand is a set of
    cards), so no private card b sees is dropped."""
    name, players, options = config
    enc = rl.encoder(name, players, **options)
    changed = 0
    for k, state in enumerate(random_states(name, players, options, games=2, every=5)):
        a = k % players
        sample = state.determinize(a, 1000 + k)
        assert enc.encode(sample.view(a), a) == enc.encode(state.view(a), a)
        for b in range(players):
            if b != a and _unordered(sample.view(b)) != _unordered(state.view(b)):
                assert enc.encode(sample.view(b), b) != enc.encode(state.view(b), b)
                changed += 1
    if players == 1:  # one seat against the game's own opponent: no other seat to compare
        assert changed == 0
    elif name in HIDDEN:
        assert changed > 0, "no sample changed another seat's view: nothing was tested"
    else:
        assert changed == 0  # Blood Feud hides nothing


def _unordered(value):
    """A view with every list sorted: what is where, not in which order."""
    if isinstance(value, dict):
        return {k: _unordered(v) for k, v in value.items()}
    if isinstance(value, list):
        return sorted((_unordered(v) for v in value), key=repr)
    return value


def test_my_own_cards_are_where_the_layout_says():
    """The Mob: `hand` holds each card type of my hand, as copies held / copies in the deck;
    `me` says whose vector it is."""
    from famiglia.games.the_mob import data as D

    enc = rl.encoder("the-mob", 4)
    state = famiglia.load("the-mob").new(4, 7)
    view = state.view(2)
    x = enc.encode(view, 2)
    seg = enc.segment("hand")
    deck = D.deck(4)
    expected = [0.0] * seg.size
    for name in view["hand"]:
        card = D.CARD_NAMES.index(name)
        expected[card] += 1 / deck.count(card)
    assert list(x[seg.start : seg.start + seg.size]) == pytest.approx(expected)
    assert sum(expected) > 0
    me = enc.segment("me")
    assert list(x[me.start : me.start + me.size]) == [0, 0, 1, 0]


def test_blood_feud_knows_whose_vector_it_is():
    """Blood Feud's view is the same for every seat; the vector still says whose it is."""
    enc = rl.encoder("blood-feud", 3)
    state = famiglia.load("blood-feud").new(3, 1)
    assert state.view(0) == state.view(1)
    assert enc.encode(state.view(0), 0) != enc.encode(state.view(1), 1)


@pytest.mark.parametrize("name", GAMES)
def test_the_layout_is_the_documented_one(name):
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"(`{name}`)", 1)[1].split("\n### ", 1)[0]
    size = rl.encoder(name, shown_players(name)).size
    assert f"Observation with {shown_players(name)} players: {size} floats." in section
    for row in layout_table(name)[2:]:
        assert row in section, f"docs/rl.md lacks or differs on: {row}"


def test_bad_player_counts_and_options_are_refused():
    with pytest.raises(ValueError, match="3 to 6 players"):
        rl.encoder("the-mob", 7)
    with pytest.raises(ValueError, match="unknown option"):
        rl.encoder("the-mob", 4, colour="red")
    with pytest.raises(ValueError, match="team play takes"):
        rl.encoder("cash-n-guns", 5, teams=True)


def test_the_dictators_question_says_whether_the_share_carries_the_bomb():
    """Cash 'n Guns (CNG-8.8, CNG-11.5): the share the Dictator is asked about, and its bomb."""
    enc = rl.encoder("cash-n-guns", 4)
    view = famiglia.load("cash-n-guns").new(4, 0).view(1)
    seg = enc.segment("reaching_for")
    from famiglia.games.cash_n_guns.encoder import SHARES

    for bomb in (False, True):
        asked = dict(view, phase="dictator", reaching_for="b10", reaching_for_the_bomb=bomb)
        x = enc.encode(asked, 1)[seg.start : seg.start + seg.size]
        assert x[SHARES.index("b10")] == 1.0 and sum(x[: len(SHARES)]) == 1.0
        assert x[len(SHARES)] == float(bomb)
