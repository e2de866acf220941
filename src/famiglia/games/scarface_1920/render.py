"""Scarface 1920 at the terminal and as a drawing.

`board(state, seat)` gives the board's parts as one seat sees it (each of one or more lines of
at most 80 characters): the turn and the tracks, the districts with their neighborhoods and
figures, each gang's goods and figures, the market, and the seat's own Plan, hand, Jobs, Street
Gangs and Deals with what each card does; an opportunity says what it is and why it is offered.
`render` is the same text for rich; `result_notes` explains the ranking; `render_svg` draws the
board (everything on it is public).
"""

from __future__ import annotations

from famiglia.core.text import plain, plural, wrap

from . import data as D

# ----- effects in words (the vocabulary of SF-4.1) ------------------------------------------
_GAINS = {"money": "", "alcohol": "", "guns": "gun", "votes": "vote", "bullets": "bullet"}
_SHIELDS = {"seize": "no seizing", "hit": "no hits", "sale": "+5 on each sale"}


def _place(where: str) -> str:
    return "anywhere" if where == "any" else f"in {where}"


def op_text(op) -> str:  # noqa: C901 - one line per operation reads best
    """One operation of an effect, in a few words ("+2 money", "hit 1 in Central")."""
    name, args = op[0], op[1:]
    n = args[-1] if args else 0
    if name in _GAINS:
        uncounted = name in ("money", "alcohol")
        amount = f"{abs(n)} {name}" if uncounted else plural(abs(n), _GAINS[name])
        return ("+" if n >= 0 else "-") + amount
    words = {
        "draw": lambda: f"draw {n}",
        "street_gang": lambda: plural(n, "street gang"),
        "job": lambda: plural(n, "job"),
        "recruit": lambda: f"recruit {n}",
        "retrieve_prison": lambda: f"{n} out of prison",
        "retrieve_deal": lambda: f"{n} back from deals",
        "heal": lambda: f"heal {n}",
        "crime": lambda: f"crime {'+' if n >= 0 else ''}{n}",
        "hit": lambda: f"hit {n} {_place(args[0])}",
        "kill": lambda: f"kill {n} {_place(args[0])}",
        "hit_own": lambda: f"{n} of yours hit",
        "prison_own": lambda: f"{n} of yours to prison",
        "ness": lambda: "move Angry Eliot Ness",
        "police": lambda: "move a police car",
        "business": lambda: f"add a {'business marker' if args[0] == 'any' else args[0]}",
        "unbusiness": lambda: f"remove {plural(n, 'business marker')}",
        "sale": lambda: plural(n, "sale"),
        "profit": lambda: f"business profit x{n}",
        "shield": lambda: f"{_SHIELDS[args[0]]} until your next turn",
        "move_thug": lambda: f"move {n}",
        "peek_raid": lambda: "peek at the next raid",
        "v_hit": lambda: f"each gang there: {n} hit",
        "v_pay": lambda: f"each gang there pays {n}",
        "v_prison": lambda: f"each gang there: {n} to prison",
        "v_crime": lambda: f"each gang there: crime +{n}",
        "v_votes": lambda: plural(n, "vote"),
    }
    return words[name]() if name in words else " ".join(map(str, op))


def ops_text(ops) -> str:
    return ", ".join(op_text(op) for op in ops) or "-"


def card_text(cid: int) -> str:
    """A card with its muscle, influence, crimes, skill and matching skill."""
    c = D.CARDS[cid]
    stars = f" {c['stars']}*" if c["stars"] else ""
    power = f"M{c['muscle']} I{c['influence']}"
    crimes = "/".join(D.CRIMES[k] for k in c["crimes"])
    keyword = f" {c['keyword'].upper()}" + (f" ({c['trigger']})" if c["trigger"] else "")
    keyword = keyword if c["keyword"] else ""
    return (
        f"{c['name']}{stars} {power} {crimes}{keyword}: skill {ops_text(c['skill'])}; "
        f"match {ops_text(c['match'])}"
    )


def job_text(jid: int) -> str:
    job = D.JOBS[jid]
    needs = []
    for need in job["needs"]:
        kind = need[0]
        if kind == "thugs":
            needs.append(f"{plural(need[2], 'figure')} in {need[1]}")
        elif kind == "deliver":
            needs.append(f"deliver {need[2]} {need[1]}")
        elif kind == "control":
            needs.append(f"control {need[1]}")
        else:
            needs.append(f"crime {'at most' if kind == 'crime_max' else 'at least'} {need[1]}")
    return f"{job['name']}: {', '.join(needs)} → {ops_text(job['reward'])}"


def street_gang_text(sid: int) -> str:
    sg = D.STREET_GANGS[sid]
    where = "/".join(D.DISTRICTS[d] for d in sg["hit"])
    a, b = sg["effects"]
    when = f"; OPPORTUNITY ({sg['opportunity']})" if sg["opportunity"] else ""
    return f"{sg['name']}: hit 1 in {where}; A: {ops_text(a)}; B: {ops_text(b)}{when}"


def deal_text(did: int) -> str:
    d = D.DEALERS[did]
    goods = ", ".join(op_text((k, d[k]))[1:] for k in ("alcohol", "guns") if d[k])
    return f"{d['name']} ({goods} for {d['cost']} {d['pay']}, room for {d['limit']})"


# ----- the board ------------------------------------------------------------------------------
PHASE_WORDS = {
    "setup": "choosing gangs",
    "plan": "laying out the Plan",
    "actions": "actions",
    "order": "carrying out an order",
    "reorg": "Reorganization",
    "election": "the election",
    "over": "the game is over",
}
OPPORTUNITY_WHY = {
    "hit": "a rival has just hit one of your figures",
    "raid": "a Raid has just taken place",
}


def gang_name(v: dict, s: int) -> str:
    gang = v["gangs"][s]
    if gang["gang"] < 0:
        return f"seat {s}"
    return D.GANGS[gang["gang"]] + (" (solo gang)" if gang.get("solo_gang") else "")


def _where(tag: str) -> str:
    if tag.startswith("d") and tag[1:].isdigit():
        return D.DISTRICTS[int(tag[1:])]
    if tag.startswith("deal") and tag[4:].isdigit():
        return f"on deal {int(tag[4:]) + 1}"
    return {"hq": "headquarters"}.get(tag, tag)


def _head(v: dict, me) -> list[str]:
    s = v["turn_seat"]
    who = "you" if s == me else f"seat {s}"
    if v["gangs"][s].get("solo_gang"):  # (it sits at no seat: SF-S.3)
        who = gang_name(v, s)
    elif v["gangs"][s]["gang"] >= 0:  # before the gang is chosen its name is the seat's
        who += f" ({gang_name(v, s)})"
    phase = PHASE_WORDS.get(v["phase"], v["phase"])
    ring = v["family_ring"]
    gmen = D.GMEN[v["gmen_card"]]
    head = (
        f"Turn {v['turns'] + 1}: {who}, {phase} · "
        f"time {v['time']}/{D.C['time_boxes']} · Family Ring: "
        + ("nobody" if ring < 0 else gang_name(v, ring))
    )
    tracks = (
        f"Ness level {v['ness_level']}, G-Men level {v['gmen_level']} ({gmen['name']}: "
        f"{ops_text(gmen['effect'])}) · Angry Eliot Ness in {D.DISTRICTS[v['eliot_ness']]} · "
        "police cars in " + ", ".join(D.DISTRICTS[d] for d in v["police"])
    )
    return [wrap(head), wrap(tracks)]


def _districts(v: dict) -> list[str]:
    lines = []
    for d, name in enumerate(D.DISTRICTS):
        hoods = []
        for n in D.HOODS_IN[d]:
            owner = v["control"][n]
            tags = [short(v, owner)] if owner >= 0 else []
            if v["business"][n]:
                tags.append(v["business"][n])
            hoods.append(D.HOODS[n]["name"] + (f" [{', '.join(tags)}]" if tags else ""))
        figures = []
        for s, g in enumerate(v["gangs"]):
            count = g["thugs"]["districts"][d]
            boss = g["angry_boss"] == f"d{d}"
            if count or boss:
                figures.append(
                    f"{short(v, s)} " + "+".join([str(count)] * bool(count) + ["Boss"] * boss)
                )
        text = f"{name}: " + ", ".join(hoods)
        if figures:
            text += " · " + ", ".join(figures)
        lines.append(wrap(text, indent="    "))
    return lines


def short(v: dict, s: int) -> str:
    """A gang's name without its article ("Chicago Outfit"), as the tables print it."""
    name = gang_name(v, s)
    return name[4:] if name.startswith("The ") else name


_COLUMNS = "crime alc guns  HQ slums hosp prison under auth  Boss (row)"


def _gangs(v: dict, me) -> str:
    """One line per gang: its Crime Rate, goods and figures, where the seat's own is marked."""
    names = [
        short(v, s).replace(" (solo gang)", "") + ("*" if s == me else "")  # (* is you)
        for s in range(len(v["gangs"]))
    ]
    width = max(15, *(len(name) + 1 for name in names))  # whole names: none is cut
    rows = [f"{'gang':{width}}{_COLUMNS}"]
    for s, g in enumerate(v["gangs"]):
        t = g["thugs"]
        name = names[s]
        boss = "HQ" if g["angry_boss"] == "hq" else _where(g["angry_boss"])
        rows.append(
            f"{name:{width}}{g['crime']:>5}{g['alcohol']:>4}{g['guns']:>5}{t['headquarters']:>4}"
            f"{t['slums']:>6}{t['hospital']:>5}{t['prison']:>7}{t['underworld']:>6}"
            f"{t['authorities']:>5}  {boss} ({g['boss_row']})"
        )
    return "\n".join(rows)


def _hidden(v: dict, me) -> str:
    """What each rival holds behind his screen, counted (SF-13.1)."""
    parts = [
        f"{short(v, s)} {g['hand_count']}/{g['deck_count']}/{g['jobs_count']}/"
        f"{g['street_gang_count']}"
        for s, g in enumerate(v["gangs"])
        if s != me and g["gang"] >= 0 and not g.get("solo_gang")
    ]
    return wrap("Rivals' cards (hand/deck/jobs/street gangs): " + ", ".join(parts)) if parts else ""


def _mine(v: dict, me: int) -> list[str]:
    """The seat's own secrets and cards, each list one part of the board (it changes whole)."""
    g = v["gangs"][me]
    t = g["thugs"]
    lines = [
        wrap(
            f"You ({short(v, me)}*): money {g['money']}, votes {g['votes']}, bullets "
            f"{g['bullets']} · on jobs {t['jobs']}, on deals {sum(t['deals'])}"
        )
    ]
    lines.append(_listed("Your Plan", [card_text(c) for c in g["plan"]]))
    lines.append(_listed("Your hand", [card_text(c) for c in g["hand"]]))
    jobs = [job_text(j) for j in g["jobs"]] + [job_text(j) + " (active)" for j in g["active_jobs"]]
    lines.append(_listed("Your jobs", jobs))
    lines.append(_listed("Your street gangs", [street_gang_text(s) for s in g["street_gangs"]]))
    lines.append(wrap("Your deals: " + ", ".join(deal_text(d) for d in g["deals"])))
    return lines


def _solo_and_tequila(v: dict) -> list[str]:
    """The Solo Mode and Tequila at the table (all public, SF-S.3): the solo gang's purse and
    Jobs, its token and cube bag, the Target tokens, the Enforcers hired and for hire."""
    lines = []
    for s, g in enumerate(v["gangs"]):
        if g.get("solo_gang"):
            tokens = f", Tequila tokens {g['tequila_tokens']}" if g["tequila_tokens"] else ""
            lines.append(
                wrap(
                    f"The solo gang ({D.GANGS[g['gang']].removeprefix('The ')}): money {g['money']}, votes {g['votes']}, "
                    f"bullets {g['bullets']}{tokens}"
                )
            )
            lines.append(_listed("Its jobs", [job_text(j) for j in g["jobs"]]))
        if g["enforcer"] >= 0:
            where = D.DISTRICTS[g["enforcer_at"]]
            name = D.ENFORCERS[g["enforcer"]]["name"]
            lines.append(wrap(f"{short(v, s)}'s Enforcer: {name} in {where}"))
    m = v.get("solo_and_tequila")
    if not m:
        return lines
    if m["solo"]:
        who = "Tequila" if m["tequila"] else "The solo gang's token"
        cubes = ", ".join(m["bag"]) or "none"
        lines.append(wrap(f"{who} in {D.DISTRICTS[m['token']]}; cubes in the bag: {cubes}"))
    if m["targets"]:
        sides = ", ".join(
            f"{D.DISTRICTS[d]} {'Target' if up else 'GUNSHOT'}" for d, up in enumerate(m["targets"])
        )
        lines.append(wrap(f"Target tokens: {sides}"))
    if m["enforcers_for_hire"]:
        names = ", ".join(
            f"{D.ENFORCERS[e]['name']} ({D.ENFORCERS[e]['stars']}*)"
            for e in m["enforcers_for_hire"]
        )
        lines.append(wrap(f"Enforcers for hire: {names}"))
    if m["tequila"] and not m["solo"]:
        lines.append(f"Tequila's purse: {m['tequila_purse']} money")
    return lines


def _listed(title: str, items: list[str]) -> str:
    if not items:
        return f"{title}: none"
    return "\n".join([f"{title}:"] + [wrap("  " + item, indent="      ") for item in items])


def _opportunity(v: dict, me) -> list[str]:
    opp = v.get("opportunity")
    if not opp:
        return []
    why = OPPORTUNITY_WHY.get(opp["trigger"], opp["trigger"])
    if opp["seat"] == me:
        text = (
            f"Opportunity (SF-10.3): {why}, so you may play now a card of your hand marked "
            f"OPPORTUNITY ({opp['trigger']}) for its matching skill, or a Street Gang with that "
            "trigger (its hit and effect A), or let it pass."
        )
    else:
        why = why.replace("your", "its")
        text = f"Opportunity (SF-10.3): {gang_name(v, opp['seat'])} may answer: {why}."
    return [wrap(text)]


def board(state, seat=None) -> list[str]:
    v = state.view(seat)
    lines = _head(v, seat) + _districts(v) + [_gangs(v, seat)]
    hidden = _hidden(v, seat)
    if hidden:
        lines.append(hidden)
    market = ", ".join(D.CARDS[c]["name"] + f" {D.CARDS[c]['stars']}*" for c in v["market"])
    lines.append(wrap("Associates: " + (market or "none")))
    lines += _solo_and_tequila(v)
    if seat is not None and v["gangs"][seat]["gang"] >= 0:
        lines += _mine(v, seat)
    lines += _opportunity(v, seat)
    return lines


def render(state, seat):
    """The board as text for rich, its markup escaped."""
    return plain("\n".join(board(state, seat)))


def result_notes(state) -> tuple[str, list[str]]:
    """How the ranking was made (SF-12, SF-1.1)."""
    from .rules.endgame import candidate_bonus

    if state.solo:
        return _solo_notes(state)
    if state.dead >= 0:
        return _death_notes(state)
    if state.capped or state.elected < 0:
        how = (
            f"The game was stopped after {plural(state.turns, 'turn')} (the max_turns cap) "
            "before the election: the ranking goes by money behind the screen (SF-1.1)."
        )
        details = [
            f"{D.GANGS[state.gang[s]]}: money {state.money[s]}" for s in range(state.players)
        ]
        return how, details
    cand = D.CANDIDATES[state.elected]  # `elected` is the candidate's id (SF-12.1)
    bonus = candidate_bonus(state, state.elected)
    how = (
        f"{cand['name']} ({cand['party']}) won the election; final money is the money behind "
        "the screen plus his bonuses; most final money wins, a tie going to more money behind "
        "the screen (SF-12.2, SF-12.4)."
    )
    details = [
        f"{D.GANGS[state.gang[s]]}: money {state.money[s]} + bonus {bonus[s]}"
        for s in range(state.players)
    ]
    return how, details


_PLACES = ("1st", "2nd", "3rd", "4th", "5th")


def _death_notes(state) -> tuple[str, list[str]]:
    """A Standard Mode game ended by a death (SF-T.3, SF-T.4): the seats among themselves, the
    dead one last, and Tequila's purse with the place it would take beside them."""
    from .modes.tequila import tequila_place

    dead = state.dead
    living = [s for s in range(state.players) if s != dead]
    best = max(state.money[s] for s in living)
    place = tequila_place(state)
    if place > 1:
        verdict = "so the richest living gang wins"
    elif best == state.purse:
        verdict = "level with the richest living gang, who shares the win with him"
    else:
        verdict = "so Tequila wins alone and no seat wins"
    how = (
        f"{D.GANGS[state.gang[dead]]} (seat {dead}) died from Tequila's gunshot and the game "
        "ended at once (SF-T.3). The places are the seats' own, by money behind the screen; "
        "a dead player cannot win, so that seat is last whatever its money (SF-T.4). Tequila, "
        f"who holds no seat, has {state.purse} in his purse: {_PLACES[place - 1]} among the "
        f"living, {verdict}."
    )
    details = [
        f"{D.GANGS[state.gang[s]]}: money {state.money[s]}" + (", dead" if s == dead else "")
        for s in range(state.players)
    ]
    return how, details


def _solo_notes(state) -> tuple[str, list[str]]:
    """The Solo Mode's ranking: the player against the solo gang (SF-S.14, SF-T.18)."""
    from .rules.endgame import candidate_bonus

    g = state.automa
    if state.dead == 0:
        return "Tequila shot you dead: Tequila wins (SF-T.18).", [f"money {state.money[0]}"]
    if state.capped or state.elected < 0:
        how = (
            f"The game was stopped after {plural(state.turns, 'turn')} (the max_turns cap): "
            f"money alone counts; the solo gang has {state.money[g]} (SF-1.1)."
        )
        return how, [f"money {state.money[0]}"]
    bonus = candidate_bonus(state, state.elected)
    how = (
        f"{D.CANDIDATES[state.elected]['name']} won the election; the solo gang ends with "
        f"{state.money[g]} + bonus {bonus[g]}; you win with more, a tie going to more money "
        "before the bonuses, and a tie there too shared: your win (SF-S.14)."
    )
    return how, [f"money {state.money[0]} + bonus {bonus[0]}"]


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
        if state.is_over():
            out.append(
                f'<text x="20" y="{5 * _H + 70}" font-weight="bold">{escape(game_over(state))}</text>'
            )
    out.append("</svg>")
    return "\n".join(out)


def game_over(state) -> str:
    """The end in one line: the winners, and why when the game was stopped by its cap."""
    result = state.result()
    names = " and ".join(f"seat {s} ({D.GANGS[state.gang[s]]})" for s in result.winners)
    if not result.winners and not state.solo:  # Tequila's purse beat the living (SF-T.4)
        return f"game over: Tequila wins with {state.purse} in his purse"
    if not result.winners:  # the Solo Mode's own opponent won (SF-S.14, SF-T.18)
        names = f"the solo gang ({D.GANGS[state.gang[state.automa]]})"
        return f"game over: {names} wins" + (" (stopped by max_turns)" if result.capped else "")
    if result.capped:
        return f"stopped after {plural(state.turns, 'turn')} (max_turns): {names} ahead in money"
    return f"game over: {names} {'wins' if len(result.winners) == 1 else 'share the win'}"
