"""Speed of every game on one core: random-playout moves/s (legal_actions + apply), games/s
and clone()/s. When open_spiel is installed (`pip install -e '.[bench]'`), OpenSpiel's Python
tic-tac-toe is played the same way in the same run, and each game's moves/s is also given as a
ratio to it: the figure that counts on a busy machine, where raw rates vary from run to run.
The two take turns in short slices (`--rounds` of each per game), so that both see the same
load, and times are the process's processor time by default, which other jobs on a shared
machine disturb far less than the wall clock (`--clock wall` for the wall clock).
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
CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]  # set by --clock


class Playouts:
    """Random games (seeds 0, 1, ...), played slice by slice: `run(seconds)` goes on where
    the last slice stopped. A game still going at the end counts its moves, not itself."""

    def __init__(self, game, players: int) -> None:
        self.game, self.players = game, players
        self.moves = self.games = self.seed = 0
        self.spent = 0.0
        self.state = self.chooser = None
        self.states = []  # a few positions met, for the clone figure

    def run(self, seconds: float) -> None:
        start = clock()
        moves, states = self.moves, self.states
        while True:
            if self.state is None:
                self.state = self.game.new(self.players, self.seed)
                self.chooser = Rng(self.seed)
            state, chooser = self.state, self.chooser
            while not state.is_over():
                seat = state.seats_to_act()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[chooser.below(len(legal))])
                moves += 1
                if moves % 97 == 0 and len(states) < 200:
                    states.append(state.clone())
                if moves % 256 == 0 and clock() - start >= seconds:
                    self.moves = moves
                    self.spent += clock() - start
                    return
            self.games += 1
            self.seed += 1
            self.state = None
            if clock() - start >= seconds:
                self.moves = moves
                self.spent += clock() - start
                return


def tic_tac_toe_game():
    """OpenSpiel's python_tic_tac_toe, or None when open_spiel is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    return pyspiel.load_game("python_tic_tac_toe")


class TicTacToePlayouts:
    """The same loop as Playouts on OpenSpiel's Python tic-tac-toe (whole games)."""

    def __init__(self, game) -> None:
        self.game = game
        self.moves = self.games = 0
        self.spent = 0.0

    def run(self, seconds: float) -> None:
        start = clock()
        moves = 0
        while True:
            for _ in range(16):  # (a few games between looks at the clock)
                state = self.game.new_initial_state()
                chooser = Rng(self.games)
                while not state.is_terminal():
                    player = state.current_player()
                    legal = state.legal_actions(player)
                    state.apply_action(legal[chooser.below(len(legal))])
                    moves += 1
                self.games += 1
            if clock() - start >= seconds:
                break
        self.moves += moves
        self.spent += clock() - start


def clones_per_second(states, seconds: float) -> float:
    count = 0
    start = clock()
    while clock() - start < seconds:
        for state in states:
            state.clone()
        count += len(states)
    return count / (clock() - start)


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=famiglia.games())
    parser.add_argument("--seconds", type=float, default=5.0, help="each game's playing time")
    parser.add_argument("--rounds", type=int, default=5, help="slices of each per game")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    ttt = tic_tac_toe_game()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f} on {os.cpu_count()} cores; {args.clock} time")
    head = f"{'game':<22}{'players':>8}{'moves/s':>12}{'games/s':>10}{'clones/s':>12}"
    print(head + (f"{'x ttt':>8}{'ttt moves/s':>13}" if ttt else ""), flush=True)
    rounds = max(1, args.rounds)
    for name in args.games:
        game = famiglia.load(name)
        players = PLAYERS.get(name, game.min_players)
        play = Playouts(game, players)
        base = TicTacToePlayouts(ttt) if ttt is not None else None
        for _ in range(rounds):
            if base is not None:
                base.run(args.seconds / rounds)
            play.run(args.seconds / rounds)
        moves = play.moves / play.spent
        line = f"{name:<22}{players:>8}{moves:>12,.0f}{play.games / play.spent:>10.2f}"
        states = play.states
        clones = clones_per_second(states, min(2.0, args.seconds)) if states else float("nan")
        line += f"{clones:>12,.0f}"
        if base is not None:
            ttt_moves = base.moves / base.spent
            line += f"{moves / ttt_moves:>8.2f}{ttt_moves:>13,.0f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
