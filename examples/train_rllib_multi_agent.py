"""Multi-agent training with RLlib (PPO, one policy shared by every seat, illegal moves masked)
through famiglia.rl.rllib, then the shared policy's win rate against random bots.

    pip install -e '.[rllib]'     # ray[rllib], CPU torch (RLlib pins gymnasium 1.2.2)
    python examples/train_rllib_multi_agent.py --game cash-n-guns --iterations 20

Every seat plays the shared policy (self-play); each iteration samples `--batch` decisions on a
local Ray. Printed: each iteration's time and mean episode return of the policy (0 in a
zero-sum self-play game, so it mostly shows that episodes end), then games of the policy in
one seat against random bots, its seat moving round the table, with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import logging
import os
import time

import numpy as np

from famiglia.arena.ratings import wilson  # the 95% Wilson interval


def build(game: str, players: int, batch: int, seed: int):
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import (
        ActionMaskingTorchRLModule,
    )

    from famiglia.rl.rllib import register

    config = (
        PPOConfig()
        .environment(
            register(),
            env_config={"game": game, "players": players, "seed": seed},
            # RLlib's checker steps with unmasked random actions, which the env refuses
            disable_env_checking=True,
        )
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [64, 64]},
                    )
                }
            )
        )
        .env_runners(num_env_runners=0)  # sample in this process: 2 shared cores
        .training(
            train_batch_size_per_learner=batch,
            minibatch_size=min(64, batch),
            num_epochs=2,
            gamma=0.995,
            lr=3e-4,
        )
        .debugging(seed=seed, log_level="ERROR")
    )
    return config.build_algo()


def win_rate(algo, game: str, players: int, games: int, seed: int) -> dict:
    """Games from seed `seed` on: the shared policy in one seat (moving round the table),
    random bots in the others; moves sampled from the policy. A win is first place alone."""
    import torch

    from famiglia.rl.rllib import MultiAgentEnv

    module = algo.get_module("shared")
    env = MultiAgentEnv({"game": game, "players": players})
    rng = np.random.default_rng(seed)
    wins = 0
    for g in range(games):
        mine = env.possible_agents[g % players]
        obs, _ = env.reset(seed=seed + g)
        infos: dict = {}
        while obs:
            agent = next(iter(obs))
            seen = obs[agent]
            if agent == mine:
                batch = {
                    "obs": {
                        k: torch.as_tensor(v, dtype=torch.float32).unsqueeze(0)
                        for k, v in seen.items()
                    }
                }
                logits = module.forward_inference(batch)["action_dist_inputs"][0]
                action = int(torch.distributions.Categorical(logits=logits).sample())
            else:
                action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
            obs, _r, done, _cut, infos = env.step({agent: action})
            if done.get("__all__") or _cut.get("__all__"):
                break
        ranking = infos.get(mine, {}).get("ranking")
        seat = env.possible_agents.index(mine)
        wins += bool(ranking) and ranking[seat] == 1 and ranking.count(1) == 1
    low, high = wilson(wins, games)
    return {"wins": wins, "games": games, "rate": wins / games, "interval": (low, high)}


def main(argv=None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="cash-n-guns", help="a game or a research preset")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--batch", type=int, default=1000, help="decisions sampled an iteration")
    parser.add_argument("--eval", type=int, default=200, help="games against random bots")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    import ray
    import torch

    torch.set_num_threads(1)  # small networks: threads cost more than they give
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    try:
        algo = build(args.game, args.players, args.batch, args.seed)
        started = time.perf_counter()
        for i in range(args.iterations):
            result = algo.train()
            runners = result.get("env_runners", {})
            mean = runners.get("agent_episode_returns_mean", {}).get("shared")
            if mean is None:
                mean = runners.get("episode_return_mean", float("nan"))
            print(
                f"iteration {i + 1}: {time.perf_counter() - started:.0f} s, "
                f"episodes {runners.get('num_episodes', 0)}, mean return {mean:.3f}",
                flush=True,
            )
        seconds = time.perf_counter() - started
        after = win_rate(algo, args.game, args.players, args.eval, 20_000 + args.seed)
        low, high = after["interval"]
        print(
            f"trained {args.iterations} iterations of {args.batch} decisions in {seconds:.0f} s; "
            f"against random bots: won {after['wins']} of {after['games']} = "
            f"{after['rate']:.1%} (95% CI {low:.1%}-{high:.1%}); fair share "
            f"{1 / args.players:.0%}",
            flush=True,
        )
        algo.stop()
        return {"after": after, "seconds": seconds}
    finally:
        ray.shutdown()


if __name__ == "__main__":
    main()
