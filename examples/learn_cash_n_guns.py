"""A policy that learns Cash 'n Guns from scratch, with NumPy alone.

A linear softmax policy over the catalogue (logits = W x + b, x the observation vector, the
illegal actions masked out) plays one seat against three random players through the
PettingZoo environment, and learns by REINFORCE: after each game, the moves it made are made
more likely when it ranked better than usual, less likely otherwise. Its seat changes every
game. Before and after training it plays fresh games, drawing its moves from its policy as in
training (untrained, that is uniformly random), and the win rates are printed with their 95%
Wilson intervals beside a random player's fair share (25% with four).

    python examples/learn_cash_n_guns.py              # about 3,000 games: a few minutes
    python examples/learn_cash_n_guns.py --games 200 --eval 100

Needs the `rl` extra: pip install -e '.[rl]'.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from famiglia.arena.ratings import wilson  # the 95% Wilson interval
from famiglia.rl import pettingzoo

GAME, PLAYERS = "cash-n-guns", 4


class LinearPolicy:
    def __init__(self, observations: int, actions: int) -> None:
        self.w = np.zeros((actions, observations), np.float32)
        self.b = np.zeros(actions, np.float32)

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """Softmax over the legal actions only (the rows of W they pick)."""
        logits = self.w[legal] @ x + self.b[legal]
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def learn(self, steps, advantage: float, rate: float) -> None:
        """REINFORCE: move each chosen action's log-probability by rate * advantage."""
        for x, legal, p, chosen in steps:
            grad = -p
            grad[chosen] += 1.0  # d log p(chosen) / d logits
            self.w[legal] += (rate * advantage) * np.outer(grad, x)
            self.b[legal] += (rate * advantage) * grad


def play(env, policy, learner: str, seed: int, rng, explore: bool):
    """One game; returns (the learner's reward, its steps)."""
    env.reset(seed=seed)
    steps = []
    for agent in env.agent_iter():
        obs, _reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        if agent != learner:
            env.step(int(rng.choice(legal)))
            continue
        p = policy.probabilities(obs["observation"], legal)
        chosen = int(rng.choice(len(legal), p=p)) if explore else int(np.argmax(p))
        steps.append((obs["observation"], legal, p, chosen))
        env.step(int(legal[chosen]))
    reward = pettingzoo.ranking_rewards(info["ranking"])[int(learner[5:])]
    won = info["ranking"][int(learner[5:])] == 1
    return reward, won, steps


def evaluate(env, policy, games: int, rng) -> int:
    """Games won out of `games` on fresh seeds, the policy drawing its moves as it learned."""
    wins = 0
    for g in range(games):
        _reward, won, _steps = play(env, policy, f"seat_{g % PLAYERS}", 10**9 + g, rng, True)
        wins += won
    return wins


def counted(text: str) -> int:
    """A whole number of 0 or more (argparse says what is wrong otherwise)."""
    if not text.isdecimal():
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of 0 or more")
    return int(text)


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=counted, default=3000, help="training games")
    parser.add_argument("--eval", type=counted, default=400, help="games to measure the win rate")
    parser.add_argument("--rate", type=float, default=0.02, help="learning rate")
    parser.add_argument("--seed", type=counted, default=0, help="0 or more")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    env = pettingzoo.env(GAME, PLAYERS)
    policy = LinearPolicy(
        env.observation_space("seat_0")["observation"].shape[0], len(env.catalogue)
    )
    wins = evaluate(env, policy, args.eval, rng)
    low, high = wilson(wins, args.eval)
    print(
        f"before training: won {wins} of {args.eval} games, {wins / max(1, args.eval):.1%} "
        f"(95% interval {low:.1%}-{high:.1%})"
    )
    baseline, start = 0.0, time.time()
    for g in range(args.games):
        learner = f"seat_{g % PLAYERS}"
        reward, _won, steps = play(env, policy, learner, args.seed * 1_000_003 + g, rng, True)
        policy.learn(steps, reward - baseline, args.rate)
        baseline += 0.02 * (reward - baseline)  # what the policy usually gets
        if (g + 1) % 500 == 0:
            print(f"{g + 1} games, mean reward {baseline:+.2f}, {time.time() - start:.0f} s")
    wins = evaluate(env, policy, args.eval, rng)
    low, high = wilson(wins, args.eval)
    rate = wins / max(1, args.eval)
    print(
        f"after training, vs 3 random players: won {wins} of {args.eval} games, "
        f"{rate:.1%} (95% interval {low:.1%}-{high:.1%}); a random player's share is 25%"
    )
    return {"wins": wins, "games": args.eval, "interval": (low, high), "policy": policy}


if __name__ == "__main__":
    main()
