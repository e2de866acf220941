"""`famiglia games`: the games, their player counts and options (and research sizes)."""

from __future__ import annotations

import typer
from rich.table import Table

import famiglia
from famiglia.core.text import plain

from .common import out


def games(
    rl: bool = typer.Option(
        False, "--rl", help="also the research sizes: actions in the catalogue, observation floats"
    ),
):
    """The games, their player counts and options."""
    table = Table(title="famiglia games")
    # --rl leaves out the title and options (plain `famiglia games` lists them), so that the
    # research sizes and the games' names fit whole in 80 columns
    columns = ("name", "players", "actions", "observation") if rl else ("name", "title")
    for column in columns + (() if rl else ("players", "options")):
        table.add_column(column, no_wrap=rl and column == "name")
    for name in famiglia.games():
        game = famiglia.load(name)
        players = f"{game.min_players}-{game.max_players}"
        if rl:
            from famiglia.rl.describe import sizes

            actions, obs = sizes(name)
            sized = " ".join(f"{n}p:{size}" for n, size in obs.items())
            row = [name, players, str(actions), sized]
        else:
            opts = "\n".join(
                f"{k}={o.default!r} ({o.describe_allowed()}) {o.help}"
                for k, o in game.options.items()
            )
            row = [name, game.title, players, opts]
        table.add_row(*map(plain, row))
    out.print(table)
    if rl:  # the research presets: shorter games by name (famiglia.rl.presets)
        from famiglia.rl.presets import listing

        out.print(plain("research presets:\n" + "\n".join(listing())))
