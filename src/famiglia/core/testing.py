"""The conformance kit: every game must pass `check_game` for every player count and option set.

It plays random games and checks, along the way, each promise of the core contract
(DESIGN.md, "Conformance kit"). Game-specific invariants plug in as callables that take a
state and raise AssertionError when something is off (cards or money not conserved, ...).
"""

from __future__ import annotations

import json

from .actions import Action
from .errors import IllegalAction
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
        state.apply(seat, action)
        record["moves"].append([seat, action.to_json()])
        moves += 1
    _check_result(state, players, where)
    record["result"] = state.result().to_json()
    replayed = replay(json.loads(json.dumps(record)), where)
    if _snapshot(replayed) != _snapshot(state):
        _fail(where, "replaying the record does not reach the same final state")
    return record


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
    _check_determinize(state, to_act, where, before)


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


def _check_determinize(state, to_act, where, before):
    for seat in range(state.players):
        sample = state.determinize(seat, 12345 + seat)
        if _snapshot(state) != before:
            _fail(where, "determinize changed the original state")
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
    # No winner among the seats only when an opponent without a seat (a solo game's automa)
    # took first place: then no seat is placed 1.
    best = [s for s in range(players) if result.ranking[s] == 1]
    if sorted(result.winners) != best:
        _fail(where, f"winners {result.winners} are not the seats ranked 1: {result.ranking}")
    json.dumps(result.to_json())
