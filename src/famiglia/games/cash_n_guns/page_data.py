"""Cash 'n Guns' printed content for the table page: the loot, tokens, powers, mercenaries and
surprises (each with the clause saying what it does), the scoring numbers, the turns and each
phase's stage in words.

Public, the same for every seat, from the game's data only; the server sends it as
GET /api/games/{name} (Game.page_data, server/gamedata.py)."""

from __future__ import annotations

from . import data as C
from .phases import PHASES
from .render import stage

# What each mercenary (CNG-12) and surprise (CNG-11) does: the clause of our rules.
MERCENARY_RULES = {
    "agent48": "CNG-12.6",
    "catgirl": "CNG-12.7",
    "dre_gray": "CNG-12.8",
    "hot_mail": "CNG-12.9",
    "jay_bond": "CNG-12.10",
    "fake_elvis": "CNG-12.11",
    "lady_diamonds": "CNG-12.12",
    "miss_pencilhands": "CNG-12.13",
    "zombie_boy": "CNG-12.14",
}
SURPRISE_RULES = {"flash_bang": "CNG-11.3", "jammed": "CNG-11.4", "parcel_bomb": "CNG-11.5"}


def content() -> dict:
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
        # what each power does: its clause of our rules (the server adds the clause's words)
        "power_rules": {code: {"clause": clause} for code, clause in C.POWER_RULE.items()},
        "mercenaries": dict(C.MERC_TITLE),
        "mercenary_rules": {code: {"clause": MERCENARY_RULES[code]} for code in C.MERC_TITLE},
        "surprise_rules": {code: {"clause": SURPRISE_RULES[code]} for code in C.SURPRISE_TITLE},
        # the painting scale by the number of paintings (CNG-10.2), Jay Bond's $5k bill
        # (CNG-12.10) and Fake Elvis's wedding gift (CNG-12.11), in $k
        "paintings": list(C.PAINTINGS),
        "jay_bond_value": C.JAY_BOND_VALUE,
        "wedding_gift": C.WEDDING_GIFT,
        "surprises": dict(C.SURPRISE_TITLE),
        "turns": C.TURNS,
        # each phase's stage of the turn in words, as the terminal says it
        "stages": {phase: stage(phase) for phase in ("over", *PHASES)},
    }
