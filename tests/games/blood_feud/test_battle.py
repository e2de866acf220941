"""Battles (BF-3), with the rulebook's two worked examples on scripted dice."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.core import ScriptedRng
from famiglia.games.blood_feud.battle import DEAD, HEALTHY, gun_battle

from .helpers import S, blank, count, own, play, put, texts, where


def test_example_1_bloodbath_in_a_precinct_district():
    """BF-3.7, BF-3.5, BF-3.6, BF-3.11: two henchmen attack a thug and a henchman guarded by a
    corrupt precinct. The $50 bribe is paid, the henchmen need 7; dice 7, 6 / 9, 8 / 7."""
    s = blank(2, dice=[7, 6, 9, 8, 7])
    own(s, 1, "Chelsea")
    s.building[S["Chelsea"]] = "precinct"
    s.price[S["Chelsea"]] = 130
    own(s, 0, "Greenwich Village")
    put(s, 0, "boss", "Wall Street")
    put(s, 1, "boss", "Hoboken")
    put(s, 0, "henchman", "Greenwich Village", 2)
    put(s, 1, "thug", "Chelsea")
    put(s, 1, "henchman", "Chelsea")
    s.money[0] = 50
    play(
        s,
        0,
        "attack Chelsea",
        "add henchman from Greenwich Village",
        "add henchman from Greenwich Village",
        "confirm the attack",
    )
    assert s.rng.script == []  # exactly the five dice of the example were rolled
    assert s.money[0] == 0  # the bribe went to the bank
    assert count(s, 0, "henchman") == 0 and count(s, 1, "henchman") == 0
    assert count(s, 1, "thug") == 0
    assert s.owner[S["Chelsea"]] == 1  # the district stays with the defender
    # each roll says whose piece rolled and what its hit did
    assert [e for e in s.events(None) if "(needs" in e] == [
        "seat 0's henchman rolls 7 (needs 7): wounds seat 1's thug",
        "seat 0's henchman rolls 6 (needs 7): misses",
        "seat 1's thug rolls 9 (needs 7): wounds seat 0's henchman",
        "seat 1's henchman rolls 8 (needs 6): wounds seat 0's henchman",
        "seat 0's henchman rolls 7 (needs 7): wounds seat 1's henchman",
    ]


def test_example_1_with_the_bare_sequence():
    """BF-3.5, BF-3.6: the same example on the battle sequence alone."""
    rng = ScriptedRng([7, 6, 9, 8, 7])
    att, dfd = gun_battle(rng, ["henchman", "henchman"], ["thug", "henchman"], 1)
    assert att == [DEAD, DEAD] and dfd == [DEAD, DEAD] and rng.script == []


def test_example_2_hit_men_and_a_kidnapped_family_member():
    """BF-3.4, BF-3.9, BF-3.12: two hit men and a thug attack four thugs and a family member.
    Sneak attacks 4, 7 kill two thugs outright; the thug misses (3); the defence misses (4, 5,
    2); the thug hits (7), the hit men hit (9, 5); parting shots 7, 9 hit the attacker's thug
    and a hit man, the family member misses (2). One hit man survives and takes the district;
    the attacker kidnaps the family member."""
    s = blank(2, dice=[4, 7, 3, 4, 5, 2, 7, 9, 5, 7, 9, 2])
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Flushing")
    put(s, 1, "boss", "Jersey City")
    put(s, 0, "hitman", "Long Island City", 2)
    put(s, 0, "thug", "Long Island City")
    put(s, 1, "thug", "Astoria", 4)
    put(s, 1, "family", "Astoria")
    play(
        s,
        0,
        "attack Astoria",
        "add thug from Long Island City",
        "add hit man from Long Island City",
        "add hit man from Long Island City",
        "confirm the attack",
    )
    assert s.rng.script == []
    assert where(s, 0, "hitman") == ["Astoria"] and count(s, 0, "thug") == 0
    assert count(s, 1, "thug") == 0 and count(s, 1, "family") == 0
    assert s.owner[S["Astoria"]] == 0
    assert texts(s, 0) == ["kidnap the fallen family member", "kill the fallen family member"]
    play(s, 0, "kidnap the fallen family member")
    assert s.captives == [[0, 1, 1]]


def test_to_hit_numbers():
    """BF-3.2: a hit needs the piece's number or more on a d10 (thug 7, henchman 6, hit man
    4 (sneak), family and Boss 5)."""
    for kind, need in (("thug", 7), ("henchman", 6), ("family", 5), ("boss", 5)):
        att, dfd = gun_battle(ScriptedRng([need, 1]), [kind], ["thug"], 0)
        assert dfd == [DEAD], kind  # hit, and the wounded thug's parting shot (1) misses
        att, dfd = gun_battle(ScriptedRng([need - 1, 10, 1]), [kind], ["thug"], 0)
        assert att == [DEAD] and dfd == [HEALTHY], kind
    att, dfd = gun_battle(ScriptedRng([4]), ["hitman"], ["thug"], 0)
    assert dfd == [DEAD]


def test_wounded_order_least_important_first():
    """BF-3.3: hits fall on thugs, then henchmen, hit men, family, Boss."""
    # one thug attacks a Boss, family member, hit man, henchman and thug; it hits once (7):
    # the thug is wounded, his parting shot (10) wounds the attacker; the healthy defenders
    # have nobody left to shoot; the attacker's parting shot misses (1).
    att, dfd = gun_battle(
        ScriptedRng([7, 10, 1]), ["thug"], ["boss", "family", "hitman", "henchman", "thug"], 0
    )
    assert dfd == [HEALTHY, HEALTHY, HEALTHY, HEALTHY, DEAD] and att == [DEAD]


def test_sneak_attack_victims_get_no_parting_shot():
    """BF-3.4: a hit man's sneak attack kills outright; the hit man skips round one's volley."""
    rng = ScriptedRng([4])
    att, dfd = gun_battle(rng, ["hitman"], ["thug"], 0)
    assert att == [HEALTHY] and dfd == [DEAD] and rng.script == []
    # missed sneak attack (3): he does not fire again in round one; the thug fires (7) and
    # wounds him; round two: his parting shot (4) wounds the thug, who has nobody left to
    # shoot at: both die, and no further die is rolled
    rng = ScriptedRng([3, 7, 4])
    att, dfd = gun_battle(rng, ["hitman"], ["thug"], 0)
    assert att == [DEAD] and dfd == [DEAD] and rng.script == []


def test_penthouse_adds_three_to_the_attackers_rolls():
    """BF-3.7: a henchman needs 9 against a penthouse palace; 8 misses."""
    att, dfd = gun_battle(ScriptedRng([8, 10, 9, 1]), ["henchman", "henchman"], ["thug"], 3)
    # 8 misses, 10 hits; the wounded thug's shot (9) wounds a henchman; his parting shot (1)
    assert dfd == [DEAD] and att == [DEAD, HEALTHY]


def test_attack_is_assembled_from_neighbouring_free_pieces():
    """BF-3.1: name the target, add pieces, confirm; attackers move in and are spent."""
    s = blank(2, dice=[7, 1])
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "thug", "Long Island City")
    put(s, 0, "thug", "Maspeth")  # two steps away: cannot join
    put(s, 1, "thug", "Astoria")
    assert "attack Astoria" in texts(s, 0)
    play(s, 0, "attack Astoria")
    assert texts(s, 0) == ["add thug from Long Island City", "cancel the attack"]
    play(s, 0, "add thug from Long Island City", "confirm the attack")
    assert where(s, 0, "thug") == ["Astoria", "Maspeth"]
    assert s.owner[S["Astoria"]] == 0
    assert "select thug at Astoria" not in texts(s, 0)  # it fought: it moves no more


def test_successive_waves():
    """BF-3.8: a failed first wave is followed by a second one."""
    s = blank(2, dice=[1, 7, 1, 7, 1])
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "thug", "Long Island City")
    put(s, 0, "thug", "Sunnyside")
    put(s, 1, "thug", "Astoria")
    play(s, 0, "attack Astoria", "add thug from Long Island City", "confirm the attack")
    assert count(s, 0, "thug") == 1 and s.owner[S["Astoria"]] == 1
    play(s, 0, "attack Astoria", "add thug from Sunnyside", "confirm the attack")
    assert s.owner[S["Astoria"]] == 0 and where(s, 0, "thug") == ["Astoria"]


def test_defender_wins_and_attacking_vehicles_are_destroyed():
    """BF-3.10: riders lose, their limousine is gone."""
    s = blank(2, dice=[1, 7, 1])
    own(s, 0, "Long Island City")
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "limousine", "Long Island City")
    put(s, 0, "thug", "Long Island City")
    put(s, 1, "thug", "Astoria")
    play(
        s,
        0,
        "select limousine at Long Island City",
        "take thug aboard",
        "go to Astoria",
        "attack here",
        "confirm the attack",
    )
    assert count(s, 0, "limousine") == 0 and count(s, 0, "thug") == 0
    assert count(s, 1, "thug", "Astoria") == 1 and s.owner[S["Astoria"]] == 1


def test_winner_takes_the_vehicles_and_pays_the_premium_or_not():
    """BF-3.9, BF-7.3: the defender's vehicles change hands; an enemy precinct district is
    only taken by paying $100 over its last price."""
    s = blank(2, dice=[7, 1])
    own(s, 1, "Astoria")
    s.building[S["Astoria"]] = "precinct"
    s.price[S["Astoria"]] = 130
    s.money[0] = 1000
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "hitman", "Long Island City")
    put(s, 1, "thug", "Astoria")
    put(s, 1, "limousine", "Astoria")
    play(s, 0, "attack Astoria", "add hit man from Long Island City", "confirm the attack")
    assert s.money[0] == 950  # the bribe
    assert count(s, 0, "limousine", "Astoria") == 1
    assert texts(s, 0) == [
        "pay the $230 premium for the district",
        "leave the district to its owner",
    ]
    play(s, 0, "pay the $230 premium for the district")
    assert s.owner[S["Astoria"]] == 0 and s.price[S["Astoria"]] == 230 and s.money[0] == 720


def test_no_premium_leaves_the_district():
    """BF-3.9: without the premium the district and precinct stay the defender's."""
    s = blank(2, dice=[7, 1])
    own(s, 1, "Astoria")
    s.building[S["Astoria"]] = "precinct"
    s.price[S["Astoria"]] = 130
    s.money[0] = 1000
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "hitman", "Long Island City")
    put(s, 1, "thug", "Astoria")
    play(
        s,
        0,
        "attack Astoria",
        "add hit man from Long Island City",
        "confirm the attack",
        "leave the district to its owner",
    )
    assert s.owner[S["Astoria"]] == 1 and where(s, 0, "hitman") == ["Astoria"]


def test_bloodbath_means_no_kidnapping():
    """BF-3.11: everyone dies, nobody is kidnapped."""
    s = blank(2, dice=[5, 5])
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "family", "Long Island City")
    put(s, 1, "family", "Astoria")
    play(s, 0, "attack Astoria", "add family member from Long Island City", "confirm the attack")
    assert count(s, 0, "family") == 0 and count(s, 1, "family") == 0
    assert s.captives == [] and s.todo == []


def test_bribe_must_be_affordable():
    """BF-3.7: no $50, no attack on a precinct's owner."""
    s = blank(2)
    own(s, 1, "Astoria")
    s.building[S["Astoria"]] = "precinct"
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "thug", "Long Island City")
    put(s, 1, "thug", "Astoria")
    assert "attack Astoria" not in texts(s, 0)
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "attack Astoria")
    assert err.value.clause == "BF-3.1"


def test_defender_decides_on_kidnapping():
    """BF-3.12: the defender who wins captures the attacking family member."""
    s = blank(2, dice=[1, 7, 1])
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "family", "Long Island City")
    put(s, 1, "thug", "Astoria")
    play(s, 0, "attack Astoria", "add family member from Long Island City", "confirm the attack")
    assert s.seats_to_act() == (1,)
    play(s, 1, "kill the fallen family member")
    assert s.captives == [] and s.seats_to_act() == (0,)


def test_the_attack_being_put_together_is_shown():
    """BF-3.13: while a player adds pieces to an attack, the board says what has joined it so
    far (the move list shows only what may still be added)."""
    from famiglia.games.blood_feud.render import board

    s = blank(2)
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Flushing")
    put(s, 1, "boss", "Jersey City")
    put(s, 0, "hitman", "Long Island City", 2)
    put(s, 0, "thug", "Long Island City")
    put(s, 1, "thug", "Astoria")
    play(s, 0, "attack Astoria")
    assert "Attack on Astoria so far: nobody yet" in board(s, 1)
    play(s, 0, "add thug from Long Island City", "add hit man from Long Island City")
    assert "Attack on Astoria so far: a hit man and a thug" in board(s, 1)
    play(s, 0, "cancel the attack")
    assert not any(line.startswith("Attack on") for line in board(s, 0))
