"""What must hold in every position of Scarface 1920, checked by the conformance kit after
every move (tests/games/test_conformance.py): pieces conserved, nothing negative."""

from __future__ import annotations


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


INVARIANTS = [conserved]
