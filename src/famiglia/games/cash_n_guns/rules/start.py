"""The start of a turn (CNG-3): a new pile of loot, the Hustler's draw, the surprises
(CNG-11.2), up to the loading of the bullets (CNG-4.1)."""

from __future__ import annotations

from ..actions import AMMO_NAME, act
from ..data import LOOT_NAME, SURPRISE_TITLE
from ..state import CNGState


# ----- the start of a turn ---------------------------------------------------------------------
def begin_turn(s: CNGState) -> None:
    """CNG-3.1: a new pile of 8 loot cards face up, with the tokens of the split."""
    s.turn += 1
    n = s.players
    if not s.alive[s.godfather]:  # CNG-3.2: the desk passes on to the next living seat
        s.godfather = next(t for t in s.from_godfather() if s.alive[t])
    s.table = s.piles.pop(0)
    s.known.pop(0)
    s.tokens = ["godfather"]
    if s.teams:
        s.tokens.append("shadow")
    if s.mercs_on:
        s.tokens.append("recruit")
    s.bullet = [""] * n
    s.aim = [None] * n
    s.courage = [""] * n
    s.standing = list(s.alive)
    s.aims_public = s.courage_public = False
    s.flash = s.jammed = False
    s.flash_user = s.bomb_user = -1
    s.bomb = ""
    s.kid_late = s.smart_late = s.ordered = -1
    s.hits = []
    s.new_godfather = -1
    s.step = ""
    loot = ", ".join(LOOT_NAME[c] for c in s.table)
    s.say(f"Turn {s.turn}: seat {s.godfather} is the Godfather. The loot: {loot}.")
    hustler = s.holder("hustler")
    if hustler >= 0 and hustle_victims(s, hustler):
        s.phase, s.actor = "hustle", hustler
        return
    surprise_step(s)


def hustle_victims(s: CNGState, hustler: int) -> list[int]:
    return [t for t in range(s.players) if t != hustler and s.alive[t] and sum(s.hand[t])]


def legal_hustle(s, seat):
    return [act("hustle", t) for t in hustle_victims(s, seat)]


def apply_hustle(s, seat, action):
    """CNG-3.3: the Hustler draws a random bullet card from another hand, then gives one back."""
    victim = action.args[0]
    clicks, bangs = s.hand[victim]
    card = "click" if s.rng.below(clicks + bangs) < clicks else "bang"
    s.hand[victim][card == "bang"] -= 1
    s.hand[seat][card == "bang"] += 1
    s.say(f"seat {seat} (the Hustler) draws a bullet card from seat {victim}")
    s.say(f"you draw {AMMO_NAME[card]} from seat {victim}", (seat,))
    s.say(f"the Hustler draws {AMMO_NAME[card]} from your hand", (victim,))
    s.phase, s.ordered = "hustle_give", victim


def legal_hustle_give(s, seat):
    clicks, bangs = s.hand[seat]
    return [act("hustle_give", c) for c, k in (("click", clicks), ("bang", bangs)) if k]


def apply_hustle_give(s, seat, action):
    card, victim = action.args[0], s.ordered
    s.hand[seat][card == "bang"] -= 1
    s.hand[victim][card == "bang"] += 1
    s.ordered = -1
    s.say(f"seat {seat} gives a bullet card back to seat {victim}")
    s.say(f"you give {AMMO_NAME[card]} to seat {victim}", (seat,))
    s.say(f"the Hustler gives you {AMMO_NAME[card]}", (victim,))
    surprise_step(s)


# ----- surprises -------------------------------------------------------------------------------
def surprise_step(s: CNGState) -> None:
    """CNG-11.2: holders in seat order from the Godfather may play; one surprise per turn."""
    if s.surprises_on:
        s.queue = [t for t in s.from_godfather() if s.alive[t] and s.surprise[t]]
        if s.queue:
            s.phase, s.actor = "surprise", s.queue.pop(0)
            return
    begin_bullets(s)


def legal_surprise(s, seat):
    return [act("surprise", True), act("surprise", False)]


def apply_surprise(s, seat, action):
    if not action.args[0]:
        s.say(f"seat {seat} keeps its surprise")
        if s.queue:
            s.actor = s.queue.pop(0)
            return
        begin_bullets(s)
        return
    card = s.surprise[seat]
    s.surprise[seat] = ""
    s.queue = []
    s.say(f"seat {seat} plays {SURPRISE_TITLE[card]}!")
    if card == "flash_bang":
        s.flash, s.flash_user = True, seat
    elif card == "jammed":
        s.jammed = True
    else:
        s.bomb_user = seat
    begin_bullets(s)


# ----- bullets ---------------------------------------------------------------------------------
def begin_bullets(s: CNGState) -> None:
    """CNG-4.1: every living player loads one bullet card in secret, all at once."""
    s.phase, s.actor = "bullet", -1
