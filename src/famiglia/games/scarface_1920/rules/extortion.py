"""The five Extortions: once per Action turn, spend bullet tokens for one of them."""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from . import board as B
from . import known as K
from .effects import schedule
from .texts import MOST_EXTORTED, act

KINDS = ("gangs", "business", "jobs", "heal", "districts")


def extortable_districts(st, s, enough: int) -> int:
    """Districts where s has at least 1 figure and no rival has more (counted up to `enough`)."""
    mine = B.figures(st, s)
    if not any(mine):
        return 0
    rivals = [B.figures(st, o) for o in range(st.gangs) if o != s]
    most = list(map(max, *rivals)) if len(rivals) > 1 else rivals[0]  # the strongest rival's
    count = 0
    for n, m in zip(mine, most, strict=True):
        if n and n >= m:
            count += 1
            if count >= enough:
                break
    return count


def legal(st, s) -> list:
    """Each extortion with as many tokens as s has and as it has room for (SF-9)."""
    bullets = st.bullets[s]
    if not bullets:
        return []
    rooms = (
        len(st.sg_deck),
        st.business.count("speakeasy") + st.business.count("brothel") + st.business.count("casino"),
        len(st.active_jobs[s]) + len(st.jobs[s]),
        st.hospital[s] + (1 if st.boss_loc[s] == "hospital" else 0),
        extortable_districts(st, s, bullets),
    )
    out = []
    for row, room in zip(_ROWS, rooms, strict=True):
        if room:
            out += row[: room if room < bullets else bullets]
    return out


# Each extortion with 1, 2, ... tokens, made once.
EXTORTIONS = {
    kind: tuple(act("extort", kind, n) for n in range(1, MOST_EXTORTED + 1)) for kind in KINDS
}
_ROWS = tuple(EXTORTIONS[kind] for kind in KINDS)


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
