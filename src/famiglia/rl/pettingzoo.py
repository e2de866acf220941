"""PettingZoo environments for every famiglia game (docs/rl.md).

    from famiglia.rl import pettingzoo
    env = pettingzoo.env("cash-n-guns", 5, render_mode="ansi")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        env.step(action)

Agents are `seat_0`, `seat_1`, ...; an action is an index of the game's catalogue
(famiglia.rl.catalogue). Simultaneous secret choices (Cash 'n Guns' bullets and aims, the Poker
Round, the election) are taken one seat at a time in the AEC env, each seat seeing only its own
view; `parallel_env` asks every seat called on at once. Rewards come at the end: the final
ranking mapped to [-1, 1]. A game that reaches `max_decisions` is truncated with no reward.
"""

from __future__ import annotations

import io

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

import famiglia

from . import catalogue as _catalogue
from . import check_seed, ranking_rewards
from . import encoder as _encoder
from . import max_decisions as _max_decisions
from . import presets as _presets

_FLOAT32, _INT8 = np.dtype(np.float32), np.dtype(np.int8)  # (quicker than the type's name)

__all__ = ["env", "parallel_env", "ranking_rewards", "FamigliaEnv", "FamigliaParallelEnv"]


def env(game: str, players: int, render_mode: str | None = None, max_decisions=None, **options):
    """A PettingZoo AEC environment of `game` for `players` seats with the game's options."""
    return FamigliaEnv(game, players, render_mode, max_decisions, **options)


def parallel_env(
    game: str, players: int, render_mode: str | None = None, max_decisions=None, **options
):
    """A PettingZoo parallel environment: every seat called on acts in the same step."""
    return FamigliaParallelEnv(game, players, render_mode, max_decisions, **options)


class _Table:
    """What both environments share: the game, its catalogue and encoder, one state."""

    def __init__(self, game, players, render_mode, max_decisions, options, extra_actions=0):
        game, options = _presets.resolve(game, options)  # a research preset's name too
        self.game = famiglia.load(game)
        self.options = self.game.resolve_options(options)
        self.encoder = _encoder(self.game, players, **self.options)  # checks the player count
        self.catalogue = _catalogue(self.game)
        self.players = players
        if render_mode not in (None, "ansi", "human"):
            raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        if max_decisions is not None and (
            isinstance(max_decisions, bool)
            or not isinstance(max_decisions, int)
            or max_decisions < 1
        ):
            raise ValueError(
                f"max_decisions must be a whole number of 1 or more, not {max_decisions!r}"
            )
        limit = max_decisions or _max_decisions(self.game, players, **self.options)
        self.max_decisions = int(limit)
        self.agents_all = [f"seat_{i}" for i in range(players)]
        self.seat = {agent: i for i, agent in enumerate(self.agents_all)}
        self.actions = len(self.catalogue) + extra_actions
        self.wait = extra_actions > 0  # the parallel env: a seat with nothing to do may wait
        self.state = None
        self.decisions = 0
        self.next_seed = 0
        # seat -> ({index: action}, mask) while the state stays as it is
        self._legal: dict[int, tuple] = {}

    def spaces(self):
        box = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        obs = {
            a: spaces.Dict(
                {"observation": box, "action_mask": spaces.Box(0, 1, (self.actions,), np.int8)}
            )
            for a in self.agents_all
        }
        act = {a: spaces.Discrete(self.actions) for a in self.agents_all}
        return obs, act

    def state_space(self):
        return spaces.Box(0.0, 1.0, (self.encoder.size * self.players,), np.float32)

    def new_game(self, seed) -> None:
        if seed is not None:
            self.next_seed = check_seed(int(seed) if isinstance(seed, np.integer) else seed)
        self.state = self.game.new(self.players, self.next_seed, **self.options)
        self.next_seed = (self.next_seed + 1) % 2**63  # (seeds run from 0 to 2**63 - 1)
        self.decisions = 0
        self._legal = {}

    def legal(self, seat: int) -> tuple[dict, np.ndarray]:
        """({catalogue index: legal action}, action mask) for `seat` now (empty and all zero when
        it is not to act). The mask is shared: hand out copies. Each list is numbered afresh:
        lists recur too seldom for a memo of them to pay (timed in bench_rl.py)."""
        found = self._legal.get(seat)
        if found is None:
            by_index, mask = self.catalogue.numbered(self.state.legal_actions(seat), self.actions)
            if self.wait and not by_index:
                mask[-1] = 1  # the parallel env's "wait"
            found = self._legal[seat] = by_index, np.frombuffer(mask, _INT8)
        return found

    def observation(self, seat: int) -> dict:
        vector = np.frombuffer(self.encoder.encode_state(self.state, seat), dtype=_FLOAT32)
        return {"observation": vector, "action_mask": self.legal(seat)[1].copy()}

    def play(self, seat: int, index) -> None:
        self.apply(seat, self.resolve(seat, index))

    def apply(self, seat: int, action) -> None:
        """Plays a legal action of `seat` (resolved from its index), counting the decision."""
        self.state.apply(seat, action)
        self._legal = {}
        self.decisions += 1

    def resolve(self, seat: int, index):
        """The legal action of `seat` numbered `index`; ValueError saying what is legal."""
        legal = self.legal(seat)[0]
        if type(index) is not int:
            index = _as_index(index)
        action = legal.get(index)
        if action is None:
            what = (
                f"{index} ('{self.catalogue[int(index)]}')"
                if _is_index(index) and 0 <= int(index) < len(self.catalogue)
                else repr(index)
            )
            shown = "; ".join(f"{i}: {a}" for i, a in list(legal.items())[:8])
            if len(legal) > 8:
                shown += f"; and {len(legal) - 8} more (the action mask has them all)"
            raise ValueError(
                f"action {what} is not legal for seat_{seat} now; legal: {shown or 'none'}"
            )
        return action

    def outcome(self) -> tuple[bool, bool, list[float], dict] | None:
        """(terminated, truncated, rewards, info) once the game stops; None while it goes on."""
        state = self.state
        if state.is_over():
            result = state.result()
            info = {
                "scores": list(result.scores),
                "ranking": list(result.ranking),
                "capped": result.capped,
            }
            return True, False, ranking_rewards(result.ranking), info
        if self.decisions >= self.max_decisions:
            return False, True, [0.0] * self.players, {"max_decisions": self.max_decisions}
        return None

    def render(self):
        """ "ansi": the spectator's terminal picture as plain text (no colour codes); "human":
        printed to the terminal, in colour where it has some; None returned."""
        if self.render_mode is None or self.state is None:
            return None
        from rich.console import Console

        human = self.render_mode == "human"
        out = None if human else io.StringIO()
        console = Console(file=out, width=100, color_system="auto" if human else None)
        draw = self.game.renderer()
        if draw is None:
            console.print_json(data=self.state.view(None))
        else:
            console.print(draw(self.state, None))  # a spectator's picture: nothing hidden
        return None if human else out.getvalue()

    def state_vector(self) -> np.ndarray:
        """Privileged: every seat's observation, one after the other: all that any seat
        knows, for a centralized critic (never for acting)."""
        return np.concatenate(
            [
                np.frombuffer(self.encoder.encode_state(self.state, s), _FLOAT32)
                for s in range(self.players)
            ]
        )


def _is_index(value) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, bool)


def _as_index(value) -> int:
    """An action as a plain int (NumPy's integers and 0-d integer arrays too, as policies give
    them); ValueError for anything else."""
    if isinstance(value, np.ndarray) and value.shape == () and value.dtype.kind in "iu":
        value = value.item()
    if not _is_index(value):
        raise ValueError(
            f"an action is a whole-number index into the catalogue, not {type(value).__name__} "
            f"{value!r}"
        )
    return int(value)


class _OnTable:
    """What both envs read from their _Table: the catalogue, the true state, the spaces."""

    @property
    def catalogue(self):
        return self.table.catalogue

    @property
    def game_state(self):
        """The famiglia State being played (the true one: for tools, not for agents)."""
        return self.table.state

    @property
    def state_space(self):
        return self.table.state_space()

    def state(self) -> np.ndarray:
        """Privileged: every seat's observation, one after the other (`state_space`): all that
        any seat knows, for centralized critics during training, never for acting."""
        if self.table.state is None:
            raise ValueError("no game yet: call reset() first")
        return self.table.state_vector()

    def observation_space(self, agent):
        return self.observation_spaces[self._known(agent)]

    def action_space(self, agent):
        return self.action_spaces[self._known(agent)]

    def _known(self, agent):
        if agent not in self.table.seat:
            raise ValueError(f"unknown agent {agent!r}; agents: {', '.join(self.table.agents_all)}")
        return agent


class FamigliaEnv(_OnTable, AECEnv):
    """One famiglia game as a PettingZoo AEC environment (see the module's docstring)."""

    def __init__(self, game, players, render_mode=None, max_decisions=None, **options):
        super().__init__()
        self.table = _Table(game, players, render_mode, max_decisions, options)
        self.metadata = {
            "name": f"famiglia_{self.table.game.name.replace('-', '_')}_v0",
            "render_modes": ["human", "ansi"],
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = list(self.table.agents_all)
        self.observation_spaces, self.action_spaces = self.table.spaces()
        self.agents = []

    def reset(self, seed=None, options=None):
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._to_act()

    def _to_act(self) -> str:
        return self.possible_agents[self.table.state.seats_to_act()[0]]

    def observe(self, agent):
        """The agent's observation now: new arrays at every call, the caller's to change."""
        table = self.table
        seat = table.seat.get(agent) if table.state is not None and self.agents else None
        if seat is None:
            raise ValueError(self._cannot(agent))
        # (table.observation written out: this is every step)
        vector = np.frombuffer(table.encoder.encode_state(table.state, seat), dtype=_FLOAT32)
        return {"observation": vector, "action_mask": table.legal(seat)[1].copy()}

    def last(self, observe: bool = True):
        # AECEnv.last without its checks (they cost at every step): misuse is caught below
        try:
            agent = self.agent_selection
            reward, done = self._cumulative_rewards[agent], self.terminations[agent]
            cut, info = self.truncations[agent], self.infos[agent]
        except (AttributeError, KeyError):  # (only these look-ups: no error of observe's)
            raise ValueError(self._cannot(getattr(self, "agent_selection", None))) from None
        return self.observe(agent) if observe else None, reward, done, cut, info

    def _cannot(self, agent) -> str:
        """Why `agent` has nothing to observe or do, in words."""
        if self.table.state is None:
            return "no game yet: call reset() first"
        if not self.agents:
            return "the game is over and every agent is done: call reset() for a new game"
        return f"unknown agent {agent!r}; agents: {', '.join(self.possible_agents)}"

    def step(self, action):
        try:
            agent = self.agent_selection
            done = self.terminations[agent] or self.truncations[agent]
        except (AttributeError, KeyError):
            raise ValueError(self._cannot(getattr(self, "agent_selection", None))) from None
        if done:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        seat = table.seat[agent]
        state = table.state
        found = table._legal.get(seat)  # the legal actions by index, once observed
        move = found[0].get(action) if found is not None and type(action) is int else None
        if move is None:
            table.play(seat, action)  # the whole check, and what is wrong when it is
        else:  # (table.play written out: this is every step)
            state.apply(seat, move)
            table._legal = {}
            table.decisions += 1
        if not state.is_over() and table.decisions < table.max_decisions:
            # (outcome() and _to_act() written out: this is every step)
            self.agent_selection = self.possible_agents[state.seats_to_act()[0]]
            return  # no reward before the end: nothing to add up
        terminated, truncated, rewards, info = table.outcome()
        for a in self.agents:
            self.rewards[a] = rewards[self.table.seat[a]]
            self.terminations[a] = terminated
            self.truncations[a] = truncated
            self.infos[a] = dict(info)
        self._accumulate_rewards()

    def render(self):
        return self.table.render()

    def close(self):
        pass


class FamigliaParallelEnv(_OnTable, ParallelEnv):
    """One famiglia game as a PettingZoo parallel environment.

    Each step, every seat the game calls on acts (several during simultaneous secret choices,
    one otherwise). Seats not called on have one legal action, `wait` (the last index); what
    they send is ignored.
    """

    def __init__(self, game, players, render_mode=None, max_decisions=None, **options):
        self.table = _Table(game, players, render_mode, max_decisions, options, extra_actions=1)
        self.metadata = {
            "name": f"famiglia_{self.table.game.name.replace('-', '_')}_parallel_v0",
            "render_modes": ["human", "ansi"],
        }
        self.render_mode = render_mode
        self.possible_agents = list(self.table.agents_all)
        self.observation_spaces, self.action_spaces = self.table.spaces()
        self.agents = []
        self.wait = len(self.table.catalogue)

    def _observations(self) -> dict:
        return {a: self.table.observation(self.table.seat[a]) for a in self.agents}

    def reset(self, seed=None, options=None):
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {a: {} for a in self.agents}

    def step(self, actions):
        table = self.table
        if table.state is None or not self.agents:
            raise ValueError("no game is going on: call reset() first")
        unknown = sorted(set(actions) - set(self.possible_agents), key=str)
        if unknown:
            raise ValueError(f"unknown agent {unknown[0]!r}; agents: {', '.join(self.agents)}")
        # Every seat's action is checked before any is played: a refused step changes nothing.
        moves = []
        for seat in table.state.seats_to_act():
            agent = self.possible_agents[seat]
            if agent not in actions:
                raise ValueError(f"{agent} is called on to act but sent no action")
            moves.append((seat, table.resolve(seat, actions[agent])))
        for seat, move in moves:
            table.apply(seat, move)
        end = table.outcome()
        terminated, truncated, rewards, info = end or (False, False, [0.0] * table.players, {})
        observations = self._observations()
        agents = self.agents
        reward = {a: rewards[table.seat[a]] for a in agents}
        terminations = dict.fromkeys(agents, terminated)
        truncations = dict.fromkeys(agents, truncated)
        infos = {a: dict(info) for a in agents}
        if terminated or truncated:
            self.agents = []
        return observations, reward, terminations, truncations, infos

    def render(self):
        return self.table.render()

    def close(self):
        pass
