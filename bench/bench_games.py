"""Speed of every game on one core: random-playout moves/s (legal_actions + apply), games/s
and clone()/s. Prints its figures; run `python bench/bench_games.py [--seconds S] [GAME ...]`."""

from __future__ import annotations

import argparse
import time

import famiglia
from famiglia.core.rng import Rng

PLAYERS = {
    "the-mob": 4,
    "unfinished-business": 4,
    "cash-n-guns": 5,
    "blood-feud": 4,
    "scarface-1920": 3,
}


def playouts(game, players: int, seconds: float):
    """Random games until `seconds` have passed: (moves/s, games/s, states seen). A game still
    going when the time is up counts its moves, not itself (so tiny budgets stay tiny)."""
    moves = games = 0
    seed = 0
    states = []
    start = time.perf_counter()
    out_of_time = False
    while not out_of_time:
        state = game.new(players, seed)
        chooser = Rng(seed)
        while not state.is_over():
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.below(len(legal))])
            moves += 1
            if moves % 97 == 0 and len(states) < 200:
                states.append(state.clone())
            if moves % 256 == 0 and time.perf_counter() - start >= seconds:
                out_of_time = True
                break
        else:
            games += 1
            out_of_time = time.perf_counter() - start >= seconds
        seed += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed, states


def clones_per_second(states, seconds: float) -> float:
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for state in states:
            state.clone()
        count += len(states)
    return count / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=famiglia.games())
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    print(f"{'game':<22}{'players':>8}{'moves/s':>12}{'games/s':>10}{'clones/s':>12}")
    for name in args.games:
        game = famiglia.load(name)
        players = PLAYERS.get(name, game.min_players)
        moves, games, states = playouts(game, players, args.seconds)
        clones = clones_per_second(states, min(2.0, args.seconds)) if states else float("nan")
        print(f"{name:<22}{players:>8}{moves:>12,.0f}{games:>10.2f}{clones:>12,.0f}")


if __name__ == "__main__":
    main()
