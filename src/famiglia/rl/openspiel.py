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
Actions are catalogue indices (famiglia.rl.catalogue). The information-state and observation
tensors are the observation encoder's vector, cut into its named segments; the strings are the
seat's view as JSON, the information state adding every line of narration the seat was told.
`resample_from_infostate` is the game's `determinize`, so OpenSpiel's own IS-MCTS
(open_spiel.python.algorithms.ismcts.ISMCTSBot) plays through it.
"""

from __future__ import annotations

import json
import weakref

import numpy as np
import pyspiel

import famiglia

from . import _check_players, check_seed, ranking_rewards
from . import catalogue as _catalogue
from . import encoder as _encoder
from . import max_decisions as _max_decisions

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


class _Dealer:
    """Deals the initial states of one pyspiel game: seed, seed + 1, ... in the order states
    start. The next deal is made once and kept: OpenSpiel builds a throwaway initial state
    every time it measures a tensor, and those only ever look at this spare deal."""

    def __init__(self, name: str, players: int, options: dict, seed: int) -> None:
        self.name, self.players, self.options = name, players, options
        self.next = seed
        self._spare = None  # (seed, state) of the next deal, once someone looked at it
        self._played: set[int] = set()  # seeds past `next` already taken to play
        self._held: dict[int, weakref.WeakSet] = {}  # seed -> the live boxes looking at it

    def free(self, box) -> int:
        """The seed of a state looking at its deal for the first time: the first one from `next`
        that no other live state holds and no state played; `box` holds it while it lives (a
        throwaway state, gone, holds nothing)."""
        seed = self.next
        while seed in self._played or self._held.get(seed):
            seed += 1
        self.hold(seed, box)
        return seed

    def hold(self, seed: int, box) -> None:
        self._held.setdefault(seed, weakref.WeakSet()).add(box)

    def _new(self, seed: int):
        return famiglia.load(self.name).new(self.players, seed, **self.options)

    def look(self, seed: int):
        """The initial state of `seed`, to read only."""
        if seed != self.next:
            return self._new(seed)
        if self._spare is None or self._spare[0] != seed:
            self._spare = (seed, self._new(seed))
        return self._spare[1]

    def take(self, seed: int):
        """The initial state of `seed`, to play; the deals move on past it."""
        state = self.look(seed)
        self._played.add(seed)
        self._held.pop(seed, None)
        while self.next in self._played:
            self._played.discard(self.next)
            self.next += 1
        return state


class _Box:
    """A famiglia state inside a pyspiel state: copied with `clone()`, saved as JSON.

    OpenSpiel copies a Python state by deep-copying its attributes and saves it by pickling
    them; this box makes both go through the game's own fast `clone` and `to_json`. A fresh
    box takes its seed (the dealer's first free one) when first looked at, and its state when
    first played, so the throwaway states OpenSpiel makes cost nothing.
    """

    __slots__ = ("dealer", "seed", "_state", "legal", "decisions", "__weakref__")

    def __init__(self, dealer: _Dealer, seed: int | None = None, state=None) -> None:
        self.dealer = dealer
        self.seed = seed
        self._state = state
        self.legal = None  # (player, {index: action}) of the current state
        self.decisions = 0

    def _bind(self) -> int:
        if self.seed is None:
            self.seed = self.dealer.free(self)
        return self.seed

    @property
    def state(self):
        """The state, to play (a fresh box takes its deal now)."""
        if self._state is None:
            self._state = self.dealer.take(self._bind())
        return self._state

    def look(self):
        """The state, to read only (a fresh box looks at its deal without taking it)."""
        if self._state is not None:
            return self._state
        return self.dealer.look(self._bind())

    def replace(self, state) -> None:
        self._state, self.legal = state, None

    def __deepcopy__(self, memo) -> _Box:
        copy = _Box(self.dealer, self._bind())
        if self._state is not None:
            copy._state = self._state.clone()
        else:
            self.dealer.hold(copy.seed, copy)  # an unplayed copy looks at the same deal
        copy.decisions = self.decisions
        return copy

    def __getstate__(self):
        d = self.dealer
        saved = None if self._state is None else self._state.to_json()
        return (d.name, d.players, d.options, self._bind(), saved, self.decisions)

    def __setstate__(self, data) -> None:
        name, players, options, self.seed, saved, self.decisions = data
        self.dealer = _Dealer(name, players, options, self.seed)
        self._state = None if saved is None else famiglia.load(name).from_json(saved)
        self.legal = None


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
        self.encoder = _encoder(game, players, **options)
        self.catalogue = _catalogue(game)
        self.max_length = _max_decisions(game, players, **options)
        self.dealer = _Dealer(self.NAME, players, options, seed)
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
        return _Observer(self.encoder, recall)


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
            catalogue = self.get_game().catalogue
            found = {catalogue.index(a): a for a in box.state.legal_actions(player)}
            box.legal = (player, found)
        return box.legal[1]

    def _stopped(self) -> bool:
        return self._box.decisions >= self.get_game().max_length

    # ----- the pyspiel state -----------------------------------------------------------------
    def current_player(self):
        state = self._box.state
        if state.is_over() or self._stopped():
            return pyspiel.PlayerId.TERMINAL
        return state.seats_to_act()[0]

    def _legal_actions(self, player):
        if self.is_terminal() or player != self.current_player():
            return []
        return sorted(self._legal_map(player))

    def _apply_action(self, action):
        if self.is_terminal():
            raise pyspiel.SpielError(f"action {action}: the game is over, no action is legal")
        player = self.current_player()
        legal = self._legal_map(player)
        found = legal.get(action)
        if found is None:
            shown = "; ".join(f"{i}: {a}" for i, a in sorted(legal.items())[:8])
            if len(legal) > 8:
                shown += f"; and {len(legal) - 8} more (legal_actions() has them all)"
            raise pyspiel.SpielError(
                f"action {action} is not legal for player {player} now; legal: {shown}"
            )
        box = self._box
        box.state.apply(player, found)
        box.legal = None
        box.decisions += 1

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
        return self._box.state.is_over() or self._stopped()

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
        copy._box.replace(sample)
        return copy

    def __str__(self):
        return json.dumps(self._box.state.to_json(), sort_keys=True)


class _Observer:
    """A PyObserver: the encoder's vector (cut into its segments) and the view as a string."""

    def __init__(self, encoder, perfect_recall: bool) -> None:
        self.encoder = encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {s.name: self.tensor[s.start : s.start + s.size] for s in encoder.segments}
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
        self.tensor[:] = np.frombuffer(vector, dtype=np.float32)

    def _encode(self, inner, player):
        return self.encoder.encode_state(inner, player)

    def string_from(self, state, player):
        inner = state._box.look()
        text = json.dumps(inner.view(player), sort_keys=True)
        if self.perfect_recall:
            text += "\n" + "\n".join(inner.events(player))
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
