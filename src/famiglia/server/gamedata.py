"""What the browser client needs to know of each game before any table: its options with their
help, and its printed content (names of cards, spaces, districts; the Blood Feud board drawing).

All of it is public, the same for every seat: it comes from the games' data files, never from
a table's state. Views hold numbers and names; this is what lets a page put words and places on
them.
"""

from __future__ import annotations

from functools import cache

import famiglia
from famiglia import rulebook


def _allowed(option) -> dict:
    if isinstance(option.allowed, range):
        return {"min": option.allowed.start, "max": option.allowed.stop - 1}
    return {"choices": list(option.allowed)}


@cache
def catalogue() -> list[dict]:
    """Every game: name, title, player counts and options (default, allowed values, help)."""
    out = []
    for name in famiglia.game_names():
        game = famiglia.load(name)
        out.append(
            {
                "name": game.name,
                "title": game.title,
                "min_players": game.min_players,
                "max_players": game.max_players,
                "options": {
                    key: {"default": option.default, "help": option.help, **_allowed(option)}
                    for key, option in game.options.items()
                },
            }
        )
    return out


@cache
def content(name: str) -> dict:
    """The printed content of one game (ValueError for an unknown game)."""
    game = famiglia.load(name)
    build = {
        "the-mob": _the_mob,
        "cash-n-guns": _cash_n_guns,
        "blood-feud": _blood_feud,
        "scarface-1920": _scarface,
    }.get(game.name)
    return {"name": game.name, "title": game.title, **(build() if build else {})}


def _the_mob() -> dict:
    from famiglia.games.the_mob import data as D

    kinds = D.RAW["illegal"]["kind"]
    return {
        "members": [
            {"name": n, "value": v} for n, v in zip(D.MEMBER_NAMES, D.MEMBER_VALUES, strict=True)
        ],
        "kinds": [{"name": k["name"], "colour": k["colour"], "value": k["value"]} for k in kinds],
        "spaces": list(D.SPACE_NAMES),
        "cards": list(D.CARD_NAMES),
        "legal": list(D.LEGAL_NAMES),
        "out_of_circulation": [
            {"space": s, "card": c} for s, c in zip(D.OOC_SPACES, D.OOC_CARDS, strict=True)
        ],
        "win_investment": D.WIN_INVESTMENT,
        "prison_blocks": D.PRISON_ENTRY,
        "bodyguard_value": D.GUARD_VALUE,
    }


def _cash_n_guns() -> dict:
    from famiglia.games.cash_n_guns import content as C
    from famiglia.games.cash_n_guns.render import stage
    from famiglia.games.cash_n_guns.rules import LEGAL

    return {
        "loot": {
            code: {
                "name": C.LOOT_NAME[code],
                "kind": C.LOOT_KIND[code],
                "value": C.LOOT_VALUE[code],
            }
            for code in C.LOOT_ORDER
        },  # fmt: skip
        "tokens": dict(C.TOKEN_NAME),
        "powers": dict(C.POWER_TITLE),
        # what each power does: its clause of our rules, id and words
        "power_rules": {
            code: {"clause": clause, "text": rulebook.clauses("cash-n-guns").get(clause, "")}
            for code, clause in C.POWER_RULE.items()
        },
        "mercenaries": dict(C.MERC_TITLE),
        "surprises": dict(C.SURPRISE_TITLE),
        "turns": C.TURNS,
        # each phase's stage of the turn in words, as the terminal says it
        "stages": {phase: stage(phase) for phase in ("over", *LEGAL)},
    }


def _blood_feud() -> dict:
    from famiglia.games.blood_feud import board as B
    from famiglia.games.blood_feud.render import COLOURS, render_svg

    return {
        # The drawing `famiglia render` makes, without pieces: the page lays the pieces,
        # owners and buildings of a view over it and makes its spaces clickable.
        "board_svg": render_svg(None),
        "spaces": [
            {"name": B.NAMES[i], "type": B.TYPE[i], "borough": B.BOROUGH[i]} for i in range(B.N)
        ],
        "colours": list(COLOURS),
        "pieces": {kind: dict(value) for kind, value in B.PIECES.items()},
        "stars": dict(B.STARS),  # borough -> its starting district: where "start" moves go
    }


def _scarface() -> dict:
    from famiglia.games.scarface_1920 import data as D
    from famiglia.games.scarface_1920.actions import ORDER_TEXT
    from famiglia.games.scarface_1920.render import card_text, job_text, street_gang_text

    return {
        "districts": list(D.DISTRICTS),
        "adjacent": [list(a) for a in D.ADJ],
        "hoods": [dict(h, buys=list(h["buys"])) for h in D.HOODS],
        "hoods_in": [list(h) for h in D.HOODS_IN],
        "gangs": list(D.GANGS),
        "crimes": list(D.CRIMES),
        "cards": [
            {k: c[k] for k in ("name", "gang", "role", "stars", "muscle", "influence")}
            | {"crimes": list(c["crimes"])}
            for c in D.CARDS
        ],
        "jobs": [j["name"] for j in D.JOBS],
        "street_gangs": [g["name"] for g in D.STREET_GANGS],
        # what each card does, in the terminal's words (the page shows them on the cards)
        "card_texts": [card_text(i) for i in range(len(D.CARDS))],
        "job_texts": [job_text(j) for j in range(len(D.JOBS))],
        "street_gang_texts": [street_gang_text(g) for g in range(len(D.STREET_GANGS))],
        "orders": dict(ORDER_TEXT),  # an order under way, by its kind in the view
        "dealers": [d["name"] for d in D.DEALERS],
        "candidates": [c["name"] for c in D.CANDIDATES],
        "time_boxes": D.C["time_boxes"],
        # The Enforcers' cards (SF-E.1), named by the views' numbers in Tequila and the Solo Mode
        "enforcers": [{k: e[k] for k in ("name", "stars", "ability")} for e in D.ENFORCERS],
    }
