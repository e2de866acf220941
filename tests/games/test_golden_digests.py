"""The Mob, Cash 'n Guns and Unfinished Business play exactly as recorded before their
restructuring into one shape (tests/golden.py): the same seeds and moves give the same legal
lists, narration and final saved states, clones included. (Blood Feud and Scarface 1920 keep
their own golden tests, with a soak part.)"""

from __future__ import annotations

import pytest

from tests.golden import digest, load

ROWS = [
    (name, row) for name in ("the-mob", "cash-n-guns", "unfinished-business") for row in load(name)
]


@pytest.mark.parametrize(
    ("name", "row"), ROWS, ids=[f"{n}-{r['players']}p-seed{r['seed']}" for n, r in ROWS]
)
def test_golden_game_plays_as_recorded(name, row):
    got = digest(name, row["players"], row["seed"], row["options"])
    assert got == (row["digest"], row["moves"]), row
