"""ismcts: plans on samples only, keeps secrets secret, follows its budget, is reproducible."""

from __future__ import annotations

import json
import time

import pytest

import famiglia
from famiglia.agents import Info, ISMCTSAgent, heuristics, info_for, make_agent
from famiglia.agents.ismcts import DEPTH as ISMCTS_DEPTH
from famiglia.agents.ismcts import C as ISMCTS_C
from famiglia.agents.ismcts import Node
from famiglia.arena.simulate import play_game, simulate
from tests.core.toy import GAME as TOY

from .games import DIE_GUESS, SHOWDOWN


class SamplesOnly:
    """Stands in for the true state inside Info: anything but determinize is an error."""

    def __init__(self, state):
        self._real = state
        self.samples = 0

    def determinize(self, seat, seed):
        self.samples += 1
        return self._real.determinize(seat, seed)

    def __getattr__(self, name):
        raise AssertionError(f"the bot touched the true state ({name})")


def test_ismcts_only_ever_plans_on_determinized_samples():
    state = TOY.new(3, seed=4)
    before = json.dumps(state.to_json(), sort_keys=True)
    guard = SamplesOnly(state)
    info = Info(0, state.view(0), state.legal_actions(0), guard)
    action = ISMCTSAgent(seed=1, iterations=50, early=0).act(info)
    assert action in state.legal_actions(0)
    assert guard.samples == 50  # one fresh determinization per iteration
    assert json.dumps(state.to_json(), sort_keys=True) == before


@pytest.mark.slow
def test_stopping_early_saves_iterations_but_never_changes_the_choice():
    game = famiglia.load("the-mob")
    saved = 0
    for seed in range(6):
        state = game.new(4, seed)
        for _ in range(seed * 7):  # a few positions into the game
            seat = state.seats_to_act()[0]
            state.apply(seat, state.legal_actions(seat)[-1])
        seat = state.seats_to_act()[0]
        full = ISMCTSAgent(seed=seed, iterations=400, early=0)
        quick = ISMCTSAgent(seed=seed, iterations=400)
        assert quick.act(info_for(state, seat)) == full.act(info_for(state, seat))
        assert quick.last_iterations <= full.last_iterations == 400
        saved += full.last_iterations - quick.last_iterations
    assert saved > 0


def test_ismcts_is_deterministic_for_a_seed_with_an_iteration_budget():
    specs = ["ismcts:iterations=60", "random", "ismcts:iterations=60,depth=3,rollout=2,win=1"]
    _, first = play_game(TOY, 3, 11, specs)
    _, again = play_game(TOY, 3, 11, specs)
    assert first == again
    state = TOY.new(2, seed=3)
    picks = {ISMCTSAgent(seed=s, iterations=30, prior=0).act(info_for(state, 0)) for s in range(12)}
    assert len(picks) == 2  # and the seed does matter: both moves get chosen by some seed


def test_ismcts_cannot_foresee_the_real_dice():
    """Samples get a fresh generator: a search that kept the real one would always guess right."""
    hits = 0
    for seed in range(60):
        state = DIE_GUESS.new(2, seed=seed)
        state.apply(0, ISMCTSAgent(seed=seed, iterations=60).act(info_for(state, 0)))
        hits += state.guess == state.roll
    assert hits <= 25  # about 10 expected by chance; 60 if the bot knew the roll


def test_secret_simultaneous_choices_stay_out_of_the_other_seats_trees():
    state = SHOWDOWN.new(3, seed=0)
    bot = ISMCTSAgent(seed=0, iterations=300)
    bot.act(info_for(state, 0))
    mine, second, _ = bot.last_roots
    # seat 0 picks first: its own tree branches on its pick ...
    assert sorted(mine.children) == [(0, ("pick", (n,), f"pick {n}")) for n in (1, 2, 3)]
    # ... the next seat to pick sees only that seat 0 has picked something
    assert list(second.children) == [(0, None)]
    below = second.children[(0, None)]
    assert set(below.stats) == set(state.legal_actions(1))
    below_mine = [node for node in mine.children.values() if node.children]
    assert below_mine  # seat 1's pick is as secret for seat 0
    assert all(list(node.children) == [(1, None)] for node in below_mine)
    # seat 2 chooses last and alone, but its choice is just as secret
    assert all(list(node.children) == [(2, None)] for node in below.children.values())


def test_every_seat_maximises_its_own_result_in_a_simultaneous_game():
    """Showdown with 3 seats: 3 scores only when unique; a bot picking at random loses to one
    that avoids the crowd. The search bot should at least beat two random pickers' share."""
    summary, _ = simulate(SHOWDOWN, 3, 90, 0, ["ismcts:iterations=200", "random", "random"])
    assert summary.wins[0] / summary.games > 1 / 3 + 0.05


def test_ismcts_beats_random_in_the_toy_game():
    wins = 0.0
    for order in (0, 1):
        specs = ["ismcts:iterations=100", "random"][:: 1 if order == 0 else -1]
        summary, _ = simulate(TOY, 2, 40, 100 * order, specs)
        wins += summary.wins[order]
    assert wins / 80 > 0.6


def test_a_time_budget_is_kept():
    state = TOY.new(2, seed=1)
    bot = ISMCTSAgent(seed=0, seconds=0.05)
    started = time.perf_counter()
    bot.act(info_for(state, 0))
    assert time.perf_counter() - started < 0.5
    assert bot.last_iterations > 1


def test_a_forced_move_is_played_at_once():
    state = TOY.new(2, seed=1)
    state.deck.clear()  # no swap possible: adding is the only move
    bot = ISMCTSAgent(seed=0, iterations=1000)
    assert str(bot.act(info_for(state, state.turn))) == "add my card"
    assert bot.last_iterations == 0


def test_exploration_is_the_games_choice_unless_given():
    assert heuristics.search_defaults("the-mob") == {"c": 1.0, "rivals": 0.1, "widen": 1.0}
    assert heuristics.search_defaults("unfinished-business") == {}
    assert heuristics.search_defaults("cash-n-guns") == {"rollout": 3, "win": 1.0}
    state = famiglia.load("the-mob").new(4, seed=2)
    seat = state.seats_to_act()[0]
    chosen = ISMCTSAgent(seed=0, iterations=30)
    chosen.act(info_for(state, seat))
    assert chosen._c == 1.0 and "c=" not in chosen.spec()
    given = make_agent("ismcts:iterations=30,c=0.5")
    given.act(info_for(state, seat))
    assert given._c == 0.5 and make_agent(given.spec()).c == 0.5
    elsewhere = ISMCTSAgent(seed=0, iterations=30)
    ub = famiglia.load("unfinished-business").new(4, seed=2)
    elsewhere.act(info_for(ub, ub.seats_to_act()[0]))
    assert elsewhere._c == ISMCTS_C


def test_rollout_depth_is_the_games_choice_unless_given(monkeypatch):
    state = famiglia.load("the-mob").new(4, seed=2)
    seat = state.seats_to_act()[0]
    plain = ISMCTSAgent(seed=0, iterations=30)
    plain.act(info_for(state, seat))
    assert plain._depth == heuristics.search_defaults("the-mob").get("depth", ISMCTS_DEPTH)
    assert "depth=" not in plain.spec()
    monkeypatch.setitem(heuristics.search_defaults("the-mob"), "depth", 7)
    chosen = ISMCTSAgent(seed=0, iterations=30)
    chosen.act(info_for(state, seat))
    assert chosen._depth == 7
    given = make_agent("ismcts:iterations=30,depth=0")
    given.act(info_for(state, seat))
    assert given._depth == 0 and make_agent(given.spec()).depth == 0


def test_rollout_policy_and_aim_are_the_games_choice_unless_given(monkeypatch):
    state = famiglia.load("cash-n-guns").new(4, seed=2)
    seat = state.seats_to_act()[0]
    monkeypatch.setattr(heuristics, "_modules", dict(heuristics._modules))
    module = heuristics._module("cash-n-guns")
    monkeypatch.setattr(module, "SEARCH", {}, raising=False)
    plain = ISMCTSAgent(seed=0, iterations=30)
    plain.act(info_for(state, seat))
    assert plain._rollout == 1 and "rollout=" not in plain.spec()
    assert plain._win == heuristics.WIN_WEIGHT and "win=" not in plain.spec()
    monkeypatch.setattr(module, "SEARCH", {"rollout": 3, "win": 1.0})
    chosen = ISMCTSAgent(seed=0, iterations=30)
    chosen.act(info_for(state, seat))
    assert chosen._rollout == 3 and "rollout=" not in chosen.spec()
    assert chosen._win == 1.0 and "win=" not in chosen.spec()
    given = make_agent("ismcts:iterations=30,rollout=2,win=0.2")
    given.act(info_for(state, seat))
    assert given._rollout == 2 and make_agent(given.spec()).rollout == 2
    assert given._win == 0.2 and make_agent(given.spec()).win == 0.2


def test_rivals_exploration_is_the_games_choice_unless_given(monkeypatch):
    """`rivals` sets how much the other seats explore in their trees: unset, as much as the
    bot (c); a game's SEARCH may choose it; a player's option overrides both."""
    state = famiglia.load("the-mob").new(4, seed=3)
    seat = state.seats_to_act()[0]
    monkeypatch.setattr(heuristics, "_modules", dict(heuristics._modules))
    module = heuristics._module("the-mob")
    monkeypatch.setattr(module, "SEARCH", {"c": 1.0})
    plain = ISMCTSAgent(seed=0, iterations=30)
    plain.act(info_for(state, seat))
    assert plain._rivals is None and "rivals=" not in plain.spec()
    monkeypatch.setattr(module, "SEARCH", {"c": 1.0, "rivals": 0.1})
    chosen = ISMCTSAgent(seed=0, iterations=30)
    chosen.act(info_for(state, seat))
    assert chosen._rivals == 0.1 and "rivals=" not in chosen.spec()
    given = make_agent("ismcts:iterations=30,rivals=2")
    given.act(info_for(state, seat))
    assert given._rivals == 2.0 and make_agent(given.spec()).rivals == 2.0


def _rivals_top_share(bot, state, seat) -> float:
    """Mean share of visits the next seat gives its first choice, in its tree, after each of
    the bot's moves that hands it the turn (and that it searched at least 20 times)."""
    shares = []
    for action in state.legal_actions(seat):
        after = state.clone()
        after.apply(seat, action)
        if after.is_over() or after.seats_to_act()[0] == seat:
            continue
        other = after.seats_to_act()[0]
        node = bot.last_roots[other].children.get((seat, action))
        visits = [st[0] for st in node.stats.values()] if node else []
        if len(visits) >= 2 and sum(visits) >= 20:
            shares.append(max(visits) / sum(visits))
    return sum(shares) / len(shares) if shares else float("nan")


@pytest.mark.slow
def test_rivals_that_explore_less_keep_to_their_best_moves():
    """With rivals=0 the other seats play in the trees the move they rate best (no exploration
    bonus); with a large rivals they spread their visits: the next seat's first choice gets a
    larger share of its visits in the first case, position after position."""
    game = famiglia.load("the-mob")
    compared = 0
    for seed in range(6):
        state = game.new(4, seed)
        seat = state.seats_to_act()[0]
        greedy = _rivals_top_share(_search(state, seat, seed, 0), state, seat)
        exploring = _rivals_top_share(_search(state, seat, seed, 4), state, seat)
        if greedy == greedy and exploring == exploring:  # (nan: no such move searched)
            compared += 1
            assert greedy > exploring
    assert compared >= 3


def _search(state, seat, seed, rivals):
    bot = ISMCTSAgent(seed=seed, iterations=600, early=0, c=1, rivals=rivals)
    bot.act(info_for(state, seat))
    return bot


def _unused_share(monkeypatch, shun) -> float:
    """Share of the moves applied during one Mob search that lay a card down unused (rollouts
    30 moves deep and no prior, which would apply every move it judges: nearly all are rollout
    moves)."""
    state = famiglia.load("the-mob").new(4, seed=5)
    while "unused" not in {a.kind for a in state.legal_actions(state.seats_to_act()[0])}:
        seat = state.seats_to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    kinds = []
    apply = type(state).apply

    def counting(self, seat, action):
        kinds.append(action.kind)
        return apply(self, seat, action)

    monkeypatch.setattr(type(state), "apply", counting)
    bot = ISMCTSAgent(seed=1, iterations=60, early=0, depth=30, prior=0, shun=shun)
    bot.act(info_for(state, state.seats_to_act()[0]))
    monkeypatch.undo()
    return kinds.count("unused") / len(kinds)


def test_shunned_moves_stay_out_of_the_rollouts(monkeypatch):
    """The Mob names "unused" (a card laid down for nothing) among the moves a rollout should
    pass over: random rollouts make it often, rollouts with shun=1 only where nothing else is
    legal, which is seldom."""
    assert {"unused", "undo"} <= heuristics.shunned("the-mob")
    assert _unused_share(monkeypatch, 0) > 0.2  # (0.38 here; with shun=1, 0.03)
    assert _unused_share(monkeypatch, 1) < 0.06
    assert make_agent(make_agent("ismcts:iterations=5,shun=1").spec()).shun is True


def test_spec_and_options():
    bot = make_agent("ismcts:iterations=20,c=1.2,depth=5", seed=3)
    assert isinstance(bot, ISMCTSAgent)
    assert (bot.iterations, bot.c, bot.depth) == (20, 1.2, 5)
    again = make_agent(bot.spec(), seed=3)
    assert again.spec() == bot.spec()
    assert make_agent("ismcts:seconds=0.5").seconds == 0.5
    on_cpu = make_agent("ismcts:seconds=0.5,clock=cpu,early=0")
    assert (on_cpu.clock, on_cpu.early) == ("cpu", False)
    assert make_agent(on_cpu.spec()).spec() == on_cpu.spec()
    tuned = make_agent("ismcts:iterations=20,rollout=3,win=0.8,rivals=0.1")
    assert (tuned.rollout, tuned.win, tuned.rivals) == (3, 0.8, 0.1)
    assert make_agent(tuned.spec()).spec() == tuned.spec()
    for bad in (
        "ismcts:seconds=1,clock=sundial",
        "ismcts:iterations=0",
        "ismcts:iterations=x",
        "ismcts:seconds=1,iterations=5",
        "ismcts:foo=1",
        "ismcts:c=-1",
        "ismcts:win=1.5",
        "ismcts:win=-0.1",
        "ismcts:rollout=0",
        "ismcts:rivals=-1",
    ):
        with pytest.raises(ValueError):
            make_agent(bad)


def test_a_cpu_clock_budget_counts_processor_time_not_waiting():
    state = TOY.new(2, seed=0)
    bot = make_agent("ismcts:seconds=0.05,clock=cpu,early=0", seed=0)
    before = time.process_time()
    bot.act(info_for(state, state.seats_to_act()[0]))
    assert time.process_time() - before >= 0.05
    assert bot.last_iterations > 1


def test_nodes_are_small():
    assert Node.__slots__ == ("children", "stats", "passes", "rise", "risen")


def test_a_secret_choice_is_judged_by_its_outcome_only_when_asked():
    # Cash 'n Guns starts with every seat loading a bullet card at once: a secret choice
    state = famiglia.load("cash-n-guns").new(4, seed=3)
    seat = state.seats_to_act()[0]
    assert len(state.seats_to_act()) > 1
    legal = state.legal_actions(seat)
    plain = ISMCTSAgent(seed=0, iterations=1, early=0, secret=0)
    plain.act(info_for(state, seat))
    tried = plain.last_roots[seat].stats
    assert len(tried) == 1 and next(iter(tried.values()))[0] == 1  # one move, one real visit
    judged = ISMCTSAgent(seed=0, iterations=1, early=0, secret=1)
    judged.act(info_for(state, seat))
    stats = judged.last_roots[seat].stats
    assert set(stats) == set(legal)  # every move starts with the prior, worth its outcome
    visits = sorted(st[0] for st in stats.values())  # and the one chosen its first real visit
    assert visits == [judged.prior] * (len(legal) - 1) + [judged.prior + 1]
    assert len({st[1] for st in stats.values()}) > 1  # the outcomes differ
    assert make_agent(judged.spec()).spec() == judged.spec() and "secret=1" in judged.spec()


def _own_move_then_own_decision(game, players: int, seed: int):
    """A position where the seat to act, alone, will be alone to act again after some move."""
    state = game.new(players, seed)
    while not state.is_over():
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        if state.seats_to_act() == (seat,) and len(legal) > 1:
            for action in legal:
                after = state.clone()
                after.apply(seat, action)
                if after.seats_to_act() == (seat,) and len(after.legal_actions(seat)) > 1:
                    return state, seat
        state.apply(seat, legal[-1])
    raise AssertionError("no such position")


def test_a_kept_tree_carries_on_after_the_bots_own_move():
    # The Mob: a card play is several steps by one family, nothing between them
    state, seat = _own_move_then_own_decision(famiglia.load("the-mob"), 4, seed=5)
    # (no prior: every visit counted is a real one)
    bot = ISMCTSAgent(seed=2, iterations=300, early=0, reuse=1, prior=0)
    while True:
        action = bot.act(info_for(state, seat))
        root = bot.last_roots[seat]
        chosen_visits = root.stats[action][0]
        state.apply(seat, action)
        if state.seats_to_act() != (seat,) or len(state.legal_actions(seat)) == 1:
            continue  # (forced moves pass; look for the next real decision)
        subtree = root.children[(seat, action)]
        before = sum(st[0] for st in subtree.stats.values())
        bot.act(info_for(state, seat))
        break
    assert bot.last_reused == before > 0  # the kept subtree's visits, where the search starts
    assert before <= chosen_visits  # each of them first went through the move chosen
    total = sum(st[0] for st in bot.last_roots[seat].stats.values())
    assert total == before + 300
    fresh = ISMCTSAgent(seed=2, iterations=300, early=0, prior=0)  # the default keeps nothing
    fresh.act(info_for(state, seat))
    assert fresh.last_reused == 0
    assert sum(st[0] for st in fresh.last_roots[seat].stats.values()) == 300


def test_no_tree_is_kept_across_another_seats_move_or_an_unforeseen_view():
    game = famiglia.load("the-mob")
    state, seat = _own_move_then_own_decision(game, 4, seed=5)
    bot = ISMCTSAgent(seed=2, iterations=200, early=0, reuse=1)
    bot.act(info_for(state, seat))
    other = game.new(4, seed=6)  # a decision whose view is not the one foreseen
    other_seat = other.seats_to_act()[0]
    bot.act(info_for(other, other_seat))
    assert bot.last_reused == 0
    # a seat that moves and then waits for another keeps nothing
    state = game.new(4, seed=1)
    bot = ISMCTSAgent(seed=2, iterations=50, early=0, reuse=1)
    while not state.is_over():
        seat = state.seats_to_act()[0]
        mine = seat == 0
        action = bot.act(info_for(state, 0)) if mine else state.legal_actions(seat)[0]
        before = state.seats_to_act()
        state.apply(seat, action)
        if mine and bot._kept is not None:  # kept only when it is alone to act again
            assert before == (0,) and state.seats_to_act() == (0,)
        if mine and state.seats_to_act() != (0,):
            assert bot._kept is None
        if state.cards_played > 8:
            break


@pytest.mark.slow
def test_tree_reuse_is_reproducible_and_named_in_the_spec():
    game = famiglia.load("the-mob")
    specs = ["ismcts:iterations=40,reuse=1", "greedy", "ismcts:iterations=40,reuse=1", "random"]
    options = {"max_years": 1}
    _, first = play_game(game, 4, 7, specs, options)
    _, again = play_game(game, 4, 7, specs, options)
    assert first == again
    bot = make_agent("ismcts:iterations=20,reuse=1")
    assert bot.reuse == 1 and "reuse=1" in bot.spec()
    assert make_agent(bot.spec()).spec() == bot.spec()
    assert "reuse" not in make_agent("ismcts:iterations=20").spec()  # the game's choice
    with pytest.raises(ValueError, match="reuse"):
        make_agent("ismcts:reuse=-1")
