"""The split: one share each, in turn from the Godfather, until the loot is gone.

A share is one loot card or a token (the New Godfather token; in team play the Shadow Trading
tile; with mercenaries the Recruitment tile). Powers and surprises hook in along the way. The
pick itself is in taking.py; here are the steps around it, what a share does once taken, and
the split's end: the next turn, or the end of the game.
"""

from __future__ import annotations

from ..actions import act, share_name, the_share
from ..data import LOOT_KIND, LOOT_NAME, LOOT_ORDER, TURNS
from ..scoring import finish
from ..state import CNGState
from .deaths import check_sole_survivors, die
from .mercs import begin_recruiting
from .start import begin_turn


def kind_of(share: str) -> str:
    return LOOT_KIND.get(share, share)


def begin_split(s: CNGState) -> None:
    """CNG-8.1: those standing and unhurt take part, in seat order from the Godfather."""
    s.order = [t for t in s.from_godfather() if s.standing[t] and s.alive[t]]
    s.split_pos = 0
    s.dictator_used = s.greedy_done = s.junk_used = False
    s.ban = s.pending = ""
    s.pending_bomb = False
    s.step = "bomb"
    if s.bomb_user >= 0 and s.alive[s.bomb_user] and (s.table or s.tokens):
        s.phase, s.actor = "bomb", s.bomb_user  # CNG-11.5
        return
    split_next(s)


def shares(s: CNGState) -> list[tuple[str, bool]]:
    """The shares on offer as (code, carries the parcel bomb), loot cards first, in a fixed
    order. CNG-11.5: the bomb sits on one share, so the other cards of its kind are offered
    apart from it."""
    table, bomb = s.table, s.bomb
    if bomb not in table:  # the usual case: no bomb, or on a token
        out = [(c, False) for c in LOOT_ORDER if c in table]
    else:
        out = []
        for c in LOOT_ORDER:
            if c != bomb:
                if c in table:
                    out.append((c, False))
            else:
                if table.count(c) > 1:
                    out.append((c, False))
                out.append((c, True))
    return out + [(c, c == bomb) for c in s.tokens]


def share_act(kind: str, code: str, bomb: bool):
    """The move taking a share; the one with the parcel bomb says so (an extra argument)."""
    return act(kind, code, True) if bomb else act(kind, code)


def bombed(action) -> bool:
    return len(action.args) > 1 and action.args[1] is True


def legal_bomb(s, seat):
    return [act("bomb", c) for c, _ in shares(s)]


def apply_bomb(s, seat, action):
    s.bomb = action.args[0]
    s.say(f"seat {seat} puts the parcel bomb on {describe_share(s.bomb)}")
    split_next(s)


def describe_share(code: str, bomb: bool = False) -> str:
    return f"{the_share(code)} with the parcel bomb" if bomb else share_name(code)


def split_next(s: CNGState) -> None:
    """The steps before the first share: Evil Twins, the Cute, the Stealthy."""
    if s.step == "bomb":
        s.step = "twins"
        twins = [t for t in s.order if t in s.twins]
        if len(twins) == 2:  # CNG-9.6: the first twin in order picks who takes part
            s.phase, s.actor = "twins", twins[0]
            return
    if s.step == "twins":
        s.step = "cute"
        cute = s.holder("cute")
        if cute in s.order and "b5" in s.table:  # CNG-8.6
            # The Cute takes a $5k without the parcel bomb if there is one.
            bomb = ("b5", False) not in shares(s)
            s.table.remove("b5")
            s.say(f"seat {cute} (the Cute) takes {describe_share('b5', bomb)} before the split")
            take_effects(s, cute, "b5", bomb)
            s.loot[cute].append("b5")
            if s.phase == "over":
                return
            if not s.alive[cute]:
                leave_order(s, cute)
    if s.step == "cute":
        s.step = "stealthy"
        st = s.holder("stealthy")
        if st in s.order and ("kit" in s.table or "clip" in s.table):  # CNG-8.7
            s.phase, s.actor = "stealthy", st
            return
    s.step = "pick"
    if not s.order:
        end_split(s)
        return
    s.split_pos = 0
    enter_pick(s)


def legal_twins(s, seat):
    return [act("twin", t) for t in s.twins if t in s.order]


def apply_twins(s, seat, action):
    keep = action.args[0]
    for t in s.twins:
        if t != keep and t in s.order:
            s.order.remove(t)
    s.say(f"seat {keep} takes part in the split for the Evil Twins")
    split_next(s)


def legal_stealthy(s, seat):
    offer = shares(s)
    return [share_act("stealthy", c, b) for k in ("kit", "clip") for c, b in offer if c == k]


def apply_stealthy(s, seat, action):
    card, bomb = action.args[0], bombed(action)
    s.table.remove(card)
    s.say(f"seat {seat} (Stealthy) takes {describe_share(card, bomb)} before the split")
    take_effects(s, seat, card, bomb)
    if s.phase == "over":
        return
    if not s.alive[seat]:
        leave_order(s, seat)
        split_next(s)
        return
    receive(s, seat, card)


# ----- the picks ---------------------------------------------------------------------------------
def open_shares(s: CNGState) -> list[tuple[str, bool]]:
    ban = s.ban
    if not ban:
        return shares(s)
    return [(c, b) for c, b in shares(s) if kind_of(c) != ban]


def any_open_share(s: CNGState) -> bool:
    """Whether open_shares(s) offers anything, without listing them: every card or token on
    the table is offered, apart from the kind the Dictator forbids."""
    ban = s.ban
    if not ban:
        return bool(s.table or s.tokens)
    return any(kind_of(c) != ban for c in s.table) or any(t != ban for t in s.tokens)


def loot_left(s: CNGState) -> bool:
    """CNG-8.2: the split lasts while loot cards or the New Godfather token remain."""
    return bool(s.table) or "godfather" in s.tokens


def enter_pick(s: CNGState) -> None:
    """The current seat in the order picks; anyone who can take nothing is passed over."""
    for _ in range(len(s.order) + 1):
        if not s.order or not loot_left(s):
            end_split(s)
            return
        s.split_pos %= len(s.order)
        if any_open_share(s):
            s.phase, s.actor = "pick", s.order[s.split_pos]
            return
        s.say(f"seat {s.order[s.split_pos]} can take nothing this time")
        s.ban = ""
        s.split_pos += 1
    end_split(s)


def next_pick(s: CNGState) -> None:
    s.ban = ""
    s.split_pos += 1
    enter_pick(s)


def leave_order(s: CNGState, seat: int) -> None:
    """Takes a seat out of the split order, keeping the turn with the right seat."""
    if seat not in s.order:
        return
    i = s.order.index(seat)
    s.order.pop(i)
    if i <= s.split_pos:
        s.split_pos -= 1


def take_effects(s: CNGState, seat: int, share: str, bomb: bool) -> None:
    """CNG-11.5: whoever takes the share with the parcel bomb takes a wound with it."""
    if bomb:
        s.bomb = ""
        s.wounds[seat] += 1
        s.say(f"the parcel bomb goes off: seat {seat} is wounded")
        if s.wounds[seat] >= s.lethal(seat):
            die(s, seat)
            check_sole_survivors(s)


def receive(s: CNGState, seat: int, card: str) -> None:
    """A loot card reaches its taker. CNG-8.5: a kit or Clip is used at once."""
    if card in ("kit", "clip"):
        mates = [t for t in s.mates(seat) if s.alive[t]]
        if mates:  # CNG-9.4: or on a living teammate
            s.use_card = card
            s.phase, s.actor = "use", seat
            return
        use_on(s, seat, card)
    else:
        s.loot[seat].append(card)
    after_share(s, seat, card)


def use_on(s: CNGState, target: int, card: str) -> None:
    if card == "kit":
        if s.wounds[target]:
            s.wounds[target] -= 1
            s.say(f"the First aid kit heals a wound of seat {target}")
        else:
            s.say(f"the First aid kit is wasted on seat {target}")
        return
    s.hand[target][1] += 1
    s.say(f"the Clip gives seat {target} a Bang!")
    friend = s.holder("good_friend")
    if friend >= 0:  # CNG-8.11
        s.hand[friend][1] += 1
        s.say(f"seat {friend} (the Good Friend) also gets a Bang!")


def legal_use(s, seat):
    return [act("use", t) for t in (seat, *s.mates(seat)) if s.alive[t]]


def apply_use(s, seat, action):
    card, s.use_card = s.use_card, ""
    use_on(s, action.args[0], card)
    if s.step == "stealthy":
        split_next(s)
        return
    after_share(s, seat, card)


def legal_junk(s, seat):
    return [act("junk", k) for k in range(len(s.piles))] + [act("junk", -1)]


def apply_junk(s, seat, action):
    k, card = action.args[0], s.pending
    s.pending = ""
    if k < 0:
        receive(s, seat, card)
        return
    s.junk_used = True
    pile = s.piles[k]
    i = s.rng.below(len(pile))
    if i >= len(pile) - s.known[k]:
        s.known[k] -= 1  # the drawn card was one everybody had seen going in
    got = pile.pop(i)
    pile.append(card)
    s.known[k] += 1
    s.say(
        f"seat {seat} (Junk Dealer) swaps {LOOT_NAME[card]} for {LOOT_NAME[got]} from pile {k + 1}"
    )
    receive(s, seat, got)


def legal_envelope(s, seat):
    return [act("envelope", c) for c in LOOT_ORDER if c in s.loot[seat]]


def apply_envelope(s, seat, action):
    """CNG-12.2: the Recruitment tile puts one of the taker's loot cards in the team envelope."""
    card = action.args[0]
    s.loot[seat].remove(card)
    s.envelopes[s.team_of[seat]].append(card)
    s.say(f"seat {seat} puts {LOOT_NAME[card]} in the envelope")
    after_share(s, seat, "recruit")


def after_share(s: CNGState, seat: int, share: str) -> None:
    """CNG-8.9: the Greedy's first share may be a double one, and then he leaves the split."""
    if s.step == "stealthy":
        split_next(s)
        return
    if s.step == "greedy2":
        s.step = "pick"
        leave_order(s, seat)
        next_pick(s)
        return
    if seat == s.holder("greedy") and not s.greedy_done and s.step == "pick":
        s.greedy_done = True
        if share not in ("shadow", "recruit") and any(
            c not in ("shadow", "recruit") for c, _ in open_shares(s)
        ):
            s.phase, s.actor = "greedy", seat
            return
    next_pick(s)


def end_split(s: CNGState) -> None:
    """CNG-8.3: loot nobody took is lost. CNG-8.4: the New Godfather takes the desk."""
    if s.table:
        s.say("the rest of the loot is lost")
    s.table = []
    s.tokens = []
    s.order = []
    s.bomb = ""
    s.step = ""
    if s.new_godfather >= 0 and s.alive[s.new_godfather]:
        s.godfather = s.new_godfather
        s.say(f"seat {s.godfather} becomes the Godfather")
    if s.turn >= TURNS:
        end_game(s)
    else:
        begin_turn(s)


def end_game(s: CNGState) -> None:
    """CNG-10.1: after the 8th split. CNG-12.3: teams that paid recruit first."""
    s.say("The eighth split is over.")
    if s.mercs_on:
        begin_recruiting(s)
        return
    finish(s)
