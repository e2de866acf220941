"""A terminal picture of a game of Unfinished Business, as one seat sees it."""

from __future__ import annotations


def render(state, seat):
    from rich.table import Table

    from famiglia.core.text import plain

    view = state.view(seat)
    title = (
        f"Unfinished Business, seat {seat}'s view" if seat is not None else "Unfinished Business"
    )
    table = Table(title=title, show_lines=True)
    for column in ("seat", "safe", "hand", "sets (top last)"):
        table.add_column(column)
    for don in view["dons"]:
        safe = ", ".join(name or "?" for name in don["safe"]) or "-"
        if "hand" in don:
            hand = ", ".join(don["hand"]) or "-"
        else:
            known = ", ".join(don["known_in_hand"])
            hand = f"{don['hand_size']} cards" + (f" (incl. {known})" if known else "")
        sets = " | ".join(" + ".join(cards) for cards in don["sets"]) or "-"
        mark = " (Godfather)" if don["godfather"] else ""
        mark += " *" if don["seat"] in view["to_act"] else ""
        row = (
            f"{don['seat']}{mark}",
            f"#{don['safe_number']} [{don['safe_size']}] {safe}",
            hand,
            sets,
        )
        table.add_row(*map(plain, row))
    market = view["black_market"]
    bank, office = view["bank"], view["betting_office"]
    table.caption = plain(
        f"draw pile {view['draw_pile']} | black market {market['top'] or '-'} ({market['size']}) | "
        f"bank {bank['size']}{' ' + str(bank['known']) if bank['known'] else ''} | "
        f"betting office {office['size']}{' ' + str(office['known']) if office['known'] else ''}"
    )
    return table
