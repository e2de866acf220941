"""Every action's phrase, derived from its kind and arguments alone."""

from __future__ import annotations

from functools import cache

from famiglia.core import Action, ActionSchema

from . import board as B

NAMES = B.NAMES
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


_NAMED_FIRST = (*reversed(B.PERSONNEL), *B.VEHICLES)


def pieces_named(kinds) -> str:
    """Pieces of these kinds in words, most important first: "the Boss, 2 thugs and a hit man"."""
    counts: dict[str, int] = {}
    for kind in sorted(kinds, key=_NAMED_FIRST.index):
        counts[kind] = counts.get(kind, 0) + 1
    parts = [A_PIECE[k] if c == 1 else f"{c} {SOME_PIECES[k]}" for k, c in counts.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# How a move's text names a kind of piece (the rulebook's words; the others are their own).
PIECE_WORD = {"boss": "Boss", "family": "family member", "hitman": "hit man"}
BUILD_NAMES = {k: v["name"] for k, v in B.BUILDINGS.items()}
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
SPACES = range(B.N)
SEATS = range(len(B.BOROUGHS))  # one seat per starting borough
PIECES = (*B.PERSONNEL, *B.VEHICLES)
HIRES = ("thug", "henchman", "hitman", *B.VEHICLES)
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
        "board": (B.PERSONNEL,),
        "reboard": (B.PERSONNEL,),
        "drop": (B.PERSONNEL,),
        "buy": ((*HIRES, *B.BUILDINGS),),
        "offer": TERMS,
        "ask": TERMS,
        "bring": (B.VEHICLES, SPACES),
        "start": (B.BOROUGHS,),
    },
)


def _terms(verb, what, value):
    if what == "money":
        return f"{verb} ${value}"
    if what == "captive":
        return f"{verb} a captive of seat {value}"
    return f"{verb} nothing"


def describe(kind: str, args: tuple) -> str:
    if kind in ("select", "add", "board", "reboard", "drop", "bring"):
        args = (PIECE_WORD.get(args[0], args[0]), *args[1:])
    if kind in FIXED:
        return FIXED[kind]
    if kind == "select":
        return f"select {args[0]} at {NAMES[args[1]]}"
    if kind == "step":
        return f"move to {NAMES[args[0]]}"
    if kind == "step-premium":
        return f"move to {NAMES[args[0]]} paying the ${args[1]} premium"
    if kind == "attack":
        return f"attack {NAMES[args[0]]}"
    if kind == "add":
        return f"add {args[0]} from {NAMES[args[1]]}"
    if kind == "premium":
        return f"pay the ${args[0]} premium for the district"
    if kind == "board":
        return f"take {args[0]} aboard"
    if kind == "reboard":
        return f"take {args[0]} back aboard"
    if kind == "drop":
        return f"drop off {args[0]}"
    if kind == "drive":
        return f"go to {NAMES[args[0]]}"
    if kind == "buy":
        return f"buy {BUILD_NAMES.get(args[0]) or PIECE_WORD.get(args[0], args[0])}"
    if kind == "place":
        return f"place it at {NAMES[args[0]]}"
    if kind == "shore":
        return f"dock it on {NAMES[args[0]]}"
    if kind == "site":
        return f"build it in {NAMES[args[0]]}"
    if kind == "gift":
        return f"give ${args[1]} to seat {args[0]}"
    if kind == "release":
        return f"release a captive of seat {args[0]}"
    if kind == "execute":
        return f"kill a captive of seat {args[0]}"
    if kind == "deal":
        return f"propose a deal to seat {args[0]}"
    if kind == "offer":
        return _terms("offer", *args)
    if kind == "ask":
        return _terms("ask", *args)
    if kind == "invite":
        return f"invite seat {args[0]}"
    if kind == "into":
        return f"let them into {NAMES[args[0]]}"
    if kind == "withdraw":
        return f"withdraw an invitation of seat {args[0]}"
    if kind == "uninvite":
        return f"withdraw it from {NAMES[args[0]]}"
    if kind == "hand-over":
        return f"hand pieces over to seat {args[0]}"
    if kind == "leave":
        return f"leave them in {NAMES[args[0]]}"
    if kind == "deliver":
        return f"deliver pieces to seat {args[0]}"
    if kind == "deliver-into":
        return f"deliver them into {NAMES[args[0]]}"
    if kind == "bring":
        return f"bring in {args[0]} from {NAMES[args[1]]}"
    if kind == "reclaim":
        return f"take back a handover to seat {args[0]}"
    if kind == "take-back":
        return f"take back {NAMES[args[0]]}"
    if kind == "turn-on":
        return f"turn on the guests in {NAMES[args[0]]}"
    if kind == "start":
        return f"start in {NAMES[B.STARS[args[0]]]}, {args[0]}"
    raise ValueError(f"unknown action kind {kind!r}")


@cache
def act(kind: str, args: tuple) -> Action:
    """Actions are immutable, so each distinct one is built once and shared."""
    return Action(kind, args, describe(kind, args))


# The actions on most lists, looked up by space (legal-move lists are the hot path).
STEP = tuple(act("step", (t,)) for t in range(B.N))
DRIVE = tuple(act("drive", (t,)) for t in range(B.N))
ATTACK = tuple(act("attack", (t,)) for t in range(B.N))
BOARD = {kind: act("board", (kind,)) for kind in B.PERSONNEL}
DROP = {kind: act("drop", (kind,)) for kind in B.PERSONNEL}
# Select actions are listed by space, then kind in alphabetical order: SELECT[code], where
# code = space * len(KIND_CODE) + KIND_CODE[kind], so that sorting codes sorts the actions.
KIND_CODE = {kind: i for i, kind in enumerate(sorted(B.PIECES))}
SELECT = tuple(act("select", (kind, t)) for t in range(B.N) for kind in sorted(B.PIECES))
