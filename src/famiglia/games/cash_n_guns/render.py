"""A plain-text table for the terminal: what `seat` may see."""

from __future__ import annotations

from famiglia.core.text import plain

from .actions import card_name, share_name
from .content import POWER_TITLE


def render(state, seat) -> str:
    """The table as text, its markup escaped (team names like "[red]" are shown as written)."""
    v = state.view(seat)
    lines = [f"Turn {v['turn']}  Godfather: seat {v['godfather']}  phase: {v['phase']}"]
    lines.append("Loot: " + ", ".join(share_name(c) for c in v["table"] + v["tokens"]))
    for t in range(state.players):
        team = f" [{v['teams'][t]}]" if v["teams"] else ""
        power = POWER_TITLE.get(v["powers"][t], "Evil Twin" if t in v["evil_twins"] else "?")
        status = "dead" if not v["alive"][t] else ("standing" if v["standing"][t] else "down")
        aim = v["aims"][t]
        aim_text = f" aims at {aim}" if aim is not None else ""
        loot = ", ".join(card_name(c) for c in v["loot"][t]) or "-"
        lines.append(
            f"seat {t}{team}: {power}, {status}, wounds {v['wounds'][t]},"
            f" {v['hand_size'][t]} bullets{aim_text}; loot: {loot}"
        )
    if seat is not None:
        clicks, bangs = v["hand"]
        lines.append(f"Your hand: {clicks} Click, {bangs} Bang!  loaded: {v['my_bullet'] or '-'}")
    return plain("\n".join(lines))
