"""The conformance kit: every game must pass `check_game` for every player count and option set.

It plays random games and checks, along the way, each promise of the core contract
(docs/architecture.md, "The contract"). Game-specific invariants plug in as callables that take a
state and raise AssertionError when something is off (cards or money not conserved, ...).
Its companion `check_saved_states` loads damaged saved states: each must be refused with
ValueError or play on like any other.
"""

from __future__ import annotations

import json
import signal
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field

from .actions import Action
from .errors import IllegalAction
from .mutations import mutate
from .record import new_record, replay
from .rng import Rng

BOGUS = Action("no-such-move", ("nowhere",), "make a move that does not exist")


class ConformanceError(AssertionError):
    pass


def _fail(where: str, what: str) -> None:
    raise ConformanceError(f"{where}: {what}")


def _snapshot(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_game(
    game,
    players: int,
    options: dict | None = None,
    games: int = 10,
    seed: int = 0,
    invariants=(),
    max_moves: int = 50_000,
    deep_every: int = 7,
) -> list[dict]:
    """Plays `games` random games and checks the contract; returns their records.

    The cheap checks run on every move; the costly ones (clone, JSON, determinize, illegal
    moves) every `deep_every` moves and on the first and last state.
    """
    options = dict(options or {})
    records = []
    for g in range(games):
        game_seed = seed + g
        where = f"{game.name} players={players} options={options} seed={game_seed}"
        records.append(
            _check_one(game, players, options, game_seed, invariants, max_moves, deep_every, where)
        )
    return records


def _check_one(game, players, options, game_seed, invariants, max_moves, deep_every, where):
    state = game.new(players, game_seed, **options)
    twin = game.new(players, game_seed, **options)  # determinism: same seed, same game
    if _snapshot(state) != _snapshot(twin):
        _fail(where, "two games made with the same seed differ")
    chooser = Rng(game_seed + 7919)
    record = new_record(game, players, game_seed, options, ["kit"] * players)
    moves = 0
    while True:
        for check in invariants:
            check(state)
        deep = moves % deep_every == 0 or state.is_over()
        _check_turn(game, state, where, moves, deep)
        if state.is_over():
            break
        if moves >= max_moves:
            _fail(where, f"no end after {max_moves} moves")
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        action = legal[chooser.below(len(legal))]
        before = getattr(state, "phase", None)
        state.apply(seat, action)
        _check_phase_step(game, before, getattr(state, "phase", None), f"{where} move {moves}")
        record["moves"].append([seat, action.to_json()])
        moves += 1
    _check_result(state, players, where)
    record["result"] = state.result().to_json()
    replayed = replay(json.loads(json.dumps(record)), where)
    if _snapshot(replayed) != _snapshot(state):
        _fail(where, "replaying the record does not reach the same final state")
    return record


def _check_phase_step(game, before, after, where):
    """A move leaves its phase only for one its row of the phase table lists as next."""
    row = game.phases.get(before)
    if row is not None and after != before and after not in row.next:
        _fail(where, f"phase {before!r} went to {after!r}, not one of its next {row.next}")


def _check_turn(game, state, where, moves, deep):
    where = f"{where} move {moves}"
    to_act = state.seats_to_act()
    if state.is_over() != (not to_act):
        _fail(where, f"is_over()={state.is_over()} but seats_to_act()={to_act}")
    if len(set(to_act)) != len(to_act) or any(not 0 <= s < state.players for s in to_act):
        _fail(where, f"seats_to_act() is malformed: {to_act}")
    for seat in to_act:
        legal = state.legal_actions(seat)
        if not legal:
            _fail(where, f"seat {seat} is to act but has no legal action")
        if len(set(legal)) != len(legal):
            _fail(where, f"duplicate legal actions for seat {seat}")
        texts = [str(a) for a in legal]
        if len(set(texts)) != len(texts):
            _fail(where, f"two legal actions read the same for seat {seat}: {texts}")
        if state.legal_actions(seat) != legal:
            _fail(where, "legal_actions changed between two calls on the same state")
        if deep:
            for action in legal:
                json.dumps(action.to_json())
                if game.action_from_json(action.to_json()) != action:
                    _fail(where, f"action {action!r} does not survive its JSON round trip")
                if game.parse_action(state, seat, str(action)) != action:
                    _fail(where, f"parse_action does not read back {str(action)!r}")
    if not deep:
        return
    before = _snapshot(state)
    for seat in range(state.players):
        json.dumps(state.view(seat))
    json.dumps(state.view(None))
    _check_illegal(state, to_act, where, before)
    _check_clone(state, to_act, where, before)
    _check_json(game, state, to_act, where, before)
    _check_determinize(game, state, to_act, where, before)


def _expect_refused(state, seat, action, where, before, what):
    try:
        state.apply(seat, action)
    except IllegalAction:
        pass
    else:
        _fail(where, f"{what} was accepted")
    if _snapshot(state) != before:
        _fail(where, f"refusing {what} changed the state")


def _check_illegal(state, to_act, where, before):
    for seat in range(state.players):
        _expect_refused(state, seat, BOGUS, where, before, f"a made-up move for seat {seat}")
    if to_act:
        seat = to_act[0]
        for junk in (str(BOGUS), None, BOGUS.to_json()):
            _expect_refused(state, seat, junk, where, before, f"{junk!r} given as a move")
        action = state.legal_actions(seat)[0]
        for bad in (bool(seat), float(seat), str(seat), -1, state.players):
            _expect_refused(state, bad, action, where, before, f"a move for seat {bad!r}")
    idle = [s for s in range(state.players) if s not in to_act]
    if to_act and idle:
        action = state.legal_actions(to_act[0])[0]
        _expect_refused(state, idle[0], action, where, before, f"seat {idle[0]} moving out of turn")


def _check_clone(state, to_act, where, before):
    copy = state.clone()
    if _snapshot(copy) != before:
        _fail(where, "clone() differs from the original")
    if to_act:
        seat = to_act[-1]
        copy.apply(seat, copy.legal_actions(seat)[-1])
        if _snapshot(state) != before:
            _fail(where, "playing on a clone changed the original")


def _check_json(game, state, to_act, where, before):
    data = json.loads(json.dumps(state.to_json()))
    back = game.from_json(data)
    if _snapshot(back) != before:
        _fail(where, "from_json(to_json()) is not equal to the state")
    for seat in to_act:
        if back.legal_actions(seat) != state.legal_actions(seat):
            _fail(where, "legal actions differ after the JSON round trip")
    for seat in [None, *range(state.players)]:
        if back.view(seat) != state.view(seat) or back.events(seat) != state.events(seat):
            _fail(where, f"view or events of seat {seat} differ after the JSON round trip")


def _check_determinize(game, state, to_act, where, before):
    for seat in range(state.players):
        sample = state.determinize(seat, 12345 + seat)
        if _snapshot(state) != before:
            _fail(where, "determinize changed the original state")
        _reload(game, sample, where, f"determinize({seat})")  # a state like any other
        if sample.view(seat) != state.view(seat):
            _fail(where, f"determinize({seat}) changed what seat {seat} sees")
        if sample.events(seat) != state.events(seat):
            _fail(where, f"determinize({seat}) changed the events seat {seat} saw")
        if sample.rng.to_json() == state.rng.to_json() and not state.is_over():
            _fail(where, f"determinize({seat}) kept the true random generator: it foresees dice")
        if sample.seats_to_act() != to_act:
            _fail(where, f"determinize({seat}) changed who is to act")
        if seat in to_act and sample.legal_actions(seat) != state.legal_actions(seat):
            _fail(where, f"determinize({seat}) changed seat {seat}'s legal actions")


def _check_result(state, players, where):
    result = state.result()
    if len(result.scores) != players or len(result.ranking) != players:
        _fail(where, f"result has the wrong number of seats: {result}")
    if any(not 0 <= s < players for s in result.winners) or min(result.ranking) < 1:
        _fail(where, f"result has no valid winner or place: {result}")
    # The winners are the seats ranked 1, or none when an opponent without a seat won: a solo
    # game's automa (then its one seat is not placed 1), or Scarface's Tequila at a death (the
    # seats keep their own places among themselves then, SF-T.4).
    best = [s for s in range(players) if result.ranking[s] == 1]
    if (result.winners or players == 1) and sorted(result.winners) != best:
        _fail(where, f"winners {result.winners} are not the seats ranked 1: {result.ranking}")
    json.dumps(result.to_json())


# ----- saved states: sound ones load, broken ones are refused ---------------------------------
@dataclass
class SavedStateReport:
    """What `check_saved_states` did: mutations tried, refused with ValueError, loaded and
    played on; `failures` describes each that did anything else (only filled when collecting)."""

    tried: int = 0
    refused: int = 0
    played: int = 0
    failures: list[str] = field(default_factory=list)


class _Hang(Exception):
    pass


@contextmanager
def _time_limit(seconds: float):
    """Raises _Hang after `seconds` of wall time (where the platform has SIGALRM and this is
    the main thread; elsewhere there is no limit)."""
    if not hasattr(signal, "SIGALRM") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def ring(signum, frame):
        raise _Hang(f"no answer after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def saved_states(game, configs, per_config: int = 8, seed: int = 0) -> list[dict]:
    """Real `to_json()` output to damage: for each (players, options), a random game's final
    state and up to `per_config` states drawn evenly at random along the way."""
    found = []
    for k, (players, options) in enumerate(configs):
        state = game.new(players, seed + k, **options)
        chooser = Rng(seed + k + 104729)
        picked: list = []  # reservoir sample of the states along the game
        moves = 0
        while not state.is_over() and moves < 5000:
            if len(picked) < per_config:
                picked.append(state.to_json())
            elif (j := chooser.below(moves + 1)) < per_config:
                picked[j] = state.to_json()
            seat = state.seats_to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[chooser.below(len(legal))])
            moves += 1
        found += [*picked, state.to_json()]
    return [json.loads(json.dumps(data)) for data in found]


def check_saved_states(
    game,
    configs,
    mutations: int = 300,
    seed: int = 0,
    moves: int = 100,
    deep_every: int = 10,
    time_limit: float = 30.0,
    collect: bool = False,
) -> SavedStateReport:
    """Damages real saved states (see mutations.py) and loads each: it must be refused with
    ValueError, or load and play on for `moves` random moves (the views of a spectator and of
    the seat to move each move; every seat's view and events, clone, JSON round trip and
    determinize every `deep_every` moves) with no other exception and no hang. Raises
    ConformanceError at the first that does not, or with `collect=True` lists them all in the
    report."""
    bases = saved_states(game, configs, seed=seed)
    report = SavedStateReport()
    rng = Rng(seed + 31337)
    for i in range(mutations):
        base = bases[rng.below(len(bases))]
        data, what = mutate(base, rng)
        where = f"{game.name} mutation {i} ({what})"
        report.tried += 1
        try:
            with _time_limit(time_limit):
                try:
                    state = game.from_json(data)
                except ValueError:
                    report.refused += 1
                    continue
                report.played += 1
                _play_on(game, state, moves, deep_every, Rng(seed + i), where)
        except ConformanceError as exc:
            failure = str(exc)
        except Exception as exc:  # any other error is the finding
            failure = f"{where}: {type(exc).__name__}: {exc}"
        else:
            continue
        if not collect:
            raise ConformanceError(failure)
        report.failures.append(failure)
    return report


def _play_on(game, state, moves, deep_every, chooser, where):
    for step in range(moves + 1):
        at = f"{where}, {step} moves after loading"
        to_act = state.seats_to_act()
        if state.is_over() != (not to_act):
            _fail(at, f"is_over()={state.is_over()} but seats_to_act()={to_act}")
        if len(set(to_act)) != len(to_act) or any(
            isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < state.players
            for s in to_act
        ):
            _fail(at, f"seats_to_act() is malformed: {to_act}")
        for seat in (None, *to_act[:1]):
            json.dumps(state.view(seat))
        if step % deep_every == 0 or state.is_over() or step == moves:
            for seat in [None, *range(state.players)]:
                json.dumps(state.view(seat))
                state.events(seat)
            state.clone()
            back = _reload(game, state, at, "the state played on")
            if _snapshot(back) != _snapshot(state):
                _fail(at, "from_json(to_json()) is not equal to the state")
            for seat in range(state.players):
                sample = state.determinize(seat, step + seat)
                json.dumps(sample.view(seat))
                if seat == step // deep_every % state.players:  # one sample saved and loaded
                    _reload(game, sample, at, f"determinize({seat})")
        if state.is_over():
            json.dumps(state.result().to_json())
            return
        if step == moves:
            return
        seat = to_act[chooser.below(len(to_act))]
        legal = state.legal_actions(seat)
        if not legal:
            _fail(at, f"seat {seat} is to act but has no legal action")
        action = legal[chooser.below(len(legal))]
        str(action)
        state.apply(seat, action)


def _reload(game, state, where, what):
    """The state through its JSON; a refusal here means the rules made a state the checks of
    saved states refuse (or those checks are too strict)."""
    try:
        return game.from_json(json.loads(json.dumps(state.to_json())))
    except ValueError as exc:
        _fail(where, f"{what} does not load: {exc}")
