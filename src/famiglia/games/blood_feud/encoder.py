"""Blood Feud in New York: action catalogue and observation encoder (docs/rl.md)."""

from __future__ import annotations

from famiglia.games.blood_feud import data as D
from famiglia.games.blood_feud.actions import AMOUNTS, FIXED
from famiglia.games.blood_feud.phases import PHASES as _PHASES
from famiglia.games.blood_feud.phases import STEPS
from famiglia.games.blood_feud.purchases import HIRES
from famiglia.rl.encoding import Encoder as _Base
from famiglia.rl.encoding import share, squash

SEATS = range(6)
SPACES = range(D.N)
KINDS = (*D.PERSONNEL, *D.VEHICLES)
BUYS = (*HIRES, *D.BUILDINGS)
PHASES = tuple(_PHASES)  # the phase table's, in its order
TERMS = (
    *(("money", a) for a in AMOUNTS),
    *(("captive", seat) for seat in SEATS),
    ("nothing", 0),
)
# The premium is the price the district carries (BF-7.3), not a choice: one entry stands for it.
LOOSE = {"premium": (0,), "step-premium": (1,)}


def label(kind: str, args: tuple) -> str:
    if kind == "premium":
        return "pay the premium for the district"
    return f"move to {D.NAMES[args[0]]} paying the premium"


def entries():
    """Fixed moves first, then kinds by the turn's phases: battle and movement on the board,
    purchases, then negotiation and alliances; last the set-up's choice of starting points."""
    yield from ((kind, ()) for kind in FIXED)
    yield from (("select", (k, i)) for k in KINDS for i in SPACES)
    yield from (("step", (i,)) for i in SPACES)
    yield from (("step-premium", (i, None)) for i in SPACES)
    yield ("premium", (None,))
    yield from (("attack", (i,)) for i in SPACES)
    yield from (("add", (k, i)) for k in D.PERSONNEL for i in SPACES)
    yield from (("bring", (k, i)) for k in D.VEHICLES for i in SPACES)
    yield from (("board", (k,)) for k in D.PERSONNEL)
    yield from (("reboard", (k,)) for k in D.PERSONNEL)
    yield from (("drop", (k,)) for k in D.PERSONNEL)
    yield from (("drive", (i,)) for i in SPACES)
    yield from (("buy", (item,)) for item in BUYS)
    yield from (("place", (i,)) for i in SPACES)
    yield from (("shore", (i,)) for i in SPACES if D.IS_WATER[i])
    yield from (("site", (i,)) for i in D.DISTRICTS)
    yield from (("gift", (seat, a)) for seat in SEATS for a in AMOUNTS)
    yield from (("release", (seat,)) for seat in SEATS)
    yield from (("execute", (seat,)) for seat in SEATS)
    yield from (("deal", (seat,)) for seat in SEATS)
    yield from (("offer", terms) for terms in TERMS)
    yield from (("ask", terms) for terms in TERMS)
    for kind in ("invite", "withdraw", "hand-over", "deliver", "reclaim"):
        yield from ((kind, (seat,)) for seat in SEATS)
    for kind in ("into", "uninvite", "leave", "deliver-into", "take-back", "turn-on"):
        yield from ((kind, (i,)) for i in D.DISTRICTS)
    yield from (("start", (b,)) for b in D.BOROUGHS)  # the set-up's choice (BF-1.2)


def max_decisions(players: int, options: dict) -> int:
    """Ample room for max_rounds rounds: a turn of up to 3,000 decisions per player. Choosing
    a piece and going back is free and may repeat without end, so no true bound exists; the
    adapters stop a game that reaches this many decisions (docs/rl.md)."""
    return options["max_rounds"] * players * 3000


# ----- the observation -----------------------------------------------------------------------
SPACE = D.INDEX
KIND = {k: i for i, k in enumerate(KINDS)}
NK = len(KINDS)
DISTRICT = {i: d for d, i in enumerate(D.DISTRICTS)}
BUILDING = {k: i for i, k in enumerate(D.BUILDINGS)}
BOROUGH = {b: i for i, b in enumerate(D.BOROUGHS)}
STEP = {k: i for i, k in enumerate(STEPS)}
BUY = {k: i for i, k in enumerate(BUYS)}
TERM_KIND = ("money", "captive", "nothing")
ND, NB = len(D.DISTRICTS), len(D.BUILDINGS)
FREE = 0  # a unit's flag when it may still act this turn (state.FREE)


class Encoder(_Base):
    def build(self) -> None:
        n = self.players
        add = self.add
        self.o_me = add("me", n, "my seat, one-hot")
        self.o_round = add("round", 1, "round / max_rounds")
        self.o_turn = add("turn", n, "whose turn it is, one-hot")
        self.o_phase = add(
            "phase", len(PHASES), "phase of the turn: battle, move, buy; or setup, one-hot"
        )
        assert PHASES == ("battle", "move", "buy", "setup")  # (as the words above say)
        self.o_homes = add(
            "homes", n * len(BOROUGH), "per seat: home borough, one-hot (none while choosing)"
        )
        self.o_alive = add("alive", n, "per seat: still in the game")
        self.o_money = add("money", n, "per seat: money, squashed at $500")
        self.o_income = add("income", n, "per seat: income / the winning income")
        self.o_districts = add(
            "districts", ND * (n + NB + 1), "per district: owner one-hot, building one-hot, "
            "premium price squashed at $100"
        )  # fmt: skip
        self.o_units = add("units", D.N * n * NK, "per space, seat, kind: pieces, squashed at 2")
        self.o_ready = add(
            "ready", D.N * NK, "per space and kind: pieces of the seat to act that may still act"
        )
        self.o_captives = add("captives", n * n, "per holder and family: captives, squashed at 1")
        self.o_pacts = add("pacts", 3 * n * n, "invitations (host, guest), handovers and "
                           "deliveries (giver, receiver), squashed at 1")  # fmt: skip
        self.o_step = add("step", len(STEP) + 1, "the pending step, one-hot; steps pending / 4")
        self.o_step_space = add("step_space", D.N, "the step's target space, one-hot")
        self.o_step_unit = add("step_unit", D.N, "where the step's piece or vehicle is")
        self.o_step_seat = add("step_seat", n, "the other seat of the step, one-hot")
        self.o_step_item = add("step_item", len(BUY), "what is being bought, one-hot")
        self.o_step_misc = add("step_misc", 2, "pieces chosen so far / 5, price squashed at $100")
        self.o_terms = add("terms", 2 * 4, "a deal: given and asked, each kind one-hot and "
                           "amount squashed at $250")  # fmt: skip
        self.o_over = add("over", 1, "1 when the game is over")

    def write(self, v: dict, seat: int, out) -> None:
        n = self.players
        out[self.o_me + seat] = 1.0
        out[self.o_round] = share(v["round"], self.options["max_rounds"])
        turn = v["turn"]
        out[self.o_turn + turn] = 1.0
        out[self.o_phase + PHASES.index(v["phase"])] = 1.0
        homes, alive, money, income = v["homes"], v["alive"], v["money"], v["income"]
        for s in range(n):
            if homes[s]:  # (none yet while the seat is still to choose it)
                out[self.o_homes + s * len(BOROUGH) + BOROUGH[homes[s]]] = 1.0
            if alive[s]:
                out[self.o_alive + s] = 1.0
            out[self.o_money + s] = squash(money[s], 500)
            out[self.o_income + s] = share(income[s], D.MONEY["win_income"])
        width = n + NB + 1
        for name, (owner, building, price) in v["districts"].items():
            at = self.o_districts + DISTRICT[SPACE[name]] * width
            if owner >= 0:
                out[at + owner] = 1.0
            if building:
                out[at + n + BUILDING[building]] = 1.0
            if price > 0:
                out[at + n + NB] = price / (price + 100.0)
        counts: dict[int, int] = {}  # place in the vector -> pieces, squashed once counted
        units, ready = self.o_units, self.o_ready
        where = {}
        for uid, own, kind, space, moves, flag, _aboard, _extra in v["units"]:
            i, k = SPACE[space], KIND[kind]
            where[uid] = i
            at = units + (i * n + own) * NK + k
            counts[at] = counts.get(at, 0) + 1
            if own == turn and flag == FREE and moves > 0:
                at = ready + i * NK + k
                counts[at] = counts.get(at, 0) + 1
        for at, c in counts.items():
            out[at] = c / (c + 2.0)
        counts.clear()
        for holder, ctrl, _colour in v["captives"]:
            at = self.o_captives + holder * n + ctrl
            counts[at] = counts.get(at, 0) + 1
        for j, pacts in enumerate((v["invites"], v["handovers"], v["deliveries"])):
            for _space, a, b in pacts:
                at = self.o_pacts + j * n * n + a * n + b
                counts[at] = counts.get(at, 0) + 1
        for at, c in counts.items():
            out[at] = c / (c + 1.0)
        todo = v["todo"]
        if todo:
            self._step(todo[-1], where, out)
        out[self.o_step + len(STEP)] = share(len(todo), 4)
        out[self.o_over] = float(v["over"])

    def _step(self, step: dict, where: dict, out) -> None:
        out[self.o_step + STEP[step["k"]]] = 1.0
        if "t" in step:
            out[self.o_step_space + step["t"]] = 1.0
        uid = step.get("uid", step.get("v"))
        if uid is not None and uid in where:
            out[self.o_step_unit + where[uid]] = 1.0
        other = step.get("to", step.get("from"))
        if other is not None and other >= 0:
            out[self.o_step_seat + other] = 1.0
        if "item" in step:
            out[self.o_step_item + BUY[step["item"]]] = 1.0
        out[self.o_step_misc] = share(len(step.get("chosen", ())), 5)
        out[self.o_step_misc + 1] = squash(step.get("price", 0), 100)
        for j, terms in enumerate((step.get("give"), step.get("want"))):
            if terms:
                what, value = terms
                at = self.o_terms + j * 4
                out[at + TERM_KIND.index(what)] = 1.0
                out[at + 3] = squash(value, 250) if what == "money" else 0.0
