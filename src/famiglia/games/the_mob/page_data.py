"""The Mob's printed content for the table page: the family members, the illegal businesses'
kinds, the spaces, cards and legal businesses, and the numbers the board shows.

Public, the same for every seat, from the game's data only; the server sends it as
GET /api/games/{name} (Game.page_data, server/gamedata.py)."""

from __future__ import annotations

from . import data as D


def content() -> dict:
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
