"""The tables docs/rl.md shows for each game, made from the code: the catalogue's blocks of
actions and the observation's segments. `python -m famiglia.rl.describe` prints them all
(paste them into docs/rl.md when a catalogue or an encoder changes; a test compares)."""

from __future__ import annotations

import famiglia

from . import catalogue, encoder


def shown_players(name: str) -> int:
    """The player count docs/rl.md shows a game's observation layout for: the game's
    `research_players`, else the count it seats by default."""
    game = famiglia.load(name)
    return game.research_players or game.default_players(game.resolve_options({}))


def catalogue_table(name: str) -> list[str]:
    cat = catalogue(name)
    rows = ["| kind | first index | count | e.g. |", "|---|---:|---:|---|"]
    for kind, first, count in cat.blocks():
        rows.append(f"| `{kind}` | {first} | {count} | {cat[first]} |")
    return rows


def layout_table(name: str, players: int | None = None) -> list[str]:
    players = players or shown_players(name)
    enc = encoder(name, players)
    rows = ["| segment | start | size | meaning |", "|---|---:|---:|---|"]
    for s in enc.segments:
        rows.append(f"| `{s.name}` | {s.start} | {s.size} | {s.meaning} |")
    return rows


def sizes(name: str) -> tuple[int, dict[int, int]]:
    """(catalogue size, {players: observation size}) with the default options."""
    game = famiglia.load(name)
    counts = range(game.min_players, game.max_players + 1)
    found = {}
    for n in counts:  # a count only some options allow plays with them (a solo mode, teams)
        found[n] = encoder(game, n, **game.options_for(n)).size
    return len(catalogue(name)), found


def main() -> None:
    for name in famiglia.games():
        game = famiglia.load(name)
        actions, obs = sizes(name)
        print(f"### {game.title} (`{name}`)\n")
        print(f"Catalogue: {actions} actions.\n")
        print("\n".join(catalogue_table(name)) + "\n")
        n = shown_players(name)
        print(f"Observation with {n} players: {obs[n]} floats.\n")
        print("\n".join(layout_table(name)) + "\n")


if __name__ == "__main__":
    main()
