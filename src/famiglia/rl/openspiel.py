"""OpenSpiel games for every famiglia game (docs/rl.md).

Importing this module registers `famiglia_the_mob`, `famiglia_unfinished_business`,
`famiglia_cash_n_guns`, `famiglia_blood_feud` and `famiglia_scarface_1920` with pyspiel:

    from famiglia.rl import openspiel
    game = openspiel.load("the-mob", 4, max_years=5)
    game = pyspiel.load_game("famiglia_the_mob(players=4,max_years=5)")  # the same
    state = game.new_initial_state()

Each is a sequential, imperfect-information, general-sum game with terminal rewards (the final
ranking mapped to [-1, 1]) and sampled chance: the dice and shuffles happen inside a move, drawn
from the state's own generator. Game parameters: `players`, `seed` (the k-th state to start
is dealt from seed + k; a state takes its seed when first looked at, see _Dealer.free) and
the game's options.
Simultaneous secret choices are asked one seat at a time. A game still running after
max_game_length decisions (only endless back-and-forth gets there) ends with 0 for everyone.
Actions are catalogue indices (famiglia.rl.catalogue). The observation tensor is the observation
encoder's vector, cut into its named segments; the information-state tensor adds the seat's
memory of the moves it saw (famiglia.rl.memory). The strings are the seat's view as JSON, the
information state adding a digest of all the narration the seat was told and its last INFO_LINES
lines: equal strings, equal legal moves and view (tests/rl/test_infostate.py). Called from
Python, `observation_tensor`, `information_state_tensor` and `legal_actions_mask` return NumPy
arrays straight from the fast encoders (OpenSpiel's C++ path copies them into lists, segment by
segment, and costs several times more); C++ callers still get OpenSpiel's path, with the same
values.
`resample_from_infostate` is the game's `determinize`, so OpenSpiel's own IS-MCTS
(open_spiel.python.algorithms.ismcts.ISMCTSBot) plays through it.
"""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple

import numpy as np
import pyspiel

import famiglia

from . import _check_players, check_seed, ranking_rewards
from .memory import Layout
from .spiel_box import _Box, _Dealer

# Lines of narration the information-state string keeps, newest last: a long game tells
# thousands, and a string that grows without end slows every algorithm keyed on it.
INFO_LINES = 100

__all__ = ["load", "short_name", "register_all"]


def short_name(game: str) -> str:
    return "famiglia_" + game.replace("-", "_")


def load(game: str, players: int, **options):
    """The pyspiel game `famiglia_<game>` for `players` seats with the game's options (and
    `seed`); ValueError saying what is allowed when they are not."""
    if game not in famiglia.games():
        raise ValueError(f"unknown game {game!r}; famiglia's games: {', '.join(famiglia.games())}")
    found = famiglia.load(game)
    _check_players(found, players)
    seed = check_seed(options.pop("seed", 0))
    resolved = found.resolve_options(options)
    found.check_players_with_options(players, resolved)
    register_all()
    return pyspiel.load_game(short_name(game), {"players": players, "seed": seed, **resolved})


def _load_by_name(text: str):
    """A game from its string, `famiglia_the_mob(max_years=2,players=4,seed=0)`: how a pickled
    game comes back (in another process, say a Ray worker)."""
    register_all()
    return pyspiel.load_game(text)


def _state_from(game_text: str, saved: str):
    """A pickled state: its game, then the state `serialize()` wrote."""
    return _load_by_name(game_text).deserialize_state(saved)


class FamigliaGame(pyspiel.Game):
    """Base of the registered games; each game's subclass sets NAME and GAME_TYPE."""

    NAME = ""
    GAME_TYPE = None

    def __init__(self, params=None):
        params = dict(params or {})
        game = famiglia.load(self.NAME)
        players = params.pop("players", 0)
        seed = check_seed(int(params.pop("seed", 0)))
        options = game.resolve_options(params)
        # players=0 (the default): the game's usual table for its options (1 in the Solo Mode)
        players = int(players) or game.default_players(options)
        self.famiglia_game = game
        self.options = options
        self.players = players
        self.dealer = _Dealer(self.NAME, players, options, seed)
        tables = self.dealer.tables
        self.encoder = tables.encoder
        self.catalogue = tables.catalogue
        self.max_length = tables.max_length
        self.memory_layout = tables.layout
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.catalogue),
            max_chance_outcomes=0,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.max_length,
        )
        super().__init__(self.GAME_TYPE, info, {"players": players, "seed": seed, **options})

    def new_initial_state(self):
        return FamigliaState(self, _Box(self.dealer))

    def __reduce__(self):
        # pickled (and deep-copied) by its string, as pyspiel's own games are
        return _load_by_name, (str(self),)

    def deserialize_state(self, text: str):
        """A state `serialize()` wrote, refused unless it is of this game, player count and
        options (OpenSpiel itself would load any famiglia state into any famiglia game)."""
        state = super().deserialize_state(text)
        d = state.__dict__["_box"].dealer
        if (d.name, d.players, d.options) != (self.NAME, self.players, self.options):
            raise ValueError(
                f"a saved state of {d.name} for {d.players} players with options {d.options}, "
                f"not of this game: {self.NAME} for {self.players} with {self.options}"
            )
        return state

    def make_py_observer(self, iig_obs_type=None, params=None):
        if params:
            raise ValueError(f"famiglia observers take no parameters, got {params}")
        if iig_obs_type is None:
            recall = False
        elif iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("famiglia observers show one seat's view (private_info=SINGLE_PLAYER)")
        else:
            recall = iig_obs_type.perfect_recall
        return _Observer(self.encoder, self.memory_layout if recall else None)


class FamigliaState(pyspiel.State):
    def __init__(self, game: FamigliaGame, box: _Box):
        super().__init__(game)
        self._box = box

    def __reduce__(self):
        # pickled (and deep-copied) as serialize() saves it, with its game's string
        return _state_from, (str(self.get_game()), self.serialize())

    # ----- helpers ---------------------------------------------------------------------------
    @property
    def famiglia_state(self):
        """The famiglia State underneath (the true one)."""
        return self._box.state

    def _legal_map(self, player: int) -> dict:
        box = self._box
        if box.legal is None or box.legal[0] != player:
            catalogue = box.dealer.tables.catalogue
            found = {catalogue.index(a): a for a in box.state.legal_actions(player)}
            box.legal = (player, found)
        return box.legal[1]

    def _stopped(self) -> bool:
        box = self._box
        return box.decisions >= box.dealer.tables.max_length

    # ----- the pyspiel state -----------------------------------------------------------------
    def current_player(self):
        box = self._box
        state = box.state
        if state.is_over() or box.decisions >= box.dealer.tables.max_length:
            return _TERMINAL
        return state.seats_to_act()[0]

    def _legal_actions(self, player):
        if self.is_terminal() or player != self.current_player():
            return []
        return sorted(self._legal_map(player))

    def _apply_action(self, action):
        box = self._box
        state = box.state
        tables = box.dealer.tables
        if state.is_over() or box.decisions >= tables.max_length:
            raise pyspiel.SpielError(f"action {action}: the game is over, no action is legal")
        player = state.seats_to_act()[0]
        legal = box.legal[1] if box.legal is not None and box.legal[0] == player else None
        found = legal.get(action) if legal is not None else None
        if found is None:
            legal = self._legal_map(player)
            found = legal.get(action)
        if found is None:
            shown = "; ".join(f"{i}: {a}" for i, a in sorted(legal.items())[:8])
            if len(legal) > 8:
                shown += f"; and {len(legal) - 8} more (legal_actions() has them all)"
            raise pyspiel.SpielError(
                f"action {action} is not legal for player {player} now; legal: {shown}"
            )
        state.apply(player, found)
        box.legal = None
        box.decisions += 1
        box.moves = (box.moves, player, action)

    # OpenSpiel's apply_action goes through C++ and back into Python twice (the player to act,
    # then _apply_action), which costs as much as the move itself; from Python, these play the
    # move directly and read the history the box keeps. C++ callers still take OpenSpiel's path
    # (which lands in _apply_action too, so the box's history stays whole).
    def apply_action(self, action) -> None:
        if type(action) is not int:
            action = int(action)
        self._apply_action(action)

    def history(self) -> list[int]:
        return [action for _player, action in self._box.history()]

    def full_history(self) -> list[PlayerAction]:
        return [PlayerAction(player, action) for player, action in self._box.history()]

    def history_str(self) -> str:
        return ", ".join(map(str, self.history()))

    def move_number(self) -> int:
        return self._box.decisions

    def is_initial_state(self) -> bool:
        return self._box.decisions == 0

    def _action_to_string(self, player, action):
        if player >= 0 and not self.is_terminal() and player == self.current_player():
            found = self._legal_map(player).get(action)
            if found is not None:
                return str(found)
        catalogue = self.get_game().catalogue
        if not 0 <= action < len(catalogue):
            raise pyspiel.SpielError(f"action {action} is not one of the {len(catalogue)} actions")
        return str(catalogue[action])

    def is_terminal(self):
        box = self._box
        return box.state.is_over() or box.decisions >= box.dealer.tables.max_length

    def returns(self):
        state = self._box.state
        if state.is_over():
            return ranking_rewards(state.result().ranking)
        return [0.0] * state.players  # still playing, or stopped at max_game_length

    def resample_from_infostate(self, player_id, probability_sampler):
        """A copy where everything `player_id` cannot know is redrawn (the game's determinize);
        the other seats' private narration is forgotten, as for famiglia's own bots."""
        seed = int(probability_sampler() * 2**31)
        sample = self._box.state.determinize(player_id, seed)
        sample.forget_private_events(player_id)
        copy = self.clone()
        memory = self._box.memory().copy()
        memory.forget_others(player_id)  # their own moves by index are private
        copy._box.replace(sample)
        copy._box._memory = (memory, copy._box.decisions)
        return copy

    # ----- the tensors, straight from Python (see the module's docstring) ---------------------
    def _inner(self, player):
        """(box, the state to read, seat): `player` None is the player to act."""
        box = self._box
        if player is None:
            player = self.current_player()
        elif type(player) is not int:
            player = int(player)
        if not 0 <= player < box.dealer.players:
            raise pyspiel.SpielError(f"no seat {player}: seats are 0..{box.dealer.players - 1}")
        return box, (box._state if box._state is not None else box.look()), player

    def observation_tensor(self, player=None) -> np.ndarray:
        """Seat `player`'s observation (default: the player to act), a new float32 array."""
        box, inner, player = self._inner(player)
        return np.frombuffer(box.dealer.tables.encoder.encode_state(inner, player), _FLOAT32)

    def information_state_tensor(self, player=None) -> np.ndarray:
        """The observation followed by the seat's memory (famiglia.rl.memory), a new array."""
        box, inner, player = self._inner(player)
        tables = box.dealer.tables
        memory = box.memory()
        vector = np.frombuffer(tables.encoder.encode_state(inner, player), _FLOAT32)
        return np.concatenate((vector, memory.vector(player)))

    def legal_actions_mask(self, player=None) -> np.ndarray:
        """1 at each legal catalogue index of `player` (default: the player to act), int8."""
        box = self._box
        tables = box.dealer.tables
        state = box.state
        if state.is_over() or box.decisions >= tables.max_length:
            return np.zeros(tables.actions, np.int8)
        to_act = state.seats_to_act()[0]
        if player is None:
            player = to_act
        elif player != to_act:
            return np.zeros(tables.actions, np.int8)
        by_index, mask = tables.catalogue.numbered(state.legal_actions(player), tables.actions)
        box.legal = (player, by_index)
        return np.frombuffer(mask, np.int8)

    def legal_actions(self, player=None) -> list[int]:
        if player is None:
            player = self.current_player()
        return self._legal_actions(player)

    def __str__(self):
        return json.dumps(self._box.state.to_json(), sort_keys=True)


class _Observer:
    """A PyObserver: the encoder's vector (cut into its segments) and the view as a string;
    for the information state (`memory`, a Layout) the seat's memory follows the vector."""

    def __init__(self, encoder, memory: Layout | None) -> None:
        self.encoder = encoder
        self.perfect_recall = memory is not None
        self.memory = memory
        size = encoder.size + (memory.size if memory is not None else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {s.name: self.tensor[s.start : s.start + s.size] for s in encoder.segments}
        if memory is not None:
            at = encoder.size
            for name, part, _meaning in memory.segments():
                self.dict[name] = self.tensor[at : at + part]
                at += part
        self._initial: dict = {}  # (seed, player) -> vector of an unplayed deal

    def set_from(self, state, player):
        box = state._box
        if box._state is None:
            # An unplayed state shows its deal: OpenSpiel asks for it each time it measures
            # a tensor, so the vector is kept (a deal never changes until it is played).
            key = (box._bind(), player)
            vector = self._initial.get(key)
            if vector is None:
                if len(self._initial) > 64:
                    self._initial.clear()
                vector = self._initial[key] = self._encode(box.look(), player)
        else:
            vector = self._encode(box._state, player)
        size = self.encoder.size
        self.tensor[:size] = np.frombuffer(vector, dtype=np.float32)
        if self.memory is not None:
            self.tensor[size:] = box.memory().vector(player)

    def _encode(self, inner, player):
        return self.encoder.encode_state(inner, player)

    def string_from(self, state, player):
        inner = state._box.look()
        text = json.dumps(inner.view(player), sort_keys=True)
        if self.perfect_recall:
            # all the narration the seat was told, as a digest (two histories that end alike are
            # two information sets), and its last lines to read
            told = inner.events(player)
            digest = hashlib.blake2b("\n".join(told).encode(), digest_size=16).hexdigest()
            text += f"\nnarration: {len(told)} lines, digest {digest}\n"
            text += "\n".join(told[-INFO_LINES:])
        return text


def _game_type(name: str) -> pyspiel.GameType:
    game = famiglia.load(name)
    spec = {"players": 0, "seed": 0}  # players 0: the game's usual, see FamigliaGame
    spec.update((k, o.default) for k, o in game.options.items())
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"famiglia {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=spec,
    )


_FLOAT32 = np.dtype(np.float32)


class PlayerAction(NamedTuple):
    """An entry of `full_history()`, read as pyspiel's own (`.player`, `.action`)."""

    player: int
    action: int


_TERMINAL = pyspiel.PlayerId.TERMINAL
_REGISTERED: dict[str, type] = {}


def register_all() -> None:
    """Registers every famiglia game with pyspiel (once)."""
    for name in famiglia.game_names():
        if name in _REGISTERED:
            continue
        game_type = _game_type(name)
        cls = type(
            f"Famiglia_{name.replace('-', '_')}",
            (FamigliaGame,),
            {"NAME": name, "GAME_TYPE": game_type},
        )
        pyspiel.register_game(game_type, cls)
        _REGISTERED[name] = cls


register_all()
