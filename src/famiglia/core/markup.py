"""Text for the terminal: rich reads `[...]` in printed strings as markup.

Anything that comes from a user or from data (typed moves, file paths, bot specs, team names,
event lines, action phrases) goes through `plain` before rich sees it, so that `[/]` prints as
`[/]` instead of ending the program with a MarkupError, and `[red]` is shown, not swallowed.
"""

from __future__ import annotations

from rich.markup import escape


def plain(value) -> str:
    """`value` as text that rich prints exactly as written (its markup escaped)."""
    return escape(str(value))


def shorten(text: str, limit: int = 60) -> str:
    """`text` cut to `limit` characters, with an ellipsis, for echoing what a user typed."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"
