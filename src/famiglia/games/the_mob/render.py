"""The Mob at the terminal, as one seat sees it: `board(state, seat)` gives the board's parts,
each of one or more lines of at most 80 characters (the year, one line or two per family, every business held with its pieces and
stake, the card in play in words, the seat's hand); `render` is the same text for rich;
`result_notes` explains the final ranking."""

from __future__ import annotations

from famiglia.core.text import plain, plural, wrap

from . import data as D

PHASE_WORDS = {
    "exchange": "the card exchange",
    "play": "the cards are played",
    "rehire": "hiring back bodyguards",
    "invest": "investing",
    "over": "the game is over",
}


def _who(seat: int, me) -> str:
    return "you" if seat == me else f"seat {seat}"


def _pieces(members: list[str], guards: int) -> str:
    return ", ".join(members + ([plural(guards, "bodyguard")] if guards else [])) or "nobody"


def _family(v: dict, seat: int, me) -> list[str]:
    f = v["families"][seat]
    name = f"seat {seat}" + (" (you)" if seat == me else "")
    away = [m for m in D.MEMBER_NAMES if m not in f["photo"]]
    if not away:
        home = "all 8 members"
    elif len(away) <= 4:
        home = "all but " + ", ".join(away)
    else:
        home = ", ".join(f["photo"]) or "nobody"
    line = (
        f"{name}: ${f['cash']}k, chip on {f['investment']}, "
        f"{plural(f['hand_size'], 'card')} · home: {home}, {plural(f['bodyguards'], 'guard')}"
    )
    lines = [wrap(line, indent="    ")]
    more = []
    if f["prison"]:
        more.append("prison " + ", ".join(f"{m} (block {b})" for m, b in f["prison"].items()))
    if f["harbour"]:
        more.append("harbour " + ", ".join(f["harbour"]))
    if f["bodyguards_removed"]:
        more.append(f"{plural(f['bodyguards_removed'], 'bodyguard')} removed this year")
    if more:
        lines.append(wrap("    " + "; ".join(more), indent="    "))
    return lines


def _in_play(v: dict, me) -> str:
    p = v["in_play"]
    who = _who(p["seat"], me)
    text = f"In play: {who} {'play' if who == 'you' else 'plays'} {p['card']}"
    if "space" in p:
        text += (
            f", on {p['space']} so far: {_pieces(p['members'], p['bodyguards'])}"
            f" (needs ${p['needed']}k or more)"
        )
    return text


def board(state, seat=None) -> list[str]:
    v = state.view(seat)
    phase = PHASE_WORDS.get(v["phase"], v["phase"])
    last = " (the last card!)" if v["last_card"] else ""
    head = f"Year {v['year']}, dealer seat {v['dealer']}: {phase}"
    if v["phase"] == "play":
        head += f", card {min(v['cards_played'] + 1, v['cards_per_year'])} of {v['cards_per_year']}{last}"
    if v["phase"] != "over":
        head += "; your turn" if v["to_act"] == seat else f"; seat {v['to_act']} to act"
    lines = [head]
    for s in range(len(v["families"])):
        lines += _family(v, s, seat)
    held = v["illegal_businesses"]
    lines.append("Businesses held:" if held else "Businesses held: none")
    for name, space in held.items():
        lines.append(
            wrap(
                f"  {name} (${space['value']}k): {_who(space['family'], seat)}, "
                f"{_pieces(space['members'], space['bodyguards'])}, stake ${space['stake']}k",
                indent="      ",
            )
        )
    if v["legal_businesses"]:
        lines.append(
            wrap(
                "Legal businesses: "
                + ", ".join(f"{n} ({_who(s, seat)})" for n, s in v["legal_businesses"].items())
            )
        )
    for name, who in v["out_of_circulation"].items():
        lines.append(wrap(f"{name}: " + ", ".join(f"{_who(s, seat)}: {m}" for s, m in who)))
    lines.append(
        f"Played this year: {plural(len(v['played']), 'card')}; stock {v['stock']}, "
        f"set aside {v['set_aside']}"
    )
    if v["in_play"]:
        lines.append(wrap(_in_play(v, seat)))
    if seat is not None:
        lines.append(wrap("Your hand: " + (", ".join(v["hand"]) or "empty")))
        if v["returning"]:
            lines.append(wrap("Giving back: " + ", ".join(v["returning"])))
        if v["my_set_aside"]:
            lines.append(wrap("Set aside this year: " + ", ".join(v["my_set_aside"])))
    return lines


def render(state, seat):
    """The board as text for rich, its markup escaped."""
    return plain("\n".join(board(state, seat)))


def result_notes(state) -> tuple[str, list[str]]:
    """How the places were decided (MOB-7), and what each seat's standing is made of."""
    details = [
        f"chip on {state.invest[s]}, cash ${state.cash[s]}k, family ${state.family_value(s)}k"
        for s in range(state.players)
    ]
    if state.capped:
        how = (
            f"Nobody's chip reached {D.WIN_INVESTMENT} by the end of year {state.year}, the "
            f"cap (max_years={state.max_years}): the ranking goes by investment, then cash, "
            "then the value of the family (MOB-7.2)."
        )
    else:
        how = (
            f"The score is the money invested ($k). A chip on {D.WIN_INVESTMENT} wins; between several, "
            "the most cash, then the highest family value (MOB-7.1)."
        )
    return how, details
