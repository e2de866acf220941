"""Text shown to people: data escaped before rich reads it, long input cut short.

rich reads `[...]` in printed strings as markup. Anything that comes from a user or from data
(typed moves, file paths, bot specs, team names, event lines, action phrases) goes through
`plain` before rich sees it, so that `[/]` prints as `[/]` instead of ending the program with a
MarkupError, and `[red]` is shown, not swallowed. Error messages quote what they refuse through
`shorten` or `brief`, so that a 5,000-character line is not echoed whole.
"""

from __future__ import annotations

import re


def plain(value) -> str:
    """`value` as text that rich prints exactly as written (its markup escaped)."""
    from rich.markup import escape  # here: the rules and the bots never load rich

    return escape(str(value))


# Control characters (newlines, escape sequences) shown as escapes, as repr() shows them.
_CONTROLS = {c: repr(chr(c))[1:-1] for c in (*range(32), 127) if chr(c) != "\t"}


def one_line(text) -> str:
    """`text` with its control characters shown as escapes (a newline as backslash-n): a message
    quoting what a user typed stays on one line and cannot drive the terminal."""
    return str(text).translate(_CONTROLS)


def shorten(text, limit: int = 60) -> str:
    """`text` cut to `limit` characters, with an ellipsis."""
    text = str(text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def brief(value, limit: int = 60) -> str:
    """`repr(value)`, cut to `limit` characters: how an error message quotes a bad value."""
    return shorten(repr(value), limit)


def plural(count: int, word: str, many: str | None = None) -> str:
    """`count` and `word`, in the plural (`many`, or word + "s") unless the count is exactly
    one: "1 card", "2 cards"."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def wrap(text: str, width: int = 80, indent: str = "  ") -> str:
    """`text` in lines of at most `width` characters, the later ones indented: how the
    terminal boards keep a long list (a hand of cards) inside an 80-column screen."""
    import textwrap

    lines = textwrap.wrap(text, width, subsequent_indent=indent, break_on_hyphens=False)
    return "\n".join(lines)


def wins_text(wins: float) -> str:
    """A count of wins, shared wins counted as fractions: "3", "2.50" (never "0.333333")."""
    return str(int(wins)) if wins == int(wins) else f"{wins:.2f}"


_SECOND_PERSON = {"you": "they", "your": "their", "yours": "theirs", "yourself": "themselves"}
_YOU = re.compile(r"\b(you|your|yours|yourself)\b", re.IGNORECASE)


def said_of_another(phrase: str) -> str:
    """A phrase addressed to the player who must act ("keep one of your two power cards"), as
    told to someone else ("keep one of their two power cards")."""
    return _YOU.sub(lambda m: _SECOND_PERSON[m.group(1).lower()], phrase)
