"""What the table can count: public bounds on the screened values, and who knows where a card is.

Money, Votes and bullet tokens sit behind the screens (SF-13.1), but most of their changes are
public: an order, a sale, a card's printed effect, a bribe. `st.bounds[s]` holds, for each of the
three, the lowest and highest value that a careful rival could still believe, as
`[money_lo, money_hi, votes_lo, votes_hi, bullets_lo, bullets_hi]`. A counted change moves both
bounds; an unannounced pick (the effect used on a Street Gang, the Most Wanted reward taken from
two, SF-13.3) widens them by every option it had; a public payment shows the value was at least
the price. The true value always lies within its bounds, so `determinize` redraws it there
(SF-13.4). The bounds follow from public narration only, so every seat may know them.

`st.sg_known[id]` and `st.job_known[id]` are bitmasks of the seats that know where that Street
Gang / Job card is now (in whose hand, at which place in its deck). `st.hand_known[s]` lists the
cards everyone knows to be in s's hand (4-5 star Associates hired into it).
"""

from __future__ import annotations

ALL = (1 << 4) - 1  # every seat of the largest table
IDX = {"money": 0, "votes": 2, "bullets": 4}
SECRET = "secret"
HUSHED = ("money", "votes", "bullets", "profit")


def counted(st, field: str, s: int, n: int) -> None:
    """A change everyone can count (a loss stops at 0, as it does for the true value)."""
    b, i = st.bounds[s], IDX[field]
    lo, hi = b[i] + n, b[i + 1] + n
    b[i], b[i + 1] = (lo if lo > 0 else 0), (hi if hi > 0 else 0)


def spent(st, field: str, s: int, n: int) -> None:
    """A public payment of n: the value was at least n, and is now n less."""
    b, i = st.bounds[s], IDX[field]
    lo, hi = b[i], b[i + 1]
    # (counted written out: at least n before, n less after, so never below 0)
    b[i], b[i + 1] = (lo if lo > n else n) - n, (hi if hi > n else n) - n


def unannounced(st, s: int, options, may_skip: bool, profit_of, spread=None) -> None:
    """s picks one of `options` (lists of effect operations), or none if `may_skip`, without
    saying which: every screened value may have moved by any option's amount. Called whatever
    the pick, so the bounds never tell the pick; the picked operations then run `hush`ed.
    `profit_of(st, s)` is the gang's Business profit (board.py), asked only if an option pays
    it. `spread`: the options' fixed_spread, if the caller keeps it."""
    if spread is None:
        spread = _moved(*_spread(st, s, options, may_skip, profit_of)[:2])
    b = st.bounds[s]
    for i, low, high in spread:  # (a value that cannot move keeps its bounds, never below 0)
        lo, hi = b[i] + low, b[i + 1] + high
        b[i], b[i + 1] = (lo if lo > 0 else 0), (hi if hi > 0 else 0)


def fixed_spread(options, may_skip: bool):
    """unannounced's spread of printed options that pay no profit: the same in every state, so
    worked out once (a Street Gang's effects); None if an option pays profit."""
    low, high, fixed = _spread(None, -1, options, may_skip, lambda st, s: 0)
    return _moved(low, high) if fixed else None


def _moved(low, high) -> tuple:
    """(index of its lower bound, least move, most move) of each screened value (money, votes,
    bullets) that the options may move: most move one or none."""
    return tuple((2 * k, low[k], high[k]) for k in range(3) if low[k] or high[k])


def _spread(st, s, options, may_skip, profit_of) -> tuple:
    """(least moves, most moves, whether they hold in every state: no option pays profit)."""
    low, high = ([0, 0, 0], [0, 0, 0]) if may_skip else (None, None)
    profit = None
    for ops in options:
        d = [0, 0, 0]
        for op in ops:
            i = IDX.get(op[0])
            if i is not None:
                d[i // 2] += op[1]
            elif op[0] == "profit":
                if profit is None:
                    profit = profit_of(st, s)
                d[0] += profit * op[1]
        if low is None:
            low, high = d, list(d)
        else:
            for k in range(3):
                if d[k] < low[k]:
                    low[k] = d[k]
                if d[k] > high[k]:
                    high[k] = d[k]
    return low, high, profit is None


def hush(items: list) -> list:
    """Marks the screened gains of an unannounced pick: the bounds already allow for them."""
    out = []
    for i in items:
        out.append([*i, SECRET] if i[0] in HUSHED else i)
    return out


def is_secret(item) -> bool:
    return item[-1] == SECRET


# ----- the General Supply of Votes and bullet tokens (SF-8.6, SF-9.7) -------------------------
SUPPLY = {"votes": "vote_supply", "bullets": "bullet_supply"}


def take(st, field: str, s: int, n: int, count: bool = True) -> int:
    """s takes n Votes or bullet tokens from the General Supply, or as many as are left; the
    supply is public, so how many is counted (unless `count` is False: an unannounced pick,
    whose bounds already allow for it). Returns how many were taken."""
    name = SUPPLY[field]
    left = getattr(st, name)
    if n > left:
        n = left
    if n > 0:
        getattr(st, field)[s] += n
        setattr(st, name, left - n)
        if count:
            counted(st, field, s, n)
    return n


def give_back(st, field: str, s: int, n: int) -> None:
    """s spends n Votes or bullet tokens it holds: they return to the General Supply."""
    getattr(st, field)[s] -= n
    name = SUPPLY[field]
    setattr(st, name, getattr(st, name) + n)


# ----- cards ---------------------------------------------------------------------------------
def drawn(known: list, card: int, s: int) -> None:
    """A public draw from the top: whoever knew the card's place now knows s holds it."""
    known[card] |= 1 << s


def shown(known: list, card: int) -> None:
    known[card] = ALL


def leave_hand(st, s: int, card: int) -> None:
    if card in st.hand_known[s]:
        st.hand_known[s].remove(card)
