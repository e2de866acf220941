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


# The files every game folder holds for the same roles (docs/writing-a-game.md, "One folder").
ROLES = {
    "__init__.py": "the Game and the State's contract, the registry's entry",
    "state.py": "the State's data",
    "data.toml": "the material",
    "data.py": "the material loaded",
    "setup.py": "the options and the opening position",
    "phases.py": "the phase table",
    "actions.py": "the action texts and schema",
    "refusals.py": "why a move is refused",
    "view.py": "what a seat sees, and its samples",
    "scoring.py": "the result",
    "saved.py": "saved-state checks",
    "render.py": "the terminal's drawing",
    "page.css": "the table page's styles",
}


@pytest.mark.parametrize("name", famiglia.games())
def test_every_game_folder_has_a_file_for_each_role_under_the_same_name(name):
    folder = famiglia.load(name).folder()
    missing = [f"{file} ({role})" for file, role in ROLES.items() if not (folder / file).is_file()]
    assert not missing, f"{name} lacks {missing}"


@pytest.mark.parametrize("name", famiglia.games())
def test_each_game_declares_its_phase_table_and_the_core_owns_apply(name):
    """The turn flow is the Game's phase table (core/phases.py), and no game writes out the
    core's apply or legal_actions (its hooks are _legal_actions, _apply and _legal_now)."""
    from famiglia.core import Phase, State

    game = famiglia.load(name)
    assert game.phases and all(isinstance(row, Phase) for row in game.phases.values())
    state_class = type(
        game.new(game.min_players, 0, **({"solo": True} if game.min_players == 1 else {}))
    )
    for method in ("apply", "legal_actions"):
        assert getattr(state_class, method) is getattr(State, method), method
    text = "\n".join(p.read_text() for p in game.folder().rglob("*.py"))
    assert not re.search(r"State\.(apply|legal_actions|_apply|_legal_actions)\s*=", text)


@pytest.mark.parametrize("name", famiglia.games())
def test_each_game_folder_links_its_rules_document(name):
    """The rules in our words stay one step from the code: the package names its document."""
    game = famiglia.load(name)
    doc = f"docs/rules/{name}.md"
    assert doc in (game.folder() / "__init__.py").read_text()
    assert (SRC.parent / doc).is_file()
