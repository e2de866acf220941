"""Unfinished Business's printed content for the table page: every card by name, with a
property's value and whether it is a joker (UB-1.1), and for an action or event card the clause
of our rules that says what it does (the server adds the clause's words).

Public, the same for every seat, from the game's data only; the server sends it as
GET /api/games/{name} (Game.page_data, server/gamedata.py)."""

from __future__ import annotations

from . import data as D

# The clause that resolves each action card (UB-7) and event card (UB-9).
RULES = {
    "Hitman": "UB-7.3",
    "Burglary": "UB-7.4",
    "Money Laundry": "UB-7.5",
    "Godfather": "UB-7.6",
    "Funeral": "UB-7.7",
    "Interrogation": "UB-7.8",
    "Horse Betting": "UB-7.9",
    "Accountant": "UB-7.10",
    "Key": "UB-7.11",
    "Raid": "UB-9.1",
    "Drive By": "UB-9.2",
    "Robbery": "UB-9.3",
    "Poker Round": "UB-9.4",
    "Mamas Dinner": "UB-9.5",
    "New Hand": "UB-9.6",
    "Revenge": "UB-9.7",
    "Fake Money": "UB-9.8",
}


def _card(k: int) -> dict:
    if D.IS_PROP[k]:
        return {"kind": "property", "value": D.VALUE[k], "joker": D.IS_JOKER[k]}
    return {"kind": "action" if D.IS_ACTION[k] else "event", "rule": {"clause": RULES[D.NAME[k]]}}


def content() -> dict:
    return {"cards": {D.NAME[k]: _card(k) for k in range(D.KINDS)}}
