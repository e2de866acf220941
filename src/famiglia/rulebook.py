"""Our rules documents (docs/rules/GAME.md), as the program reads them: whole, for `famiglia
rules`, or one clause's words, for a page that explains a card by its rule."""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from pathlib import Path


def document(game: str) -> str | None:
    """The rules of `game`: shipped in the package as famiglia/docs/ (the build copies them,
    setup.py), or read from the source tree in a development checkout; None if neither is."""
    shipped = resources.files("famiglia") / "docs" / f"{game}.md"
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parents[2] / "docs" / "rules" / f"{game}.md"
    return source.read_text(encoding="utf-8") if source.is_file() else None


@cache
def clauses(game: str) -> dict[str, str]:
    """Clause id -> its words, one line ("- **CNG-8.6** The Cute ... " and the lines indented
    under it), markdown emphasis taken off."""
    text = document(game) or ""
    found: dict[str, str] = {}
    for item in re.finditer(r"^- \*\*([A-Z]+-[0-9A-Z.]+)\*\* (.*(?:\n  .*)*)", text, re.M):
        words = " ".join(line.strip() for line in item.group(2).splitlines())
        found[item.group(1)] = words.replace("**", "").replace("`", "")
    return found
