"""Placing on illegal businesses: MOB-3.1 to MOB-3.6, with the rulebook's examples."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.games.the_mob import data as D

from .helpers import at_play, do, member, new, put, space, texts


def test_placement_must_reach_the_card_value():
    """MOB-3.1: pieces worth at least the card; members count their value, bodyguards 5."""
    s = at_play(new(4), 1, ["Casino"])
    do(
        s,
        1,
        "play Casino",
        "choose Casino 1",
        "add a bodyguard",
        "add a bodyguard",
        "add a bodyguard",
    )
    assert "finish placing" not in texts(s, 1)  # 15 < 20
    do(s, 1, "add a bodyguard")
    assert "finish placing" in texts(s, 1)
    do(s, 1, "finish placing")
    assert s.stake(space("Casino 1")) == 20 and s.space_owner[space("Casino 1")] == 1
    assert s.guards_photo[1] == 4
    assert "seat 1 places 4 bodyguards on Casino 1 (stake $20k)" in s.events(3)


def test_novice_alone_is_not_enough_for_a_bank():
    """MOB-3.1: a Novice (20) and a bodyguard (5) do not make 30."""
    s = at_play(new(4), 1, ["Bank"])
    do(s, 1, "play Bank", "choose Bank 2", "add Novice", "add a bodyguard")
    assert "finish placing" not in texts(s, 1)
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, 1, "finish placing")
    assert refused.value.clause == "MOB-3.5" and "at least $30k" in refused.value.reason


def test_don_stands_alone():
    """MOB-3.2: once the Don is chosen no other member may join; bodyguards may."""
    s = at_play(new(4), 1, ["Jeweller"])
    do(s, 1, "play Jeweller", "choose Jeweller 1", "add Don")
    options = texts(s, 1)
    assert "add a bodyguard" in options and "finish placing" in options
    assert not any(o.startswith("add ") and o != "add a bodyguard" for o in options)
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, 1, "add Novice")
    assert refused.value.clause == "MOB-3.2"
    before = s.to_json()
    assert s.to_json() == before  # the refusal changed nothing


def test_don_cannot_join_other_members():
    """MOB-3.2: with a member already chosen, the Don is not offered."""
    s = at_play(new(4), 1, ["Bank"])
    do(s, 1, "play Bank", "choose Bank 1", "add Novice")
    assert "add Don" not in texts(s, 1)


def test_mama_takes_at_most_one_companion():
    """MOB-3.3: the Mama with one other member, never the Don."""
    s = at_play(new(4), 1, ["Bank"])
    do(s, 1, "play Bank", "choose Bank 1", "add Mama")
    options = texts(s, 1)
    assert "add Don" not in options and "add Novice" in options
    do(s, 1, "add Novice")
    assert [o for o in texts(s, 1) if o.startswith("add ")] == ["add a bodyguard"]
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, 1, "add Lawyer")
    assert refused.value.clause == "MOB-3.3"


def test_adding_to_own_space_keeps_the_limits():
    """MOB-3.4: adding to one's own space needs the card value again, and the members already
    there count for the Don and Mama limits."""
    s = at_play(new(4), 1, ["Casino"])
    put(s, 1, "Casino 1", ["Mama", "Novice"])
    do(s, 1, "play Casino", "choose Casino 1")
    options = texts(s, 1)
    assert [o for o in options if o.startswith("add ")] == ["add a bodyguard"]
    do(s, 1, *["add a bodyguard"] * 4, "finish placing")
    assert s.stake(space("Casino 1")) == 60 + 20 + 20
    assert s.space_owner[space("Casino 1")] == 1


def test_space_holding_the_don_takes_no_more_members():
    """MOB-3.4 with MOB-3.2: the Don's own space accepts only bodyguards."""
    s = at_play(new(4), 1, ["Nightclub"])
    put(s, 1, "Nightclub 2", ["Don"])
    do(s, 1, "play Nightclub", "choose Nightclub 2")
    assert [o for o in texts(s, 1) if o.startswith("add ")] == ["add a bodyguard"]


def test_carlotta_drives_alberto_from_the_casino():
    """MOB-3.5, the rulebook's casino example: Alberto's Secretary and four bodyguards (50)
    fall to Carlotta's Right Hand and one bodyguard (55)."""
    alberto, carlotta = 0, 1
    s = at_play(new(4), carlotta, ["Casino"])
    put(s, alberto, "Casino 1", ["Secretary"], guards=4)
    do(s, carlotta, "play Casino", "choose Casino 1", "add Right Hand")
    assert s.view(None)["in_play"]["needed"] == 55
    assert "finish placing" not in texts(s, carlotta)
    do(s, carlotta, "add a bodyguard", "finish placing")
    assert s.members[alberto][member("Secretary")] == D.HARBOUR
    assert s.guards_removed[alberto] == 4
    assert s.space_owner[space("Casino 1")] == carlotta
    assert s.stake(space("Casino 1")) == 55
    assert s.view(None)["families"][alberto]["harbour"] == ["Secretary"]
    said = "seat 0's pieces on Casino 1 are driven out: Secretary goes to the harbour, 4 bodyguards are removed"
    assert said in s.events(2)  # every seat reads what left for good


def test_occupied_space_needs_the_card_value_too():
    """MOB-3.5: a stake of 5 on a Bank is beaten only by at least the Bank's 30."""
    s = at_play(new(4), 1, ["Bank"])
    put(s, 0, "Bank 1", guards=1)
    do(s, 1, "play Bank", "choose Bank 1")
    assert s.view(None)["in_play"]["needed"] == 30


def test_last_card_exact_bodyguards():
    """MOB-3.6: with enough bodyguards the last card is exactly value/5 of them."""
    s = at_play(new(4), 2, ["Jeweller"], last_card=True)
    do(s, 2, "play Jeweller")
    assert texts(s, 2) == [
        "place 6 bodyguards on Jeweller 1",
        "place 6 bodyguards on Jeweller 2",
        "lay down Jeweller unused",
    ]
    do(s, 2, "place 6 bodyguards on Jeweller 2")
    # that was the year's last card: the year is settled at once
    assert "seat 2 places 6 bodyguards on Jeweller 2 (stake $30k)" in s.events(0)
    assert "settlement: seat 2 earns $30k" in s.events(0)


def test_luigis_last_card():
    """MOB-3.6, the rulebook's example: Jeweller as the last card, one bodyguard left and the
    cheaper members lost: Luigi places his Enforcer (40)."""
    luigi = 3
    s = at_play(new(4), luigi, ["Jeweller"], last_card=True)
    s.guards_photo[luigi] = 1
    s.guards_lost[luigi] = 7
    for lost in ("Novice", "Secretary", "Bookkeeper", "Lawyer"):
        s.members[luigi][member(lost)] = D.HARBOUR
    do(s, luigi, "play Jeweller")
    assert texts(s, luigi) == [
        "place Enforcer on Jeweller 1",
        "place Enforcer on Jeweller 2",
        "lay down Jeweller unused",
    ]
    do(s, luigi, "place Enforcer on Jeweller 1")
    assert "seat 3 places Enforcer on Jeweller 1 (stake $40k)" in s.events(None)
    assert s.phase != "play"  # the year is over


def test_last_card_member_choice_between_equal_values():
    """MOB-3.6 (our choice): equally valued lowest members are both offered."""
    s = at_play(new(4), 3, ["Bank"], last_card=True)
    s.guards_photo[3] = 2
    s.guards_lost[3] = 6
    s.members[3][member("Novice")] = D.HARBOUR
    do(s, 3, "play Bank")
    assert "place Bookkeeper on Bank 1" in texts(s, 3)
    assert "place Secretary on Bank 1" in texts(s, 3)
    assert "place Enforcer on Bank 1" not in texts(s, 3)


def test_last_card_unused_when_only_lower_pieces_remain():
    """MOB-3.6: too few bodyguards and only members below the value: laid down unused."""
    s = at_play(new(4), 3, ["Bank"], last_card=True)
    s.guards_photo[3] = 0
    s.guards_lost[3] = 8
    for m in range(7):  # only the Novice (20) is left
        s.members[3][m] = D.HARBOUR
    assert texts(s, 3) == ["lay down Bank unused"]
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, 3, "play Bank")
    assert refused.value.clause == "MOB-3.6"


def test_last_card_respects_occupied_minimum():
    """MOB-3.6 with MOB-3.5: bodyguards worth the card cannot beat a bigger stake, so the
    lowest member that beats it by 5 is placed instead."""
    s = at_play(new(4), 3, ["Bar"], last_card=True)
    put(s, 0, "Bar 1", ["Novice"])
    put(s, 1, "Bar 2", ["Bookkeeper"])
    do(s, 3, "play Bar")
    assert texts(s, 3) == [
        "place Bookkeeper on Bar 1",
        "place Secretary on Bar 1",
        "place Enforcer on Bar 2",
        "place Lawyer on Bar 2",
        "lay down Bar unused",
    ]
