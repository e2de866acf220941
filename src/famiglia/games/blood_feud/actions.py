"""Every action's phrase, derived from its kind and arguments alone."""

from __future__ import annotations

from functools import cache, lru_cache

from famiglia.core import Action, ActionSchema

from . import data as D

NAMES = D.NAMES
# How narration names one piece of each kind.
A_PIECE = {
    "boss": "the Boss", "family": "a family member", "hitman": "a hit man",
    "henchman": "a henchman", "thug": "a thug", "limousine": "a limousine",
    "speedboat": "a speedboat", "helicopter": "a helicopter",
}  # fmt: skip
SOME_PIECES = {
    "boss": "Bosses", "family": "family members", "hitman": "hit men", "henchman": "henchmen",
    "thug": "thugs", "limousine": "limousines", "speedboat": "speedboats",
    "helicopter": "helicopters",
}  # fmt: skip


_NAMED_FIRST = (*reversed(D.PERSONNEL), *D.VEHICLES)


def pieces_named(kinds) -> str:
    """Pieces of these kinds in words, most important first: "the Boss, 2 thugs and a hit man"."""
    return _pieces_named(tuple(kinds))


@lru_cache(maxsize=1024)  # (every drive with riders aboard names them: few groups, many drives)
def _pieces_named(kinds: tuple) -> str:
    counts: dict[str, int] = {}
    for kind in sorted(kinds, key=_NAMED_FIRST.index):
        counts[kind] = counts.get(kind, 0) + 1
    parts = [A_PIECE[k] if c == 1 else f"{c} {SOME_PIECES[k]}" for k, c in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# How a move's text names a kind of piece (the rulebook's words; the others are their own).
PIECE_WORD = {"boss": "Boss", "family": "family member", "hitman": "hit man"}
BUILD_NAMES = {k: v["name"] for k, v in D.BUILDINGS.items()}
# The moves without arguments, kind -> text (the research catalogue lists them too).
FIXED = {
    "end-battle": "end the battle phase",
    "end-move": "end movement and factor income",
    "end-turn": "end the turn",
    "back": "back",
    "confirm": "confirm the attack",
    "cancel": "cancel the attack",
    "kidnap": "kidnap the fallen family member",
    "kill": "kill the fallen family member",
    "no-premium": "leave the district to its owner",
    "stop": "end the ride here",
    "assault": "attack here",
    "fight": "fight",
    "stay": "leave the others there",
    "let-pass": "let it pass",
    "negotiate": "negotiate",
    "accept": "accept the deal",
    "refuse": "refuse the deal",
}


AMOUNTS = (50, 100, 250, 500, 1000)  # the sums a gift or a deal may name (BF-9.1, BF-9.3)
SPACES = range(D.N)
SEATS = range(len(D.BOROUGHS))  # one seat per starting borough
PIECES = (*D.PERSONNEL, *D.VEHICLES)
HIRES = ("thug", "henchman", "hitman", *D.VEHICLES)
PREMIUMS = range(0, 10**9)  # a district's premium rises each time it is paid (BF-7.3)
TERMS = [("money", AMOUNTS), ("captive", SEATS), ("nothing", (0,))]
_ONE_SEAT = ("gift", "release", "execute", "deal", "invite", "withdraw", "hand-over", "deliver")
_ONE_SPACE = ("step", "attack", "drive", "place", "shore", "site", "into", "uninvite", "leave")

# Every action and the values of its arguments: records and requests are checked against it.
SCHEMA = ActionSchema(
    "Blood Feud in New York",
    {
        **{kind: () for kind in FIXED},
        **{kind: (SEATS,) for kind in (*_ONE_SEAT, "reclaim")},
        **{kind: (SPACES,) for kind in (*_ONE_SPACE, "deliver-into", "take-back", "turn-on")},
        "gift": (SEATS, AMOUNTS),
        "select": (PIECES, SPACES),
        "step-premium": (SPACES, PREMIUMS),
        "add": (PIECES, SPACES),
        "premium": (PREMIUMS,),
        "board": (D.PERSONNEL,),
        "reboard": (D.PERSONNEL,),
        "drop": (D.PERSONNEL,),
        "buy": ((*HIRES, *D.BUILDINGS),),
        "offer": TERMS,
        "ask": TERMS,
        "bring": (D.VEHICLES, SPACES),
        "start": (D.BOROUGHS,),
    },
)


def _terms(verb, what, value):
    if what == "money":
        return f"{verb} ${value}"
    if what == "captive":
        return f"{verb} a captive of seat {value}"
    return f"{verb} nothing"


def _word(piece: str) -> str:
    return PIECE_WORD.get(piece, piece)


def _fixed(text: str):
    return lambda *_: text


# Each kind's phrase from its arguments (those of FIXED take none).
_PHRASES = {
    **{kind: _fixed(text) for kind, text in FIXED.items()},
    "select": lambda piece, t: f"select {_word(piece)} at {NAMES[t]}",
    "step": lambda t: f"move to {NAMES[t]}",
    "step-premium": lambda t, price: f"move to {NAMES[t]} paying the ${price} premium",
    "attack": lambda t: f"attack {NAMES[t]}",
    "add": lambda piece, t: f"add {_word(piece)} from {NAMES[t]}",
    "premium": lambda price: f"pay the ${price} premium for the district",
    "board": lambda piece: f"take {_word(piece)} aboard",
    "reboard": lambda piece: f"take {_word(piece)} back aboard",
    "drop": lambda piece: f"drop off {_word(piece)}",
    "drive": lambda t: f"go to {NAMES[t]}",
    "buy": lambda item: f"buy {BUILD_NAMES.get(item) or _word(item)}",
    "place": lambda t: f"place it at {NAMES[t]}",
    "shore": lambda t: f"dock it on {NAMES[t]}",
    "site": lambda t: f"build it in {NAMES[t]}",
    "gift": lambda seat, amount: f"give ${amount} to seat {seat}",
    "release": lambda seat: f"release a captive of seat {seat}",
    "execute": lambda seat: f"kill a captive of seat {seat}",
    "deal": lambda seat: f"propose a deal to seat {seat}",
    "offer": lambda what, value: _terms("offer", what, value),
    "ask": lambda what, value: _terms("ask", what, value),
    "invite": lambda seat: f"invite seat {seat}",
    "into": lambda t: f"let them into {NAMES[t]}",
    "withdraw": lambda seat: f"withdraw an invitation of seat {seat}",
    "uninvite": lambda t: f"withdraw it from {NAMES[t]}",
    "hand-over": lambda seat: f"hand pieces over to seat {seat}",
    "leave": lambda t: f"leave them in {NAMES[t]}",
    "deliver": lambda seat: f"deliver pieces to seat {seat}",
    "deliver-into": lambda t: f"deliver them into {NAMES[t]}",
    "bring": lambda piece, t: f"bring in {_word(piece)} from {NAMES[t]}",
    "reclaim": lambda seat: f"take back a handover to seat {seat}",
    "take-back": lambda t: f"take back {NAMES[t]}",
    "turn-on": lambda t: f"turn on the guests in {NAMES[t]}",
    "start": lambda borough: f"start in {NAMES[D.STARS[borough]]}, {borough}",
}


def describe(kind: str, args: tuple) -> str:
    phrase = _PHRASES.get(kind)
    if phrase is None:
        raise ValueError(f"unknown action kind {kind!r}")
    return phrase(*args)


@cache
def act(kind: str, args: tuple) -> Action:
    """Actions are immutable, so each distinct one is built once and shared."""
    return Action(kind, args, describe(kind, args))


# The actions on most lists, looked up by space (legal-move lists are the hot path).
STEP = tuple(act("step", (t,)) for t in range(D.N))
DRIVE = tuple(act("drive", (t,)) for t in range(D.N))
ATTACK = tuple(act("attack", (t,)) for t in range(D.N))
TURN_ON = tuple(act("turn-on", (t,)) for t in range(D.N))
BOARD = {kind: act("board", (kind,)) for kind in D.PERSONNEL}
ADD = {(kind, t): act("add", (kind, t)) for kind in D.PERSONNEL for t in range(D.N)}
BRING = {(kind, t): act("bring", (kind, t)) for kind in D.VEHICLES for t in range(D.N)}
DROP = {kind: act("drop", (kind,)) for kind in D.PERSONNEL}
# Select actions are listed by space, then kind in alphabetical order: SELECT[code], where
# code = space * len(KIND_CODE) + KIND_CODE[kind], so that sorting codes sorts the actions.
KIND_CODE = {kind: i for i, kind in enumerate(sorted(D.PIECES))}
SELECT = tuple(act("select", (kind, t)) for t in range(D.N) for kind in sorted(D.PIECES))
