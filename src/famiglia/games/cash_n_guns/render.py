"""Cash 'n Guns at the terminal, as one seat sees it: `board(state, seat)` gives the board's
parts (each of one or more lines of at most 80 characters): the turn and its stage, the loot on
the table, one line per gangster, the mercenaries and envelopes, and the seat's own hand, bullet,
power and surprise; `render` is the same text for rich; `result_notes` explains the ranking.

Team names are data ("red"): they are printed as words, never read as markup."""

from __future__ import annotations

from famiglia.core.text import plain, plural, wrap

from .actions import card_name, share_name
from .data import (
    KIND_WORDS,
    LOOT_KIND,
    LOOT_ORDER,
    LOOT_VALUE,
    MERC_TITLE,
    PAINTINGS,
    POWER_TITLE,
    SURPRISE_TITLE,
    TURNS,
)

# The stage of the turn each phase belongs to (CNG-3 to CNG-12), in words.
STAGES = {
    "powers": "choosing powers",
    "hustle": "the turn begins (the Hustler)",
    "hustle_give": "the turn begins (the Hustler)",
    "surprise": "the turn begins (surprise cards)",
    "bullet": "loading bullets",
    "aim": "the hold-up: aiming",
    "kid": "the hold-up: the Kid aims",
    "privilege": "the hold-up: the Godfather's privilege",
    "retarget": "the hold-up: the Godfather's order",
    "professional": "the hold-up: the Professional",
    "cunning": "the hold-up: the Cunning",
    "courage": "courage: stand or lie down",
    "smart": "courage: Smart decides last",
    "shot": "the shots",
    "lucky": "the shots: Lucky Man",
    "over": "the game is over",
}
HOLD_UP = "aim kid privilege retarget professional cunning courage smart shot lucky".split()
MERCENARY_STAGES = (
    "merc_tie recruit agent48 thief steal dre_gray fake_elvis lady pencil zombie".split()
)


def stage(phase: str) -> str:
    if phase in STAGES:
        return STAGES[phase]
    if phase in MERCENARY_STAGES:
        return "after the last split: recruiting mercenaries"
    return "the split"  # bomb, twins, stealthy, pick, dictator, greedy, junk, use, envelope, sh_*


def _who(seat: int, me) -> str:
    return "you" if seat == me else f"seat {seat}"


def loot_text(cards: list[str]) -> str:
    """Loot cards grouped: "$10k x2, $5k diamond, painting x3"."""
    counts = {code: cards.count(code) for code in LOOT_ORDER if code in cards}
    return ", ".join(card_name(code) + (f" x{n}" if n > 1 else "") for code, n in counts.items())


def worth(cards: list[str], extra_paintings: int = 0) -> int:
    """The face value of bills and diamonds plus the paintings' set value (CNG-10.2), before
    the diamond bonus and mercenaries."""
    money = sum(LOOT_VALUE[c] for c in cards if LOOT_KIND[c] in ("bill", "diamond"))
    paintings = extra_paintings + sum(1 for c in cards if LOOT_KIND[c] == "painting")
    return money + PAINTINGS[min(paintings, len(PAINTINGS) - 1)]


def _gangster(v: dict, t: int, me) -> str:
    name = f"seat {t}" + (" (you)" if t == me else "")
    if v["teams"]:
        name += f", team {v['teams'][t]}"
    if v["powers"][t]:
        power = POWER_TITLE[v["powers"][t]] + (" (used)" if t in v["powers_spent"] else "")
    else:
        power = "Evil Twin" if t in v["evil_twins"] else "no power yet"
    facts = [power]
    if not v["alive"][t]:
        facts.append("dead")
    else:
        deciding = v["phase"] in ("courage", "smart")
        if deciding and v["courage"][t]:
            facts.append("will stand" if v["courage"][t] == "stand" else "will lie down")
        elif deciding and v["chose_courage"][t]:
            facts.append("has chosen")
        elif v["phase"] != "powers" and not v["standing"][t]:
            # one who stood and was hit is out of the split (CNG-7.1), not lying down
            facts.append("hit, out of the split" if v["courage"][t] == "stand" else "lying down")
        if v["wounds"][t]:
            facts.append(plural(v["wounds"][t], "wound"))
        facts.append(plural(v["hand_size"][t], "bullet card"))
        if v["loaded"][t]:
            facts.append("loaded")
        aim = v["aims"][t]
        if v["phase"] not in HOLD_UP:
            pass  # aims belong to the hold-up: after the shots they are history
        elif aim is not None and aim >= 0:
            facts.append(f"aims at {_who(aim, me)}")
        elif v["aimed"][t] and aim is None:
            facts.append("has aimed")
        if v["holds_surprise"][t]:
            facts.append("holds a surprise")
        if t == v["godfather"]:
            facts.append("the Godfather")
    loot = v["loot"][t]
    extra = v["extra_paintings"][t] + (1 if v["powers"][t] == "collector" else 0)
    owns = f"loot {loot_text(loot)} (${worth(loot, extra)}k)" if loot else "no loot"
    return wrap(f"{name}: {', '.join(facts)}; {owns}", indent="    ")


def _teams(v: dict, me) -> list[str]:
    names = []  # team names in team order (the envelopes' order)
    for name in v["teams"]:
        if name not in names:
            names.append(name)
    lines = []
    if me is not None:
        mine = v["teams"][me]
        mates = [s for s, name in enumerate(v["teams"]) if name == mine and s != me]
        lines.append(
            f"Your team: the {mine} team, with " + ", ".join(f"seat {s}" for s in mates)
            if mates
            else f"Your team: the {mine} team"
        )
    if v["mercenaries"] or v["recruited"]:
        taken = {merc: team for team, merc in v["recruited"]}
        offer = [MERC_TITLE[m] for m in v["mercenaries"] if m not in taken]
        lines.append(wrap("Mercenaries on offer: " + (", ".join(offer) or "none left")))
        if taken:
            lines.append(
                wrap(
                    "Recruited: "
                    + ", ".join(f"{MERC_TITLE[m]} (team {names[t]})" for m, t in taken.items())
                )
            )
        envelopes = [
            f"{names[t]}: {loot_text(cards) or 'empty'}" for t, cards in enumerate(v["envelopes"])
        ]
        lines.append(wrap("Envelopes: " + "; ".join(envelopes)))
    for team, cards in v["extra_members"]:
        lines.append(wrap(f"A new member of team {names[team]}: loot {loot_text(cards)}"))
    return lines


def board(state, seat=None) -> list[str]:
    v = state.view(seat)
    waiting = ", ".join(_who(s, seat) for s in v["to_act"])
    if v["turn"]:
        head = f"Turn {min(v['turn'], TURNS)} of {TURNS}, {stage(v['phase'])}"
    else:
        head = f"Before the first of {TURNS} turns: {stage(v['phase'])}"
    if waiting:
        head += f"; waiting for {waiting}"
    lines = [wrap(head)]
    events = []
    if v["flash_bang"] is not None:
        events.append(f"a Flash Bang blinds all but {_who(v['flash_bang'], seat)}")
    if v["jammed"]:
        events.append("the weapons are jammed")
    bomb = v["parcel_bomb"]
    if bomb and bomb["on"]:
        events.append(f"the parcel bomb lies on {share_name(bomb['on'])}")
    if v["forbidden"]:
        events.append(f"the Dictator forbids: {KIND_WORDS.get(v['forbidden'], v['forbidden'])}")
    if events:
        lines.append(wrap("This turn: " + "; ".join(events)))
    shares = [share_name(c) for c in v["table"]] + [share_name(c) for c in v["tokens"]]
    lines.append(wrap("On the table: " + (", ".join(shares) or "nothing")))
    for t in range(len(v["alive"])):
        lines.append(_gangster(v, t, seat))
    if v.get("dealt"):
        for t, pair in enumerate(v["dealt"]):
            if pair:
                powers = " and ".join(POWER_TITLE[p] for p in pair)
                lines.append(f"Dealt to {_who(t, seat)}: {powers}")
    if v["teams"]:
        lines += _teams(v, seat)
    lines.append(f"Diamond bonus: ${v['diamond_bonus']}k to the one with the most diamonds")
    if seat is not None:
        clicks, bangs = v["hand"]
        mine = f"Your hand: {plural(clicks, 'Click')}, {bangs} Bang!"
        if v["my_bullet"]:
            mine += f"; loaded: {card_name(v['my_bullet'])}"
        if v["my_surprise"]:
            mine += f"; your surprise card: {SURPRISE_TITLE[v['my_surprise']]}"
        lines.append(wrap(mine))
    return lines


def render(state, seat) -> str:
    """The table as text for rich, its markup escaped (team names like "[red]" are shown as
    written)."""
    return plain("\n".join(board(state, seat)))


def result_notes(state) -> tuple[str, list[str]]:
    """How the ranking was made (CNG-9.7, CNG-10.2 to CNG-10.4)."""
    v = state.view(None)
    details = []
    for t in range(state.players):
        loot = loot_text(v["loot"][t]) or "no loot"
        status = "dead: scores nothing" if not v["alive"][t] else plural(v["wounds"][t], "wound")
        team = f"team {v['teams'][t]}; " if v["teams"] else ""
        details.append(f"{team}{status}; {loot}")
    if v["teams"]:
        how = (
            "A team scores the loot of its living members, paintings by the set, with the "
            "diamond bonus and its mercenaries; the richest team wins, a tie going to the team "
            "whose living members have more wounds (CNG-9.7, CNG-10.2, CNG-10.3)."
        )
    else:
        how = (
            "Living players score bills and diamonds at face value and paintings by the set, "
            "plus the diamond bonus; the richest wins, a tie going to more wounds; the dead rank "
            "last (CNG-10.2 to CNG-10.4)."
        )
    return how, details
