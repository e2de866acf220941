"""What the browser client needs to know of each game before any table: its options with their
help, and its printed content (names of cards, spaces, districts; a board drawing), which each
game's folder provides (page_data.py, reached through Game.page_data).

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
    """The printed content of one game (ValueError for an unknown game): what its folder's
    page_data.py gives (Game.page_data), each bare clause id with its words."""
    game = famiglia.load(name)
    part = game.page_data
    found = part.content() if part else {}
    return {"name": game.name, "title": game.title, **with_words(found, rulebook.clauses(name))}


def with_words(value, words: dict[str, str]):
    """`value` with every entry that is only `{"clause": id}` given the clause's words too."""
    if isinstance(value, dict):
        if set(value) == {"clause"} and isinstance(value["clause"], str):
            # the words as a page shows them: no markdown emphasis ("*our choice:*")
            text = words.get(value["clause"], "").replace("*", "")
            return {"clause": value["clause"], "text": text}
        return {key: with_words(item, words) for key, item in value.items()}
    if isinstance(value, list):
        return [with_words(item, words) for item in value]
    return value
