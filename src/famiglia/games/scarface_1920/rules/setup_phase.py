"""The setup phase (SF-1.2): in reverse seat order, each seat chooses its gang, then its starting
neighborhood, whose district becomes its Home District; then businesses open in free
neighborhoods and seat 0 begins. The board and decks are set up before (../setup.py)."""

from __future__ import annotations

from .. import data as D
from ..actions import act
from .effects import place_business, schedule


def setup_legal(st, s) -> list:
    if st.gang[s] < 0:
        return [GANG_CHOICES[g] for g in range(len(D.GANGS)) if g not in st.gang]
    return [STARTS[n] for n in range(len(D.HOODS)) if st.control[n] < 0]


GANG_CHOICES = tuple(act("gang", g) for g in range(len(D.GANGS)))
STARTS = tuple(act("start", n) for n in range(len(D.HOODS)))


def choose_gang(st, s, a) -> None:
    st.gang[s] = a[0]
    st.say(f"seat {s} plays {D.GANGS[a[0]]}")


def choose_start(st, s, a) -> None:
    """Control the neighborhood; its district becomes the Home District; the Angry Boss and one
    thug stand there; shuffle the gang deck and draw."""
    n = a[0]
    st.control[n] = s
    d = D.HOODS[n]["district"]
    st.home[s] = d
    st.dist[s][d] = 1
    st.boss_loc[s] = f"d{d}"
    st.truck[s] = d
    st.deck[s] = list(D.GANG_START[st.gang[s]])
    st.rng.shuffle(st.deck[s])
    st.say(f"{D.GANGS[st.gang[s]]} starts in {D.HOODS[n]['name']}; home district {D.DISTRICTS[d]}")
    items = [["draw", s, st.hand_size[s]], ["job", s, D.C["start_jobs"]], ["street_gang", s, 1]]
    if s == 0:
        items.append(["setup_end", -1])
    else:
        st.turn_seat = s - 1
    schedule(st, items)


def _setup_end(st, item) -> None:
    """Six random free neighborhoods get a random Speakeasy, Casino or Brothel; then seat 0 starts."""
    free = [n for n in range(len(D.HOODS)) if st.control[n] < 0]
    st.rng.shuffle(free)
    for n in free[: D.RAW["business"]["placed_at_setup"]]:
        kinds = [k for i, k in enumerate(("speakeasy", "brothel", "casino")) if st.track[i]]
        place_business(st, n, kinds[st.rng.below(len(kinds))])
    st.turn_seat = 0
    schedule(st, [["turn_start", 0]])


OPS = {"setup_end": _setup_end}
