"""Every relative link of the README and of docs/ leads somewhere: the file exists, and a link
to a heading (`page.md#heading`) names a heading of that page. Links to the web are not
followed (the tests run without a network)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def links(text: str) -> list[str]:
    """The targets of the Markdown links of `text`, leaving out code blocks and code spans."""
    text = FENCE.sub("", text)
    text = "\n".join(line for line in text.splitlines() if not line.startswith("    "))
    text = re.sub(r"`[^`\n]*`", "", text)
    return LINK.findall(text)


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens."""
    slug = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return slug.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {anchor(h) for h in re.findall(r"^#+\s+(.*)$", text, re.M)}


def test_links_are_found():
    """The reader finds links, and only outside code."""
    text = "See [a](docs/a.md), ![b](b.png) and [c](c.md#part).\n\n    [d](d.md)\n`[e](e.md)`\n"
    assert links(text) == ["docs/a.md", "b.png", "c.md#part"]
    assert anchor("Speed: what it costs (`bench/`)") == "speed-what-it-costs-bench"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(page: Path):
    broken = []
    for target in links(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):  # https:, mailto:
            continue
        path, _, fragment = target.partition("#")
        found = (page.parent / path).resolve() if path else page
        if not found.exists():
            broken.append(f"{target}: no such file")
        elif fragment and found.suffix == ".md" and fragment not in anchors(found):
            broken.append(f"{target}: no heading #{fragment} in {found.name}")
    assert not broken, f"{page.relative_to(ROOT)}: {broken}"
