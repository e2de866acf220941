"""Shadow Trading (team play): swap one card for a teammate's card of the same type."""

from __future__ import annotations

from ..actions import AMMO_NAME, act, card_name
from ..data import LOOT_ORDER, POWER_TITLE, SURPRISE_TITLE
from ..state import CNGState
from .split import after_share

TYPES = ("loot", "ammo", "power", "surprise")


def cards_of(s: CNGState, seat: int, kind: str) -> list[str]:
    """The cards of one type a seat holds (ammo: only what is in hand)."""
    if kind == "loot":
        return [c for c in LOOT_ORDER if c in s.loot[seat]]
    if kind == "ammo":
        return [c for c, k in zip(("click", "bang"), s.hand[seat], strict=True) if k]
    if kind == "power":
        return [s.powers[seat]] if s.powers[seat] else []
    return ["surprise"] if s.surprise[seat] else []


def visible_has(s: CNGState, seat: int, kind: str) -> bool:
    """Whether everyone can see that `seat` holds a card of that type."""
    if kind == "ammo":
        return sum(s.hand[seat]) > 0
    return bool(cards_of(s, seat, kind))


def begin_trade(s: CNGState, seat: int) -> None:
    """CNG-9.5: the Shadow Trading tile, taken as a share."""
    mates = s.mates(seat)
    if len(mates) > 1:
        s.phase, s.actor = "sh_mate", seat
        return
    choose_mate(s, seat, mates[0] if mates else -1)


def choose_mate(s: CNGState, seat: int, mate: int) -> None:
    s.sh_mate = mate
    if mate < 0 or not trade_types(s, seat, mate):
        s.say(f"seat {seat} has nothing to trade")
        finish_trade(s, seat)
        return
    s.phase, s.actor = "sh_type", seat


def trade_types(s: CNGState, seat: int, mate: int) -> list[str]:
    return [k for k in TYPES if cards_of(s, seat, k) and visible_has(s, mate, k)]


def legal_sh_mate(s, seat):
    return [act("sh_mate", t) for t in s.mates(seat)]


def apply_sh_mate(s, seat, action):
    choose_mate(s, seat, action.args[0])


def legal_sh_type(s, seat):
    return [act("sh_type", k) for k in trade_types(s, seat, s.sh_mate)]


def apply_sh_type(s, seat, action):
    s.sh_type = action.args[0]
    s.say(f"seat {seat} offers seat {s.sh_mate} a trade of {s.sh_type}")
    s.phase = "sh_give"


def legal_sh_give(s, seat):
    return [act("sh_give", c) for c in cards_of(s, seat, s.sh_type)]


def apply_sh_give(s, seat, action):
    s.sh_give = action.args[0]
    mate = s.sh_mate
    if not s.alive[mate]:  # a dead teammate picks the card he gives
        s.phase, s.actor = "sh_dead", mate
        return
    s.phase = "sh_get"


def wanted(s: CNGState, mate: int, kind: str) -> list[str]:
    """What may be asked of a living teammate (ammo: either kind, his hand is unseen)."""
    if kind == "ammo":
        return ["click", "bang"]
    return cards_of(s, mate, kind)


def legal_sh_get(s, seat):
    return [act("sh_get", c) for c in wanted(s, s.sh_mate, s.sh_type)]


def apply_sh_get(s, seat, action):
    s.sh_get = action.args[0]
    secret = s.sh_type in ("ammo", "surprise")
    text = f"seat {seat} offers {card_name(s.sh_give)} for {card_name(s.sh_get)}"
    s.say(text, (seat, s.sh_mate) if secret else None)
    s.phase, s.actor = "sh_answer", s.sh_mate


def legal_sh_answer(s, seat):
    acts = [act("sh_answer", False)]
    if s.sh_get in cards_of(s, seat, s.sh_type):
        acts.insert(0, act("sh_answer", True))
    return acts


def apply_sh_answer(s, seat, action):
    user = s.order[s.split_pos] if s.order else -1
    if action.args[0]:
        swap(s, user, seat, s.sh_give, s.sh_get)
    else:
        s.say(f"seat {seat} refuses the trade")
    finish_trade(s, user)


def legal_sh_dead(s, seat):
    return [act("sh_dead", c) for c in cards_of(s, seat, s.sh_type)]


def apply_sh_dead(s, seat, action):
    user = s.order[s.split_pos]
    swap(s, user, seat, s.sh_give, action.args[0])
    finish_trade(s, user)


def swap(s: CNGState, a: int, b: int, give: str, get: str) -> None:
    """a gives `give` to b and receives `get` from b."""
    kind = s.sh_type
    if kind == "loot":
        s.loot[a].remove(give)
        s.loot[b].remove(get)
        s.loot[a].append(get)
        s.loot[b].append(give)
    elif kind == "ammo":
        s.hand[a][give == "bang"] -= 1
        s.hand[b][give == "bang"] += 1
        s.hand[b][get == "bang"] -= 1
        s.hand[a][get == "bang"] += 1
    elif kind == "power":
        s.powers[a], s.powers[b] = s.powers[b], s.powers[a]
    else:
        s.surprise[a], s.surprise[b] = s.surprise[b], s.surprise[a]
    if kind in ("ammo", "surprise"):
        s.say(f"seat {a} and seat {b} trade {kind}")
        if kind == "ammo":
            s.say(f"seat {a} gives {AMMO_NAME[give]} for {AMMO_NAME[get]}", (a, b))
        else:
            s.say(f"you now hold {SURPRISE_TITLE[s.surprise[a]]}", (a,))
            s.say(f"you now hold {SURPRISE_TITLE[s.surprise[b]]}", (b,))
    elif kind == "power":
        s.say(f"seat {a} now has {POWER_TITLE[s.powers[a]]}, seat {b} {POWER_TITLE[s.powers[b]]}")
    else:
        s.say(f"seat {a} trades {card_name(give)} for seat {b}'s {card_name(get)}")


def finish_trade(s: CNGState, user: int) -> None:
    s.sh_mate = -1
    s.sh_type = s.sh_give = s.sh_get = ""
    after_share(s, user, "shadow")
