"""The bot levels (issue 39): easy, medium and hard, each a bot, a line for the lobby and its
ratings per game, kept by bench/rate_levels.py."""

from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

import pytest

from famiglia.agents import levels as L
from famiglia.agents import make_agent
from famiglia.arena.ratings import Rating

BENCH = Path(__file__).resolve().parents[2] / "bench" / "rate_levels.py"


def bench():
    spec = importlib.util.spec_from_file_location("rate_levels", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_three_levels_each_a_bot_with_a_line():
    found = L.levels()
    assert list(found) == ["easy", "medium", "hard"]
    for level in found.values():
        assert make_agent(level.spec).spec().split(":")[0] == level.spec.split(":")[0]
        assert 10 < len(level.about) < 100
    assert L.spec_of("hard") == found["hard"].spec and L.spec_of("greedy") == "greedy"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_lineups_seat_every_level_equally(players):
    tables = bench().lineups(["easy", "medium", "hard"], players)
    seated = {name: sum(t.count(name) for t in tables) for name in ("easy", "medium", "hard")}
    assert len(set(seated.values())) == 1
    assert all(len(t) == players for t in tables)
    if players >= 3:
        assert all(set(t) == {"easy", "medium", "hard"} for t in tables)


def test_writing_ratings_keeps_the_levels_and_the_other_games(tmp_path, monkeypatch):
    module = bench()
    data = tmp_path / "levels.toml"
    data.write_text(L.DATA.read_text())
    monkeypatch.setattr(module, "DATA", data)
    module.write("the-mob", {"hard": Rating(30.0, 2.0)}, 24, 0, "ismcts:seconds=1")
    module.write("cash-n-guns", {"hard": Rating(28.0, 3.0)}, 12, 5, "ismcts:seconds=1")
    module.write("the-mob", {"hard": Rating(31.0, 1.5)}, 48, 0, "ismcts:seconds=1")
    raw = tomllib.loads(data.read_text())
    assert set(raw["levels"]) == {"easy", "medium", "hard"}
    assert raw["ratings"]["hard"]["the-mob"]["mu"] == 31.0
    assert raw["ratings"]["hard"]["the-mob"]["games"] == 48
    assert raw["ratings"]["hard"]["cash-n-guns"]["seeds"] == "5-16"
    assert "options" not in raw["ratings"]["hard"]["the-mob"]  # the whole game
    module.write("blood-feud", {"hard": Rating(25.0, 4.0)}, 3, 0, "ismcts:seconds=1",
                 {"max_rounds": 2})  # fmt: skip
    raw = tomllib.loads(data.read_text())
    assert raw["ratings"]["hard"]["blood-feud"]["options"] == "max_rounds=2"  # capped games
    assert raw["ratings"]["hard"]["the-mob"]["mu"] == 31.0
