"""Unfinished Business at the terminal, as one seat sees it: `board(state, seat)` gives the
board's parts (each of one or more lines of at most 80 characters): the table's piles, each
Don's safe, hand and sets, a fight under way; `render` is the same text for rich;
`result_notes` explains the final count."""

from __future__ import annotations

from famiglia.core.text import plain, plural, wrap

from .data import IS_ACTION, IS_JOKER, KIND_BY_NAME, VALUE


def _card(name: str) -> str:
    """A card of the seat's own hand with its value (UB-1.1), for a player still learning them."""
    kind = KIND_BY_NAME[name]
    if not VALUE[kind]:
        return name  # an action card
    return f"{name} {VALUE[kind]}k" + (" joker" if IS_JOKER[kind] else "")


def _who(seat: int, me) -> str:
    return "you" if seat == me else f"seat {seat}"


def _don(don: dict, me, to_act) -> str:
    s = don["seat"]
    name = f"seat {s}" + (" (you)" if s == me else "")
    marks = (", the Godfather protects him" if don["godfather"] else "") + (
        ", to act" if s in to_act else ""
    )
    if "hand" in don:
        hand = "hand: " + (", ".join(map(_card, don["hand"])) or "empty")
    else:
        known = ", ".join(don["known_in_hand"])
        hand = (
            plural(don["hand_size"], "card")
            + " in hand"
            + (f" ({known} among them)" if known else "")
        )
    safe = [name_ or "?" for name_ in don["safe"]]
    safe_text = f"safe #{don['safe_number']}: " + (", ".join(safe) if safe else "empty")
    sets = " | ".join(" + ".join(cards) for cards in don["sets"])
    sets_text = f"sets (last on top): {sets}" if sets else "no set"
    return wrap(f"{name}{marks} · {hand} · {safe_text} · {sets_text}", indent="    ")


def _decision(v: dict, me) -> str | None:
    d = v["decision"]
    if not d or d["kind"] != "fight":
        return None
    played = ", ".join(d["played"]) or "nothing yet"
    whose = "your" if d["defender"] == me else f"seat {d['defender']}'s"
    return wrap(
        f"Fight: {_who(d['attacker'], me)} attack{'' if d['attacker'] == me else 's'} "
        f"{whose} set "
        f"{' + '.join(d['target'])}"
        + (" (Revenge)" if d["revenge"] else "")
        + f"; played: {played}"
    )


def board(state, seat=None) -> list[str]:
    v = state.view(seat)
    if v["over"]:
        head = "Unfinished Business: the game is over"
    else:
        d = v["decision"]
        acting = d.get("waiting", [d.get("seat")])
        who = ", ".join(_who(s, seat) for s in acting)
        head = f"Unfinished Business, seat {v['turn']}'s turn; to act: {who}"
    market, bank, office = v["black_market"], v["bank"], v["betting_office"]
    piles = (
        f"Draw pile {v['draw_pile']} · black market {market['top'] or 'empty'}"
        f" ({plural(market['size'], 'card')}) · bank {plural(bank['size'], 'card')}"
        + (f" ({', '.join(bank['known'])})" if bank["known"] else "")
        + f" · betting office {plural(office['size'], 'card')}"
        + (f" ({', '.join(office['known'])})" if office["known"] else "")
    )
    lines = [head, wrap(piles)]
    lines += [_don(don, seat, v["to_act"]) for don in v["dons"]]
    fight = _decision(v, seat)
    if fight:
        lines.append(fight)
    return lines


def render(state, seat):
    """The board as text for rich, its markup escaped."""
    return plain("\n".join(board(state, seat)))


def result_notes(state) -> tuple[str, list[str]]:
    """How the count went (UB-11): each Don's property in sets and safe, in $k."""
    v = state.view(None)
    details = []
    for don in v["dons"]:
        in_sets = sum(len(cards) for cards in don["sets"])
        actions = sum(1 for name in don["safe"] if name and IS_ACTION[KIND_BY_NAME[name]])
        details.append(
            f"{plural(in_sets, 'card')} in sets, {plural(don['safe_size'], 'card')} in the safe"
            + (f" ({plural(actions, 'action card')}, worth nothing)" if actions else "")
        )
    how = (
        "The score is the property in front of and in each safe, in $k, each kind counted "
        "once more for each of its cards in the betting office; action cards in a safe count "
        "for nothing (UB-11.4, UB-11.5). The richest Don wins; a tie goes to the one with "
        "more property cards (UB-11.6)."
    )
    return how, details
