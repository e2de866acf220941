"""Unfinished Business's printed content for the table page: none beyond its name and title,
since its views carry the cards' own words (Game.page_data, server/gamedata.py)."""

from __future__ import annotations


def content() -> dict:
    return {}
