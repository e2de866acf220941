"""Set-up (BF-1): the options of a game, the roll for the choice of starting points, the
families on the board, and the first turn begun."""

from __future__ import annotations

from famiglia.core import Option, Rng

from . import data as D
from .actions import act
from .turn import play_order, start_turn

OPTIONS = {
    "take_manhattan": Option(False, (False, True), "scenario: hold all of Manhattan to win"),
    "max_rounds": Option(60, range(1, 1001), "stop after this many game rounds"),
}


def set_up(s, players: int, seed: int, options: dict, rng=None):
    """`s`, a blank state, set up for a new game (BF-1): the seats roll for the order in which
    they choose their starting points. `rng`: the dice, when a test fixes them."""
    s._init_base(players, rng if rng is not None else Rng(seed))
    s.take_manhattan = bool(options.get("take_manhattan", False))
    s.max_rounds = int(options.get("max_rounds", 60))
    s.home = [""] * players  # each seat's starting borough, once chosen (BF-1.2)
    s.ranking = []
    s.alive = [True] * players
    s.money = [D.MONEY["start"]] * players
    s.income = [0] * players
    s.owner = [-1] * D.N
    s.building = [""] * D.N
    s.price = [0] * D.N
    s.since = [0] * D.N
    s.heirs = [-1] * players
    s.units = {}
    s.stack = [()] * D.N
    s.mine = [()] * players
    s.lands = [()] * players
    s.penthouses = ()
    s.built = dict.fromkeys(D.BUILDINGS, 0)
    s.held = [0] * D.N
    s.heads = [0] * (D.N * players)
    s.parked = [0] * D.N
    s.cars = [0] * (D.N * players)
    s.tally = {}
    s.riders = {}
    s.next_uid = 0
    s.captives = []
    s.absorb = []
    s.todo = []
    s.winners = []
    s.over = False
    s.capped = False
    s.round, s.turn_no, s.turn, s.phase = 1, 0, 0, "setup"
    s.talked = [-1, ""]  # [turn_no, phase] in which negotiations were last opened (BF-9.5)
    s.asked_turn, s.asked = -1, []  # seats proposed a deal to in turn asked_turn (BF-9.5)
    s.invites, s.handovers, s.deliveries = [], [], []  # BF-9.6, BF-9.10, BF-9.12
    s.ranking = _roll_for_ranking(s, list(range(players)))
    s.say("the seats choose their starting points in this order: " + _seats(s.ranking))
    _next_to_choose(s)
    s._top = None  # (the first turn's lists, made by start_turn: a test may set pieces by hand)
    return s


def _seats(seats) -> str:
    return ", ".join(f"seat {x}" for x in seats)


def _roll_for_ranking(s, group: list[int]) -> list[int]:
    """BF-1.2: each seat of `group` rolls a ten-sided die, the highest first; seats that tie
    roll again among themselves to settle their order (the game's own dice)."""
    rolls = [s.rng.die(10) for _ in group]
    s.say(", ".join(f"seat {x} rolls {r}" for x, r in zip(group, rolls, strict=True)))
    out = []
    for r in sorted(set(rolls), reverse=True):
        tied = [x for x, got in zip(group, rolls, strict=True) if got == r]
        if len(tied) > 1:
            names = ", ".join(str(x) for x in tied[:-1])
            s.say(f"seats {names} and {tied[-1]} tie on {r} and roll again")
            tied = _roll_for_ranking(s, tied)
        out += tied
    return out


def starts_left(s) -> list[str]:
    """The starting points of this player count nobody has chosen yet, in play order."""
    starts = D.SETUP["starts"][str(s.players)]
    return [b for b in D.SETUP["order"] if b in starts and b not in s.home]


def _next_to_choose(s) -> None:
    """The next seat in the ranking chooses its starting point; the last takes the one left,
    and the first round begins (BF-1.2, BF-1.4)."""
    waiting = [x for x in s.ranking if not s.home[x]]
    if len(waiting) > 1:
        s.turn = waiting[0]
        s.say(f"seat {s.turn} chooses a starting point")
        return
    if waiting:
        _start_at(s, waiting[0], starts_left(s)[0])
    s.turn, s.phase = play_order(s)[0], "battle"
    start_turn(s)


def _start_at(s, seat: int, borough: str) -> None:
    """BF-1.2, BF-1.3: the seat's family and starting pieces go on its chosen star."""
    s.home[seat] = borough
    star = D.STARS[borough]
    s.set_owner(star, seat)  # each family starts holding its starting district
    s.new_unit(seat, "boss", star)
    for _ in range(D.SETUP["family_members"]):
        s.new_unit(seat, "family", star, extra=seat)
    pieces = dict(D.SETUP["pieces"][str(s.players)])
    if s.take_manhattan:
        for kind, n in D.SETUP["take_manhattan"].get(borough, {}).items():
            pieces[kind] = pieces.get(kind, 0) + n
    for kind in ("thug", "henchman", "hitman", "limousine", "speedboat", "helicopter"):
        for _ in range(pieces.get(kind, 0)):
            s.new_unit(seat, kind, star, extra=D.SHORE[star][0] if kind == "speedboat" else -1)
    s.say(f"seat {seat} starts in {D.NAMES[star]}, {borough}")


def legal_start(s, seat: int) -> list:
    return [act("start", (b,)) for b in starts_left(s)]


def apply_start(s, seat: int, action) -> None:
    _start_at(s, seat, action.args[0])
    _next_to_choose(s)
