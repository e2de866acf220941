"""Raids and the G-Men, Votes and Eliot Ness, bullet tokens and the five Extortions."""

import pytest

from famiglia import IllegalAction
from famiglia.games.scarface_1920 import data as D

from .helpers import DIS, HOOD, clear_board, do, fresh, ops, settle, started, texts, to_actions


def raid_ready(st, gmen, raid):
    st.gmen = gmen
    st.raid_deck.remove(raid)
    st.raid_deck.append(raid)  # on top
    return st


def test_gmen_example_level_13():
    """SF-8.2 (the rulebook's example): G-Men at 10, you at 9 gain +4 Crime: the marker stops at
    11, a Raid follows and you take the G-Men effect 3 times (as if at 13)."""
    st = raid_ready(started(2), gmen=2, raid=0)  # G-Men effect: lose 1 Vote
    st.gmen_level = 10
    st.crime = [9, 3]
    st.votes = [5, 5]
    ops(st, [["crime", 0, 4]])
    assert st.crime[0] <= 11
    settle(st)  # opportunity prompts after the Raid
    assert st.votes == [2, 5]
    assert st.ness == st.home[0]  # SF-3.3: Ness goes to the raider's home first
    assert st.crime[0] == 11 - D.RAIDS[0]["reduce"][3] and st.crime_over == [0, 0]


def test_sf_8_2_gmen_once_per_level_above_the_token():
    """SF-8.2: at a Raid each player takes the G-Men effect once per level his Crime Rate
    stands above the G-Men token: 2 levels above, twice; level with the token, never."""
    st = raid_ready(started(2), gmen=2, raid=0)  # G-Men effect: lose 1 Vote
    st.gmen_level = 8
    st.crime = [10, 8]
    st.votes = [5, 5]
    ops(st, [["raid", -1]])
    settle(st)
    assert st.votes == [3, 5]


def test_sf_8_2_gone_above_and_back_down_suffers_nothing():
    """SF-8.2: only where the marker stands at the Raid counts: a player who rose well above the
    G-Men token earlier in the round and came back down below it takes no G-Men effect."""
    st = raid_ready(started(2), gmen=2, raid=0)  # G-Men effect: lose 1 Vote
    st.gmen_level = 8
    st.crime = [3, 5]
    st.votes = [5, 5]
    ops(st, [["crime", 1, 5]])  # seat 1 up to 10, two levels above the token...
    ops(st, [["crime", 1, -5]])  # ...and back down to 5
    assert st.crime == [3, 5] and st.votes == [5, 5]
    ops(st, [["raid", -1]])
    settle(st)
    assert st.votes == [5, 5]


def test_sf_8_2_only_the_rise_that_triggers_the_raid_counts_past_eleven():
    """SF-8.2: the levels past 11 count for the Raid that rise triggers, and are forgotten with
    it: at the next Raid the marker's own level is what counts."""
    st = raid_ready(started(2), gmen=2, raid=0)  # G-Men effect: lose 1 Vote
    st.gmen_level = 10
    st.crime = [9, 3]
    st.votes = [9, 9]
    ops(st, [["crime", 0, 4]])  # 13 in all: three times
    settle(st)
    assert st.votes == [6, 9] and st.crime_over == [0, 0]
    st.crime = [10, 3]  # the next Raid finds seat 0 level with the token
    st.raid_discard.remove(0)
    st.raid_deck.append(0)  # the same Raid card on top again
    ops(st, [["raid", -1]])
    settle(st)
    assert st.votes == [6, 9]


def test_raid_steps():
    """SF-8.1: Underworld figures to Prison, overall effect to all, coloured-area effects, Crime
    reduction by area, the card discarded."""
    st = raid_ready(started(2), gmen=0, raid=1)  # overall: pay 2 money
    st.gmen_level = 11
    st.underworld = [2, 1]
    st.prison = [0, 0]
    st.money = [20, 20]
    st.crime = [3, 6]
    ops(st, [["raid", -1]])
    settle(st)
    assert st.prison == [2, 1] and st.underworld == [0, 0]
    # each pays the overall 2, then gets the money of his own area's effect
    area = [sum(op[1] for op in D.RAIDS[1]["areas"][a] if op[0] == "money") for a in (0, 1)]
    assert area[0] != area[1]
    assert st.money == [18 + area[0], 18 + area[1]]
    assert st.crime == [3 - D.RAIDS[1]["reduce"][0], max(1, 6 - D.RAIDS[1]["reduce"][1])]
    assert st.raid_discard[-1] == 1


def test_raid_at_eleven_then_turn_goes_on():
    """SF-8.1: a Plan that takes the marker to 11 raids at once; then the turn continues."""
    st = started(2)
    st.crime[0] = 9
    st.hand[0] = list(D.GANG_START[0][:4])
    fresh(st)
    for cid in list(st.hand[0]):
        do(st, f"lay out {D.CARDS[cid]['name']}")
    do(st, "carry out actions")
    settle(st)
    assert st.raid_discard and st.crime[0] < 11 and st.phase == "actions"


def test_votes_from_authorities_and_cards():
    """SF-8.3 SF-8.4: a figure sent to the Authorities brings a Vote; cards give Votes too."""
    st = to_actions(started(2), 0, ["Outfit Fixer"])
    st.crime[0] = 3
    fresh(st)
    do(st, "order: Authorities, reduce your crime rate")
    assert st.votes[0] == 1
    ops(st, [["votes", 0, 2]])
    assert st.votes[0] == 3


def test_move_ness_with_votes():
    """SF-8.5: moving Ness costs 1/2/3/4 Votes by Crime area."""
    for crime, cost in ((4, 1), (5, 2), (8, 3), (9, 4)):
        st = to_actions(started(2))
        st.crime[0], st.votes[0], st.ness = crime, cost, DIS["Central"]
        fresh(st)
        do(st, "spend votes: Angry Eliot Ness to Far South")
        assert st.ness == DIS["Far South"] and st.votes[0] == 0
        st.votes[0] = cost - 1
        fresh(st)
        assert not any(t.startswith("spend votes") for t in texts(st))


def test_sf_8_5_ness_and_bribes_in_the_reorganization_turn():
    """SF-8.5 SF-3.4 SF-14.9: the Reorganization turn is the player's turn too: before his
    sales (and between them) he may move Angry Eliot Ness with Votes, out of the district where
    he blocks the sale, and bribe the police; not in the middle of a sale. The Plan phase
    offers neither (our choice, SF-14.9): they come with the Action turn's actions."""
    st = started(2)
    far_north = D.HOODS[HOOD["Rogers Park"]]["district"]
    st.turn_seat, st.phase, st.ness = 0, "reorg", far_north
    st.alcohol[0], st.guns[0], st.votes[0], st.money[0] = 1, 0, 1, 5
    fresh(st)
    offered = texts(st)
    assert not any(t.startswith("reorganization: sell") for t in offered)  # Ness blocks it
    assert any(t.startswith("bribe: police car") for t in offered)
    do(st, "spend votes: Angry Eliot Ness to Central")
    assert st.ness == DIS["Central"] and st.votes[0] == 0
    do(st, "reorganization: sell alcohol")
    assert not any(t.startswith("bribe") for t in texts(st))
    with pytest.raises(IllegalAction) as err:
        do(st, f"bribe: police car from {D.DISTRICTS[st.police[0]]} to "
               f"{D.DISTRICTS[D.ADJ[st.police[0]][0]]}")  # fmt: skip
    assert err.value.clause == "SF-11.5"
    st = started(2)
    st.votes[0], st.money[0] = 4, 20
    fresh(st)
    assert st.phase == "plan"
    assert not any(t.startswith(("bribe", "spend votes")) for t in texts(st))


def test_sf_9_7_bullet_tokens_come_from_a_limited_supply():
    """SF-9.7: 42 bullet tokens (data.toml); taking bullets takes what the General Supply has
    left, spent ones go back to it, and the supply's count is public while each gang's bullets
    stay behind its screen (SF-13.1)."""
    st = started(2)
    assert st.bullet_supply == D.C["bullet_tokens"] == 42
    st.bullet_supply, st.bullets[1] = 1, 41
    ops(st, [["bullets", 0, 2]])
    assert st.bullets[0] == 1 and st.bullet_supply == 0  # only one was left
    ops(st, [["bullets", 0, 2]])
    assert st.bullets[0] == 1 and st.bullet_supply == 0
    assert st.events(0)[-1] == "the General Supply has no bullets left for you"
    told = len(st.events(0))
    ops(st, [["money", 0, 0]])  # a gain of none is not told
    assert len(st.events(0)) == told
    st = to_actions(st)
    do(st, "extort: get 1 street gang")
    assert st.bullets[0] == 0 and st.bullet_supply == 1  # spent: back to the supply
    for seat in (0, 1, None):
        assert st.view(seat)["supply"] == {"bullets": 1, "votes": D.C["vote_tokens"]}
    assert "bullets" not in st.view(1)["gangs"][0] and st.view(0)["gangs"][0]["bullets"] == 0


def test_sf_8_6_votes_come_from_a_limited_supply():
    """SF-8.6: 28 Vote tokens; a thug sent to the Authorities takes a Vote only while the
    supply has one; Votes spent on Ness go back to it."""
    st = started(2)
    assert st.vote_supply == D.C["vote_tokens"] == 28
    st = to_actions(st, 0, ["Outfit Fixer"])
    st.crime[0] = 3
    st.vote_supply, st.votes[1] = 0, 28
    fresh(st)
    do(st, "order: Authorities, reduce your crime rate")
    assert st.votes[0] == 0 and st.vote_supply == 0  # none left: no Vote
    do(st, "reduce your crime rate by 1")
    do(st, "finish the order")
    st.votes[1], st.votes[0] = 27, 1
    fresh(st)
    do(st, "spend votes: Angry Eliot Ness to Far South")
    assert st.votes[0] == 0 and st.vote_supply == 1
    ops(st, [["votes", 0, 3]])
    assert st.votes[0] == 1 and st.vote_supply == 0


def test_one_extortion_per_turn():
    """SF-9.1 SF-9.2: one Extortion a turn; Get Street Gangs gives one per token."""
    st = to_actions(started(2))
    st.bullets[0] = 3
    st.hand_size[0] = 6
    fresh(st)
    do(st, "extort: get 2 street gangs")
    assert len(st.street_gangs[0]) == 3 and st.bullets[0] == 1
    assert not any(t.startswith("extort") for t in texts(st))


def test_extortion_business_markers():
    """SF-9.3: remove a marker (back to its column) or exchange it for another type; never
    Nightclubs."""
    st = to_actions(started(2))
    st.business = [""] * 18
    st.business[HOOD["Austin"]] = "speakeasy"
    st.business[HOOD["Uptown"]] = "nightclub"
    st.track = [3, 2, 0]
    st.bullets[0] = 2
    fresh(st)
    do(st, "extort: remove or exchange 1 business marker")
    choices = texts(st)
    assert "remove the business marker in Austin" in choices
    assert "exchange the business marker in Austin for a brothel" in choices
    assert not any("Uptown" in t for t in choices)
    assert "exchange the business marker in Austin for a casino" not in choices  # none left
    do(st, "exchange the business marker in Austin for a brothel")
    assert st.business[HOOD["Austin"]] == "brothel" and st.track == [4, 1, 0]


def test_extortion_heal():
    """SF-9.5: heal one figure per token."""
    st = to_actions(started(2))
    st.hospital[0], st.bullets[0] = 3, 2
    fresh(st)
    assert "extort: heal 3 thugs" not in texts(st)
    do(st, "extort: heal 2 thugs")
    do(st, "heal a thug to headquarters")
    do(st, "heal a thug to headquarters")
    assert st.hospital[0] == 1


def test_chicago_outfit_extortion_21_money():
    """SF-9.6 (the rulebook's example): The Chicago Outfit matches or beats every rival in 5
    districts but holds 4 bullet tokens: it extorts 4 districts for 21 money."""
    st = to_actions(clear_board(started(3)))
    assert D.GANGS[st.gang[0]] == "The Chicago Outfit"
    for d in range(6):
        st.dist[0][d] = 1
    st.dist[1][0] = 1  # a tie still counts
    st.dist[2][5] = 2  # a rival with more: not this one
    st.bullets[0] = 4
    money = st.money[0]
    fresh(st)
    offered = [t for t in texts(st) if t.startswith("extort: gain money")]
    assert offered[-1] == "extort: gain money from 4 districts"
    do(st, "extort: gain money from 4 districts")
    assert st.money[0] == money + 21 and st.bullets[0] == 0
    assert D.EXTORT_MONEY == (2, 6, 12, 21, 36, 61, 100)
