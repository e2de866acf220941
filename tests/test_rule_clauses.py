"""Every rule clause in docs/rules/*.md is checked by at least one test.

A clause is a bullet that starts with its id in bold: `- **MOB-3.2** ...` (a lettered part may
follow the game's prefix: `SF-S.4`). A test cites a clause by naming its id anywhere in the
tests/ tree (a docstring, a comment, a marker).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ID = r"[A-Z]+-(?:[A-Z]+\.)?\d+(?:\.\d+)*"
CLAUSE = re.compile(rf"^\s*[-*]\s+\*\*({ID})\*\*", re.M)
CITED = re.compile(rf"\b({ID})\b")


def clause_ids(doc: Path) -> list[str]:
    return CLAUSE.findall(doc.read_text(encoding="utf-8"))


def cited_ids() -> set[str]:
    cited = set()
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name != Path(__file__).name:
            cited.update(CITED.findall(path.read_text(encoding="utf-8")))
    return cited


def test_every_rules_document_has_clauses():
    docs = sorted((ROOT / "docs" / "rules").glob("*.md"))
    assert docs, "no rules documents found"
    for doc in docs:
        ids = clause_ids(doc)
        assert ids, f"{doc.name} has no clause ids"
        assert len(ids) == len(set(ids)), f"{doc.name} repeats a clause id"


def test_every_clause_is_checked_by_a_test():
    cited = cited_ids()
    missing = {
        doc.name: [cid for cid in clause_ids(doc) if cid not in cited]
        for doc in sorted((ROOT / "docs" / "rules").glob("*.md"))
    }
    missing = {name: ids for name, ids in missing.items() if ids}
    assert not missing, f"clauses no test cites: {missing}"
