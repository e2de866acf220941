"""The five Extortions: once per Action turn, spend bullet tokens for one of them."""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from . import board as B
from . import known as K
from .effects import schedule
from .texts import MOST_EXTORTED, act

KINDS = ("gangs", "business", "jobs", "heal", "districts")


def extortable_districts(st, s) -> int:
    """Districts where s has at least 1 figure and no rival has more."""
    mine = B.figures(st, s)
    rivals = [B.figures(st, o) for o in range(st.gangs) if o != s]
    return sum(1 for d, n in enumerate(mine) if n and all(figures[d] <= n for figures in rivals))


def limit(st, s, kind) -> int:
    if kind == "gangs":
        room = len(st.sg_deck)
    elif kind == "business":
        room = sum(1 for b in st.business if b in ("speakeasy", "brothel", "casino"))
    elif kind == "jobs":
        room = len(st.active_jobs[s]) + len(st.jobs[s])
    elif kind == "heal":
        room = st.hospital[s] + (1 if st.boss_loc[s] == "hospital" else 0)
    else:
        room = extortable_districts(st, s)
    return min(room, st.bullets[s])


def legal(st, s) -> list:
    if not st.bullets[s]:
        return []
    out = []
    for kind in KINDS:
        out += EXTORTIONS[kind][: limit(st, s, kind)]
    return out


# Each extortion with 1, 2, ... tokens, made once.
EXTORTIONS = {
    kind: tuple(act("extort", kind, n) for n in range(1, MOST_EXTORTED + 1)) for kind in KINDS
}


def extort(st, s, a) -> None:
    kind, n = a
    st.bullets[s] -= n
    K.spent(st, "bullets", s, n)
    st.extortion_used = 1
    st.say(f"{B.name(st, s)} extorts ({kind}): spends {plural(n, 'bullet token')}")
    if kind == "gangs":
        schedule(st, [["street_gang", s, n]])
    elif kind == "business":
        schedule(st, [["bus_extort", s, n]])
    elif kind == "jobs":
        st.ignore_tokens = n
    elif kind == "heal":
        schedule(st, [["heal", s, n]])
    else:
        schedule(st, [["money", s, D.EXTORT_MONEY[n - 1]]])
