"""The five Extortions: once per Action turn, spend bullet tokens for one of them."""

from __future__ import annotations

from famiglia.core.text import plural

from .. import data as D
from ..actions import MOST_EXTORTED, act
from . import board as B
from . import known as K
from .effect_checks import REMOVABLE

KINDS = ("gangs", "business", "jobs", "heal", "districts")


def extortable_districts(st, s, enough: int) -> int:
    """Districts where s has at least 1 figure and no rival has more (counted up to `enough`)."""
    mine = B.figures(st, s)
    if not any(mine):
        return 0  # (no figure on the board: a good part of the Action turns)
    dist, boss_loc, enf_loc, gangs = st.dist, st.boss_loc, st.enf_loc, range(len(st.gang))
    count = 0
    for d, n in enumerate(mine):
        if not n:
            continue
        tag = B.DISTRICT_TAGS[d]
        for o in gangs:
            # a rival's figures there (B.figures_in written out: in the few districts s is in)
            if o != s and dist[o][d] + (boss_loc[o] == tag) + (enf_loc[o] == d) > n:
                break
        else:
            count += 1
            if count >= enough:
                break
    return count


def legal(st, s, out=None) -> list:
    """Each extortion with as many tokens as s has and as it has room for (SF-9), in the
    order of KINDS: `row[:n]` are its first n. Added to `out` if given (the Action turn's
    list), which is returned."""
    if out is None:
        out = []
    bullets = st.bullets[s]
    if not bullets:
        return out
    # each extortion with up to as many tokens as s has: its first `room` are offered
    most = bullets if bullets < MOST_EXTORTED else MOST_EXTORTED
    gangs, business, jobs, heal, districts = UP_TO[most]
    if room := len(st.sg_deck):
        out += gangs[:room]
    # the Speakeasies, Brothels and Casinos on the board: those not left on their track
    if room := MARKERS - sum(st.track):
        out += business[:room]
    if room := len(st.active_jobs[s]) + len(st.jobs[s]):
        out += jobs[:room]
    if room := st.hospital[s] + (st.boss_loc[s] == "hospital"):
        out += heal[:room]
    if room := extortable_districts(st, s, bullets):
        out += districts[:room]
    return out


MARKERS = sum(D.BUS["markers"][kind] for kind in REMOVABLE)  # on the track or the board
# Each extortion with 1, 2, ... tokens, made once.
EXTORTIONS = {
    kind: tuple(act("extort", kind, n) for n in range(1, MOST_EXTORTED + 1)) for kind in KINDS
}
# [n][k]: the k-th of KINDS with 1 to n tokens, made once, for a gang holding n tokens (no
# extortion has room for more than MOST_EXTORTED).
UP_TO = tuple(tuple(EXTORTIONS[kind][:n] for kind in KINDS) for n in range(MOST_EXTORTED + 1))

# "1 bullet token", "2 bullet tokens"...: by the tokens an extortion spends, made once
TOKENS = tuple(plural(n, "bullet token") for n in range(MOST_EXTORTED + 1))


def _extortions(who: str) -> dict:
    return {
        kind: tuple(f"{who} extorts ({kind}): spends {tokens}" for tokens in TOKENS)
        for kind in KINDS
    }


EXTORT_LINES = B.by_gang(_extortions)  # by gang, extortion and the tokens it spends


def extort(st, s, a) -> None:
    kind, n = a
    K.spent(st, "bullets", s, n)
    K.give_back(st, "bullets", s, n)
    st.extortion_used = 1
    st.say((EXTORT_LINES[st.gang[s]] or _extortions(B.name(st, s)))[kind][n])
    # (each queues one op: the end of the queue runs next, as schedule() would put it)
    if kind == "gangs":
        st.todo.append(["street_gang", s, n])
    elif kind == "business":
        st.todo.append(["bus_extort", s, n])
    elif kind == "jobs":
        st.ignore_tokens = n
    elif kind == "heal":
        st.todo.append(["heal", s, n])
    else:
        st.todo.append(["money", s, D.EXTORT_MONEY[n - 1]])
