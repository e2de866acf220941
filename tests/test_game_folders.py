"""One game, one folder: every game provides the same files under the same names, the shared
machinery reaches them only through the Game (docs/writing-a-game.md), and nothing outside
src/famiglia/games names one game's modules, so a new game is its folder and a registry line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import famiglia
from famiglia.games import REGISTRY

SRC = Path(__file__).resolve().parents[1] / "src"
GAMES = SRC / "famiglia" / "games"

# What a game folder provides beside its rules, and the Game's attribute that reaches it.
PARTS = {
    "evaluation.py": "evaluation",  # the bots' evaluation of a position
    "encoder.py": "encoder",  # research: action catalogue, observation read from a view
    "fast_encoder.py": "fast_encoder",  # research: the same observation read from the state
    "page.js": "page",  # the table page's ES module
    "page_data.py": "page_data",  # the table page's printed content (names, numbers, board)
}
# Files outside games/ that still name one game's modules, each with why.
ALLOWED: set = set()  # none left


def provided(name: str) -> set[str]:
    folder = famiglia.load(name).folder()
    return {part for part in PARTS if (folder / part).is_file()}


def test_every_game_folder_provides_the_same_parts_under_the_same_names():
    found = {name: provided(name) for name in famiglia.games()}
    assert found == {name: set(PARTS) for name in famiglia.games()}


@pytest.mark.parametrize("name", famiglia.games())
def test_the_game_reaches_each_part_of_its_folder(name):
    game = famiglia.load(name)
    folder = GAMES / REGISTRY[name].rpartition(".")[2]
    assert game.folder() == folder
    for file, attribute in PARTS.items():
        part = getattr(game, attribute)
        where = part if isinstance(part, Path) else Path(part.__file__)
        assert where == folder / file, attribute
    assert callable(game.evaluation.evaluate) and callable(game.fast_encoder.write_state)
    assert hasattr(game.encoder, "Encoder") and callable(game.encoder.entries)


def test_a_game_without_a_part_has_none():
    from tests.core.toy import GAME as TOY

    assert TOY.evaluation is None and TOY.encoder is None and TOY.page is None
    assert TOY.page_data is None


def game_patterns() -> re.Pattern:
    """A reference to one game's module or file: famiglia.games.the_mob, games/the_mob/,
    from .games.the_mob, or a page file of the old place (games/the-mob.js)."""
    packages = "|".join(module.rpartition(".")[2] for module in REGISTRY.values())
    names = "|".join(map(re.escape, REGISTRY))
    return re.compile(rf"games[./]({packages})\b|games/({names})\.js")


def test_nothing_outside_the_games_names_one_games_modules():
    pattern = game_patterns()
    naming = {}
    for path in sorted((SRC / "famiglia").rglob("*")):
        if path.suffix not in (".py", ".js", ".html", ".css") or GAMES in path.parents:
            continue
        where = path.relative_to(SRC).as_posix()
        hits = [m.group(0) for m in pattern.finditer(path.read_text())]
        if hits and where not in ALLOWED:
            naming[where] = sorted(set(hits))
    assert not naming, f"name one game's modules (reach them through the Game): {naming}"
    still = [where for where in ALLOWED if not pattern.search((SRC / where).read_text())]
    assert not still, f"no longer name a game's modules: drop them from ALLOWED: {still}"
