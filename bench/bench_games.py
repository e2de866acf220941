"""Speed of every game on one core: random-playout moves/s (legal_actions + apply), games/s
and clone()/s. When open_spiel is installed (`pip install -e '.[bench]'`), OpenSpiel's Python
tic-tac-toe is played the same way in the same run, and each game's moves/s is also given as a
ratio to it: the figure that counts on a busy machine, where raw rates vary from run to run.
The two take turns in short slices (`--rounds` of each per game), so that both see the same
load, and times are the process's processor time by default, which other jobs on a shared
machine disturb far less than the wall clock (`--clock wall` for the wall clock).
Each game is measured `--runs` times (3 by default), every run against its own tic-tac-toe
slices, and the median ratio is printed with its spread (lowest-highest), since one run may
land on a burst of load; the machine's load average is printed before and after.
Prints its figures; run `python bench/bench_games.py [--seconds S] [--runs N] [GAME ...]`."""

from __future__ import annotations

import argparse
import os
import statistics
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


def load_average() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


def measure(game, players: int, ttt, seconds: float, rounds: int):
    """One run: the game and tic-tac-toe take turns, `rounds` slices each; (the game's
    Playouts, tic-tac-toe's moves/s or None)."""
    play = Playouts(game, players)
    base = TicTacToePlayouts(ttt) if ttt is not None else None
    for _ in range(rounds):
        if base is not None:
            base.run(seconds / rounds)
        play.run(seconds / rounds)
    return play, (base.moves / base.spent if base is not None else None)


def main() -> None:
    global clock
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=famiglia.games())
    parser.add_argument("--seconds", type=float, default=5.0, help="each game's playing time")
    parser.add_argument("--rounds", type=int, default=5, help="slices of each per run")
    parser.add_argument("--runs", type=int, default=3, help="runs of each game (median shown)")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    ttt = tic_tac_toe_game()
    runs, rounds = max(1, args.runs), max(1, args.rounds)
    print(
        f"load average {load_average():.2f} on {os.cpu_count()} cores; {args.clock} time; "
        f"{runs} runs of {args.seconds:g} s per game, the median shown",
        flush=True,
    )
    head = f"{'game':<22}{'players':>8}{'moves/s':>12}{'games/s':>10}{'clones/s':>12}"
    print(head + (f"{'x ttt':>8}{'spread':>12}{'ttt moves/s':>13}" if ttt else ""), flush=True)
    for name in args.games:
        game = famiglia.load(name)
        players = PLAYERS.get(name, game.min_players)
        rates, ratios, ttt_rates, states = [], [], [], []
        for _ in range(runs):
            play, ttt_moves = measure(game, players, ttt, args.seconds, rounds)
            rates.append((play.moves / play.spent, play.games / play.spent))
            states = states or play.states
            if ttt_moves is not None:
                ratios.append(rates[-1][0] / ttt_moves)
                ttt_rates.append(ttt_moves)
        moves = statistics.median(r[0] for r in rates)
        games = statistics.median(r[1] for r in rates)
        line = f"{name:<22}{players:>8}{moves:>12,.0f}{games:>10.2f}"
        clones = clones_per_second(states, min(2.0, args.seconds)) if states else float("nan")
        line += f"{clones:>12,.0f}"
        if ratios:
            spread = f"{min(ratios):.2f}-{max(ratios):.2f}"
            line += f"{statistics.median(ratios):>8.2f}{spread:>12}"
            line += f"{statistics.median(ttt_rates):>13,.0f}"
        print(line, flush=True)
    print(f"load average {load_average():.2f} after", flush=True)


if __name__ == "__main__":
    main()
