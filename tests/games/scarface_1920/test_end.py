"""Reorganization, Extra! Extra!, the election, the winner, hidden information, choices."""

import pytest

from famiglia import IllegalAction
from famiglia.core import Action, ScriptedRng
from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.rules import board as B
from famiglia.games.scarface_1920.rules.endgame import candidate_bonus, ranked_bonus, start_election
from famiglia.games.scarface_1920.rules.vocabulary import run

from .helpers import (
    CARD,
    DIS,
    GAME,
    HOOD,
    clear_board,
    do,
    fresh,
    settle,
    started,
    texts,
    to_actions,
)

CAND = {c["name"]: i for i, c in enumerate(D.CANDIDATES)}


def reorg_ready(st, seat=0):
    st.turn_seat, st.phase = seat, "reorg"
    st.discard[seat] += st.hand[seat] + st.deck[seat]
    st.hand[seat], st.deck[seat] = [], []
    return fresh(st)


def reorg_texts(st):
    """The Reorganization's own steps: bribes and Ness moved with Votes are offered between
    them too (SF-14.9)."""
    return [t for t in texts(st) if not t.startswith(("bribe:", "spend votes:"))]


def test_reorganization_steps():
    """SF-11.1 SF-11.5: the chosen sale, Business profit, retrieve Authorities/Deals/Jobs,
    Lawyers free prisoners, heal by healing value (destination chosen thug by thug), Recruiters
    recruit, reshuffle and draw."""
    st = reorg_ready(clear_board(started(2)))
    st.ness = DIS["Central"]
    rp = HOOD["Rogers Park"]  # buys alcohol, price 6, home district: no distance bonus
    st.control[rp] = 0
    st.business = [""] * 18
    st.business[rp] = "speakeasy"  # one on the board: profit 2
    st.alcohol[0], st.guns[0], st.money[0] = 2, 0, 0
    st.hq[0], st.slums[0], st.authorities[0], st.job_thugs[0] = 1, 4, 1, 1
    st.deal_thugs[0], st.prison[0], st.hospital[0] = [1, 0], 2, 2
    fresh(st)
    assert reorg_texts(st) == ["reorganization: sell alcohol", "reorganize"]
    do(st, "reorganization: sell alcohol")
    assert reorg_texts(st) == ["reorganization: sell in Rogers Park", "reorganize"]
    do(st, "reorganization: sell in Rogers Park")
    assert reorg_texts(st) == [
        "reorganization: confirm the sale of alcohol in Rogers Park",
        "reorganize",
    ]
    do(st, "reorganization: confirm the sale of alcohol in Rogers Park")
    assert st.money[0] == 6 and st.alcohol[0] == 1
    assert reorg_texts(st) == ["reorganize"]  # one sale per neighborhood
    do(st, "reorganize")
    assert reorg_texts(st) == ["heal a thug to headquarters", "heal a thug to your home district"]
    do(st, "heal a thug to headquarters")  # healing value 1 with no upgrades
    settle(st)
    assert st.money[0] == 6 + 2 and st.alcohol[0] == 1
    assert (st.authorities[0], st.job_thugs[0], st.deal_thugs[0]) == (0, 0, [0, 0])
    assert st.prison[0] == 1 and st.hospital[0] == 1 and st.slums[0] == 3
    assert st.hq[0] == 1 + 3 + 1 + 1 + 1
    assert len(st.hand[0]) == 3 and not st.discard[0] and st.time == 1


def test_reorganization_sales_are_choices():
    """SF-11.5 SF-14.6 SF-6.4: the player picks the good and the neighborhood, may stop at any
    step; the Distance to Home District and Jazz Club bonuses count; Ness blocks a sale."""
    st = reorg_ready(clear_board(started(2)))  # home: Far North
    st.ness = DIS["Far South"]
    rp, lp = HOOD["Rogers Park"], HOOD["Lincoln Park"]  # Far North alcohol / North Side both
    st.control[rp] = st.control[lp] = 0
    st.business = [""] * 18
    st.business[lp] = "jazz"
    st.alcohol[0], st.guns[0], st.money[0] = 3, 3, 0
    fresh(st)
    assert reorg_texts(st) == [
        "reorganization: sell alcohol",
        "reorganization: sell guns",
        "reorganize",
    ]
    do(st, "reorganization: sell alcohol")
    assert reorg_texts(st) == [
        "reorganization: sell in Rogers Park",
        "reorganization: sell in Lincoln Park",
        "reorganize",
    ]
    with pytest.raises(IllegalAction) as err:
        st.apply(0, GAME.action_from_json({"kind": "reorg_good", "args": ["guns"]}))
    assert err.value.clause == "SF-11.5" and st.reorg_good == "alcohol"
    do(st, "reorganization: sell in Lincoln Park")
    do(st, "reorganization: confirm the sale of alcohol in Lincoln Park")
    assert st.money[0] == 7 + 5 + 10  # price, Jazz Club, one district from home
    assert st.alcohol[0] == 2 and st.reorg_sold == [lp]
    # Lincoln Park is done, so no guns sale is left; Rogers Park still buys alcohol
    assert reorg_texts(st) == ["reorganization: sell alcohol", "reorganize"]
    st.ness = DIS["Far North"]  # Ness in Rogers Park's district: no sale there
    fresh(st)
    assert reorg_texts(st) == ["reorganize"]
    # stopping at the confirm step sells nothing and goes on with the Reorganization
    st2 = reorg_ready(clear_board(started(2)))
    st2.ness = DIS["Far South"]
    st2.control[rp] = 0
    st2.alcohol[0], st2.guns[0], st2.business = 1, 1, [""] * 18
    fresh(st2)
    do(st2, "reorganization: sell alcohol")
    do(st2, "reorganization: sell in Rogers Park")
    money = st2.money[0]
    do(st2, "reorganize")
    settle(st2)
    assert st2.reorg_sold == [] and st2.alcohol[0] == 1 and st2.money[0] == money


def test_time_track_to_extra():
    """SF-11.2: each Reorganization moves Time one box; the 4th brings Extra! Extra!."""
    st = reorg_ready(started(2))
    st.time = 3
    news = len(st.news_seen)
    do(st, "reorganize")
    settle(st)
    assert st.time == 0 and len(st.news_seen) == news + 1 and st.ness_level == 2


def test_extra_extra():
    """SF-11.3: Raid, Ness +1, G-Men -1, new market, next Most Wanted tier, a News for all."""
    st = started(3)
    market, tier2 = list(st.market), list(st.mw_piles[0])
    st.money = [10, 10, 10]
    st.todo = [["extra", -1]]
    run(st)
    settle(st)
    assert st.raid_discard and st.ness_level == 2 and st.gmen_level == 10
    assert not set(market) & set(st.market) and len(st.market) == 5
    assert st.mw_active == tier2 and len(st.news_seen) == 1


def test_prohibition_ends_game():
    """SF-11.4: after 3 News, "Prohibition Ends at Last!" comes and the election starts."""
    st = started(2)
    st.news_seen = st.news_deck[-3:]
    st.todo = [["extra_rest", -1]]
    run(st)
    assert st.news_seen[-1] == D.ENDING_NEWS and st.phase == "election"
    assert st.seats_to_act() == (0, 1)


def test_election_secret_then_revealed():
    """SF-12.1 SF-13.1: secret choices, revealed together; all of a player's Votes go to his
    choice; a player without Votes still chooses; a tie is a coin flip."""
    st = started(3)
    st.votes = [3, 2, 0]
    start_election(st)
    fresh(st)
    rep, dem = (D.CANDIDATES[c]["party"] for c in st.candidates)
    do(st, f"vote for the {rep} candidate", seat=0)
    assert st.view(1)["gangs"][0].get("my_vote") is None and st.view(1)["voted"] == [
        True,
        False,
        False,
    ]
    assert not any(rep in e for e in st.events(1))
    do(st, f"vote for the {dem} candidate", seat=1)
    do(st, f"vote for the {dem} candidate", seat=2)
    assert st.is_over() and st.elected == st.candidates[0]  # 3 against 2
    st = started(2)
    st.votes = [2, 2]
    start_election(st)
    st.rng = ScriptedRng([1])
    fresh(st)
    do(st, f"vote for the {rep} candidate", seat=0)
    do(st, f"vote for the {dem} candidate", seat=1)
    assert st.elected == st.candidates[1]


def test_final_money():
    """SF-12.2: money behind the screen plus the elected Candidate's bonuses (no star or
    business bonus besides)."""
    st = started(2)
    st.control = [-1] * 18
    st.business = [""] * 18
    st.control[0] = st.control[1] = 0
    st.business[0] = "casino"
    st.money = [5, 7]
    st.elected = CAND["William Dever"]  # 10 per business marker
    st.phase = "over"
    assert st.result().scores == (15, 7)


def test_variable_bonus_example():
    """SF-12.3 (the rulebook's example): 60/30/10/0 by control markers with 4, 3, 3, 1:
    A 60, B and C 30 each, D nothing."""
    assert ranked_bonus([4, 3, 3, 1], [60, 30, 10, 0]) == [60, 30, 30, 0]
    st = clear_board(started(4))
    for seat, count in enumerate((4, 3, 3, 1)):
        for n in range(count):
            st.control[seat * 4 + n] = seat
    assert candidate_bonus(st, CAND["Big Bill Thompson"]) == [60, 30, 30, 0]
    st3 = clear_board(started(3))
    st3.control[0] = 0
    assert candidate_bonus(st3, CAND["Big Bill Thompson"]) == [60, 30, 30]  # leftmost 3 only


def test_winner_and_ties():
    """SF-12.4: most final money; ties by money behind the screen; else shared."""
    st = started(3)
    st.control = [-1] * 18
    st.business = [""] * 18
    st.control[0] = 0
    st.business[0] = "casino"
    st.money = [20, 30, 30]
    st.elected = CAND["William Dever"]
    st.phase = "over"
    r = st.result()
    assert r.scores == (30, 30, 30) and r.winners == (1, 2)


def test_hidden_information():
    """SF-13.1: rivals' money, Votes, bullets, hand, Jobs and Street Gangs are absent from a
    view; determinize keeps the view."""
    st = started(3)
    v = st.view(1)
    assert "money" in v["gangs"][1] and "hand" in v["gangs"][1]
    for s in (0, 2):
        for key in ("money", "votes", "bullets", "hand", "jobs", "street_gangs", "deck"):
            assert key not in v["gangs"][s]
    assert "money" not in st.view(None)["gangs"][0]
    sample = st.determinize(1, 7)
    assert sample.view(1) == st.view(1)


def test_refusals():
    """SF-13.2: illegal moves are refused with a reason and the clause."""
    st = to_actions(started(2))
    st.order_used = 1
    fresh(st)
    with pytest.raises(IllegalAction) as err:
        st.apply(0, GAME.action_from_json({"kind": "order", "args": ["recruit", "thug"]}))
    assert err.value.clause == "SF-5.4"
    with pytest.raises(IllegalAction) as err:
        st.apply(0, GAME.action_from_json({"kind": "lay", "args": [0]}))
    assert err.value.clause == "SF-5.2"
    with pytest.raises(IllegalAction):
        st.apply(1, Action("end_actions", (), "end actions and draw"))


def test_choices():
    """SF-14.1 SF-14.2 SF-14.3 SF-14.4: 3 News then Prohibition, 4 Time boxes, 5 markers of each
    type; no Ring holder before the first hire; the two starting Deals; one Associate deck."""
    st = started(2)
    assert D.C["news_in_game"] == 3 and D.C["time_boxes"] == 4
    assert D.RAW["business"]["markers"] == {"speakeasy": 5, "brothel": 5, "casino": 5}
    assert st.ring == -1
    assert [D.DEALERS[d]["name"] for d in st.deals[0]] == ["Distillery Owner", "Gun Runner"]
    assert all(D.CARDS[c]["role"] == "associate" for c in st.assoc_deck + st.market)


def test_choice_thug_before_boss():
    """SF-14.5: a hit takes a regular thug before the Angry Boss; hit_own the most crowded."""
    st = clear_board(started(2))
    st.ness = DIS["Far South"]
    st.dist[0][DIS["Central"]] = 1
    st.boss_loc[0] = f"d{DIS['Central']}"
    B.hit(st, 0, DIS["Central"])
    assert st.boss_loc[0] == f"d{DIS['Central']}" and st.dist[0][DIS["Central"]] == 0
    st.dist[0][DIS["West Side"]] = 2
    assert B.most_crowded(st, 0) == DIS["West Side"]


def test_choice_opportunity_triggers_and_shields():
    """SF-14.8: OPPORTUNITY triggers are hits by a rival and Raids; DURATION shields."""
    triggers = {c["trigger"] for c in D.CARDS if c["keyword"] == "opportunity"}
    assert triggers == {"hit", "raid"}
    assert {s["opportunity"] for s in D.STREET_GANGS} == {"", "hit", "raid"}
    st = clear_board(started(2))
    st.shields[1] = ["hit"]
    st.dist[1][DIS["Central"]] = 1
    assert not B.hittable(st, 1, DIS["Central"])


def test_choice_repeatable_bribes():
    """SF-14.9: bribery may be repeated in a turn while money lasts; one seize per order."""
    st = to_actions(started(2))
    st.money[0] = 10
    st.gmen = 3  # Extra V: pay 3 money where the car arrives (nobody there)
    fresh(st)
    do(st, "bribe: police car from Central to Southwest")
    do(st, "bribe: police car from Southwest to Far South")
    assert st.money[0] == 0


def test_choice_determinize_keeps_rival_money():
    """SF-14.10: a sample keeps rivals' money, Votes and bullets while they were counted."""
    st = started(2)
    st.money[0], st.votes[0] = 33, 4
    st.bounds[0][:4] = [33, 33, 4, 4]  # as counted from the public record
    sample = st.determinize(1, 3)
    assert sample.money[0] == 33 and sample.votes[0] == 4
    assert CARD["Al Capone"] in sample.hand[0] + sample.deck[0]


def test_more_refusals():
    """SF-13.2 SF-3.4 SF-6.6: a bribe without 5 money and a hire beyond one's influence are
    refused with their clause."""
    st = to_actions(started(2), 0, ["Outfit Fixer"])
    st.money[0] = 4
    fresh(st)
    with pytest.raises(IllegalAction) as err:
        st.apply(0, GAME.action_from_json({"kind": "bribe", "args": [3, 2]}))
    assert err.value.clause == "SF-3.4"
    do(st, "order: Underworld, hire associates")
    expensive = next(c for c in st.market if D.CARDS[c]["stars"] > 1)
    with pytest.raises(IllegalAction) as err:
        st.apply(0, GAME.action_from_json({"kind": "hire", "args": [expensive]}))
    assert err.value.clause == "SF-6.6"


def test_determinize_redraws_hidden_piles():
    """SF-13.1: a sample redraws rivals' hands and the face-down piles, not the seat's own hand."""
    st = started(3)
    sample = st.determinize(0, 99)
    assert sample.hand[0] == st.hand[0] and sample.view(0) == st.view(0)
    assert sorted(sample.hand[1] + sample.deck[1]) == sorted(st.hand[1] + st.deck[1])
    assert all(D.MOST_WANTED[m]["tier"] == 2 for m in sample.mw_piles[0])
    assert sorted(sample.sg_deck + sample.street_gangs[1] + sample.street_gangs[2]) == sorted(
        st.sg_deck + st.street_gangs[1] + st.street_gangs[2]
    )


def test_bots_play_through_the_arena():
    """SF-1.1: the arena's random bots play a whole game and its record replays."""
    from famiglia.arena.simulate import play_game
    from famiglia.core.record import replay

    state, record = play_game(GAME, 2, 5, ["random", "random"], {"max_turns": 60})
    assert state.is_over() and replay(record).result() == state.result()
