"""From the bullets to the shots: loading (CNG-4), aiming and the hold-up (CNG-5), courage
(CNG-6)."""

from __future__ import annotations

from ..actions import act
from ..state import CNGState
from .shots import begin_shots

# The hold-up steps after the aims are shown, in order.
HOLDUP = ("kid", "privilege", "professional", "cunning", "courage")


def others_to_act(s: CNGState, seat: int) -> bool:
    """After `seat`'s move in a step all take at once (bullets, aims, courage): whether others
    are still to act. `waiting` held them all before the move (kept after every move and on
    loading), and the move settled only this seat's own choice."""
    return s.waiting != (seat,)


# ----- bullets ---------------------------------------------------------------------------------
def legal_load(s, seat):
    clicks, bangs = s.hand[seat]
    return [act("load", c) for c, k in (("click", clicks), ("bang", bangs)) if k]


def apply_load(s, seat, action):
    card = action.args[0]
    s.hand[seat][card == "bang"] -= 1
    s.bullet[seat] = card
    s.say(f"seat {seat} loads a bullet card")
    if not others_to_act(s, seat):
        begin_aim(s)


# ----- aiming ----------------------------------------------------------------------------------
def begin_aim(s: CNGState) -> None:
    """CNG-5.1: everyone aims in secret at once (the Kid waits, CNG-5.3)."""
    s.phase, s.actor = "aim", -1
    kid = s.holder("kid")
    s.kid_late = kid if kid >= 0 and not s.flash else -1
    if s.kid_late >= 0 and not s.pending_seats():
        s.aims_public = True
        holdup_next(s)


def legal_aim(s, seat):
    targets = s.targets(seat)
    return [act("aim", t) for t in targets] if targets else [act("aim", -1)]


def apply_aim(s, seat, action):
    s.aim[seat] = action.args[0]
    s.say(f"seat {seat} takes aim")
    if others_to_act(s, seat):
        return
    if s.flash:  # CNG-11.3: only the player who threw the Flash Bang sees the guns
        for t in range(s.players):
            if s.alive[t] and t != s.flash_user:
                s.say(f"seat {t} aims at seat {s.aim[t]}", (s.flash_user,))
    else:
        s.aims_public = True
        for t in range(s.players):
            if s.alive[t] and t != s.kid_late:
                s.say(f"seat {t} aims at seat {s.aim[t]}")
    holdup_next(s)


def sparrow_conflict(s: CNGState) -> int:
    """CNG-5.7: the seat the Desert Sparrow aims at may not aim back at it: that seat, or -1."""
    if s.flash:
        return -1
    sparrow = s.holder("desert_sparrow")
    if sparrow < 0:
        return -1
    t = s.aim[sparrow]
    if t is not None and t >= 0 and s.aim[t] == sparrow:
        return t
    return -1


def holdup_next(s: CNGState) -> None:
    """Moves on to the next hold-up step that applies."""
    while True:
        t = sparrow_conflict(s)
        if t >= 0:
            if s.targets(t):
                s.say(f"seat {t} may not aim back at the Desert Sparrow and must turn")
                s.phase, s.actor, s.ordered = "retarget", t, -1
                return
            s.aim[t] = -1
            s.say(f"seat {t} has nobody else to aim at and lowers its gun")
        index = HOLDUP.index(s.step) + 1 if s.step in HOLDUP else 0
        s.step = HOLDUP[index]
        if s.step == "kid" and s.kid_late >= 0:
            s.phase, s.actor = "kid", s.kid_late
            return
        if s.step == "privilege" and not s.flash:
            s.phase, s.actor = "privilege", s.godfather
            return
        if s.step == "professional":
            pro = s.holder("professional")
            if pro >= 0 and "professional" not in s.used and other_targets(s, pro):
                s.phase, s.actor = "professional", pro
                return
        if s.step == "cunning" and not s.flash:
            cunning = s.holder("cunning")
            if cunning >= 0:
                s.phase, s.actor = "cunning", cunning
                return
        if s.step == "courage":
            begin_courage(s)
            return


def other_targets(s: CNGState, seat: int) -> list[int]:
    return [t for t in s.targets(seat) if t != s.aim[seat]]


def legal_kid(s, seat):
    return legal_aim(s, seat)


def apply_kid(s, seat, action):
    """CNG-5.3: the Kid aims after seeing every other gun."""
    s.aim[seat] = action.args[0]
    s.kid_late = -1
    s.say(f"seat {seat} (the Kid) aims at seat {s.aim[seat]}")
    holdup_next(s)


def legal_privilege(s, seat):
    acts = [
        act("order", t)
        for t in range(s.players)
        if t != seat and s.alive[t] and other_targets(s, t)
    ]
    return acts + [act("order", -1)]


def apply_privilege(s, seat, action):
    """CNG-5.4: the Godfather may order one other player to aim at someone else."""
    t = action.args[0]
    if t < 0:
        s.say(f"the Godfather (seat {seat}) gives no order")
        holdup_next(s)
        return
    s.say(f"the Godfather (seat {seat}) orders seat {t} to aim elsewhere")
    s.phase, s.actor, s.ordered = "retarget", t, t


def legal_retarget(s, seat):
    return [act("retarget", t) for t in other_targets(s, seat)]


def apply_retarget(s, seat, action):
    s.aim[seat] = action.args[0]
    s.ordered = -1
    text = f"seat {seat} now aims at seat {s.aim[seat]}"
    if s.flash:
        s.say(text, (seat,) if seat == s.flash_user else (seat, s.flash_user))
    else:
        s.say(text)
    holdup_next(s)


def legal_professional(s, seat):
    return [act("professional", True), act("professional", False)]


def apply_professional(s, seat, action):
    """CNG-5.5: once per game, the Professional may change target after the privilege."""
    if action.args[0]:
        s.used.append("professional")
        s.say(f"seat {seat} (the Professional) changes target")
        s.phase, s.actor = "retarget", seat
        return
    s.say(f"seat {seat} (the Professional) keeps its target")
    holdup_next(s)


def legal_cunning(s, seat):
    clicks, bangs = s.hand[seat]
    acts = [act("cunning", "")]
    for card, count in (("click", clicks), ("bang", bangs)):
        if count and card != s.bullet[seat]:
            acts.append(act("cunning", card))
    return acts


def apply_cunning(s, seat, action):
    """CNG-5.6: the Cunning may swap the loaded bullet card, after the Kid, unseen."""
    card = action.args[0]
    if card:
        s.hand[seat][card == "bang"] -= 1
        s.hand[seat][s.bullet[seat] == "bang"] += 1
        s.bullet[seat] = card
    s.say(f"seat {seat} (the Cunning) may have changed its bullet")
    holdup_next(s)


# ----- courage ---------------------------------------------------------------------------------
def begin_courage(s: CNGState) -> None:
    """CNG-6.1: everyone still standing chooses at once to stand or lie down."""
    s.phase, s.actor = "courage", -1
    smart = s.holder("smart")
    blind = s.flash and smart != s.flash_user
    s.smart_late = smart if smart >= 0 and s.standing[smart] and not blind else -1
    if not s.pending_seats():
        reveal_courage(s)


def legal_courage(s, seat):
    return [act("courage", "stand"), act("courage", "down")]


def apply_courage(s, seat, action):
    s.courage[seat] = action.args[0]
    s.say(f"seat {seat} has made up his mind")
    if not others_to_act(s, seat):
        reveal_courage(s)


def reveal_courage(s: CNGState) -> None:
    s.courage_public = True
    for t in range(s.players):
        if s.courage[t]:
            s.say(f"seat {t} {'stands' if s.courage[t] == 'stand' else 'lies down'}")
    if s.smart_late >= 0:  # CNG-6.4: Smart chooses after seeing the others
        s.phase, s.actor = "smart", s.smart_late
        return
    after_courage(s)


def legal_smart(s, seat):
    return legal_courage(s, seat)


def apply_smart(s, seat, action):
    s.courage[seat] = action.args[0]
    s.smart_late = -1
    s.say(f"seat {seat} (Smart) {'stands' if s.courage[seat] == 'stand' else 'lies down'}")
    after_courage(s)


def after_courage(s: CNGState) -> None:
    """CNG-6.2: who lies down leaves the turn; the bullet is discarded unseen. CNG-6.3: Doctor."""
    for t in range(s.players):
        if s.courage[t] == "down":
            s.standing[t] = False
            if s.bullet[t]:
                s.hidden[t][s.bullet[t] == "bang"] += 1
                s.bullet[t] = ""
            if s.powers[t] == "doctor" and s.wounds[t]:
                s.wounds[t] -= 1
                s.say(f"seat {t} (the Doctor) heals a wound")
    if s.flash:  # CNG-11.3: eyes open again
        s.aims_public = True
        for t in range(s.players):
            if s.alive[t] and s.aim[t] is not None:
                s.say(f"seat {t} was aiming at seat {s.aim[t]}")
    begin_shots(s)
