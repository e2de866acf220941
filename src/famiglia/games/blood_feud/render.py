"""Drawing the board: `render_svg(state or None) -> str` for a file a person can open, and a
compact terminal board (`board(state, seat)`, `render`) for `famiglia play`."""

from __future__ import annotations

from html import escape

from famiglia.core.text import plain, plural, wrap

from . import data as D
from .actions import A_PIECE, pieces_named
from .state import AT, KIND, OWNER

COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6b800", "#9467bd", "#ff7f0e")
FILL = {"district": "#d9d9d9", "park": "#8fcf7f", "airport": "#c8894f", "water": "#9cc9ee"}
LETTER = {"boss": "B", "family": "F", "hitman": "M", "henchman": "H", "thug": "T",
          "limousine": "L", "speedboat": "S", "helicopter": "C"}  # fmt: skip
BUILDING_LETTER = {"illicit": "$", "precinct": "P", "penthouse": "♛"}
SCALE = 10
HALF_W, HALF_H, WATER_R = 27, 17, 16  # box half-sizes and water circle radius, px


def _xy(i: int) -> tuple[float, float]:
    x, y = D.POS[i]
    return 40 + x * SCALE, 90 + y * SCALE


def pieces_by_space(state) -> dict[int, dict[int, dict[str, int]]]:
    """space -> owner -> kind -> count."""
    out: dict = {}
    if state is None:
        return out
    for u in state.units.values():
        per = out.setdefault(u[AT], {}).setdefault(u[OWNER], {})
        per[u[KIND]] = per.get(u[KIND], 0) + 1
    return out


def _summary(kinds: dict[str, int]) -> str:
    order = ("boss", "family", "hitman", "henchman", "thug", "limousine", "speedboat", "helicopter")
    return " ".join(
        LETTER[k] + (str(kinds[k]) if kinds[k] > 1 else "") for k in order if kinds.get(k)
    )


def render_svg(state=None) -> str:
    """The whole board as SVG: spaces, borders, shores, bridges, stars, owners, buildings and
    every piece (letters per family colour: B Boss, F family, M hit man, H henchman, T thug,
    L limousine, S speedboat, C helicopter)."""
    width, height = 40 * 2 + 100 * SCALE, 90 + 100 * SCALE + 120
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif">',
        '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="3" height="6" fill="#888"/></pattern></defs>',
        f'<rect width="{width}" height="{height}" fill="#f4f1ea"/>',
        '<text x="40" y="40" font-size="26" font-weight="bold">Blood Feud in New York</text>',
    ]
    if state is not None:
        if state.phase == "setup":
            line = f"set-up · seat {state.turn} chooses a starting point"
        else:
            line = (
                f"round {state.round} · seat {state.turn} to play · "
                f"{PHASE_WORDS.get(state.phase, state.phase)} · play order "
                + ", ".join(map(str, _play_order(state.home)))
            )
        if state.over:
            line = game_over(state)
        out.append(f'<text x="40" y="70" font-size="15">{escape(line)}</text>')
    # borders first, so that spaces sit on top of them
    done = set()
    for i in range(D.N):
        x1, y1 = _xy(i)
        for table, style in (
            (D.WATER, 'stroke="#4a90c8" stroke-width="3"'),
            (D.SHORE, 'stroke="#4a90c8" stroke-width="1.5" stroke-dasharray="4 3"'),
            (D.LAND, 'stroke="#555" stroke-width="2"'),
        ):
            for j in table[i]:
                if (j, i) in done:
                    continue
                done.add((i, j))
                x2, y2 = _xy(j)
                out.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}/>')
    for name, i, j in D.BRIDGES:
        (x1, y1), (x2, y2) = _xy(i), _xy(j)
        out.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="url(#hatch)" '
            f'stroke-width="9"><title>{escape(name)}</title></line>'
        )
    stars = set(D.STARS.values())
    pieces = pieces_by_space(state)
    for i in range(D.N):
        x, y = _xy(i)
        fill = FILL[D.TYPE[i]]
        stroke = "#333"
        if state is not None and D.IS_DISTRICT[i] and state.owner[i] >= 0:
            stroke = COLOURS[state.owner[i] % len(COLOURS)]
        width_ = 4 if stroke != "#333" else 1
        if D.IS_WATER[i]:
            shape = f'<circle cx="{x}" cy="{y}" r="{WATER_R}"'
            tag = "circle"
        else:
            shape = (
                f'<rect x="{x - HALF_W}" y="{y - HALF_H}" width="{2 * HALF_W}" '
                f'height="{2 * HALF_H}" rx="5"'
            )
            tag = "rect"
        out.append(
            f'{shape} fill="{fill}" stroke="{stroke}" stroke-width="{width_}">'
            f"<title>{escape(D.NAMES[i])}</title></{tag}>"
        )
        label = D.NAMES[i] if not D.IS_WATER[i] else D.NAMES[i].replace("off ", "")
        size = min(7.0, round(7.0 * 13 / len(label), 1))  # long names get smaller letters
        out.append(
            f'<text x="{x}" y="{y - 7}" font-size="{size}" text-anchor="middle">'
            f"{escape(label)}</text>"
        )
        if i in stars:
            out.append(
                f'<text x="{x - HALF_W - 4}" y="{y - HALF_H + 6}" font-size="13" fill="#b8860b">★</text>'
            )
        if state is not None and state.building[i]:
            out.append(
                f'<text x="{x + HALF_W - 9}" y="{y + HALF_H - 3}" font-size="10" font-weight="bold">'
                f"{BUILDING_LETTER[state.building[i]]}</text>"
            )
        for row, (owner, kinds) in enumerate(sorted(pieces.get(i, {}).items())):
            out.append(
                f'<text x="{x}" y="{y + 3 + 9 * row}" font-size="8" font-weight="bold" '
                f'text-anchor="middle" fill="{COLOURS[owner % len(COLOURS)]}">'
                f"{escape(_summary(kinds))}</text>"
            )
    # legend and purses
    y0 = 90 + 100 * SCALE + 30
    legend = (
        "B Boss  F family  M hit man  H henchman  T thug  L limousine  S speedboat  "
        "C helicopter   $ illicit activity  P corrupt precinct  ♛ penthouse palace  ★ start"
    )
    out.append(f'<text x="40" y="{y0}" font-size="13">{escape(legend)}</text>')
    if state is not None:
        for seat in range(state.players):
            status = "" if state.alive[seat] else " (dead)"
            captives = sum(1 for c in state.captives if c[0] == seat)
            text = (
                f"seat {seat} · {state.home[seat] or 'to choose'}{status} · "
                f"${state.money[seat]} · "
                f"last income ${state.income[seat]} · captives {captives}"
            )
            out.append(
                f'<text x="{40 + (seat % 3) * 340}" y="{y0 + 28 + (seat // 3) * 22}" font-size="13" '
                f'fill="{COLOURS[seat % len(COLOURS)]}">{escape(text)}</text>'
            )
    out.append("</svg>")
    return "\n".join(out)


# ----- the terminal -----------------------------------------------------------------------
LEGEND = (
    "Pieces: B Boss, F family member, M hit man, H henchman, T thug, L limousine, S speedboat, "
    "C helicopter (F2: two). Inwood[0$]: held by seat 0, with $ an illicit activity, P a "
    "corrupt precinct, ♛ a penthouse palace."
)
PHASE_WORDS = {"battle": "battle phase", "move": "movement phase", "buy": "purchases"}
ORDER = ("boss", "family", "hitman", "henchman", "thug", "limousine", "speedboat", "helicopter")


def _pieces_at(view) -> dict[str, dict[int, dict[str, int]]]:
    """space name -> owner -> kind -> count, from a seat's view."""
    out: dict = {}
    for _uid, owner, kind, space, *_rest in view["units"]:
        per = out.setdefault(space, {}).setdefault(owner, {})
        per[kind] = per.get(kind, 0) + 1
    return out


def _play_order(homes) -> list[int]:
    """The seats in the order they play: that of their starting points (BF-1.4)."""
    where = {b: i for i, b in enumerate(D.SETUP["order"])}
    return sorted(range(len(homes)), key=lambda p: where.get(homes[p], len(where)))


def _who(seat: int, me) -> str:
    return "you" if seat == me else f"seat {seat}"


def board(state, seat=None) -> list[str]:
    """Blood Feud at the terminal as `seat` sees it (BF hides nothing): the legend, one line
    per family, the map by borough (only the spaces someone holds or stands on), the seat's
    own pieces by borough and district, and the captives and agreements between families. Each
    part has one or more lines of at most 80 characters."""
    v = state.view(seat)
    pieces = _pieces_at(v)
    if v["over"]:
        head = f"Round {v['round']}: {game_over(state)}"
    elif v["phase"] == "setup":
        whose = "your" if v["turn"] == seat else f"seat {v['turn']}'s"
        order = ", ".join(map(str, v["ranking"]))
        head = f"Set-up, {whose} choice of a starting point (seats choose in the order {order})"
    else:
        whose = "your" if v["turn"] == seat else f"seat {v['turn']}'s"
        head = (
            f"Round {v['round']}, {whose} turn: {PHASE_WORDS.get(v['phase'], v['phase'])} "
            "(battle, movement, income, purchases)"
        )
    lines = [wrap(head), wrap(LEGEND)]
    attack = attack_so_far(v)
    if attack:
        lines.append(wrap(attack))
    if v["phase"] != "setup":
        order = ", ".join(map(str, _play_order(v["homes"])))
        lines.append(f"Play order (by starting point): seats {order}")
    held = [0] * len(v["alive"])
    for owner, _building, _price in v["districts"].values():
        if owner >= 0:
            held[owner] += 1
    for p in range(len(v["alive"])):
        name = f"seat {p}" + (" (you)" if p == seat else "")
        status = "" if v["alive"][p] else ", dead"
        lines.append(
            f"{name}, {v['homes'][p] or 'no starting point yet'}{status}: ${v['money'][p]}, "
            f"{plural(held[p], 'district')}, last income ${v['income'][p]}"
        )
    for borough in (*D.BOROUGHS, ""):
        cells = []
        for i in range(D.N):
            if D.BOROUGH[i] != borough:
                continue
            name = D.NAMES[i]
            owner, building, _price = v["districts"].get(name, (-1, "", 0))
            if owner < 0 and name not in pieces and not building:
                continue
            tag = name
            if owner >= 0 or building:
                tag += f"[{owner if owner >= 0 else '-'}{BUILDING_LETTER.get(building, '')}]"
            for who, kinds in sorted(pieces.get(name, {}).items()):
                tag += f" {who}:{_summary(kinds)}"
            cells.append(tag)
        if cells:
            lines.append(wrap(f"{borough or 'Water'}: " + "; ".join(cells), indent="    "))
    if seat is not None:
        lines.append(_mine(v, seat))
    lines += _between_families(v, seat)
    return lines


def attack_so_far(v: dict) -> str | None:
    """The attack being put together (BF-3.13): its target and who joins it so far, walkers
    and the vehicles bringing riders; None when no attack is being put together."""
    step = next((st for st in reversed(v["todo"]) if st["k"] == "attack"), None)
    if step is None:
        return None
    kind = {row[0]: row[2] for row in v["units"]}
    joined = [pieces_named([kind[uid] for uid in step["chosen"]])] if step["chosen"] else []
    for vid in [*step["rides"], *([step["ride"]] if "ride" in step else [])]:
        riders = [row[2] for row in v["units"] if row[6] == vid]
        carrying = f" carrying {pieces_named(riders)}" if riders else ""
        joined.append(A_PIECE[kind[vid]] + carrying)
    return f"Attack on {D.NAMES[step['t']]} so far: " + ("; ".join(joined) or "nobody yet")


def _mine(v: dict, me: int) -> str:
    """The seat's own pieces, by borough and district."""
    mine: dict = {}
    for _uid, owner, kind, space, *_rest in v["units"]:
        if owner == me:
            borough = D.BOROUGH[D.INDEX[space]] or "Water"
            per = mine.setdefault(borough, {}).setdefault(space, {})
            per[kind] = per.get(kind, 0) + 1
    if not mine:
        return "Your pieces: none"
    parts = ["Your pieces:"]
    for borough in (*D.BOROUGHS, "Water"):
        if borough in mine:
            spaces = ", ".join(
                f"{space} {_summary(kinds)}" for space, kinds in sorted(mine[borough].items())
            )
            parts.append(wrap(f"  {borough}: {spaces}", indent="      "))
    return "\n".join(parts)


def _between_families(v: dict, me) -> list[str]:
    """Captives, then the standing agreements, grouped by who gives and who receives."""
    lines = []
    if v["captives"]:
        held: dict = {}
        for h, c, _ in v["captives"]:
            held[(h, c)] = held.get((h, c), 0) + 1
        text = ", ".join(
            f"{_who(h, me)} {'hold' if h == me else 'holds'} "
            f"{plural(n, 'family member')} of {_who(c, me)}"
            for (h, c), n in held.items()
        )
        lines.append(wrap("Captives: " + text))
    for title, rows, verb in (
        ("Invitations", v["invites"], ("invite", "invites", "into")),
        ("Handovers", v["handovers"], ("hand over to", "hands over to", "")),
        ("Deliveries", v["deliveries"], ("deliver to", "delivers to", "into")),
    ):
        grouped: dict = {}
        for space, by, to in rows:
            grouped.setdefault((by, to), []).append(D.NAMES[space])
        if grouped:
            text = "; ".join(
                f"{_who(by, me)} {verb[by != me]} {_who(to, me)} {verb[2]} ".replace("  ", " ")
                + ", ".join(spaces)
                for (by, to), spaces in grouped.items()
            )
            lines.append(wrap(f"{title}: {text}"))
    return lines


def render(state, seat=None):
    """The board as text for rich, its markup escaped (a str is a rich renderable)."""
    return plain("\n".join(board(state, seat)))


terminal_view = render  # the name it had before boards were split into parts


def game_over(state) -> str:
    """The end in words: the winners, and why when the game was stopped by its cap."""
    result = state.result()
    names = " and ".join(f"seat {s}" for s in result.winners)
    if result.capped:
        return (
            f"stopped after {plural(state.max_rounds, 'round')} (max_rounds): {names} ranked "
            "first by last income (BF-10.2)"
        )
    return f"game over: {names} {'wins' if len(result.winners) == 1 else 'share the win'}"


def result_notes(state) -> tuple[str, list[str]]:
    """How the ranking was made (BF-10)."""
    details = [
        f"{'alive' if state.alive[s] else 'dead'}, last income ${state.income[s]}, "
        f"money ${state.money[s]}"
        for s in range(state.players)
    ]
    if state.result().capped:
        how = (
            f"The game was stopped after {plural(state.max_rounds, 'round')} (the max_rounds "
            "cap): living players first, then by last income, then money (BF-10.2). The score "
            "is the last income."
        )
    else:
        how = (
            "The winners won by the rules; the others are ranked living first, then by last "
            "income, then money. The score is the last income."
        )
    return how, details
