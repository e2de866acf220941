"""Trains sb3-contrib's MaskablePPO for one seat of a famiglia game against bots, through
famiglia.rl.gym, and prints its win rate before and after training with 95% Wilson intervals.

    pip install -e '.[train]'      # sb3-contrib, stable-baselines3, torch (CPU)
    python examples/train_maskable_ppo.py --game cash-n-guns --steps 20000
    python examples/train_maskable_ppo.py --game the-mob-tiny --steps 20000

A "win" is first place alone (a tie for first is not counted). The fair share of a seat among
n equal players is 1/n (a little less with ties).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from famiglia.arena.ratings import wilson  # the 95% Wilson interval


def win_rate(model, game: str, opponents: str, games: int, seed: int, players: int) -> dict:
    """Games from seed `seed` on, the learning seat moving round the table; the model's moves
    sampled from its policy (deterministic=False), as it was trained."""
    from famiglia.rl import gym

    wins = 0
    for g in range(games):
        env = gym.make(game, seat=g % players, opponents=opponents, players=players)
        obs, _info = env.reset(seed=seed + g)
        chooser = np.random.default_rng(seed + g)  # one generator a game: a fresh draw a move
        done = False
        while not done:
            mask = env.action_masks()
            if model is None:  # before training: uniformly among the legal moves
                action = int(chooser.choice(np.flatnonzero(mask)))
            else:
                action, _ = model.predict(obs, action_masks=mask, deterministic=False)
            obs, _reward, terminated, truncated, info = env.step(int(action))
            done = terminated or truncated
        ranking = info.get("ranking")
        wins += bool(ranking) and ranking[env.seat] == 1 and ranking.count(1) == 1
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games, "interval": (low, high)}


def _say(what: str, result: dict, fair: float) -> None:
    low, high = result["interval"]
    print(
        f"{what}: won {result['wins']} of {result['games']} = {result['rate']:.1%} "
        f"(95% CI {low:.1%}-{high:.1%}); fair share {fair:.0%}",
        flush=True,
    )


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="cash-n-guns")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--steps", type=int, default=20_000, help="training steps of the seat")
    parser.add_argument("--opponents", default="random", help="bots trained against")
    parser.add_argument("--eval", type=int, default=200, help="games against random bots")
    parser.add_argument("--eval-greedy", type=int, default=100, help="games against greedy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    import torch
    from sb3_contrib import MaskablePPO

    from famiglia.rl import gym

    torch.set_num_threads(1)  # small networks: threads cost more than they give
    fair = 1 / args.players
    before = win_rate(None, args.game, "random", args.eval, 10_000 + args.seed, args.players)
    _say("before training, against random bots", before, fair)
    env = gym.make(args.game, seat=0, opponents=args.opponents, players=args.players)
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=min(1024, max(64, args.steps)),
        batch_size=64,
        gamma=0.995,
        seed=args.seed,
        verbose=0,
        device="cpu",
    )
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    seconds = time.perf_counter() - start
    print(f"trained {args.steps} steps against {args.opponents} bots in {seconds:.0f} s")
    after = win_rate(model, args.game, "random", args.eval, 20_000 + args.seed, args.players)
    _say("after training, against random bots", after, fair)
    result = {"before": before, "after": after, "seconds": seconds, "model": model}
    if args.eval_greedy:
        greedy = win_rate(
            model, args.game, "greedy", args.eval_greedy, 30_000 + args.seed, args.players
        )
        _say("after training, against greedy bots", greedy, fair)
        result["greedy"] = greedy
    return result


if __name__ == "__main__":
    main()
