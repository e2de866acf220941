"""Jobs: activate one by putting a thug from Headquarters on it; fulfil it when its
requirements are met (the Extortion may waive one requirement per Job)."""

from __future__ import annotations

from .. import data as D
from . import board as B
from . import known as K
from .effects import card_ops, schedule
from .texts import act


def unmet(st, s, jid) -> list:
    out = []
    for need in D.JOBS[jid]["needs"]:
        kind = need[0]
        if kind == "thugs":
            ok = B.figures_in(st, s, D.D_INDEX[need[1]]) >= need[2]
        elif kind == "deliver":
            ok = (st.alcohol if need[1] == "alcohol" else st.guns)[s] >= need[2]
        elif kind == "control":
            ok = B.controlled(st, s) >= need[1]
        elif kind == "crime_max":
            ok = st.crime[s] <= need[1]
        else:
            ok = st.crime[s] >= need[1]
        if not ok:
            out.append(need)
    return out


def legal(st, s) -> list:
    out = []
    if st.hq[s] and st.jobs[s]:
        out += [ACTIVATE[jid] for jid in sorted(st.jobs[s])]
    for jid in sorted(st.active_jobs[s]):
        missing = unmet(st, s, jid)
        if not missing:
            out.append(FULFIL[jid])
        elif len(missing) == 1 and st.ignore_tokens > 0:
            out.append(FULFIL_IGNORING[jid])
    return out


ACTIVATE = tuple(act("activate", jid) for jid in range(len(D.JOBS)))
FULFIL = tuple(act("fulfil", jid, 0) for jid in range(len(D.JOBS)))
FULFIL_IGNORING = tuple(act("fulfil", jid, 1) for jid in range(len(D.JOBS)))


def activate(st, s, a) -> None:
    st.jobs[s].remove(a[0])
    st.active_jobs[s].append(a[0])
    K.shown(st.job_known, a[0])
    st.hq[s] -= 1
    st.job_thugs[s] += 1
    st.say(f"{B.name(st, s)} puts a thug on job {D.JOBS[a[0]]['name']}")


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
