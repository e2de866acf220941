"""What must hold in every position of Blood Feud in New York, checked by the conformance kit
after every move (tests/games/test_conformance.py)."""

from __future__ import annotations

from famiglia.games.blood_feud import allies
from famiglia.games.blood_feud import data as D
from famiglia.games.blood_feud.state import ABOARD, AT, KIND, OWNER


def pieces_and_money(s):
    """Money never negative; the box limits hold; one family per space at rest, or a host
    and his guests (BF-9.7) or a receiver and his giver (BF-9.12); personnel on water are
    aboard there; every living player has his Boss; the indexes of the pieces are right."""
    assert all(m >= 0 for m in s.money)
    for kind in ("thug", "henchman", "hitman", "limousine", "speedboat", "helicopter"):
        assert s.in_play(kind) <= D.POOL[kind], kind
    for kind, b in D.BUILDINGS.items():
        assert s.building.count(kind) <= b["pool"]
    for seat in range(s.players):
        assert (s.boss_of(seat) >= 0) == (s.alive[seat] and bool(s.home[seat]))
    assert all(s.owner[i] < 0 for i in range(D.N) if not D.IS_DISTRICT[i])  # only districts
    # The indexes of where the pieces are follow every change; riders are where their vehicle is.
    assert list(s.units) == sorted(s.units)

    def indexes():
        tally = {k: n for k, n in s.tally.items() if n}
        return (
            *(s.stack, s.mine, s.held, s.heads, s.parked, s.cars, s.lands),
            *(tally, s.riders, s.penthouses, s.built),
        )

    kept = tuple(map(list, indexes()[:7])) + (indexes()[7], dict(s.riders), s.penthouses)
    kept += (dict(s.built),)
    s.reindex()
    assert indexes() == kept
    for u in s.units.values():
        if u[ABOARD] >= 0:
            assert s.units[u[ABOARD]][AT] == u[AT]
    if not s.todo:
        holders = {}
        for u in s.units.values():
            if u[KIND] in D.RANK:
                first = holders.setdefault(u[AT], u[OWNER])
                assert u[OWNER] in allies.side(s, u[AT], first), D.NAMES[u[AT]]
                if D.IS_WATER[u[AT]]:  # nobody stands on water (BF-6.10)
                    assert u[ABOARD] >= 0 and s.units[u[ABOARD]][AT] == u[AT], D.NAMES[u[AT]]


def top_lists(s):
    """The top-of-phase lists carried across moves (selection.py) are those worked out afresh."""
    if not s.over and not s.todo and s.phase != "buy":
        assert s.legal_actions(s.turn) == s.clone().legal_actions(s.turn)


INVARIANTS = [pieces_and_money, top_lists]
