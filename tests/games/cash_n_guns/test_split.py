"""The split (CNG-8), its powers, kits and Clips in teams, Evil Twins, the Parcel Bomb."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.core import ScriptedRng
from famiglia.games.cash_n_guns import GAME

from .helpers import do, fresh, holdup, texts


def to_split(s, courage=None, aims=None, cards=None):
    n = s.players
    living = [t for t in range(n) if s.alive[t]]
    holdup(
        s,
        cards or {t: "click" for t in living},
        aims or {t: s.targets(t)[0] for t in living if t != s.kid_late},
        courage or {t: "stand" for t in living if t != s.smart_late},
    )


def test_split_order_from_the_godfather():
    """CNG-8.1: those standing take part in seat order from the Godfather (or the next one)."""
    s = fresh(5)
    s.godfather = 2
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "down", 4: "stand"})
    assert s.order == [4, 0, 1] and s.seats_to_act() == (4,)


def test_shares_go_round_until_the_loot_is_gone():
    """CNG-8.2: one share each in turn while loot cards or the New Godfather token remain."""
    s = fresh(4, table=["b5", "b10", "p"])
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "down"})
    assert texts(s, 0) == ["take $5k", "take $10k", "take painting", "take the New Godfather token"]
    do(s, 0, "take painting")
    assert s.seats_to_act() == (1,)
    do(s, 1, "take $10k")
    do(s, 0, "take $5k")
    do(s, 1, "take the New Godfather token")
    assert s.phase == "bullet" and s.turn == 2
    assert s.loot[0] == ["p", "b5"] and s.loot[1] == ["b10"]
    with pytest.raises(IllegalAction):
        from famiglia.games.cash_n_guns.actions import act

        s.apply(0, act("take", "b5"))


def test_team_tiles_left_over_are_not_used():
    """CNG-8.2: when loot and New Godfather token are gone, the split ends despite the tiles."""
    s = fresh(4, teams=True, table=["b5"])
    to_split(s, courage={0: "stand", 1: "down", 2: "down", 3: "down"})
    do(s, 0, "take $5k")
    do(s, 0, "take the New Godfather token")
    assert s.turn == 2


def test_nobody_in_the_split_loses_the_loot():
    """CNG-8.3: with nobody taking part the loot is lost."""
    s = fresh(4, table=["b20", "b20"])
    to_split(s, courage={t: "down" for t in range(4)})
    assert s.turn == 2 and all(not x for x in s.loot) and s.godfather == 0


def test_new_godfather_token():
    """CNG-8.4: whoever takes the New Godfather token is next turn's Godfather."""
    s = fresh(4, table=[])
    to_split(s, courage={0: "down", 1: "down", 2: "stand", 3: "down"})
    do(s, 2, "take the New Godfather token")
    assert s.godfather == 2 and s.turn == 2


def test_kit_and_clip_are_used_at_once():
    """CNG-8.5: the kit heals a wound; the Clip adds a Bang!; neither stays as loot."""
    s = fresh(4, table=["kit", "clip"])
    s.wounds[0] = 1
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "down"})
    do(s, 0, "take First aid kit")
    do(s, 1, "take Clip")
    assert s.wounds[0] == 0 and s.hand[1] == [4, 4] and s.loot[0] == s.loot[1] == []


def test_cute_takes_five_before_the_split():
    """CNG-8.6: the Cute, taking part, takes a $5k bill first."""
    s = fresh(4, powers=["", "", "cute", ""], table=["b5", "b20"])
    to_split(s)
    assert s.loot[2] == ["b5"] and s.table == ["b20"]


def test_stealthy_takes_a_kit_or_clip_after_the_cute():
    """CNG-8.7: Stealthy takes a kit or Clip before the split, after the Cute."""
    s = fresh(4, powers=["", "stealthy", "cute", ""], table=["b5", "kit", "clip"])
    to_split(s)
    assert s.loot[2] == ["b5"] and s.phase == "stealthy"
    assert texts(s, 1) == ["take First aid kit first (Stealthy)", "take Clip first (Stealthy)"]
    do(s, 1, "take Clip first (Stealthy)")
    assert s.hand[1] == [4, 4] and s.table == ["kit"] and s.seats_to_act() == (0,)


def test_dictator_forbids_a_kind_once():
    """CNG-8.8: the Dictator forbids the kind of loot a player reaches for, once per split."""
    s = fresh(4, powers=["", "dictator", "", ""], table=["b5", "b20", "p"])
    to_split(s, courage={0: "stand", 1: "stand", 2: "stand", 3: "down"})
    do(s, 0, "take $20k")
    assert s.phase == "dictator" and s.seats_to_act() == (1,)
    do(s, 1, "forbid that kind of loot")
    assert texts(s, 0) == ["take painting", "take the New Godfather token"]
    assert "seat 1 (the Dictator) forbids seat 0 to take a bill now" in s.events(2)
    with pytest.raises(IllegalAction) as err:
        from famiglia.games.cash_n_guns.actions import act

        s.apply(0, act("take", "b5"))
    assert err.value.clause == "CNG-8.8"
    do(s, 0, "take painting")
    do(s, 1, "take $20k")
    do(s, 2, "take $5k")
    assert s.phase == "pick"  # used up: no more questions to the Dictator
    do(s, 0, "take the New Godfather token")
    assert s.turn == 2 and s.godfather == 0 and s.loot == [["p"], ["b20"], ["b5"], []]


def test_greedy_takes_two_then_leaves():
    """CNG-8.9: the Greedy may take two shares at his first pick, then leaves the split."""
    s = fresh(4, powers=["greedy", "", "", ""], table=["b5", "b20", "p"])
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "down"})
    do(s, 0, "take $20k")
    assert s.phase == "greedy"
    do(s, 0, "also take painting (Greedy)")
    assert s.loot[0] == ["b20", "p"] and s.order == [1] and s.seats_to_act() == (1,)
    do(s, 1, "take $5k")
    do(s, 1, "take the New Godfather token")
    assert s.turn == 2


def test_junk_dealer_swaps_with_a_later_pile():
    """CNG-8.10: once per split, a taken card for a random card of a later pile."""
    s = fresh(4, powers=["junk_dealer", "", "", ""], table=["b5", "b10"])
    to_split(s, courage={0: "stand", 1: "down", 2: "down", 3: "down"})
    s.piles[2] = ["d10", "p", "b20", "b5", "b5", "b5", "b5", "b5"]
    do(s, 0, "take $5k")
    assert s.phase == "junk" and len(texts(s, 0)) == 8
    s.rng = ScriptedRng([1])
    do(s, 0, "swap it for a random card of pile 3 (Junk Dealer)")
    assert s.loot[0] == ["p"] and s.piles[2][-1] == "b5" and s.known[2] == 1
    assert s.view(1)["piles_seen"][2] == ["b5"]
    do(s, 0, "take $10k")
    assert s.phase == "pick"  # once per split


def test_good_friend_gets_a_bang_for_any_clip():
    """CNG-8.11: the Good Friend gets a Bang! whenever a Clip is used."""
    s = fresh(4, powers=["", "", "", "good_friend"], table=["clip"])
    to_split(s, courage={0: "stand", 1: "down", 2: "down", 3: "down"})
    do(s, 0, "take Clip")
    assert s.hand[0] == [4, 4] and s.hand[3] == [4, 4]


def test_kit_on_a_teammate_not_in_the_split():
    """CNG-9.4: in team play a kit or Clip may go to a living teammate, even one lying down."""
    s = fresh(4, teams=True, table=["kit"])
    s.wounds[2] = 2
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "stand"})
    do(s, 0, "take First aid kit")
    assert texts(s, 0) == ["use it on seat 0", "use it on seat 2"]
    do(s, 0, "use it on seat 2")
    assert s.wounds[2] == 1


def test_evil_twins_only_one_takes_part():
    """CNG-9.6: when both Evil Twins are in the split, the first in order picks which one."""
    s = fresh(7, teams=True, table=["b5", "b10"])
    to_split(s)
    assert s.phase == "twins" and s.seats_to_act() == (0,)
    assert texts(s, 0) == ["seat 6 takes part in the split", "seat 0 takes part in the split"]
    do(s, 0, "seat 6 takes part in the split")
    assert 0 not in s.order and s.order[0] == 1


def test_parcel_bomb_wounds_its_taker():
    """CNG-11.5: the bomb sits on a share; whoever takes it takes a wound."""
    s = fresh(4, held=["", "", "parcel_bomb", ""], table=["b20", "b5"])
    do(s, 2, "play my surprise")
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "down"})
    assert s.phase == "bomb" and s.seats_to_act() == (2,)
    assert "put the parcel bomb on the New Godfather token" in texts(s, 2)
    do(s, 2, "put the parcel bomb on $20k")
    assert texts(s, 0) == [
        "take $5k",
        "take the $20k with the parcel bomb",
        "take the New Godfather token",
    ]
    do(s, 0, "take the $20k with the parcel bomb")
    assert s.wounds[0] == 1 and s.loot[0] == ["b20"] and s.bomb == ""


def test_cng_11_5_parcel_bomb_sits_on_one_of_two_bills():
    """CNG-11.5: with two $10k on the table the bomb is on one of them: taking the other one
    hurts nobody, and only the taker of the bombed one is wounded."""
    # Powers that play no part in a split, so that the scene is a whole, loadable game.
    quiet = ["collector", "vulture", "good_friend", "unbreakable"]
    s = fresh(4, powers=quiet, held=["", "", "parcel_bomb", ""], table=["b10", "b10", "p"])
    do(s, 2, "play my surprise")
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "stand"})
    assert texts(s, 2) == [
        "put the parcel bomb on $10k",
        "put the parcel bomb on painting",
        "put the parcel bomb on the New Godfather token",
    ]
    do(s, 2, "put the parcel bomb on $10k")
    assert texts(s, 0) == [
        "take $10k",
        "take the $10k with the parcel bomb",
        "take painting",
        "take the New Godfather token",
    ]
    do(s, 0, "take $10k")
    assert s.wounds[0] == 0 and s.loot[0] == ["b10"] and s.bomb == "b10"
    # One $10k is left, and it is the one with the bomb: no plain $10k on offer any more.
    assert texts(s, 1) == [
        "take the $10k with the parcel bomb",
        "take painting",
        "take the New Godfather token",
    ]
    with pytest.raises(IllegalAction):
        do(s, 1, "take $10k")
    bombed = s.legal_actions(1)[0]
    assert GAME.action_from_json(bombed.to_json()) == bombed
    back = GAME.from_json(s.to_json())
    assert back.bomb == "b10" and back.legal_actions(1) == s.legal_actions(1)
    do(s, 1, "take the $10k with the parcel bomb")
    assert s.wounds == [0, 1, 0, 0] and s.loot[1] == ["b10"] and s.bomb == ""
    do(s, 3, "take painting")
    assert s.wounds == [0, 1, 0, 0]


def test_cng_11_5_the_cute_leaves_the_bombed_five():
    """CNG-11.5 / CNG-8.6: the Cute takes a $5k without the bomb when there is one; when the
    only $5k carries it, he takes that one and the wound."""
    s = fresh(4, powers=["cute", "", "", ""], held=["", "", "parcel_bomb", ""], table=["b5", "b5"])
    do(s, 2, "play my surprise")
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "down"})
    do(s, 2, "put the parcel bomb on $5k")
    assert s.loot[0] == ["b5"] and s.wounds[0] == 0 and s.table == ["b5"] and s.bomb == "b5"
    s = fresh(4, powers=["cute", "", "", ""], held=["", "", "parcel_bomb", ""], table=["b5"])
    do(s, 2, "play my surprise")
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "down"})
    do(s, 2, "put the parcel bomb on $5k")
    assert s.loot[0] == ["b5"] and s.wounds[0] == 1 and s.bomb == ""


def test_cng_11_5_dictator_lets_the_bombed_share_be_taken():
    """CNG-11.5 / CNG-8.8: reaching for the bombed bill, then allowed by the Dictator, the
    picker gets that bill and its wound (not a plain one of the same kind)."""
    s = fresh(
        4,
        powers=["", "dictator", "", ""],
        held=["", "", "", "parcel_bomb"],
        table=["b20", "b20"],
    )
    do(s, 3, "play my surprise")
    to_split(s, courage={0: "stand", 1: "stand", 2: "stand", 3: "down"})
    do(s, 3, "put the parcel bomb on $20k")
    do(s, 0, "take the $20k with the parcel bomb")
    assert s.phase == "dictator" and s.view(2)["reaching_for_the_bomb"] is True
    do(s, 1, "let it be taken")
    assert s.wounds[0] == 1 and s.table == ["b20"] and s.bomb == ""


def test_recruitment_tile_fills_the_envelope():
    """CNG-12.2: the Recruitment tile puts one of the taker's loot cards in his team envelope."""
    s = fresh(4, teams=True, mercenaries=True, table=["b5"])
    s.loot[0] = ["b10", "d5"]
    to_split(s, courage={0: "stand", 1: "down", 2: "down", 3: "down"})
    do(s, 0, "use the Mercenary Recruitment tile")
    assert texts(s, 0) == ["put $10k in the envelope", "put $5k diamond in the envelope"]
    do(s, 0, "put $5k diamond in the envelope")
    assert s.envelopes[0] == ["d5"] and s.loot[0] == ["b10"]


def test_recruitment_tile_taken_with_no_loot_is_said_to_be_spent():
    """CNG-12.2: a taker with no loot card puts nothing in the envelope; the table is told."""
    s = fresh(4, teams=True, mercenaries=True, table=["b5"])
    s.loot[0] = []
    to_split(s, courage={0: "stand", 1: "down", 2: "down", 3: "down"})
    do(s, 0, "use the Mercenary Recruitment tile")
    assert s.envelopes[0] == [] and s.phase != "envelope"
    assert "seat 0 has no loot card to put in the envelope" in s.events(2)


def test_parcel_bomb_can_kill():
    """CNG-11.5 / CNG-7.3: a third wound from the bomb kills its taker, who leaves the split."""
    s = fresh(4, held=["", "", "parcel_bomb", ""], table=["b20", "b5"])
    s.wounds[1] = 2
    do(s, 2, "play my surprise")
    to_split(s, courage={0: "stand", 1: "stand", 2: "down", 3: "stand"})
    do(s, 2, "put the parcel bomb on $5k")
    do(s, 0, "take $20k")
    do(s, 1, "take the $5k with the parcel bomb")
    assert not s.alive[1] and s.order == [0, 3] and s.seats_to_act() == (3,)


def test_spectator_sees_no_hand():
    """CNG-13.1: a spectator sees public things only."""
    s = fresh(4)
    v = s.view(None)
    assert "hand" not in v and v["hand_size"] == [8, 8, 8, 8] and "my_bullet" not in v
