"""The conformance kit for every player count and option set (short games by default)."""

from __future__ import annotations

import pytest

from famiglia.core.testing import check_game, check_saved_states
from famiglia.games.blood_feud import allies
from famiglia.games.blood_feud import board as B

from .helpers import GAME, new


def invariants(s):
    """Money never negative; the box limits hold; one family per space at rest, or a host
    and his guests (BF-9.7) or a receiver and his giver (BF-9.12); personnel on water are
    aboard there; every living player has his Boss; the indexes of the pieces are right."""
    assert all(m >= 0 for m in s.money)
    for kind in ("thug", "henchman", "hitman", "limousine", "speedboat", "helicopter"):
        assert s.in_play(kind) <= B.POOL[kind], kind
    for kind, b in B.BUILDINGS.items():
        assert s.buildings_in_play(kind) <= b["pool"]
    for seat in range(s.players):
        assert (s.boss_of(seat) >= 0) == (s.alive[seat] and bool(s.home[seat]))
    assert all(s.owner[i] < 0 for i in range(B.N) if not B.IS_DISTRICT[i])  # only districts
    # The indexes of where the pieces are follow every change; riders are where their vehicle is.
    assert list(s.units) == sorted(s.units)

    def indexes():
        tally = {k: n for k, n in s.tally.items() if n}
        return s.stack, s.mine, s.held, s.heads, s.parked, s.cars, tally, s.riders

    kept = tuple(map(list, indexes()[:6])) + (indexes()[6], dict(s.riders))
    s.reindex()
    assert indexes() == kept
    for u in s.units.values():
        if u[5] >= 0:
            assert s.units[u[5]][2] == u[2]
    if not s.todo:
        holders = {}
        for u in s.units.values():
            if u[1] in B.RANK:
                first = holders.setdefault(u[2], u[0])
                assert u[0] in allies.side(s, u[2], first), B.NAMES[u[2]]
                if B.IS_WATER[u[2]]:  # nobody stands on water (BF-6.10)
                    assert u[5] >= 0 and s.units[u[5]][2] == u[2], B.NAMES[u[2]]


def top_lists(s):
    """The top-of-phase lists carried across moves (top.py) are those worked out afresh."""
    if not s.over and not s.todo and s.phase != "buy":
        assert s.legal_actions(s.turn) == s.clone().legal_actions(s.turn)


OPTION_SETS = [(p, tm) for p in range(2, 7) for tm in (False, True) if not (tm and p == 6)]


@pytest.mark.parametrize("players, take_manhattan", OPTION_SETS)
def test_conformance(players, take_manhattan):
    """BF-2.1, BF-10.2: random games end (capped), pass the kit, results rank by income."""
    records = check_game(
        GAME,
        players,
        {"max_rounds": 2, "take_manhattan": take_manhattan},
        games=1,
        invariants=[invariants, top_lists],
    )
    assert records[0]["result"]["capped"] in (True, False)


def test_capped_result_ranks_by_last_income():
    """BF-10.2: the cap ends the game and ranks the living by their last income."""
    s = new(2, max_rounds=1)
    while not s.is_over():
        seat = s.seats_to_act()[0]
        end = [a for a in s.legal_actions(seat) if a.kind.startswith("end")]
        s.apply(seat, end[0])
    r = s.result()
    assert r.capped and s.round == 2
    assert r.scores == tuple(s.income)
    assert r.winners == tuple(i for i in range(2) if s.income[i] == max(s.income))


@pytest.mark.soak
@pytest.mark.parametrize("players, take_manhattan", OPTION_SETS)
def test_conformance_long(players, take_manhattan):
    check_game(
        GAME,
        players,
        {"max_rounds": 60, "take_manhattan": take_manhattan},
        games=3,
        invariants=[invariants, top_lists],
        max_moves=500_000,
    )


# Saved states to damage: short games of each kind, sampled along the way and at the end.
SAVED_FROM = [
    (2, {"max_rounds": 2}),
    (4, {"max_rounds": 2, "take_manhattan": True}),
    (6, {"max_rounds": 2}),
]


def test_broken_saved_states_are_refused_or_play_on():
    """Issue 12: 300 damaged saved states, each refused with ValueError or played on for 100
    random moves without any other exception (core/testing.py, check_saved_states)."""
    report = check_saved_states(GAME, SAVED_FROM, mutations=300)
    assert report.tried == 300 and report.refused and report.played


@pytest.mark.soak
def test_broken_saved_states_are_refused_or_play_on_soak():
    report = check_saved_states(GAME, SAVED_FROM, mutations=10_000, seed=14)
    assert report.refused and report.played
