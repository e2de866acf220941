"""Jobs: activate one by putting a thug (or the Angry Boss) from Headquarters on it; fulfil it when its
requirements are met (the Extortion may waive one requirement per Job)."""

from __future__ import annotations

from .. import data as D
from ..actions import act
from . import board as B
from . import known as K
from .effects import card_ops, schedule


def unmet(st, s, jid) -> list:
    """The requirements of Job `jid` that s does not meet now."""
    return [
        need for need, met in zip(D.JOBS[jid]["needs"], MET[jid], strict=True) if not met(st, s)
    ]


def _met(kind, what, n):
    """The check of one requirement, made once: (st, s) -> whether s meets it now."""
    if kind == "thugs":  # B.figures_in written out: the thugs, the Angry Boss, an Enforcer
        tag = B.DISTRICT_TAGS[what]
        return lambda st, s: (
            st.dist[s][what] + (st.boss_loc[s] == tag) + (st.enf_loc[s] == what) >= n
        )
    if kind == "deliver" and what == "alcohol":
        return lambda st, s: st.alcohol[s] >= n
    if kind == "deliver":
        return lambda st, s: st.guns[s] >= n
    if kind == "control":
        return lambda st, s: st.control.count(s) >= what
    if kind == "crime_max":
        return lambda st, s: st.crime[s] <= what
    return lambda st, s: st.crime[s] >= what


def legal(st, s, out=None) -> list:
    """Activating and fulfilling the Jobs held (SF-7), added to `out` if given (the Action
    turn's list), which is returned."""
    if out is None:
        out = []
    held, active = st.jobs[s], st.active_jobs[s]
    if held:
        order = sorted(held) if len(held) > 1 else held
        if st.hq[s]:
            for jid in order:
                out.append(ACTIVATE[jid])
        if st.boss_loc[s] == "hq":  # the Angry Boss counts as a thug (SF-7.1)
            for jid in order:
                out.append(ACTIVATE_BOSS[jid])
    if active:
        waived = st.ignore_tokens > 0  # an Extortion may waive one requirement per Job
        ready = []  # (Job, whether a requirement is waived) of those that may be fulfilled
        for jid in active:
            thugs_there, other = MET[jid]  # (every Job: thugs in a district, then one more)
            thugs = thugs_there(st, s)
            if not (thugs or waived):
                continue  # (most active Jobs: their thugs are not there yet)
            if other(st, s):
                ready.append((jid, not thugs))
            elif thugs and waived:
                ready.append((jid, True))
        if ready:  # offered in the order of the Jobs' numbers (few are: sorted only then)
            for jid, ignoring in sorted(ready) if len(ready) > 1 else ready:
                out.append(FULFIL_IGNORING[jid] if ignoring else FULFIL[jid])
    return out


# Each Job's requirements as checks (st, s) -> bool, in the order of its "needs".
MET = tuple(
    tuple(
        _met(
            need[0],
            D.D_INDEX[need[1]] if need[0] == "thugs" else need[1],
            need[2] if len(need) > 2 else 0,
        )
        for need in job["needs"]
    )
    for job in D.JOBS
)

if any(len(job["needs"]) != 2 or job["needs"][0][0] != "thugs" for job in D.JOBS):
    raise ValueError("jobs.legal reads a Job as thugs in a district, then one requirement")

ACTIVATE = tuple(act("activate", jid) for jid in range(len(D.JOBS)))
ACTIVATE_BOSS = tuple(act("activate_boss", jid) for jid in range(len(D.JOBS)))
FULFIL = tuple(act("fulfil", jid, 0) for jid in range(len(D.JOBS)))
FULFIL_IGNORING = tuple(act("fulfil", jid, 1) for jid in range(len(D.JOBS)))


def activate(st, s, a) -> None:
    _activate(st, s, a[0])
    st.hq[s] -= 1
    st.job_thugs[s] += 1
    st.say(f"{B.name(st, s)} puts a thug on job {D.JOBS[a[0]]['name']}")


def activate_boss(st, s, a) -> None:
    """SF-7.1: the Angry Boss is a thug for all purposes but his two powers; he stays on the
    Job until the Reorganization, as a thug would."""
    _activate(st, s, a[0])
    st.boss_loc[s] = "job"
    st.say(f"{B.name(st, s)} puts the Angry Boss on job {D.JOBS[a[0]]['name']}")


def _activate(st, s, jid) -> None:
    st.jobs[s].remove(jid)
    st.active_jobs[s].append(jid)
    K.shown(st.job_known, jid)


def fulfil(st, s, a) -> None:
    jid, ignoring = a
    waived = unmet(st, s, jid)[0] if ignoring else None
    if ignoring:
        st.ignore_tokens -= 1
    for need in D.JOBS[jid]["needs"]:
        if need[0] == "deliver" and need is not waived:
            if need[1] == "alcohol":
                st.alcohol[s] -= need[2]
            else:
                st.guns[s] -= need[2]
    st.active_jobs[s].remove(jid)
    st.job_discard.append(jid)
    st.say(f"{B.name(st, s)} fulfils job {D.JOBS[jid]['name']}")
    schedule(st, card_ops(s, D.JOBS[jid]["reward"]))
