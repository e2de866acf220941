"""A single-agent Gymnasium environment: one seat learns, famiglia's bots play the others.

    from famiglia.rl import gym
    env = gym.make("cash-n-guns", seat=0, opponents="greedy", players=4)
    obs, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step(int(env.action_masks().argmax()))

Observations are the seat's encoder vector (famiglia.rl.encoding), actions catalogue indices
(famiglia.rl.catalogue). `action_masks()` gives the legal actions (sb3-contrib's MaskablePPO
reads it); `info["action_mask"]` holds the same. The reward is the seat's ranking reward
(famiglia.rl.ranking_rewards) when the game ends, 0 before: no shaping. An illegal action
ends the game as a loss (reward -1, `info["illegal"]`) with `illegal="lose"`, the default (what
Gymnasium's env checker and unmasked learners need), or raises ValueError with
`illegal="raise"`. Opponents are a
famiglia bot spec (`random`, `greedy`, `ismcts:iterations=50`, see famiglia.agents), a callable
taking a famiglia.agents.base.Info and returning one of its legal actions, or a list of either,
one per other seat in seat order. `make_vec` runs several in worker processes
(gymnasium.vector.AsyncVectorEnv). docs/rl.md describes all of it.
"""

from __future__ import annotations

import gymnasium
import numpy as np
from gymnasium import spaces

from famiglia.agents import make_agent
from famiglia.agents.base import info_for

from . import presets as _presets
from .pettingzoo import _Table

__all__ = ["make", "make_vec", "FamigliaGymEnv", "ENV_ID"]

# `gymnasium.make(ENV_ID, game=..., seat=..., ...)` takes make()'s arguments; an env made so has
# a spec, which Gymnasium's env checker needs to try each render mode.
ENV_ID = "famiglia/Game-v0"


def make(
    game: str,
    seat: int = 0,
    opponents="greedy",
    players: int | None = None,
    render_mode: str | None = None,
    max_decisions: int | None = None,
    illegal: str = "lose",
    **options,
) -> FamigliaGymEnv:
    """The game for `players` seats (default: the game's usual table) with seat `seat` learning
    against `opponents`; `game` may be a research preset (famiglia.rl.presets)."""
    return FamigliaGymEnv(
        game, seat, opponents, players, render_mode, max_decisions, illegal, **options
    )


def make_vec(game: str, num_envs: int = 2, seed: int = 0, **kwargs):
    """`num_envs` envs of `make(game, **kwargs)` in worker processes (Gymnasium's
    AsyncVectorEnv); env k plays seeds seed + k, seed + k + num_envs, ... after `reset(seed)`.
    Masks: `vec.call("action_masks")`."""
    fns = [_Maker(game, kwargs) for _ in range(num_envs)]
    vec = gymnasium.vector.AsyncVectorEnv(fns, context="spawn")
    vec.reset(seed=[seed + k for k in range(num_envs)])
    return vec


class _Maker:
    """A picklable env factory (spawned workers cannot take a lambda)."""

    def __init__(self, game, kwargs) -> None:
        self.game, self.kwargs = game, kwargs

    def __call__(self):
        return make(self.game, **self.kwargs)


class FamigliaGymEnv(gymnasium.Env):
    """One famiglia game as a Gymnasium env for one seat (see the module's docstring)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(
        self,
        game,
        seat=0,
        opponents="greedy",
        players=None,
        render_mode=None,
        max_decisions=None,
        illegal="lose",
        **options,
    ) -> None:
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self._lost = False
        game, options = _presets.resolve(game, options)
        import famiglia

        found = famiglia.load(game)
        if players is None:
            players = found.default_players(found.resolve_options(options))
        self.table = _Table(game, players, render_mode, max_decisions, options)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        self.seat = seat
        self.render_mode = render_mode
        others = [s for s in range(players) if s != seat]
        if isinstance(opponents, (list, tuple)):
            if len(opponents) != len(others):
                raise ValueError(
                    f"{len(opponents)} opponents given for the {len(others)} other seats"
                )
            chosen = list(opponents)
        else:
            chosen = [opponents] * len(others)
        self._specs = dict(zip(others, chosen, strict=True))
        self._bots: dict[int, object] = {}
        size = self.table.encoder.size
        self.observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.action_space = spaces.Discrete(self.table.actions)
        self.state_space = spaces.Box(0.0, 1.0, (size * players,), np.float32)

    @property
    def catalogue(self):
        return self.table.catalogue

    @property
    def game_state(self):
        """The famiglia State being played (the true one: for tools, not for the agent)."""
        return self.table.state

    def _opponents(self, seed: int) -> None:
        self._bots = {}
        for other, spec in self._specs.items():
            if isinstance(spec, str):
                self._bots[other] = make_agent(spec, seed=(seed * 31 + other) % 2**63).act
            elif callable(getattr(spec, "act", None)):
                self._bots[other] = spec.act
            elif callable(spec):
                self._bots[other] = spec
            else:
                raise ValueError(f"an opponent is a bot spec, an Agent or a callable: {spec!r}")

    def _observation(self) -> np.ndarray:
        table = self.table
        return np.frombuffer(table.encoder.encode_state(table.state, self.seat), np.float32)

    def action_masks(self) -> np.ndarray:
        """The seat's legal actions now, as booleans (all False once the game is over)."""
        if self._lost:
            return np.zeros(self.table.actions, bool)
        return self.table.legal(self.seat)[1].astype(bool)

    def state(self) -> np.ndarray:
        """Privileged: every seat's observation, one after the other (state_space): all that
        any seat knows, for a centralized critic during training, never for acting."""
        return self.table.state_vector()

    def _run_opponents(self):
        """Plays the bots until the seat is to act or the game stops: the outcome, or None."""
        table = self.table
        while True:
            end = table.outcome()
            if end is not None:
                return end
            to_act = table.state.seats_to_act()[0]
            if to_act == self.seat:
                return None
            action = self._bots[to_act](info_for(table.state, to_act))
            table.apply(to_act, action)

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        table = self.table
        table.new_game(seed)
        self._lost = False
        self._opponents(table.next_seed)
        end = self._run_opponents()
        info = {"action_mask": self.action_masks()}
        if end is not None:  # (a game the bots finish alone: not with these rules, but safe)
            info.update(end[3])
        return self._observation(), info

    def step(self, action):
        table = self.table
        if table.state is None:
            raise ValueError("no game yet: call reset() first")
        if self._lost or table.outcome() is not None:
            raise ValueError("the game is over: call reset() for a new game")
        try:
            move = table.resolve(self.seat, action)
        except ValueError:
            if self.illegal == "raise":
                raise
            self._lost = True
            info = {"illegal": True, "action_mask": np.zeros(table.actions, bool)}
            return self._observation(), -1.0, True, False, info
        table.apply(self.seat, move)
        end = self._run_opponents()
        reward, terminated, truncated, info = 0.0, False, False, {}
        if end is not None:
            terminated, truncated, rewards, info = end
            reward = rewards[self.seat]
            info = dict(info)
        info["action_mask"] = self.action_masks()
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), terminated, truncated, info

    def render(self):
        return self.table.render()

    def close(self):
        pass


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point="famiglia.rl.gym:make", disable_env_checker=True)
