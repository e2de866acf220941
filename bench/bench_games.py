"""Speed of every game on one core: random-playout moves/s (legal_actions + apply), games/s
and clone()/s. When open_spiel is installed (`pip install -e '.[bench]'`), OpenSpiel's Python
tic-tac-toe is played the same way in the same run, and each game's moves/s is also given as a
ratio to it: the figure that counts on a busy machine, where raw rates vary from run to run.
Prints its figures; run `python bench/bench_games.py [--seconds S] [GAME ...]`."""

from __future__ import annotations

import argparse
import os
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


def tic_tac_toe_game():
    """OpenSpiel's python_tic_tac_toe, or None when open_spiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    return pyspiel.load_game("python_tic_tac_toe")


def tic_tac_toe_playouts(game, seconds: float):
    """The same loop as `playouts` on OpenSpiel's Python tic-tac-toe: (moves/s, games/s)."""
    moves = games = 0
    seed = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        chooser = Rng(seed)
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions(player)
            state.apply_action(legal[chooser.below(len(legal))])
            moves += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return moves / elapsed, games / elapsed


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
    ttt = tic_tac_toe_game()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f} on {os.cpu_count()} cores")
    head = f"{'game':<22}{'players':>8}{'moves/s':>12}{'games/s':>10}{'clones/s':>12}"
    print(head + (f"{'x ttt':>8}{'ttt moves/s':>13}" if ttt else ""), flush=True)
    for name in args.games:
        game = famiglia.load(name)
        players = PLAYERS.get(name, game.min_players)
        if ttt is not None:
            # Tic-tac-toe half just before and half just after the game, so that both see the
            # same load: their ratio holds on a shared machine where raw rates drift.
            before = tic_tac_toe_playouts(ttt, args.seconds / 2)[0]
        moves, games, states = playouts(game, players, args.seconds)
        line = f"{name:<22}{players:>8}{moves:>12,.0f}{games:>10.2f}"
        if ttt is not None:
            base = (before + tic_tac_toe_playouts(ttt, args.seconds / 2)[0]) / 2
        clones = clones_per_second(states, min(2.0, args.seconds)) if states else float("nan")
        line += f"{clones:>12,.0f}"
        print(line + (f"{moves / base:>8.2f}{base:>13,.0f}" if ttt else ""), flush=True)


if __name__ == "__main__":
    main()
