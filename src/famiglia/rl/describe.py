"""The tables docs/rl.md shows for each game, made from the code: the catalogue's blocks of
actions and the observation's segments. `python -m famiglia.rl.describe` prints them all
(paste them into docs/rl.md when a catalogue or an encoder changes; a test compares)."""

from __future__ import annotations

import famiglia

from . import catalogue, encoder

# The player count each game's observation layout is shown for.
SHOWN_PLAYERS = {
    "the-mob": 4,
    "unfinished-business": 4,
    "cash-n-guns": 5,
    "blood-feud": 4,
    "scarface-1920": 3,
}


# Options a player count needs: Cash 'n Guns' 9 play in teams, Scarface 1920's 1 is its Solo
# Mode (SF-S.1).
NEEDED = {("cash-n-guns", 9): {"teams": True}, ("scarface-1920", 1): {"solo": True}}


def catalogue_table(name: str) -> list[str]:
    cat = catalogue(name)
    rows = ["| kind | first index | count | e.g. |", "|---|---:|---:|---|"]
    for kind, first, count in cat.blocks():
        rows.append(f"| `{kind}` | {first} | {count} | {cat[first]} |")
    return rows


def layout_table(name: str, players: int | None = None) -> list[str]:
    players = players or SHOWN_PLAYERS[name]
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
    for n in counts:  # a count only some options allow plays with them
        found[n] = encoder(game, n, **NEEDED.get((name, n), {})).size
    return len(catalogue(name)), found


def main() -> None:
    for name in famiglia.games():
        game = famiglia.load(name)
        actions, obs = sizes(name)
        print(f"### {game.title} (`{name}`)\n")
        print(f"Catalogue: {actions} actions.\n")
        print("\n".join(catalogue_table(name)) + "\n")
        n = SHOWN_PLAYERS[name]
        print(f"Observation with {n} players: {obs[n]} floats.\n")
        print("\n".join(layout_table(name)) + "\n")


if __name__ == "__main__":
    main()
