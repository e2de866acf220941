"""Blood Feud plays exactly as the code before the speed work did (tests/golden.py): the same
seed and moves give the same legal-action lists, events and final states, clones included.
The default suite replays the short (capped) games and a few full ones; --soak replays all."""

from __future__ import annotations

import pytest

from tests.golden import digest, load

ROWS = load("blood-feud")
QUICK = [
    r
    for r in ROWS
    if "max_rounds" in r["options"]
    or (r["seed"] == 0 and (r["players"], r["options"]) in ((2, {}), (5, {})))
    or (r["seed"] == 0 and r["options"] == {"take_manhattan": True} and r["players"] == 4)
]


def _check(rows):
    for r in rows:
        got, moves = digest("blood-feud", r["players"], r["seed"], r["options"])
        assert (got, moves) == (r["digest"], r["moves"]), r


def test_golden_games_play_as_recorded():
    """Every rule behind the short games and a few full ones, unchanged by the speed work."""
    assert len(QUICK) > 60
    _check(QUICK)


@pytest.mark.soak
def test_golden_games_play_as_recorded_soak():
    """All 306 recorded games, full length."""
    _check([r for r in ROWS if r not in QUICK])
