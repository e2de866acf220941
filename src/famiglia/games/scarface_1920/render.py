"""A plain-text picture of the table for the terminal, from one seat's view."""

from __future__ import annotations

from famiglia.core.text import plain

from . import data as D


def render(state, seat):
    v = state.view(seat)
    lines = [
        f"Turn {v['turns']}  time {v['time']}/4  Ness level {v['ness_level']}  G-Men level {v['gmen_level']}",
        f"Angry Eliot Ness: {D.DISTRICTS[v['eliot_ness']]}   police: {', '.join(D.DISTRICTS[d] for d in v['police'])}",
    ]
    for d, name in enumerate(D.DISTRICTS):
        hoods = []
        for n in D.HOODS_IN[d]:
            owner = v["control"][n]
            tag = D.GANGS[v["gangs"][owner]["gang"]] if owner >= 0 else "-"
            hoods.append(
                f"{D.HOODS[n]['name']} [{tag}{' ' + v['business'][n] if v['business'][n] else ''}]"
            )
        thugs = " ".join(f"s{s}:{g['thugs']['districts'][d]}" for s, g in enumerate(v["gangs"]))
        lines.append(f"{name:11} {thugs}  " + "; ".join(hoods))
    lines.append(
        "Market: "
        + ", ".join(f"{D.CARDS[c]['name']} ({D.CARDS[c]['stars']}*)" for c in v["market"])
    )
    for s, g in enumerate(v["gangs"]):
        name = D.GANGS[g["gang"]] if g["gang"] >= 0 else f"seat {s}"
        mine = (
            f" money {g['money']} votes {g['votes']} bullets {g['bullets']}" if "money" in g else ""
        )
        label = "solo gang" if g.get("solo_gang") else f"seat {s}"
        lines.append(
            f"{label} {name}: crime {g['crime']} alcohol {g['alcohol']} guns {g['guns']}{mine}"
        )
        if "hand" in g:
            lines.append("  hand: " + ", ".join(D.CARDS[c]["name"] for c in g["hand"]))
        if g.get("solo_gang"):
            if g["tequila_tokens"]:
                lines.append(f"  Tequila tokens: {g['tequila_tokens']}")
            jobs = ", ".join(D.JOBS[j]["name"] for j in g["jobs"]) or "none"
            lines.append(f"  the solo gang's jobs: {jobs}")
        if g["enforcer"] >= 0:
            where = D.DISTRICTS[g["enforcer_at"]]
            lines.append(f"  Enforcer {D.ENFORCERS[g['enforcer']]['name']} in {where}")
    modes = v.get("solo_and_tequila")
    if modes:
        lines += _modes_lines(modes)
    return plain("\n".join(lines))  # as written: rich would read "[...]" as markup


def _modes_lines(m) -> list[str]:
    """The solo gang's token and cubes, the Target tokens, the Enforcers for hire."""
    out = []
    if m["solo"]:
        who = "Tequila" if m["tequila"] else "the solo gang's token"
        out.append(
            f"{who} in {D.DISTRICTS[m['token']]}; cubes in the bag: {', '.join(m['bag']) or 'none'}"
        )
    if m["targets"]:
        sides = ", ".join(
            f"{D.DISTRICTS[d]} {'Target' if up else 'GUNSHOT'}" for d, up in enumerate(m["targets"])
        )
        out.append(f"Target tokens: {sides}")
    if m["enforcers_for_hire"]:
        names = ", ".join(
            f"{D.ENFORCERS[e]['name']} ({D.ENFORCERS[e]['stars']}*)"
            for e in m["enforcers_for_hire"]
        )
        out.append(f"Enforcers for hire: {names}")
    if m["tequila"] and not m["solo"]:
        out.append(f"Tequila's purse: {m['tequila_purse']} money")
    return out


# Where each district's box sits on the drawing (column, row), north at the top.
_LAYOUT = {
    "Far North": (1, 0),
    "North Side": (2, 1),
    "West Side": (0, 1),
    "Central": (1, 2),
    "Southwest": (0, 3),
    "South Side": (2, 3),
    "Far South": (1, 4),
}
_COLOURS = ("#b22222", "#1e5aa8", "#222222", "#2e8b57")  # one per gang
_W, _H = 300, 150


def render_svg(state=None) -> str:
    """The board as an SVG: districts with their neighborhoods (controller, Business marker),
    thugs per gang, police cars and Angry Eliot Ness. `state=None` draws the empty board."""
    from html import escape

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{3 * _W + 40}" height="{5 * _H + 80}" '
        'font-family="sans-serif" font-size="12">'
    ]
    centre = {}
    for d, name in enumerate(D.DISTRICTS):
        col, row = _LAYOUT[name]
        centre[d] = (20 + col * _W + _W // 2, 20 + row * _H + _H // 2)
    for a in range(len(D.DISTRICTS)):
        for b in D.ADJ[a]:
            if a < b:
                (x1, y1), (x2, y2) = centre[a], centre[b]
                out.append(
                    f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#aaa" stroke-width="3"/>'
                )
    for d, name in enumerate(D.DISTRICTS):
        col, row = _LAYOUT[name]
        x, y = 30 + col * _W, 30 + row * _H
        out.append(
            f'<rect x="{x}" y="{y}" width="{_W - 20}" height="{_H - 20}" fill="#f4efe2" stroke="#555"/>'
        )
        marks = []
        if state is not None:
            marks += ["police car"] * state.police.count(d)
            marks += [
                f"{D.GANGS[state.gang[s]]} truck" for s in range(state.gangs) if state.truck[s] == d
            ]
            if state.ness == d:
                marks.append("Angry Eliot Ness")
        out.append(f'<text x="{x + 6}" y="{y + 16}" font-weight="bold">{escape(name)}</text>')
        if marks:
            out.append(
                f'<text x="{x + 110}" y="{y + 16}" fill="#803">{escape(", ".join(marks))}</text>'
            )
        for i, n in enumerate(D.HOODS_IN[d]):
            hood = D.HOODS[n]
            owner = state.control[n] if state is not None else -1
            colour = _COLOURS[state.gang[owner]] if owner >= 0 else "#777"
            business = f" [{state.business[n]}]" if state is not None and state.business[n] else ""
            label = f"{hood['name']} (shield {hood['shield']}, {'/'.join(hood['buys'])} {hood['price']}){business}"
            out.append(
                f'<text x="{x + 6}" y="{y + 36 + 16 * i}" fill="{colour}">{escape(label)}</text>'
            )
        if state is not None:
            for s in range(state.gangs):
                count = state.dist[s][d] + (1 if state.boss_loc[s] == f"d{d}" else 0)
                if count:
                    out.append(
                        f'<circle cx="{x + 14 + 40 * s}" cy="{y + _H - 40}" r="10" fill="{_COLOURS[state.gang[s]]}"/>'
                        f'<text x="{x + 10 + 40 * s}" y="{y + _H - 36}" fill="#fff">{count}</text>'
                    )
    if state is not None:
        line = (
            f"Crime: {', '.join(str(c) for c in state.crime)}   Ness level {state.ness_level}   "
            f"G-Men level {state.gmen_level}   Time {state.time}/{D.C['time_boxes']}"
        )
        out.append(f'<text x="20" y="{5 * _H + 50}">{escape(line)}</text>')
    out.append("</svg>")
    return "\n".join(out)
