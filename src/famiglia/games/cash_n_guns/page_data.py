"""Cash 'n Guns' printed content for the table page: the loot, tokens, powers (each with its
clause), mercenaries, surprises, the turns and each phase's stage in words.

Public, the same for every seat, from the game's data only; the server sends it as
GET /api/games/{name} (Game.page_data, server/gamedata.py)."""

from __future__ import annotations

from . import data as C
from .phases import PHASES
from .render import stage


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
        "surprises": dict(C.SURPRISE_TITLE),
        "turns": C.TURNS,
        # each phase's stage of the turn in words, as the terminal says it
        "stages": {phase: stage(phase) for phase in ("over", *PHASES)},
    }
