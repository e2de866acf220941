"""ismcts iterations per second, per registered game, on one core.

    python bench/bench_ismcts.py [--iterations 1000] [--positions 5] [--depth 3] [--prior 10]
                                 [--clock wall|cpu] [GAME ...]

For each game it reaches a few positions by random play (seeded), lets ismcts decide there with
a fixed number of iterations, and prints iterations/s and the time 1,000 iterations take. The
goal for The Mob is 1,000 iterations in 0.1 s or less; `--prior 0 --depth 0` measures the
bare search (no evaluation of new moves, no rollout). `--clock cpu` times processor seconds
of this process, for a machine busy with other work. Games that fail to load are reported and
skipped.
"""

from __future__ import annotations

import argparse
import time

import famiglia
from famiglia.agents import ISMCTSAgent, info_for
from famiglia.core.rng import Rng


def positions(game, players: int, count: int, seed: int = 0):
    """`count` positions reached by random play where the seat to act has a real choice."""
    found = []
    for k in range(count * 20):
        if len(found) == count:
            break
        rng = Rng(seed + k)
        state = game.new(players, seed + k)
        for _ in range(rng.below(60 * (k % 4 + 1))):
            if state.is_over():
                break
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        if not state.is_over():
            seat = state.seats_to_act()[0]
            if len(state.legal_actions(seat)) > 1:
                found.append((state, seat))
    return found


def bench(game, players, iterations, count, depth, prior, clock=time.perf_counter):
    total_time, total_iterations = 0.0, 0
    for n, (state, seat) in enumerate(positions(game, players, count)):
        bot = ISMCTSAgent(seed=n, iterations=iterations, depth=depth, prior=prior, early=0)
        started = clock()
        bot.act(info_for(state, seat))
        total_time += clock() - started
        total_iterations += bot.last_iterations
    return total_iterations / total_time if total_time else 0.0, total_iterations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to bench (default: all registered)")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--depth", type=int, default=3, help="rollout depth cap")
    parser.add_argument("--prior", type=int, default=10, help="virtual visits of the prior")
    parser.add_argument(
        "--players", type=int, default=0, help="default: 4, within the game's range"
    )
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"{'game':<22}{'players':>8}{'iter/s':>10}{'1000 iter':>12}")
    for name in args.games or famiglia.games():
        try:
            game = famiglia.load(name)
        except Exception as exc:  # a game still being written: say so and go on
            print(f"{name:<22}  not available: {type(exc).__name__}: {exc}")
            continue
        players = args.players or 4
        players = max(game.min_players, min(game.max_players, players))
        try:
            rate, _ = bench(
                game, players, args.iterations, args.positions, args.depth, args.prior, clock
            )
        except Exception as exc:
            print(f"{name:<22}  failed: {type(exc).__name__}: {exc}")
            continue
        per_thousand = 1000 / rate if rate else float("inf")
        print(f"{name:<22}{players:>8}{rate:>10.0f}{per_thousand:>11.2f}s")


if __name__ == "__main__":
    main()
