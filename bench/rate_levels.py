"""Rate the bot levels (easy, medium, hard) of a game on one openskill scale, by a round robin.

    python bench/rate_levels.py GAME [--players 4] [--games 6] [--seed 0] [--workers 2] \\
        [--hard ismcts:seconds=1,clock=cpu] [-o name=value] [--write]

Every table seats each level at least once and one level twice, in turn (so each level meets
each other one at every table), and the tournament rotates the seats game by game. The games'
places update one Plackett-Luce rating per level (famiglia.arena.ratings). Printed: a Markdown
row per level with mu, sigma, the cautious mu - 3 sigma, and the win rate with its 95%
interval. `--write` keeps the ratings in src/famiglia/agents/levels.toml, which the lobby shows.
Too slow for the test suite: a hard bot thinks about a second a move.
"""

from __future__ import annotations

import argparse
import sys
import time

import famiglia
from famiglia.agents.levels import DATA, levels
from famiglia.arena.jobs import RunConfig
from famiglia.arena.ratings import Ratings, wilson
from famiglia.arena.tournament import run_tournament

MARK = "# ----- ratings (bench/rate_levels.py --write) -----"


def lineups(names: list[str], players: int) -> list[list[str]]:
    """Tables of `players` seats: every level once (as far as seats allow), the rest filled in
    turn, so that over the lineups each level sits as often as the others."""
    out = []
    for start in range(len(names)):
        order = names[start:] + names[:start]
        out.append([order[i % len(order)] for i in range(players)])
    return out


def rate(game: str, players: int, games: int, seed: int, workers: int, options: dict, specs):
    ratings, wins, seats = Ratings(), dict.fromkeys(specs, 0.0), dict.fromkeys(specs, 0)
    started = time.perf_counter()
    for t, table in enumerate(lineups(list(specs), players)):
        bots = [specs[name] for name in table]

        def counted(record, table=table, base=seed + t * games, t=t):
            shift = record["seed"] - base  # seat s holds bot (s + game) of the list
            labels = [table[(seat + shift) % players] for seat in range(players)]
            result = record["result"]
            ratings.add(labels, result["ranking"])
            for seat, label in enumerate(labels):
                seats[label] += 1
                if seat in result["winners"]:
                    wins[label] += 1 / len(result["winners"])
            print(
                f"  table {t + 1}: {record['seed'] - base + 1}/{games} games, "
                f"{time.perf_counter() - started:.0f} s",
                file=sys.stderr,
                flush=True,
            )

        config = RunConfig(workers, on_record=counted)
        run_tournament(game, players, bots, games, seed + t * games, options, config)
    return ratings.ratings(), wins, seats


def write(game: str, found, games: int, seed: int, budget: str, options=None) -> None:
    text = DATA.read_text()
    head, _, tail = text.partition(MARK)
    kept = {}  # other games' ratings, as written before
    for block in tail.split("\n\n"):
        lines = [x for x in block.strip().splitlines() if x]
        if lines and lines[0].startswith("[ratings.") and not lines[0].endswith(f'."{game}"]'):
            kept[lines[0]] = "\n".join(lines)
    for name, r in found.items():
        key = f'[ratings.{name}."{game}"]'
        kept[key] = (
            f"{key}\nmu = {r.mu:.2f}\nsigma = {r.sigma:.2f}\ngames = {games}\n"
            f'seeds = "{seed}-{seed + games - 1}"\nbudget = "{budget}"'
        )
        if options:  # the games were not the full game (a round or turn cap)
            given = ",".join(f"{k}={v}" for k, v in options.items())
            kept[key] += f'\noptions = "{given}"'.lower()
    body = "\n\n".join(kept[k] for k in sorted(kept))
    DATA.write_text(f"{head.rstrip()}\n\n{MARK}\n\n{body}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=6, help="games per lineup")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--hard", default=None, help="the hard bot's spec for this run")
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument("--write", action="store_true", help="keep the ratings in levels.toml")
    args = parser.parse_args()
    game = famiglia.load(args.game)
    try:
        options = {
            k: game.options[k].coerce(k, v) for k, v in (o.split("=", 1) for o in args.option)
        }
    except (KeyError, ValueError) as exc:
        raise SystemExit(
            f"bad option: {exc}; {args.game}'s options: {', '.join(game.options)}"
        ) from None
    specs = {name: level.spec for name, level in levels().items()}
    if args.hard:
        specs["hard"] = args.hard
    found, wins, seats = rate(
        args.game, args.players, args.games, args.seed, args.workers, options, specs
    )
    total = args.games * len(specs)
    print("| game | level | bot | mu | sigma | mu - 3 sigma | win rate | 95% interval | games |")
    print("|---|---|---|---:|---:|---:|---:|---|---:|")
    for name, r in sorted(found.items(), key=lambda kv: -kv[1].mu):
        low, high = wilson(wins[name], seats[name])
        print(
            f"| {args.game} | {name} | `{specs[name]}` | {r.mu:.1f} | {r.sigma:.1f} | "
            f"{r.ordinal:.1f} | {wins[name] / seats[name]:.0%} | {low:.0%} - {high:.0%} | "
            f"{total} |"
        )
    if args.write:
        write(args.game, found, total, args.seed, specs["hard"], options)


if __name__ == "__main__":
    main()
