"""Why a move is refused, in words a player understands, with the rule's clause id."""

from __future__ import annotations

import re

from ..actions import act, share_name
from ..content import LOOT_ORDER, TOKENS
from ..state import CNGState

_SEAT = re.compile(r"^(aim at|turn my gun to) seat (\d+)$")


def action_for_text(s: CNGState, text: str):
    """The action a typed phrase names, legal or not, for the common refusals; else None."""
    m = _SEAT.match(text)
    if m:
        return act("aim" if m.group(1) == "aim at" else "retarget", int(m.group(2)))
    if text in ("load a click", "load a bang!"):
        return act("load", "bang" if "bang" in text else "click")
    for code in (*LOOT_ORDER, *TOKENS):
        if text in (f"take {share_name(code)}".lower(), f"use {share_name(code)}".lower()):
            return act("take", code)
    return None


def why_illegal(s: CNGState, seat: int, action) -> tuple[str, str]:
    kind, args = action.kind, action.args
    phase = s.phase
    if kind == "load" and phase == "bullet" and args and args[0] in ("click", "bang"):
        return f"you have no {'Bang!' if args[0] == 'bang' else 'Click'} card left", "CNG-4.1"
    if kind in ("aim", "retarget") and args and isinstance(args[0], int):
        t = args[0]
        if t == seat:
            return "you may not aim at yourself", "CNG-5.2"
        if 0 <= t < s.players:
            if not s.alive[t]:
                return f"seat {t} is dead", "CNG-5.2"
            if s.team_of[t] == s.team_of[seat]:
                return f"seat {t} is your teammate", "CNG-9.2"
            if s.powers[t] == "desert_sparrow" and s.aim[t] == seat and s.aims_public:
                return "you may not aim back at the Desert Sparrow", "CNG-5.7"
        if kind == "retarget" and t == s.aim[seat]:
            return "you must aim at someone else", "CNG-5.4"
    if kind == "take" and phase == "pick" and args:
        if s.ban and args[0] in s.table:
            return "the Dictator forbids that kind of loot to you now", "CNG-8.8"
        return "that share is not on the table", "CNG-8.2"
    if kind == "professional" and "professional" in s.used:
        return "the Professional's power is spent", "CNG-5.5"
    if kind == "lucky" and "lucky_man" in s.used:
        return "Lucky Man's power is spent", "CNG-7.6"
    legal = s._legal.get(seat) or []
    shown = "; ".join(str(a) for a in legal[:8])
    more = f" (and {len(legal) - 8} more)" if len(legal) > 8 else ""
    return f"'{action}' is not a legal move now. Legal: {shown}{more}", ""
