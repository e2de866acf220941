"""Speed of the PettingZoo environments: env steps/s (step + observation + action mask, the
time spent in env.last() and env.step()) per game, beside bench_games.py's raw random-playout moves/s measured in the same run (half just
before and half just after, so that both see the same load). The goal: env steps/s at least
half the raw moves/s. Also prints what one step's observation costs: view, encoding, mask.

Run `python bench/bench_rl.py [--seconds S] [GAME ...]` (needs the `rl` extra).
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np

import famiglia
from bench_games import PLAYERS, playouts
from famiglia import rl
from famiglia.core.rng import Rng
from famiglia.rl import pettingzoo


def env_steps(name: str, players: int, seconds: float):
    """Random games through the AEC env for `seconds` of time spent in the env (last() and
    step(); the random choice is the agent's, not counted): (steps/s, states seen)."""
    env = pettingzoo.env(name, players)
    clock = time.perf_counter
    steps = seed = 0
    spent = 0.0
    seen = []
    while spent < seconds:
        env.reset(seed=seed)
        chooser = Rng(seed)
        for _agent in env.agent_iter():
            start = clock()
            obs, _reward, terminated, truncated, _info = env.last()
            spent += clock() - start
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            action = int(legal[chooser.below(len(legal))])
            start = clock()
            env.step(action)
            spent += clock() - start
            steps += 1
            if steps % 97 == 0 and len(seen) < 300:
                seen.append((env.game_state.clone(), int(env.agent_selection[5:])))
            if spent >= seconds:
                break
        seed += 1
    return steps / spent, seen


def parts(name: str, players: int, seen) -> tuple[float, float, float]:
    """Microseconds per call, best of 5 rounds: view, encoding, mask."""
    enc, cat = rl.encoder(name, players), rl.catalogue(name)
    seen = [(s, seat) for s, seat in seen if not s.is_over()]
    views = [(s.view(seat), seat) for s, seat in seen]
    legal = [s.legal_actions(seat) for s, seat in seen]

    def best(f, items) -> float:
        times = []
        for _ in range(5):
            t = time.perf_counter()
            for item in items:
                f(item)
            times.append((time.perf_counter() - t) / max(1, len(items)) * 1e6)
        return min(times)

    def mask(actions):
        m = np.zeros(len(cat), np.int8)
        m[cat.indices(actions)] = 1

    return (
        best(lambda x: x[0].view(x[1]), seen),
        best(lambda x: enc.encode(*x), views),
        best(mask, legal),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", default=famiglia.games())
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"load average {load:.2f} on {os.cpu_count()} cores")
    print(
        f"{'game':<22}{'players':>8}{'raw moves/s':>13}{'env steps/s':>13}{'ratio':>7}"
        f"{'view us':>9}{'encode us':>11}{'mask us':>9}",
        flush=True,
    )
    for name in args.games:
        game = famiglia.load(name)
        players = PLAYERS.get(name, game.min_players)
        before = playouts(game, players, args.seconds / 2)[0]
        steps, seen = env_steps(name, players, args.seconds)
        raw = (before + playouts(game, players, args.seconds / 2)[0]) / 2
        view, encode, mask = parts(name, players, seen)
        print(
            f"{name:<22}{players:>8}{raw:>13,.0f}{steps:>13,.0f}{steps / raw:>7.2f}"
            f"{view:>9.1f}{encode:>11.1f}{mask:>9.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
