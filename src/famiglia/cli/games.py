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
    columns = ("name", "title", "players", "options") + (("actions", "observation") if rl else ())
    for column in columns:
        table.add_column(column)
    for name in famiglia.games():
        game = famiglia.load(name)
        opts = "\n".join(
            f"{k}={o.default!r} ({o.describe_allowed()}) {o.help}" for k, o in game.options.items()
        )
        row = [name, game.title, f"{game.min_players}-{game.max_players}", opts]
        if rl:
            from famiglia.rl.describe import sizes

            actions, obs = sizes(name)
            row += [str(actions), "\n".join(f"{n}p: {size}" for n, size in obs.items())]
        table.add_row(*map(plain, row))
    out.print(table)
    if rl:  # the research presets: shorter games by name (famiglia.rl.presets)
        from famiglia.rl.presets import listing

        out.print(plain("research presets:\n" + "\n".join(listing())))
