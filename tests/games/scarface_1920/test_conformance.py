"""The conformance kit for every player count, plus invariants: pieces conserved, nothing
negative."""

import pytest

from famiglia.core.testing import check_game, check_saved_states

from .helpers import GAME


def conserved(st):
    for s in range(st.players):
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


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance(players):
    """SF-1.1: 2-4 players pass the kit."""
    check_game(GAME, players, {}, games=1, seed=players, invariants=[conserved], deep_every=11)


def test_cap_ends_game():
    """SF-1.1: max_turns stops the game; the result says capped."""
    records = check_game(GAME, 3, {"max_turns": 12}, games=2, invariants=[conserved])
    assert all(r["result"]["capped"] for r in records)


def test_bad_options_and_counts():
    """SF-1.1: 5 players and bad options are refused naming what is allowed."""
    with pytest.raises(ValueError, match="2 to 4"):
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
