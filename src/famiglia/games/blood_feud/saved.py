"""A saved game of Blood Feud loads only if it is sound: every field of the right type, length
and range; the pieces on the board as the box and the rules allow them; and each decision in
progress (`todo`) about pieces, places and seats that are there. The first problem is refused
with ValueError naming it.
"""

from __future__ import annotations

from functools import cache

from famiglia.core.checks import (
    BOOL,
    TEXT,
    Int,
    ListOf,
    OneOf,
    Record,
    Tuple,
    check_saved,
    checked,
    refuse,
    shown,
)

from . import data as D
from .movement import walker_free
from .negotiation import ARRANGE_STEPS
from .purchases import HIRES
from .setup import OPTIONS
from .state import ABOARD, AT, EXTRA, KIND, MOVES, OWNER

PHASES = ("battle", "move", "buy")
SPACE = Int(0, D.N - 1)
DISTRICT = OneOf(D.DISTRICTS)
KINDS = (*D.PERSONNEL, *D.VEHICLES)
TERMS = ("money", "captive", "nothing")


@cache  # the specs of a player count, built once
def _fields(n: int) -> dict:
    seat, nobody = Int(0, n - 1), Int(-1, n - 1)
    rounds = OPTIONS["max_rounds"].allowed
    per_space = D.N
    return {
        "take_manhattan": BOOL,
        "max_rounds": OneOf(rounds),
        "home": ListOf(OneOf(("", *D.BOROUGHS)), n),
        "ranking": ListOf(seat, n),
        "alive": ListOf(BOOL, n),
        "money": ListOf(Int(0), n),
        "income": ListOf(Int(0), n),
        "owner": ListOf(nobody, per_space),
        "building": ListOf(OneOf(("", *D.BUILDINGS)), per_space),
        "price": ListOf(Int(0), per_space),
        "since": ListOf(Int(0), per_space),
        "heirs": ListOf(nobody, n),
        "next_uid": Int(0),
        "captives": ListOf(Tuple(seat, seat, seat)),  # [holder, family, colour]
        "absorb": ListOf(Tuple(seat, seat)),  # [new family, colour]
        "turn": seat,
        "phase": OneOf((*PHASES, "setup")),
        "round": Int(1, rounds.stop),
        "turn_no": Int(0),
        "todo": ListOf(_step_spec(n)),
        "winners": ListOf(seat, range(n + 1)),
        "over": BOOL,
        "capped": BOOL,
        # [uid, owner, kind, space, moves left, flag, aboard, extra]
        "units": ListOf(
            Tuple(Int(0), seat, OneOf(KINDS), SPACE, Int(0), Int(0, 2), Int(-1), Int(-1))
        ),
        "talked": Tuple(Int(-1), OneOf(("", *PHASES))),
        "asked_turn": Int(-1),
        "asked": ListOf(seat),
        "invites": ListOf(Tuple(DISTRICT, seat, seat)),
        "handovers": ListOf(Tuple(DISTRICT, seat, seat)),
        "deliveries": ListOf(Tuple(DISTRICT, seat, seat)),
    }


def _step_spec(n: int):
    """The shape of each decision in progress, by its "k" (phases.py STEPS)."""
    seat, nobody = Int(0, n - 1), Int(-1, n - 1)
    uid = Int(0)
    terms = Tuple(OneOf(TERMS), Int(0))
    shapes = {
        "walk": Record({"uid": uid}),
        "attack": Record({"t": SPACE, "chosen": ListOf(uid), "rides": ListOf(uid)}, {"ride": uid}),
        "trip": Record(
            {"v": uid, "mode": OneOf(("", "drop", "pick")), "moved": Int(0, 1)}, {"join": SPACE}
        ),
        "block": Record({"seat": seat, "t": SPACE}),
        "reboard": Record(
            {"v": uid, "left": ListOf(uid, range(1, 99)), "owner": nobody, "since": Int(0)}
        ),
        "captive": Record({"seat": seat, "colors": ListOf(seat, range(1, 99)), "ctrl": seat}),
        "premium": Record({"t": DISTRICT, "price": Int(0)}),
        "place": Record({"item": OneOf(HIRES)}, {"at": SPACE}),
        "site": Record({"item": OneOf(tuple(D.BUILDINGS))}),
        "talk": Record({}),
        "offer": Record({"to": seat}),
        "ask": Record({"to": seat, "give": terms}),
        "answer": Record({"seat": seat, "from": seat, "give": terms, "want": terms}),
        **{k: Record({"to": seat}) for k in ARRANGE_STEPS},
    }

    def check(step, where: str) -> None:
        if not isinstance(step, dict) or step.get("k") not in shapes:
            refuse(where, f"must be a decision in progress of the rules, got {shown(step)}")
        TEXT(step["k"], f"{where}.k")
        shapes[step["k"]]({k: v for k, v in step.items() if k != "k"}, where)

    return check


@checked("blood-feud")
def load(cls, data: dict):
    """The state saved in `data`, or ValueError naming the first thing wrong with it."""
    check_saved(data, range(2, 7), _fields)
    uids = [row[0] for row in data["units"]]
    if len(set(uids)) != len(uids):
        refuse("units", "give two pieces one number")
    s = cls._SAVED.from_json(cls, data)
    s.reindex()  # the indexes of the pieces are derived: built afresh, never read from the file
    _table(s)
    _units(s)
    _turn(s)
    for i, step in enumerate(s.todo):
        _step(s, i, step)
    return s


def _table(s) -> None:
    """BF-1: the families on the starting points they chose, their districts, buildings and
    deals."""
    n = s.players
    _setup(s)
    if s.take_manhattan and n > 5:
        refuse("take_manhattan", "takes 2 to 5 players")
    for i in range(D.N):
        if not D.IS_DISTRICT[i] and (s.owner[i] >= 0 or s.building[i]):
            refuse(f"owner[{i}]", f"{D.NAMES[i]} is no district: nobody holds or builds there")
        if s.since[i] > s.turn_no:
            refuse(f"since[{i}]", f"is turn {s.since[i]}, after this turn {s.turn_no}")
    for kind, b in D.BUILDINGS.items():
        if s.building.count(kind) > b["pool"]:
            refuse("building", f"holds {s.building.count(kind)} {kind}, the box has {b['pool']}")
    for seat in range(n):
        if not s.alive[seat] and s.money[seat]:
            refuse(f"money[{seat}]", "belongs to a dead Boss: it went to his killer (BF-8.1)")
        if s.heirs[seat] == seat or s.alive[seat] and s.heirs[seat] >= 0:
            refuse(f"heirs[{seat}]", "names a killer for a living or self-killed Boss")
    for name in ("invites", "handovers", "deliveries"):
        for rec in getattr(s, name):
            if rec[1] == rec[2]:
                refuse(name, f"has seat {rec[1]} deal with himself")
    if len(set(s.winners)) != len(s.winners):
        refuse("winners", "names a seat twice")
    if s.over != bool(s.winners or s.capped) and not (s.over and not any(s.alive)):
        refuse("winners", "are named exactly when the game is won, else it is capped")
    if s.round > s.max_rounds + (s.over and s.capped):
        refuse("round", f"is {s.round}, past max_rounds {s.max_rounds}")


def _setup(s) -> None:
    """BF-1.2: the seats choose their starting points in the order of their ranking, each a
    different one of those of the player count; the last takes the one left, and play begins."""
    n = s.players
    starts = D.SETUP["starts"][str(n)]
    if sorted(s.ranking) != list(range(n)):
        refuse("ranking", f"must name each of the {n} seats once (BF-1.2)")
    chosen = [b for b in s.home if b]
    for seat, b in enumerate(s.home):
        if b and b not in starts:
            refuse(f"home[{seat}]", f"{b} is no starting point in a {n}-player game (BF-1.2)")
    if len(set(chosen)) != len(chosen):
        refuse("home", "gives two seats one starting point (BF-1.2)")
    if s.phase != "setup":
        if len(chosen) != n:
            refuse("home", "must name every seat's starting point once play has begun (BF-1.2)")
        return
    waiting = [x for x in s.ranking if not s.home[x]]
    if len(waiting) < 2 or any(s.home[x] for x in s.ranking[len(chosen) :]):
        refuse("home", "must be chosen in the order of the ranking, the last seat's left to it")
    if s.turn != waiting[0]:
        refuse("turn", f"is seat {s.turn}; seat {waiting[0]} chooses a starting point next")
    if s.todo or s.over or s.round != 1 or s.turn_no or not all(s.alive):
        refuse("phase", "is the set-up: no turn has begun, nobody has played or died yet")
    for uid, u in s.units.items():
        if not s.home[u[OWNER]]:
            refuse(
                f"units[uid {uid}]", f"belongs to seat {u[OWNER]}, who has no starting point yet"
            )


def _units(s) -> None:
    """BF-1.4: the pieces; the box limits; riders aboard a vehicle with room where it is."""
    units = s.units
    riders: dict = {}
    for uid, u in units.items():
        where = f"units[uid {uid}]"
        if uid >= s.next_uid:
            refuse(where, f"has a number past next_uid {s.next_uid}")
        kind = u[KIND]
        if u[MOVES] > D.MOVE[kind]:
            refuse(where, f"has {u[MOVES]} moves left; a {kind} has {D.MOVE[kind]}")
        if not s.alive[u[OWNER]]:
            refuse(where, f"belongs to seat {u[OWNER]}, whose pieces left the board (BF-8.3)")
        if u[ABOARD] >= 0:
            v = units.get(u[ABOARD])
            if kind not in D.RANK or v is None or v[KIND] not in D.VEHICLES or v[AT] != u[AT]:
                refuse(where, f"is aboard {u[ABOARD]}, no vehicle where it stands")
            if v[OWNER] != u[OWNER]:
                refuse(where, f"rides in a vehicle of seat {v[OWNER]}")
            riders[u[ABOARD]] = riders.get(u[ABOARD], 0) + 1
        extra = u[EXTRA]
        if kind == "family":
            if extra >= s.players:
                refuse(where, f"is a family member of seat {extra}, not at the table")
        elif kind == "speedboat":
            if extra >= 0 and (D.IS_WATER[u[AT]] or extra not in D.SHORE[u[AT]]):
                refuse(where, f"is docked on {extra}, no water by its shore")
            if extra < 0 and not D.IS_WATER[u[AT]]:
                refuse(where, "is docked with no shore: it leaves only by its own (BF-6.5)")
        elif extra != -1:
            refuse(where, f"has extra {extra}; only family and speedboats have one")
    for vid, count in riders.items():
        if count > D.CARRIES[units[vid][KIND]]:
            refuse(f"units[uid {vid}]", f"carries {count}, room for {D.CARRIES[units[vid][KIND]]}")
    for kind in KINDS:
        if D.POOL[kind] and s.in_play(kind) > D.POOL[kind]:
            refuse("units", f"hold {s.in_play(kind)} {kind}, the box has {D.POOL[kind]}")
    for seat in range(s.players):
        bosses = sum(1 for u in units.values() if u[OWNER] == seat and u[KIND] == "boss")
        if bosses != (s.alive[seat] and bool(s.home[seat])):
            refuse("units", f"give seat {seat} {bosses} Boss(es); alive is {s.alive[seat]}")
    _together(s, at_rest=not s.todo)


def _together(s, at_rest: bool) -> None:
    """Each space is held by one family, or by a host with his guests (BF-9.7) or a receiver
    with his giver (BF-9.12); only riders still aboard meet the enemy, mid-ride (BF-6.7).
    Between decisions nobody stands on water (BF-6.10) and rides are over."""
    from .allies import side

    holders: dict = {}
    for uid, u in s.units.items():
        if u[KIND] not in D.RANK or u[ABOARD] >= 0 and not at_rest:
            continue
        if at_rest and D.IS_WATER[u[AT]] and u[ABOARD] < 0:
            refuse(f"units[uid {uid}]", f"stands on the water of {D.NAMES[u[AT]]}")
        first = holders.setdefault(u[AT], u[OWNER])
        if first != u[OWNER] and u[OWNER] not in side(s, u[AT], first):
            refuse(f"units[uid {uid}]", f"stands in {D.NAMES[u[AT]]} with an enemy")


def _turn(s) -> None:
    """BF-2: the seat whose turn it is lives, unless the game is over."""
    if not s.over and not s.alive[s.turn]:
        # his turn ends once the others have answered what his last battle asks of them
        if not s.todo or any(s.turn == step.get("seat", s.turn) for step in s.todo):
            refuse("turn", f"is seat {s.turn}, whose Boss is dead")
    if s.over and s.todo:
        refuse("todo", "must be empty once the game is over")
    if s.asked_turn > s.turn_no or s.talked[0] > s.turn_no:
        refuse("asked_turn", f"is after this turn {s.turn_no}")


def _step(s, i: int, step) -> None:
    """A decision in progress: its pieces exist and are the mover's, its seat lives, and the
    step it continues lies right under it."""
    k, where, me = step["k"], f"todo[{i}]", s.turn
    below = s.todo[i - 1] if i else {}
    top = i == len(s.todo) - 1

    def mine(uid, kinds, what):
        u = s.units.get(uid)
        if u is None or u[OWNER] != me or u[KIND] not in kinds:
            refuse(where, f"names {what} {uid}, which seat {me} does not have")

    if step.get("seat", me) != me and not s.alive[step["seat"]]:
        refuse(where, f"waits for seat {step['seat']}, whose Boss is dead")
    if k == "walk":
        mine(step["uid"], D.RANK, "the walker")
        if not walker_free(s.units[step["uid"]], me):
            refuse(where, "walks a piece that cannot move now (BF-4.1)")
    elif k == "attack":
        for uid in step["chosen"]:
            mine(uid, D.RANK, "the attacker")
        for vid in step["rides"]:
            mine(vid, D.VEHICLES, "the vehicle")
        if len(set(step["chosen"])) != len(step["chosen"]):
            refuse(where, "adds one attacker twice")
        if "ride" in step and (below.get("k") != "trip" or below["v"] != step["ride"]):
            refuse(where, "is an assault from a ride that is not under it")
    elif k == "trip":
        mine(step["v"], D.VEHICLES, "the vehicle")
        if "join" in step and (below.get("k") != "attack" or below["t"] != step["join"]):
            refuse(where, "brings riders to an attack that is not under it")
    elif k == "block":
        if below.get("k") != "trip" or step["seat"] == me:
            refuse(where, "blocks a ride that is not under it")
    elif k == "reboard":
        mine(step["v"], ("helicopter",), "the helicopter")
        for uid in step["left"]:
            mine(uid, D.RANK, "the rider")
    elif k == "captive":
        if step["seat"] == step["ctrl"]:
            refuse(where, "has a family capture its own fallen")
    elif k == "premium":
        pass  # after a battle won, under the captures (BF-7.3)
    elif k in ("offer", "ask", "answer"):  # a deal proposed while negotiating (BF-9.5)
        if i != 1 or below["k"] != "talk":
            refuse(where, f"is a {k} decision outside a negotiation")
        _alone(s, k, step, where)
    elif k == "talk" and not i:  # negotiations open on an empty todo (BF-9.5)
        if not top and s.todo[1]["k"] not in ("offer", "ask", "answer"):
            refuse(where, f"is a negotiation open under a {s.todo[1]['k']} decision")
    elif len(s.todo) != 1:  # the rest are taken on their own, on an empty todo
        refuse(where, f"is a {k} decision, which is taken alone")
    else:
        _alone(s, k, step, where)
    if not top and k in ("walk", "block", "offer", "ask", "answer"):
        refuse(where, f"is a {k} decision under another")


def _alone(s, k: str, step, where: str) -> None:
    """The decisions taken one at a time: a purchase placed, a deal proposed (BF-7, BF-9)."""
    from .negotiation import legal_ask, legal_offer
    from .purchases import legal_place, legal_site

    me = s.turn
    if "to" in step and (step["to"] == me or not s.alive[step["to"]]):
        refuse(where, f"deals with seat {step['to']}, no other living Boss")
    if k == "answer" and (step["from"] != me or step["seat"] == me):
        refuse(where, "answers a deal not proposed by the seat whose turn it is")
    if k == "place" and "at" in step and (step["item"] != "speedboat" or not D.SHORE[step["at"]]):
        refuse(where, "chooses a shore for no speedboat")
    legal = {"place": legal_place, "site": legal_site, "offer": legal_offer, "ask": legal_ask}
    if k in legal and not legal[k](s, me, step):
        refuse(where, f"is a {k} decision with nothing to choose")
