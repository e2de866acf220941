"""`famiglia render GAME`: the game's board, with the pieces of a saved state, as an SVG."""

from __future__ import annotations

import importlib
from pathlib import Path

import typer

import famiglia
from famiglia.core.text import plain

from .common import fail, load_game, out, output_file, save, state_from_file


def render(
    game: str = typer.Argument(..., help="game name"),
    state_file: Path = typer.Option(None, "--state", help="a saved state or a game record"),
    out_file: Path = typer.Option(Path("board.svg"), "--out", help="where to write the SVG"),
    game_index: int = typer.Option(1, "--game", help="which game of a record file to draw"),
    force: bool = typer.Option(False, "--force", help="replace the --out file if it exists"),
):
    """Draws the game's board, with every piece of a saved state, as an SVG."""
    g = load_game(game)
    module = famiglia.REGISTRY[game] + ".render"
    try:
        draw = importlib.import_module(module).render_svg
    except (ImportError, AttributeError):
        fail(f"{g.title} has no board drawing")
    output_file(out_file, force=force)
    state = state_from_file(g, state_file, game_index) if state_file else None
    save(out_file, text=draw(state))
    out.print(f"board written to {plain(out_file)}", highlight=False)
