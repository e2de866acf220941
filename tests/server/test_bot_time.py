"""A bot's time at the server: a wall-clock deadline from its turn (the queue's wait counted),
trivial choices played at once, tables where a person waits served first."""

from __future__ import annotations

import asyncio
import time

import famiglia
from famiglia.core.actions import Action
from famiglia.server import bots as server_bots
from famiglia.server.bot_queue import FairQueue
from famiglia.server.bots import BotPool, Lane, budget_of, seat_sample, settled_move, think
from tests.core.toy import GAME as TOY
from tests.core.toy import ToyState


def _position(name="blood-feud"):
    state = famiglia.load(name).new(4, 3)
    return state, state.seats_to_act()[0]


def test_a_search_whose_deadline_passed_in_the_queue_still_answers_a_judged_move():
    state, seat = _position()
    past = time.monotonic() - 10  # it waited its whole budget before a worker took it
    spec = "ismcts:iterations=20000,early=0"
    answer = think("blood-feud", seat_sample(state, seat, 1), seat, spec, 1, past)
    assert answer["cut"] is False  # the search ended at its cap, on its own
    action = famiglia.load("blood-feud").action_from_json(answer["action"])
    assert action in state.legal_actions(seat)
    assert answer["started"] <= answer["ended"]


def test_a_bot_that_ignores_its_deadline_is_cut_by_the_worker(monkeypatch):
    class Stubborn:
        def act(self, info):
            while True:
                pass

    monkeypatch.setattr(server_bots, "make_agent", lambda spec, seed: Stubborn())
    state, seat = _position()
    answer = think("blood-feud", seat_sample(state, seat, 1), seat, "greedy", 1, time.monotonic())
    assert answer["cut"] is True
    action = famiglia.load("blood-feud").action_from_json(answer["action"])
    assert action in state.legal_actions(seat)


def test_the_budget_is_the_bots_own_within_the_servers():
    assert budget_of("ismcts:seconds=1", 2.0) == 1.0
    assert budget_of("ismcts:seconds=1.5", 0.5) == 0.5
    assert budget_of("ismcts:iterations=500", 2.0) == 2.0
    assert budget_of("greedy", 1.0) == 1.0


class SameState(ToyState):
    """The toy game where swapping plays as adding: its two moves reach one position."""

    def _apply(self, seat, action):
        super()._apply(seat, Action("add", (), "add my card"))

    def clone(self):
        copy = super().clone()
        copy.__class__ = SameState
        return copy


def test_a_choice_whose_moves_all_reach_one_position_is_played_at_once():
    state = TOY.new(2, seed=1)
    seat = state.seats_to_act()[0]
    legal = state.legal_actions(seat)
    assert len(legal) == 2
    assert settled_move(TOY, state, seat, legal) is None  # adding and swapping differ
    same = state.clone()
    same.__class__ = SameState
    assert settled_move(TOY, same, seat, legal) == legal[0]


def test_the_server_plays_a_trivial_choice_without_a_worker():
    state = TOY.new(2, seed=1)
    seat = state.seats_to_act()[0]
    state.__class__ = SameState
    pool = BotPool(workers=1)
    try:
        data = asyncio.run(pool.decide(TOY, state, seat, "ismcts:seconds=5", seed=1))
        assert TOY.action_from_json(data) in state.legal_actions(seat)
        assert pool.search.executor is None  # no worker started
        assert pool.status()["trivial"] == 1
    finally:
        pool.close()


def test_a_table_where_a_person_waits_goes_first_but_bots_alone_do_not_starve(monkeypatch):
    lane = Lane("search", 1)
    lane.queue.put(("c", "bots"), ("bots-1", None, None))
    lane.queue.put(("c", "bots"), ("bots-2", None, None))
    lane.urgent.put(("c", "person"), ("person-1", None, None))
    assert lane._next()[0][0] == "person-1"  # though it came last
    assert lane._next()[0][0] == "bots-1"
    lane.urgent.put(("c", "person"), ("person-2", None, None))
    monkeypatch.setattr(server_bots, "STARVE", 0.0)  # the bots' table has waited long enough
    time.sleep(0.01)
    assert lane._next()[0][0] == "bots-2"
    assert lane._next()[0][0] == "person-2"
    assert lane.waiting() == 0 and isinstance(lane.urgent, FairQueue)


def test_a_worker_is_kept_for_tables_where_a_person_sits_while_they_play(monkeypatch):
    """A person's bot never waits for a search of bots alone to end: while such a table plays,
    bots alone get all the workers but one (issue 39: at most 0.3 s above the thinking)."""
    lane = Lane("search", 2)
    lane.person_asked = time.monotonic()  # a person's table asked a moment ago
    lane.running = lane.running_alone = 1  # one search of bots alone runs
    lane.queue.put(("c", "bots"), ("bots-1", None, None))
    assert lane._next() is None  # the other worker waits for the person's table
    lane.urgent.put(("c", "person"), ("person-1", None, None))
    assert lane._next() == (("person-1", None, None), True)
    lane.running_alone = 0
    assert lane._next() == (("bots-1", None, None), False)  # bots alone never lose them all
    lane.queue.put(("c", "bots"), ("bots-2", None, None))
    lane.running_alone = 1
    monkeypatch.setattr(server_bots, "RESERVE_SECONDS", 0.0)  # the person's table is quiet
    assert lane._next() == (("bots-2", None, None), False)
    assert Lane("quick", 1)._alone_may_run()  # one worker: nothing to keep


def test_a_worker_keeps_a_reusing_bot_for_its_tables_seat_only(monkeypatch):
    from tests.agents.test_ismcts import _own_move_then_own_decision

    monkeypatch.setattr(server_bots, "_kept", type(server_bots._kept)())
    game = famiglia.load("the-mob")
    state, seat = _own_move_then_own_decision(game, 4, seed=5)
    spec = "ismcts:iterations=100,early=0,reuse=1"
    later = time.monotonic() + 600  # (iteration budgets: the deadline is never met)

    def think(sample, spec, seed, keep):
        return server_bots.think("the-mob", sample, seat, spec, seed, later, 600, keep)

    answer = think(seat_sample(state, seat, 1), spec, 1, ("t1", seat))
    assert answer["reused"] is False
    state.apply(seat, game.action_from_json(answer["action"]))
    while len(state.legal_actions(seat)) == 1:  # (a forced step passes the trees on)
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.seats_to_act() == (seat,)
    sample = seat_sample(state, seat, 2)
    elsewhere = think(sample, spec, 2, ("t2", seat))
    assert elsewhere["reused"] is False  # another table's bot starts afresh
    again = think(sample, spec, 2, ("t1", seat))
    assert again["reused"] is True
    assert game.action_from_json(again["action"]) in state.legal_actions(seat)
    plain = think(sample, "ismcts:iterations=100", 2, ("t1", seat))
    assert plain["reused"] is False and len(server_bots._kept) == 2  # only reusing bots are kept


def test_famiglia_serve_starts_the_bot_workers_with_the_server(tmp_path):
    from .helpers import app_client

    with app_client(tmp_path / "w.db", warm_bots=True) as client:
        bots = client.app.state.hub.bots
        assert bots.search.executor is not None and bots.quick.executor is not None
    with app_client(tmp_path / "c.db") as client:  # (the tests' servers start them on demand)
        assert client.app.state.hub.bots.search.executor is None


def test_the_stages_of_a_table_where_a_person_waits_are_counted_apart_too():
    """bench_bots's second goal (at most 0.3 s above the bots' thinking) is read at the
    person's table alone: its decisions' stages are summed apart from the busy tables'."""
    state, seat = _position("the-mob")
    legal = state.legal_actions(seat)
    pool = BotPool(workers=1)

    async def worker(key, args, urgent=False, times=None):
        now = time.monotonic()
        return {"action": legal[0].to_json(), "seconds": 0.25, "started": now, "ended": now,
                "cut": False, "reused": False}  # fmt: skip

    pool.search.run = pool.quick.run = worker
    try:
        for urgent in (True, False, False):
            asyncio.run(pool.decide(famiglia.load("the-mob"), state, seat, "greedy", 1,
                                    ("c", "t"), urgent))  # fmt: skip
        status = pool.status()
    finally:
        pool.close()
    assert len(legal) > 1 and status["decisions"] == 3
    assert status["person_decisions"] == 1
    assert status["person_stages"]["think"] == 0.25 and status["stages"]["think"] == 0.75
