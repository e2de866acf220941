"""The `famiglia` command: list games, read rules, play, simulate, replay, draw boards.

Every refusal of bad input is one line on stderr saying what was wrong and what is allowed,
with a non-zero exit where it ends the command.

The package holds one module per command (games, rules, play, simulate, replay, render,
tournament, serve) and what they share (common.py); this module only assembles them.
"""

from __future__ import annotations

import typer

from . import games, play, render, replay, rules, serve, simulate, tournament
from .common import Commands

app = typer.Typer(
    cls=Commands,
    add_completion=False,
    no_args_is_help=True,
    help="Mafia-themed tabletop games played by their exact rules.",
)

app.command("games")(games.games)
app.command("rules")(rules.rules)
app.command("play")(play.play)
app.command("simulate")(simulate.simulate)
app.command("replay")(replay.replay_cmd)
app.command("render")(render.render)
app.command("tournament")(tournament.tournament)
app.command("serve")(serve.serve)


def main() -> None:
    app()


__all__ = ["app", "main"]
