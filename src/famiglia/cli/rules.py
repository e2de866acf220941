"""`famiglia rules GAME`: the game's rules document at the terminal."""

from __future__ import annotations

import typer
from rich.markdown import Markdown

import famiglia
from famiglia import rulebook

from .common import fail, load_game, out


def rules(game: str = typer.Argument(None, help="game name, see `famiglia games`")):
    """Prints the game's rules document."""
    if game is None:
        fail(f"name the game whose rules to print: {', '.join(famiglia.games())}")
    load_game(game)
    text = rulebook.document(game)
    if text is None:
        fail(f"this installation of famiglia lacks the rules document of {game}")
    out.print(Markdown(text))
