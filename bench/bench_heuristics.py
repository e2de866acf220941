"""How long each game's evaluation function takes per call (the bots call it thousands of times
per move), on positions reached by seeded random play.

    python bench/bench_heuristics.py [--positions 20] [--repeat 200] [GAME ...]
"""

from __future__ import annotations

import argparse
import time

import famiglia
from famiglia.agents import heuristics
from famiglia.core.rng import Rng


def positions(game, players: int, count: int) -> list:
    found = []
    for k in range(count):
        rng = Rng(k)
        state = game.new(players, k)
        for _ in range(rng.below(400)):
            if state.is_over():
                break
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        found.append(state)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to bench (default: all registered)")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    print(f"{'game':<22}{'players':>8}{'us/call':>10}")
    for name in args.games or famiglia.games():
        game = famiglia.load(name)
        players = max(game.min_players, min(game.max_players, args.players))
        states = positions(game, players, args.positions)
        evaluate = heuristics.for_game(name)
        started = time.process_time()
        for _ in range(args.repeat):
            for state in states:
                evaluate(state)
        spent = time.process_time() - started
        print(f"{name:<22}{players:>8}{1e6 * spent / (args.repeat * len(states)):>10.1f}")


if __name__ == "__main__":
    main()
