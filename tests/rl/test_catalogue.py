"""Action catalogues (docs/rl.md): every action a game can offer has one fixed index."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import famiglia
from famiglia import rl
from famiglia.core import Action
from famiglia.rl.catalogue import Catalogue, NotInCatalogue
from famiglia.rl.describe import catalogue_table

from .tables import CASES, GAMES, random_states, short

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("name", GAMES)
def test_each_index_names_one_action_and_back(name):
    cat = rl.catalogue(name)
    assert len(cat) > 0
    keys = {(a.kind, a.args) for a in cat}
    assert len(keys) == len(cat), "an action listed twice"
    for i, action in enumerate(cat):
        assert cat[i] is action
        assert cat.index(action) == i


@pytest.mark.parametrize("name", GAMES)
def test_entries_are_the_games_own_moves(name):
    """Each entry reads as the game phrases it and survives the game's JSON round trip; a loose
    entry (a price the board sets) is a move of the game once a price is put in."""
    game = famiglia.load(name)
    cat = rl.catalogue(name)
    for action in cat:
        if action.kind in cat.loose:
            sample = tuple(0 if a is None else a for a in action.args)
            assert game.describe_action(action.kind, sample)
            continue
        assert game.action_from_json(action.to_json()) == action


@pytest.mark.parametrize("name", GAMES)
def test_the_order_is_the_documented_one(name):
    """docs/rl.md shows each catalogue's blocks; the code must number actions the same way, so
    that index i keeps meaning the same move (a change here must be a deliberate one)."""
    text = DOC.read_text(encoding="utf-8")
    section = text.split(f"(`{name}`)", 1)[1].split("\n### ", 1)[0]
    for row in catalogue_table(name)[2:]:
        assert row in section, f"docs/rl.md lacks or differs on: {row}"
    rebuilt = Catalogue(
        famiglia.load(name), famiglia.load(name).encoder.entries(), rl.catalogue(name).loose
    )
    assert [(a.kind, a.args) for a in rebuilt] == [(a.kind, a.args) for a in rl.catalogue(name)]


def _check_legal_actions_have_indices(name, players, options, games, seed=0):
    cat = rl.catalogue(name)
    for state in random_states(name, players, options, games, seed):
        for seat in state.seats_to_act():
            legal = state.legal_actions(seat)
            indices = cat.indices(legal)  # NotInCatalogue names the action if one is missing
            assert len(set(indices)) == len(indices), f"two legal actions share an index: {legal}"
            for i, action in zip(indices, legal, strict=True):
                assert cat.resolve(i, legal) is action


@pytest.mark.parametrize("config", CASES)
def test_every_legal_action_met_has_an_index(config):
    name, players, options = config
    _check_legal_actions_have_indices(name, players, options, games=3)


SOAK = {  # 1,000 random games per game, over its player counts and options
    "the-mob": [(n, {}) for n in (3, 4, 5, 6)] + [(4, {"strict_stakes": True})],
    "unfinished-business": [(n, {}) for n in range(2, 7)],
    "cash-n-guns": [(n, {}) for n in range(4, 9)]
    + [(n, {"teams": True, "mercenaries": True, "surprises": True}) for n in (4, 6, 7, 8, 9)],
    # A full game of Blood Feud runs to thousands of decisions: 10 rounds a game here.
    "blood-feud": [(n, {"max_rounds": 10}) for n in range(2, 7)]
    + [(4, {"max_rounds": 10, "take_manhattan": True})],
    "scarface-1920": [(n, {}) for n in (2, 3, 4)]
    + [(1, {"solo": True}), (1, {"solo": True, "tequila": True}), (3, {"tequila": True})],
}


def _soak_runs():
    """(game, players, options, games, seed): 1,000 games per game, shared by its setups."""
    runs = []
    for name, setups in SOAK.items():
        per = -(-1000 // len(setups))
        runs += [(name, n, options, per, 10_000 * k) for k, (n, options) in enumerate(setups)]
    return runs


@pytest.mark.soak
@pytest.mark.parametrize("run", _soak_runs(), ids=[f"{r[0]}-{r[1]}p-{r[4]}" for r in _soak_runs()])
def test_soak_every_legal_action_in_1000_games_has_an_index(run):
    name, players, options, games, seed = run
    _check_legal_actions_have_indices(name, players, options, games=games, seed=seed)


def test_an_action_the_game_never_offers_is_refused_with_its_name():
    cat = rl.catalogue("the-mob")
    bogus = Action("fly", (3,), "fly to the moon")
    with pytest.raises(NotInCatalogue, match=r"'fly to the moon' \(fly \[3\]\).*the-mob") as err:
        cat.index(bogus)
    assert "famiglia/games/the_mob/encoder.py" in str(err.value)  # where to extend it
    assert bogus not in cat
    assert isinstance(err.value, ValueError)


def test_a_loose_argument_is_the_price_of_the_one_move_of_its_kind():
    """Blood Feud's premium is whatever the district costs: one index for any price."""
    cat = rl.catalogue("blood-feud")
    game = famiglia.load("blood-feud")
    cheap = game.action_from_json({"kind": "premium", "args": [100]})
    dear = game.action_from_json({"kind": "premium", "args": [700]})
    i = cat.index(cheap)
    assert cat.index(dear) == i and cat[i].args == (None,)
    assert "premium" in str(cat[i])
    assert cat.resolve(i, [dear]) is dear
    assert cat.resolve(i, []) is None
    step = game.action_from_json({"kind": "step-premium", "args": [3, 200]})
    assert cat[cat.index(step)].args == (3, None)


def test_seats_range_over_the_most_players_so_indices_do_not_depend_on_the_count():
    cat = rl.catalogue("cash-n-guns")
    game = famiglia.load("cash-n-guns")
    aim_8 = game.action_from_json({"kind": "aim", "args": [8]})
    assert cat[cat.index(aim_8)] == aim_8
    assert rl.catalogue(famiglia.load("cash-n-guns")) is cat  # built once


def test_catalogue_sizes_grow_with_the_data():
    """A sanity check of the sizes against the games' content (docs/rl.md lists them)."""
    sizes = {name: len(rl.catalogue(name)) for name in GAMES}
    # The Mob: 25 card types are returned, played or laid down unused: 75 moves at least.
    assert sizes["the-mob"] >= 3 * 25
    text = DOC.read_text(encoding="utf-8")
    for name, size in sizes.items():
        assert re.search(rf"\(`{re.escape(name)}`\)\s+Catalogue: {size} actions", text)


@pytest.mark.parametrize("name", GAMES)
def test_numbered_marks_each_legal_action_at_its_index(name):
    """The adapters' mask: a 1 at the index of each legal action and nowhere else, in a mask
    of the size asked for (the parallel env's is one longer, for its wait)."""
    cat = rl.catalogue(name)
    players = famiglia.load(name).min_players
    for state in random_states(name, players, short(name, players), games=2, every=7):
        if state.is_over():
            continue
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        by_index, mask = cat.numbered(legal, len(cat) + 1)
        assert len(mask) == len(cat) + 1
        assert sorted(by_index) == sorted(cat.index(a) for a in legal)
        assert [i for i, bit in enumerate(mask) if bit] == sorted(by_index)
        assert all(by_index[cat.index(a)] is a for a in legal)


def test_numbered_refuses_two_legal_actions_of_one_index():
    cat = rl.catalogue("the-mob")
    action = cat[3]
    twin = Action(action.kind, action.args, action.text)  # equal, but another object
    with pytest.raises(RuntimeError, match="share index 3"):
        cat.numbered([action, twin], len(cat))
