"""ismcts iterations per second, and its time per decision over whole games, on one core.

    python bench/bench_ismcts.py [--iterations 1000] [--positions 5] [--depth 3] [--prior 10]
                                 [--games 1] [--seconds 1] [--opponent greedy] [--seed 0]
                                 [-o max_rounds=6] [--clock wall|cpu] [--set reuse=1] [GAME ...]

Iterations: for each game it reaches a few positions by random play (seeded), lets ismcts decide
there with a fixed number of iterations, and prints iterations/s and the time 1,000 iterations
take. The goal for The Mob is 1,000 iterations in 0.1 s or less; `--prior 0 --depth 0`
measures the bare search (no evaluation of new moves, no rollout).

Decisions: then it plays `--games` whole games of `ismcts:seconds=S` against `--opponent` bots
(the ismcts seat turns each game) and prints, over every decision ismcts was asked for, the mean
and 95th percentile of the time it took to answer, and how many answers came at once (a forced
move), early (the choice was settled before the budget ran out) or from a kept tree (`reuse=1`).
`--games 0` skips it. `-o` sets a game option where the game has it (a round cap keeps long
games short); `--set` an ismcts option for the whole games (`--set reuse=1`).

`--clock cpu` times processor seconds of this process, for a machine busy with other work.
Games that fail to load are reported and skipped.
"""

from __future__ import annotations

import argparse
import statistics
import time

import famiglia
from famiglia.agents import ISMCTSAgent, info_for, make_agent
from famiglia.agents.ismcts import CLOCKS
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


def decision_times(game, players, games, seconds, opponent, seed, options, clock_name, extra=()):
    """Times of every decision of `ismcts:seconds=S` (and the options `extra`) over whole games:
    (times, forced, early, kept)."""
    clock = CLOCKS[clock_name]
    spec = ",".join([f"ismcts:seconds={seconds},clock={clock_name}", *extra])
    times, forced, early, kept = [], 0, 0, 0
    for g in range(games):
        state = game.new(players, seed + g, **game.resolve_options(options))
        me = g % players
        agents = [
            make_agent(spec if s == me else opponent, seed=(seed + g) * 1000 + s)
            for s in range(players)
        ]
        while not state.is_over():
            seat = state.seats_to_act()[0]
            info = info_for(state, seat)
            started = clock()
            action = agents[seat].act(info)
            if seat == me:
                spent = clock() - started
                times.append(spent)
                forced += len(info.legal_actions) == 1
                early += agents[seat].last_settled
                kept += agents[seat].last_reused > 0
            state.apply(seat, action)
    return times, forced, early, kept


def p95(values):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", metavar="GAME", help="default: all registered")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--depth", type=int, default=3, help="rollout depth cap")
    parser.add_argument("--prior", type=int, default=10, help="virtual visits of the prior")
    parser.add_argument(
        "--players", type=int, default=0, help="default: 4, within the game's range"
    )
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--games", type=int, default=1, help="whole games timed (0: none)")
    parser.add_argument("--seconds", type=float, default=1.0, help="ismcts budget a decision")
    parser.add_argument("--opponent", default="greedy", help="the bot in the other seats")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first whole game")
    parser.add_argument("-o", "--option", action="append", default=[], help="name=value")
    parser.add_argument(
        "--set", action="append", default=[], help="an ismcts option for the whole games"
    )
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    names = args.names or famiglia.games()
    print(f"{'game':<22}{'players':>8}{'iter/s':>10}{'1000 iter':>12}")
    loaded = []
    for name in names:
        try:
            game = famiglia.load(name)
        except Exception as exc:  # a game still being written: say so and go on
            print(f"{name:<22}  not available: {type(exc).__name__}: {exc}")
            continue
        players = args.players or 4
        players = max(game.min_players, min(game.max_players, players))
        loaded.append((name, game, players))
        try:
            rate, _ = bench(
                game, players, args.iterations, args.positions, args.depth, args.prior, clock
            )
        except Exception as exc:
            print(f"{name:<22}  failed: {type(exc).__name__}: {exc}")
            continue
        per_thousand = 1000 / rate if rate else float("inf")
        print(f"{name:<22}{players:>8}{rate:>10.0f}{per_thousand:>11.2f}s")
    if args.games < 1:
        return
    given = dict(item.split("=", 1) for item in args.option)
    print(
        f"\nismcts:seconds={args.seconds} against {args.opponent}, {args.games} whole game(s), "
        f"seeds from {args.seed}, {args.clock} clock{''.join(',' + s for s in args.set)}"
    )
    print(
        f"{'game':<22}{'decisions':>10}{'forced':>8}{'early':>8}{'kept':>6}{'mean':>9}{'p95':>9}"
        f"{'max':>9}"
    )
    for name, game, players in loaded:
        options = {k: v for k, v in given.items() if k in game.options}
        times, forced, early, kept = decision_times(
            game,
            players,
            args.games,
            args.seconds,
            args.opponent,
            args.seed,
            options,
            args.clock,
            args.set,
        )
        if not times:
            continue
        print(
            f"{name:<22}{len(times):>10}{forced:>8}{early:>8}{kept:>6}"
            f"{statistics.fmean(times):>8.3f}s"
            f"{p95(times):>8.3f}s{max(times):>8.3f}s"
        )


if __name__ == "__main__":
    main()
