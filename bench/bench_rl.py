"""Speed of the PettingZoo environments: env steps/s (step + observation + action mask, the
time spent in env.last() and env.step()) per game, beside the raw random-playout moves/s of
bench_games.py. Both play the very same games (bench_games' seeds and moves): raw first, then
through the env, then raw again (so that both see the same load), and whole games, since a
game's later positions cost more than its first ones. The goal: env steps/s at least half the
raw moves/s. The env's time is read around each call, 2 a step, and what reading the clock
costs by itself is taken off (measured: `interval_cost`). Also prints what one step's
observation costs alone: the view, its encoding (the reference encoder), the fast path the env
uses (`encode_state`, famiglia.rl.fast) and the mask, on positions met 97 steps apart (so what
a fast path keeps from one step to the next does not help it there). Then the same games through
OpenSpiel's tensor path (`observation_tensor` + `legal_actions_mask` + `apply_action`, and
`information_state_tensor` in place of the observation: "info steps/s"), over the AEC env's
steps/s (the goal: at least 0.8). `--vector N` measures instead famiglia.rl.gym's vector env
(N worker processes, Gymnasium's AsyncVectorEnv) against one env in this process, in agent
steps/s of the wall clock (opponents random; the bots' moves are part of each step).

Run `python bench/bench_rl.py [--seconds S] [--clock cpu|wall] [GAME ...]` (needs the `rl`
extra); S is the least time the raw games take. Times are the process's processor time by
default, which other jobs on a shared machine disturb far less than the wall clock.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

import famiglia
from bench_games import PLAYERS
from famiglia import rl
from famiglia.core.rng import Rng
from famiglia.rl import openspiel, pettingzoo

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
clock = CLOCKS["cpu"]  # set by --clock


def raw_game(game, players: int, seed: int) -> int:
    """One game of bench_games' playouts (legal_actions + apply, random moves): its moves."""
    state = game.new(players, seed)
    chooser = Rng(seed)
    moves = 0
    while not state.is_over():
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[chooser.below(len(legal))])
        moves += 1
    return moves


def raw_games(game, players: int, games: int) -> tuple[int, float]:
    """Games of seeds 0..games-1: (moves, seconds)."""
    start = clock()
    moves = sum(raw_game(game, players, seed) for seed in range(games))
    return moves, clock() - start


def games_lasting(game, players: int, seconds: float) -> int:
    """How many whole games, from seed 0, the raw loop needs to last `seconds`."""
    start = clock()
    games = 0
    while clock() - start < seconds:
        raw_game(game, players, games)
        games += 1
    return games


def interval_cost() -> float:
    """What timing an interval adds by itself (two clock reads, the sum): the least over 5 runs
    of 20,000 empty intervals. env_games takes it off each interval it times, since the raw
    loop reads no clock per move."""
    least = float("inf")
    for _ in range(5):
        spent = 0.0
        for _ in range(20_000):
            start = clock()
            spent += clock() - start
        least = min(least, spent / 20_000)
    return least


def env_games(name: str, players: int, games: int, bare: bool = False):
    """The same games through the AEC env: (steps, seconds spent in the env, states seen).
    Choosing the move is the agent's work and is not counted. `bare`: the encoder writes
    nothing (all-zero vectors), to measure what the env costs beside the observation."""
    env = pettingzoo.env(name, players)
    if bare:
        env.table.encoder.write_state = lambda state, seat, out: None
    cat = env.catalogue
    steps = intervals = 0
    spent = 0.0
    seen = []
    for seed in range(games):
        env.reset(seed=seed)
        chooser = Rng(seed)
        for agent in env.agent_iter():
            start = clock()
            _obs, _reward, terminated, truncated, _info = env.last()
            spent += clock() - start
            intervals += 1
            if terminated or truncated:
                env.step(None)
                continue
            seat = int(agent[5:])
            legal = env.game_state.legal_actions(seat)  # the move the raw loop makes
            action = cat.index(legal[chooser.below(len(legal))])
            start = clock()
            env.step(action)
            spent += clock() - start
            intervals += 1
            steps += 1
            if steps % 97 == 0 and len(seen) < 300:
                seen.append((env.game_state.clone(), int(env.agent_selection[5:])))
    return steps, spent - intervals * interval_cost(), seen


def tensor_games(name: str, players: int, games: int, info: bool = False) -> tuple[int, float]:
    """The same games through OpenSpiel's tensor path, as a learner reads it at every step: the
    player to act, its tensor, its mask, the move. (steps, seconds spent in the game)."""
    game = openspiel.load(name, players)
    cat = rl.catalogue(name)
    steps = intervals = 0
    spent = 0.0
    for seed in range(games):
        state = game.new_initial_state()  # the k-th state is dealt from seed k
        state.current_player()  # dealt here, untimed, as the env deals in its untimed reset()
        chooser = Rng(seed)
        while True:
            start = clock()
            if state.is_terminal():
                spent += clock() - start
                intervals += 1
                break
            player = state.current_player()
            if info:
                state.information_state_tensor(player)
            else:
                state.observation_tensor(player)
            state.legal_actions_mask(player)
            spent += clock() - start
            intervals += 1
            legal = state.famiglia_state.legal_actions(player)  # the move the raw loop makes
            action = cat.index(legal[chooser.below(len(legal))])
            start = clock()
            state.apply_action(action)
            spent += clock() - start
            intervals += 1
            steps += 1
    return steps, spent - intervals * interval_cost()


def vector_rate(name: str, workers: int, seconds: float) -> tuple[float, float]:
    """(steps/s of one env here, steps/s of `workers` envs in worker processes), wall clock."""
    from famiglia.rl import gym

    rng = np.random.default_rng(0)
    env = gym.make(name, opponents="random")
    env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        _obs, _r, done, cut, _info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if done or cut:
            env.reset()
        steps += 1
    one = steps / (time.perf_counter() - start)
    vec = gym.make_vec(name, num_envs=workers, opponents="random")
    _obs, infos = vec.reset(seed=list(range(workers)))
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        # each env's mask comes in its info; an env whose game just ended has none: its next
        # step resets it (Gymnasium's next-step autoreset) and ignores the action
        masks = infos["action_mask"]
        actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
        _obs, _r, _done, _cut, infos = vec.step(np.array(actions))
        steps += workers
    many = steps / (time.perf_counter() - start)
    vec.close()
    return one, many


def parts(name: str, players: int, seen) -> tuple[float, float, float, float]:
    """Microseconds per call, alone, best of 5 rounds: view, its encoding, the fast path
    (state to vector, no view), mask."""
    enc, cat = rl.encoder(name, players), rl.catalogue(name)
    seen = [(s, seat) for s, seat in seen if not s.is_over()]
    views = [(s.view(seat), seat) for s, seat in seen]
    legal = [s.legal_actions(seat) for s, seat in seen]

    def best(f, items) -> float:
        times = []
        for _ in range(5):
            t = clock()
            for item in items:
                f(item)
            times.append((clock() - t) / max(1, len(items)) * 1e6)
        return min(times)

    def mask(actions):
        m = np.zeros(len(cat), np.int8)
        m[cat.indices(actions)] = 1

    return (
        best(lambda x: x[0].view(x[1]), seen),
        best(lambda x: enc.encode(*x), views),
        best(lambda x: enc.encode_state(*x), seen),
        best(mask, legal),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=famiglia.games())
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="cpu")
    parser.add_argument(
        "--bare",
        action="store_true",
        help="also play the games through an env whose encoder writes nothing, and print that "
        "ratio: the most a faster encoder could reach",
    )
    parser.add_argument("--vector", type=int, default=0, metavar="N", help="see above")
    args = parser.parse_args()
    if args.vector:
        print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; wall clock")
        print(f"{'game':<22}{'1 env steps/s':>15}{f'{args.vector} workers steps/s':>22}")
        for name in args.games:
            one, many = vector_rate(name, args.vector, args.seconds)
            print(f"{name:<22}{one:>15,.0f}{many:>22,.0f}", flush=True)
        return
    global clock
    clock = CLOCKS[args.clock]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"load average {load:.2f} on {os.cpu_count()} cores; {args.clock} clock; a timed "
        f"interval costs {interval_cost() * 1e6:.2f} us by itself (taken off the env's time)"
    )
    print(
        f"{'game':<22}{'players':>8}{'games':>6}{'raw moves/s':>13}{'env steps/s':>13}"
        f"{'ratio':>7}{'view us':>9}{'encode us':>11}{'fast us':>9}{'mask us':>9}"
        + f"{'tensor steps/s':>15}{'/env':>6}{'info steps/s':>13}{'/env':>6}"
        + (f"{'bare ratio':>12}" if args.bare else ""),
        flush=True,
    )
    for name in args.games:
        game = famiglia.load(name)
        players = PLAYERS.get(name, game.min_players)
        games = games_lasting(game, players, args.seconds)
        moves, before = raw_games(game, players, games)
        steps, spent, seen = env_games(name, players, games)
        _moves, after = raw_games(game, players, games)
        raw = moves / ((before + after) / 2)
        env = steps / spent
        view, encode, fast, mask = parts(name, players, seen)
        t_steps, t_spent = tensor_games(name, players, games)
        i_steps, i_spent = tensor_games(name, players, games, info=True)
        tensor, info = t_steps / t_spent, i_steps / i_spent
        bare = ""
        if args.bare:
            steps, spent, _seen = env_games(name, players, games, bare=True)
            bare = f"{steps / spent / raw:>12.2f}"
        print(
            f"{name:<22}{players:>8}{games:>6}{raw:>13,.0f}{env:>13,.0f}{env / raw:>7.2f}"
            f"{view:>9.1f}{encode:>11.1f}{fast:>9.1f}{mask:>9.1f}"
            f"{tensor:>15,.0f}{tensor / env:>6.2f}{info:>13,.0f}{info / env:>6.2f}{bare}",
            flush=True,
        )


if __name__ == "__main__":
    main()
