"""A compact terminal picture of The Mob for one seat (rich)."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from famiglia.core.text import plain


def render(state, seat):
    v = state.view(seat)
    head = Text(
        f"Year {v['year']} - dealer seat {v['dealer']} - card {v['cards_played'] + 1} "
        f"of {v['cards_per_year']}" + (" (last card!)" if v["last_card"] else ""),
        style="bold",
    )
    families = Table(title="Families", show_lines=False)
    for column in ("seat", "cash", "invested", "photo", "guards", "prison", "harbour", "cards"):
        families.add_column(column)
    for i, f in enumerate(v["families"]):
        prison = ", ".join(f"{m} (block {b})" for m, b in f["prison"].items())
        row = (
            str(i) + (" (you)" if i == seat else ""),
            f"${f['cash']}k",
            f"${f['investment'] * 100}k",
            ", ".join(f["photo"]),
            str(f["bodyguards"]),
            prison,
            ", ".join(f["harbour"]),
            str(f["hand_size"]),
        )
        families.add_row(*map(plain, row))
    board = Table(title="Illegal businesses held")
    for column in ("business", "family", "pieces", "stake"):
        board.add_column(column)
    for name, space in v["illegal_businesses"].items():
        guards = space["bodyguards"]
        plural = "s" if guards > 1 else ""
        pieces = ", ".join(space["members"] + [f"{guards} bodyguard{plural}"] * bool(guards))
        row = (
            f"{name} (${space['value']}k)",
            f"seat {space['family']}",
            pieces,
            f"${space['stake']}k",
        )
        board.add_row(*map(plain, row))
    parts = [head, families, board]
    extra = []
    if v["legal_businesses"]:
        extra.append(
            "Legal: " + ", ".join(f"{n}: seat {s}" for n, s in v["legal_businesses"].items())
        )
    for name, who in v["out_of_circulation"].items():
        extra.append(f"{name}: " + ", ".join(f"seat {s}'s {m}" for s, m in who))
    if v["in_play"]:
        extra.append(f"In play: {v['in_play']}")
    if seat is not None:
        extra.append("Your hand: " + ", ".join(v["hand"]))
        if v["returning"]:
            extra.append("Returning: " + ", ".join(v["returning"]))
    parts += [Text(line) for line in extra]
    return Group(*parts)
