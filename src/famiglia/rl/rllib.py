"""famiglia's games as RLlib multi-agent environments (docs/rl.md; needs the `rllib` extra).

    from famiglia.rl.rllib import MultiAgentEnv, register
    register()  # the name "famiglia" for RLlib's `config.environment("famiglia", env_config=...)`
    env = MultiAgentEnv({"game": "cash-n-guns", "players": 4})

The env plays the AEC env (famiglia.rl.pettingzoo) one decision at a time, as RLlib's own
multi-agent turn-based envs do: each step returns the observation of the seat to act next only.
Observations are `{"observations": the seat's vector, "action_mask": 1.0 at each legal action}`
(float32), the layout RLlib's action-masking RLModule reads
(ray.rllib.examples.rl_modules.classes.action_masking_rlm.ActionMaskingTorchRLModule). Rewards
are the ranking rewards, given to every seat once the game ends (0 before); a game stopped at
its decision bound is truncated for every seat. `env_config`: `game` (a game or a research
preset), `players`, `options` (the game's options), `seed` (the first game's seed; each env
runner and vector index plays its own run of seeds).
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from ray.rllib.env.multi_agent_env import MultiAgentEnv as _RLlibEnv

from . import pettingzoo
from .presets import resolve

__all__ = ["MultiAgentEnv", "register", "ENV_NAME"]

ENV_NAME = "famiglia"
# Seeds apart between two env copies (env runner, vector index), so that their games differ.
_SEEDS_APART = 1_000_000


class MultiAgentEnv(_RLlibEnv):
    def __init__(self, config: dict | None = None) -> None:
        super().__init__()
        config = dict(config or {})
        name, options = resolve(config.get("game", "cash-n-guns"), config.get("options", {}))
        self.aec = pettingzoo.env(name, int(config.get("players", 4)), **options)
        self.agents = list(self.aec.possible_agents)
        self.possible_agents = list(self.aec.possible_agents)
        first = self.possible_agents[0]
        inner = self.aec.observation_space(first)
        actions = self.aec.action_space(first).n
        observed = spaces.Dict(
            {
                "observations": inner["observation"],
                "action_mask": spaces.Box(0.0, 1.0, (actions,), np.float32),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observed)
        self.action_spaces = {a: self.aec.action_space(a) for a in self.possible_agents}
        copy = getattr(config, "worker_index", 0) * 64 + getattr(config, "vector_index", 0)
        self._next_seed = int(config.get("seed", 0)) + copy * _SEEDS_APART

    def _observe(self, agent: str) -> dict:
        seen = self.aec.observe(agent)
        return {
            "observations": seen["observation"],
            "action_mask": seen["action_mask"].astype(np.float32),
        }

    def reset(self, *, seed=None, options=None):
        if seed is None:
            seed, self._next_seed = self._next_seed, self._next_seed + 1
        self.aec.reset(seed=seed)
        self.agents = list(self.possible_agents)
        agent = self.aec.agent_selection
        return {agent: self._observe(agent)}, {}

    def step(self, action_dict: dict):
        aec = self.aec
        agent = aec.agent_selection
        if agent not in action_dict:
            raise ValueError(f"the seat to act is {agent}; actions came for {sorted(action_dict)}")
        aec.step(int(action_dict[agent]))
        if any(aec.terminations.values()) or any(aec.truncations.values()):
            # the game is over: every seat sees its last observation and gets its reward
            everyone = self.possible_agents
            obs = {a: self._observe(a) for a in everyone}
            rewards = {a: float(aec._cumulative_rewards[a]) for a in everyone}
            done = dict.fromkeys(everyone, any(aec.terminations.values()))
            cut = dict.fromkeys(everyone, any(aec.truncations.values()) and not done[everyone[0]])
            done["__all__"], cut["__all__"] = done[everyone[0]], cut[everyone[0]]
            infos = {a: dict(aec.infos[a]) for a in everyone}
            self.agents = []
            return obs, rewards, done, cut, infos
        following = aec.agent_selection
        return (
            {following: self._observe(following)},
            {following: 0.0},
            {"__all__": False},
            {"__all__": False},
            {},
        )


def register(name: str = ENV_NAME) -> str:
    """Registers the env with Ray Tune under `name` (RLlib looks envs up there)."""
    from ray.tune.registry import register_env

    register_env(name, MultiAgentEnv)
    return name
