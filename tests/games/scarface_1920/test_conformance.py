"""The conformance kit for every player count, plus invariants: pieces conserved, nothing
negative."""

import pytest

from famiglia.core.testing import check_game, check_saved_states

from .helpers import GAME


def conserved(st):
    for s in range(st.gangs):  # the solo gang's pieces too
        if st.gang[s] < 0 or st.phase == "setup":
            continue
        thugs = (st.slums[s] + st.hq[s] + sum(st.dist[s]) + st.underworld[s] + st.authorities[s]
                 + st.prison[s] + st.hospital[s] + st.job_thugs[s] + sum(st.deal_thugs[s]))  # fmt: skip
        assert thugs == 12, f"seat {s} has {thugs} thugs"
        for field in ("money", "alcohol", "guns", "votes", "bullets"):
            assert getattr(st, field)[s] >= 0
        assert 1 <= st.crime[s] <= 11
        assert len(st.street_gangs[s]) <= st.hand_size[s] or st.pending
    assert len(st.sg_deck) + sum(len(x) for x in st.street_gangs) == 55
    assert len(st.police) == 3
    held = [e for e in st.enforcer if e >= 0]
    assert len(held) == len(set(held)) and not set(held) & set(st.enforcers)
    assert st.tokens >= 0 and all(t in (0, 1) for t in st.targets)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players):
    """SF-1.1: 2-4 players pass the kit."""
    check_game(GAME, players, {}, games=1, seed=players, invariants=[conserved], deep_every=11)


MODES = [
    (1, {"solo": True}),
    (1, {"solo": True, "tequila": True}),
    (2, {"tequila": True}),
    (4, {"tequila": True}),
]


@pytest.mark.parametrize("players,options", MODES)
def test_conformance_solo_and_tequila(players, options):
    """SF-S.1 SF-T.1 SF-T.10: the Solo Mode, Tequila and both pass the kit."""
    check_game(GAME, players, options, games=2, seed=7, invariants=[conserved], deep_every=11)


@pytest.mark.soak
@pytest.mark.parametrize("players,options", MODES)
def test_conformance_solo_and_tequila_soak(players, options):
    check_game(GAME, players, options, games=10, seed=200, invariants=[conserved])


def test_cap_ends_game():
    """SF-1.1: max_turns stops the game; the result says capped."""
    records = check_game(GAME, 3, {"max_turns": 12}, games=2, invariants=[conserved])
    assert all(r["result"]["capped"] for r in records)


def test_bad_options_and_counts():
    """SF-1.1: 5 players and bad options are refused naming what is allowed."""
    with pytest.raises(ValueError, match="1 to 4"):
        GAME.new(5)
    with pytest.raises(ValueError, match="allowed"):
        GAME.new(2, max_turns=0)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_soak(players):
    check_game(GAME, players, {}, games=10, seed=100, invariants=[conserved])


def test_bots_play_through_the_arena():
    """SF-1.1: the arena's random bots play a whole game and its record replays."""
    from famiglia.arena.simulate import play_game
    from famiglia.core.record import replay

    state, record = play_game(GAME, 2, 5, ["random", "random"], {"max_turns": 60})
    assert state.is_over() and replay(record).result() == state.result()


# Saved states to damage: short games of each kind, sampled along the way and at the end.
SAVED_FROM = [(2, {"max_turns": 40}), (3, {"max_turns": 40}), (4, {"max_turns": 40})]


def test_broken_saved_states_are_refused_or_play_on():
    """Issue 12: 300 damaged saved states, each refused with ValueError or played on for 100
    random moves without any other exception (core/testing.py, check_saved_states)."""
    report = check_saved_states(GAME, SAVED_FROM, mutations=300)
    assert report.tried == 300 and report.refused and report.played


@pytest.mark.soak
def test_broken_saved_states_are_refused_or_play_on_soak():
    report = check_saved_states(GAME, SAVED_FROM, mutations=10_000, seed=15)
    assert report.refused and report.played
