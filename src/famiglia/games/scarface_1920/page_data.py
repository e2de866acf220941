"""Scarface 1920's printed content for the table page: districts, neighborhoods, gangs,
crimes, cards, Jobs, street gangs and Enforcers, with what each card does in the
terminal's words.

Public, the same for every seat, from the game's data only; the server sends it as
GET /api/games/{name} (Game.page_data, server/gamedata.py)."""

from __future__ import annotations

from . import data as D
from .actions import ORDER_TEXT
from .render import card_text, job_text, street_gang_text


def content() -> dict:
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
