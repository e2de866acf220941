"""How strong the bots are: one bot against a table of another, seats rotated, 95% intervals.

    python bench/strength.py the-mob --players 4 --games 100 --workers 2 \\
        --pair ismcts:seconds=1 greedy --pair greedy random [-o max_years=40]

For each pair (BOT, OPPONENT) one BOT plays against players-1 OPPONENTs; the seats rotate
(so play a multiple of --players games). The goal is a win rate of at least 1.5 times the fair
share (1/players). Prints a Markdown table for the README. Too slow for the test suite.

A solo mode (one seat against the game's own opponent, e.g. Scarface 1920's solo gang):

    python bench/strength.py scarface-1920 --solo greedy --solo random -o solo=true \
        [-o tequila=true] --games 40 --workers 2

reports each BOT's win rate against that opponent; the aim there is about half for greedy.
"""

from __future__ import annotations

import argparse
import sys
import time

from famiglia.arena.jobs import RunConfig
from famiglia.arena.tournament import run_tournament

GOAL = 1.5


def measure(game, players, bot, opponent, games, seed, workers, options):
    specs = [bot] + [opponent] * (players - 1)
    done = [0]
    wins = [0.0]
    started = time.perf_counter()

    def progress(record):
        done[0] += 1
        seat = -(record["seed"] - seed) % players  # where the bot sat: the seats turn each game
        winners = record["result"]["winners"]
        wins[0] += 1 / len(winners) if seat in winners else 0.0
        # every game (a run stopped early still tells its count), or a tenth of a long run
        if games <= 100 or done[0] % max(1, games // 10) == 0 or done[0] == games:
            spent = time.perf_counter() - started
            share = wins[0] / done[0] * players
            print(
                f"  {bot} vs {opponent}: {done[0]}/{games} games, {spent:.0f} s, "
                f"{wins[0]:g} won so far ({share:.2f}x the fair share)",
                file=sys.stderr,
                flush=True,
            )

    config = RunConfig(workers, on_record=progress)
    result = run_tournament(game, players, specs, games, seed, options, config)
    mine = next(st for st in result.standings() if st.bot == bot)
    return mine, result, time.perf_counter() - started


def measure_solo(game, bot, games, seed, workers, options):
    done, wins = [0], [0.0]
    started = time.perf_counter()

    def progress(record):
        done[0] += 1
        wins[0] += 1.0 if record["result"]["winners"] else 0.0
        if done[0] % max(1, games // 10) == 0 or done[0] == games:
            print(
                f"  {bot} alone: {done[0]}/{games} games, {time.perf_counter() - started:.0f} s, "
                f"{wins[0]:g} won so far",
                file=sys.stderr,
                flush=True,
            )

    config = RunConfig(workers, on_record=progress)
    result = run_tournament(game, 1, [bot], games, seed, options, config)
    return result, time.perf_counter() - started


def solo_table(args, options) -> None:
    from famiglia.arena.ratings import wilson

    label = ", ".join(f"{k}={v}" for k, v in options.items())
    rows = []
    for bot in args.solo:
        result, spent = measure_solo(args.game, bot, args.games, args.seed, args.workers, options)
        records = result.records
        wins = sum(1 for r in records if r["result"]["winners"])
        low, high = wilson(wins, len(records))
        scores = [r["result"]["scores"][0] for r in records]
        lengths = result.lengths()
        rows.append(
            f"| {args.game} | {label} | `{bot}` | {len(records)} | {wins / len(records):.1%} | "
            f"{low:.1%} - {high:.1%} | {sum(scores) / len(scores):.0f} | "
            f"{sum(lengths) / len(lengths):.0f} | {result.capped()} | {spent:.0f} s |"
        )
    print(
        "| game | options | bot | games | win rate | 95% interval | mean score | moves/game |"
        " capped | time |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100, help="games per pair")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--pair",
        nargs=2,
        action="append",
        metavar=("BOT", "OPPONENT"),
        help="default: ismcts:seconds=1 vs greedy, greedy vs random",
    )
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument(
        "--solo", action="append", metavar="BOT", help="one seat against the game's own opponent"
    )
    args = parser.parse_args()
    if args.solo:
        solo_table(args, dict(item.split("=", 1) for item in args.option))
        return
    pairs = args.pair or [["ismcts:seconds=1", "greedy"], ["greedy", "random"]]
    options = dict(item.split("=", 1) for item in args.option)

    rows = []
    for bot, opponent in pairs:
        mine, result, spent = measure(
            args.game, args.players, bot, opponent, args.games, args.seed, args.workers, options
        )
        low, high = mine.interval
        fair = 1 / args.players
        lengths = result.lengths()
        rows.append(
            f"| {args.game} | {args.players} | `{bot}` | `{opponent}` | {len(result.records)} | "
            f"{mine.win_rate:.1%} | {low:.1%} - {high:.1%} | {fair:.1%} | "
            f"{mine.win_rate / fair:.2f}x ({low / fair:.2f}x - {high / fair:.2f}x) | "
            f"{'yes' if mine.win_rate >= GOAL * fair else 'no'}"
            f"{' (sure)' if low >= GOAL * fair else ''} | "
            f"{sum(lengths) / len(lengths):.0f} | {result.capped()} | {spent:.0f} s |"
        )
    print(
        "| game | players | bot | opponents | games | win rate | 95% interval | fair share |"
        " vs fair | >= 1.5x | moves/game | capped | time |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
