"""Vehicles (BF-6): limousines, speedboats, helicopters, riding, blocking."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.games.blood_feud.state import AT, DOCKED, FLAG, MOVES

from .helpers import S, blank, count, own, play, put, texts, where


def setup(**kw):
    s = blank(2, **kw)
    put(s, 1, "boss", "Bayonne")
    return s


def test_limousine_ride_and_combination_move():
    """BF-6.1, BF-6.2, BF-6.3, BF-6.4: riders pay one move; the limousine goes 4 districts;
    only the end of the ride is captured; the henchman may walk one more space after."""
    s = setup()
    own(s, 0, "Newark")
    put(s, 0, "boss", "Elizabeth")
    limo = put(s, 0, "limousine", "Newark")[0]
    put(s, 0, "henchman", "Newark")
    put(s, 0, "thug", "Newark")
    play(
        s,
        0,
        "select limousine at Newark",
        "take thug aboard",
        "take henchman aboard",
        "go to Jersey City",
        "go to Hoboken",
        "go to Union City",
        "go to North Bergen",
    )
    assert s.units[limo][MOVES] == 0
    assert not any(t.startswith("go to") for t in texts(s, 0))  # 4 spaces at most
    play(s, 0, "end the ride here")
    assert where(s, 0, "thug") == ["North Bergen"] and where(s, 0, "henchman") == ["North Bergen"]
    assert s.owner[S["North Bergen"]] == 0
    assert s.owner[S["Jersey City"]] == -1 and s.owner[S["Hoboken"]] == -1  # rode through
    assert "select thug at North Bergen" not in texts(s, 0)  # a thug's one move is spent
    play(s, 0, "select henchman at North Bergen", "move to Hudson Park")  # the +1 move
    assert "select henchman at Hudson Park" not in texts(s, 0)
    assert "select limousine at North Bergen" not in texts(s, 0)  # one ride a turn


def test_limousine_keeps_to_districts():
    """BF-6.4: a limousine never enters a park, airport or water."""
    s = setup()
    put(s, 0, "boss", "Elizabeth")
    put(s, 0, "limousine", "Newark")
    play(s, 0, "select limousine at Newark")
    assert texts(s, 0) == [
        "go to North Bergen",
        "go to Union City",
        "go to Jersey City",
        "end the ride here",
    ]  # not Newark Airport


def test_pick_up_or_drop_off_not_both():
    """BF-6.2: once it drops someone off, it picks nobody up, and the other way round."""
    s = setup()
    put(s, 0, "boss", "Elizabeth")
    put(s, 0, "limousine", "Newark")
    put(s, 0, "thug", "Newark", 2)
    put(s, 0, "thug", "Union City")
    play(
        s,
        0,
        "select limousine at Newark",
        "take thug aboard",
        "take thug aboard",
        "go to North Bergen",
        "drop off thug",
    )
    assert s.owner[S["North Bergen"]] == 0  # the dropped thug stepped in
    play(s, 0, "go to Union City")
    assert "take thug aboard" not in texts(s, 0)
    s2 = setup()
    put(s2, 0, "boss", "Elizabeth")
    put(s2, 0, "limousine", "Newark")
    put(s2, 0, "thug", "Union City")
    put(s2, 0, "thug", "Newark")
    play(
        s2,
        0,
        "select limousine at Newark",
        "take thug aboard",
        "go to Union City",
        "take thug aboard",
    )
    assert "drop off thug" not in texts(s2, 0)


def test_speedboat_launching_docking_and_floating():
    """BF-6.5: leaving the shore and touching a shore cost one move each; the boat may go on
    after landing people; it may stay afloat with people aboard."""
    s = setup()
    put(s, 0, "boss", "Elizabeth")
    boat = put(s, 0, "speedboat", "Wall Street", extra=S["Upper Bay West"])[0]
    put(s, 0, "thug", "Wall Street", 2)
    play(
        s,
        0,
        "select speedboat at Wall Street",
        "take thug aboard",
        "take thug aboard",
        "go to Upper Bay West",
    )
    assert s.units[boat][MOVES] == 4
    assert not any("Wall Street" == t[6:] for t in texts(s, 0) if t.startswith("take"))
    play(s, 0, "go to Kill Van Kull", "go to Port Richmond")  # docking costs one
    assert s.units[boat][MOVES] == 2
    play(s, 0, "drop off thug")
    assert s.owner[S["Port Richmond"]] == 0
    play(s, 0, "go to Kill Van Kull", "go to Newark Bay")
    assert s.units[boat][MOVES] == 0
    play(s, 0, "end the ride here")
    assert where(s, 0, "thug") == ["Newark Bay", "Port Richmond"]
    assert count(s, 0, "speedboat", "Newark Bay") == 1  # afloat, thug aboard


def test_a_docked_speedboat_leaves_only_by_the_water_it_is_docked_on():
    """BF-6.5: a boat docked at Jersey City on Newark Bay sets off on Newark Bay only, not on
    the Hudson or the Upper Bay that the district also touches."""
    s = setup()
    put(s, 0, "boss", "Jersey City")
    put(s, 0, "speedboat", "Jersey City", extra=S["Newark Bay"])
    play(s, 0, "select speedboat at Jersey City")
    assert [t for t in texts(s, 0) if t.startswith("go to")] == ["go to Newark Bay"]
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "go to Hudson off Jersey City")
    assert err.value.clause == "BF-6.5" and "Newark Bay" in str(err.value)


def test_a_speedboat_cannot_cross_land_by_docking():
    """BF-6.5: a boat that docks leaves again by the water it came in from: it cannot land on
    the Rockaways from the Atlantic and set off into Jamaica Bay, on the other side."""
    s = setup()
    put(s, 0, "boss", "Elizabeth")
    boat = put(s, 0, "speedboat", "Atlantic off the Rockaways")[0]
    play(s, 0, "select speedboat at Atlantic off the Rockaways", "go to The Rockaways")
    assert s.units[boat][DOCKED] == S["Atlantic off the Rockaways"]
    assert [t for t in texts(s, 0) if t.startswith("go to")] == ["go to Atlantic off the Rockaways"]
    play(s, 0, "end the ride here")
    s.turn_no += 1
    s.units[boat][MOVES], s.units[boat][FLAG] = 5, 0  # its next turn: still docked on the Atlantic
    play(s, 0, "select speedboat at The Rockaways")
    assert [t for t in texts(s, 0) if t.startswith("go to")] == ["go to Atlantic off the Rockaways"]


def test_two_boats_docked_on_different_waters_both_can_set_off():
    """BF-6.5: of two free boats at one district, docked on different waters, the player sets
    off on either water: the boat docked there is the one that goes."""
    s = setup()
    put(s, 0, "boss", "Jersey City")
    hudson = put(s, 0, "speedboat", "Jersey City", extra=S["Hudson off Jersey City"])[0]
    bay = put(s, 0, "speedboat", "Jersey City", extra=S["Newark Bay"])[0]
    play(s, 0, "select speedboat at Jersey City")
    assert [t for t in texts(s, 0) if t.startswith("go to")] == [
        "go to Hudson off Jersey City",
        "go to Newark Bay",
    ]
    play(s, 0, "go to Newark Bay", "end the ride here")
    afloat = [u for u in (hudson, bay) if s.units[u][AT] == S["Newark Bay"]]
    docked = [u for u in (hudson, bay) if s.units[u][AT] == S["Jersey City"]]
    assert len(afloat) == len(docked) == 1
    assert s.units[docked[0]][DOCKED] == S["Hudson off Jersey City"]
    play(s, 0, "select speedboat at Jersey City")
    assert [t for t in texts(s, 0) if t.startswith("go to")] == ["go to Hudson off Jersey City"]


def test_helicopter_flight_plan_and_landing():
    """BF-6.6: it flies over anything, but every step must keep a landing in reach, and it
    lands only in an own district or at an airport for $20."""
    s = setup()
    own(s, 0, "Newark")
    s.money[0] = 20
    put(s, 0, "boss", "Newark")
    put(s, 0, "helicopter", "Newark")
    put(s, 0, "hitman", "Newark")
    play(
        s,
        0,
        "select helicopter at Newark",
        "take hit man aboard",
        "go to Newark Airport",
        "go to Newark Bay",
        "go to Kill Van Kull",
    )
    assert "end the ride here" not in texts(s, 0)  # cannot land on water
    play(s, 0, "go to Port Richmond")
    assert "end the ride here" not in texts(s, 0)  # a neutral district: no landing
    play(s, 0, "drop off hit man")  # he steps in and takes it...
    assert "end the ride here" in texts(s, 0)  # ...so the helicopter can land there now
    play(
        s, 0, "go to Kill Van Kull", "go to Newark Bay", "go to Newark Airport", "end the ride here"
    )
    assert s.money[0] == 0 and where(s, 0, "helicopter") == ["Newark Airport"]


def test_helicopter_never_flies_out_of_reach_of_a_landing():
    """BF-6.6: with 1 move left it may only step to where it can land."""
    s = setup()
    own(s, 0, "Newark")
    put(s, 0, "boss", "Elizabeth")
    heli = put(s, 0, "helicopter", "Newark")[0]
    play(s, 0, "select helicopter at Newark", "go to Union City")
    s.units[heli][MOVES] = 1
    assert texts(s, 0) == ["go to Newark"]


def test_helicopter_attack_then_flies_on():
    """BF-6.7: riders attack from the helicopter; after winning they hold the district and
    the helicopter flies on to its landing."""
    s = setup(dice=[4])
    own(s, 0, "Newark")
    own(s, 1, "Jersey City")
    put(s, 0, "boss", "Newark")
    put(s, 0, "helicopter", "Newark")
    put(s, 0, "hitman", "Newark")
    put(s, 1, "thug", "Jersey City")
    play(
        s,
        0,
        "select helicopter at Newark",
        "take hit man aboard",
        "go to Jersey City",
        "attack here",
        "confirm the attack",
    )
    assert s.owner[S["Jersey City"]] == 0 and where(s, 0, "hitman") == ["Jersey City"]
    assert texts(s, 0) == ["take hit man back aboard", "leave the others there"]
    play(s, 0, "leave the others there")
    assert "go to Newark" in texts(s, 0)
    play(s, 0, "go to Newark", "end the ride here")
    assert where(s, 0, "helicopter") == ["Newark"] and where(s, 0, "hitman") == ["Jersey City"]


def test_helicopter_riders_may_fly_on_leaving_the_district():
    """BF-6.7: if every rider gets back aboard, the district stays with its holder."""
    s = setup(dice=[4])
    own(s, 0, "Newark")
    own(s, 1, "Jersey City")
    s.money[0] = 20
    put(s, 0, "boss", "Newark")
    put(s, 0, "helicopter", "Newark")
    put(s, 0, "hitman", "Newark")
    put(s, 1, "thug", "Jersey City")
    play(s, 0, "select helicopter at Newark", "take hit man aboard", "go to Jersey City")
    play(s, 0, "attack here", "confirm the attack", "take hit man back aboard")
    assert s.owner[S["Jersey City"]] == 1 and count(s, 1, "thug") == 0
    play(s, 0, "go to Newark Airport", "end the ride here")
    assert where(s, 0, "hitman") == ["Newark Airport"] and s.money[0] == 0


def test_limousine_attack_ends_its_ride():
    """BF-6.7: a limousine that brings riders into battle stays there."""
    s = setup(dice=[7, 1])
    own(s, 0, "Newark")
    own(s, 1, "Jersey City")
    put(s, 0, "boss", "Elizabeth")
    limo = put(s, 0, "limousine", "Newark")[0]
    put(s, 0, "thug", "Newark")
    put(s, 1, "thug", "Jersey City")
    play(s, 0, "select limousine at Newark", "take thug aboard", "go to Jersey City", "attack here")
    play(s, 0, "confirm the attack")
    assert s.owner[S["Jersey City"]] == 0 and s.units[limo][MOVES] == 0 and not s.todo


def test_blocker_chooses_to_let_pass_or_fight():
    """BF-6.8: an enemy limousine in the way: its owner lets it pass, or fights."""
    s = setup()
    own(s, 0, "Newark")
    put(s, 0, "boss", "Elizabeth")
    put(s, 0, "limousine", "Newark")
    put(s, 1, "limousine", "Union City")
    play(s, 0, "select limousine at Newark", "go to Union City")
    assert s.seats_to_act() == (1,)
    assert texts(s, 1) == ["fight", "let it pass"]
    play(s, 1, "let it pass")
    play(s, 0, "go to Hoboken", "end the ride here")
    assert where(s, 0, "limousine") == ["Hoboken"]

    s = setup(dice=[7, 1])
    put(s, 0, "boss", "Elizabeth")
    put(s, 0, "limousine", "Newark")
    put(s, 0, "thug", "Newark")
    put(s, 1, "limousine", "Union City")
    put(s, 1, "thug", "Union City")
    play(s, 0, "select limousine at Newark", "take thug aboard", "go to Union City")
    play(s, 1, "fight")
    # the riders fight as attackers (7 hits, the parting shot 1 misses), win, take the
    # blocker's limousine and the district, and stay there
    assert where(s, 0, "limousine") == ["Union City", "Union City"]
    assert where(s, 0, "thug") == ["Union City"] and not s.todo
    assert s.owner[S["Union City"]] == 0


def test_speedboats_block_speedboats_and_precincts_stop_limousines():
    """BF-6.8, BF-7.3: boats stop boats on water; a precinct stops a limousine for the turn."""
    s = setup()
    put(s, 0, "boss", "Elizabeth")
    put(s, 0, "speedboat", "Upper Bay West")
    put(s, 1, "speedboat", "Kill Van Kull")
    play(s, 0, "select speedboat at Upper Bay West", "go to Kill Van Kull")
    assert s.seats_to_act() == (1,)
    s = setup()
    own(s, 1, "Jersey City")
    s.building[S["Jersey City"]] = "precinct"
    put(s, 0, "boss", "Elizabeth")
    limo = put(s, 0, "limousine", "Newark")[0]
    put(s, 0, "thug", "Newark")
    play(s, 0, "select limousine at Newark", "take thug aboard", "go to Jersey City")
    assert not s.todo and s.units[limo][MOVES] == 0  # stopped; the ride is over
    assert where(s, 0, "thug") == ["Jersey City"] and s.owner[S["Jersey City"]] == 1


def test_riders_and_walkers_attack_together():
    """BF-6.7: a henchman next to the target joins the limousine's thug in one battle."""
    s = setup()
    own(s, 0, "Newark")
    own(s, 1, "Jersey City")
    put(s, 0, "boss", "Elizabeth")
    limo = put(s, 0, "limousine", "Newark")[0]
    put(s, 0, "thug", "Newark")
    put(s, 0, "henchman", "Hoboken")
    put(s, 1, "thug", "Jersey City")
    play(s, 0, "select limousine at Newark", "take thug aboard", "go to Jersey City")
    play(s, 0, "attack here")
    assert texts(s, 0) == ["add henchman from Hoboken", "confirm the attack"]  # no cancel
    play(s, 0, "add henchman from Hoboken")
    # thug and henchman miss (1, 1); the defender's thug wounds the thug (7); round two: the
    # thug's parting shot misses (1), the henchman hits (6); the thug's parting shot misses (1)
    s.rng.script = [1, 1, 7, 1, 6, 1]
    play(s, 0, "confirm the attack")
    assert s.rng.script == []
    assert where(s, 0, "henchman") == ["Jersey City"] and count(s, 0, "thug") == 0
    assert s.owner[S["Jersey City"]] == 0 and count(s, 1, "thug") == 0
    assert s.units[limo][MOVES] == 0 and not s.todo


def _precinct_in_jersey_city(money=500):
    """Seat 1 exploits Jersey City with a corrupt precinct bought for $130; nobody stands there."""
    s = setup()
    own(s, 1, "Jersey City")
    s.building[S["Jersey City"]] = "precinct"
    s.price[S["Jersey City"]] = 130
    s.money[0] = money
    own(s, 0, "Newark")
    put(s, 0, "boss", "Elizabeth")
    return s


def test_bf_7_3_limousine_riders_may_pay_the_premium():
    """BF-7.3: people a limousine brings into an empty enemy precinct district may pay the
    premium ($100 over the last price) and take it, as people on foot may; the limousine is
    stopped there all the same."""
    s = _precinct_in_jersey_city()
    limo = put(s, 0, "limousine", "Newark")[0]
    put(s, 0, "thug", "Newark")
    play(s, 0, "select limousine at Newark", "take thug aboard", "go to Jersey City")
    assert s.units[limo][MOVES] == 0 and where(s, 0, "thug") == ["Jersey City"]
    assert texts(s, 0) == [
        "pay the $230 premium for the district",
        "leave the district to its owner",
    ]
    play(s, 0, "pay the $230 premium for the district")
    assert s.owner[S["Jersey City"]] == 0 and s.building[S["Jersey City"]] == "precinct"
    assert s.price[S["Jersey City"]] == 230 and s.money[0] == 270 and not s.todo


def test_bf_7_3_riders_may_leave_the_district_to_its_owner():
    """BF-7.3: without the premium the riders stand in the district, which stays its owner's;
    with too little money the question is not even asked."""
    s = _precinct_in_jersey_city()
    put(s, 0, "limousine", "Newark")
    put(s, 0, "thug", "Newark")
    play(s, 0, "select limousine at Newark", "take thug aboard", "go to Jersey City")
    play(s, 0, "leave the district to its owner")
    assert s.owner[S["Jersey City"]] == 1 and s.money[0] == 500 and not s.todo
    assert where(s, 0, "thug") == ["Jersey City"]
    s = _precinct_in_jersey_city(money=229)
    put(s, 0, "limousine", "Newark")
    put(s, 0, "thug", "Newark")
    play(s, 0, "select limousine at Newark", "take thug aboard", "go to Jersey City")
    assert not s.todo and s.owner[S["Jersey City"]] == 1


def test_bf_7_3_helicopter_drop_may_pay_the_premium():
    """BF-7.3: a person a helicopter drops off into an empty enemy precinct district may pay
    the premium; the helicopter (never stopped by a precinct) then flies on."""
    s = _precinct_in_jersey_city()
    heli = put(s, 0, "helicopter", "Newark")[0]
    put(s, 0, "hitman", "Newark")
    play(s, 0, "select helicopter at Newark", "take hit man aboard", "go to Jersey City")
    play(s, 0, "drop off hit man")
    assert texts(s, 0) == [
        "pay the $230 premium for the district",
        "leave the district to its owner",
    ]
    play(s, 0, "pay the $230 premium for the district")
    assert s.owner[S["Jersey City"]] == 0 and s.money[0] == 270
    assert where(s, 0, "hitman") == ["Jersey City"] and s.units[heli][MOVES] > 0
    assert "go to Newark" in texts(s, 0)
    play(s, 0, "go to Newark", "end the ride here")
    assert where(s, 0, "helicopter") == ["Newark"] and not s.todo


def test_a_ride_says_who_rides_along():
    """BF-6.1: every seat reads where a vehicle goes and who is aboard (the pieces are public)."""
    s = setup()
    own(s, 0, "Newark")
    put(s, 0, "boss", "Elizabeth")
    put(s, 0, "limousine", "Newark")
    put(s, 0, "thug", "Newark", 2)
    put(s, 0, "hitman", "Newark")
    play(s, 0, "select limousine at Newark", "take thug aboard", "take hit man aboard")
    play(s, 0, "take thug aboard", "go to Jersey City")
    said = "seat 0's limousine goes to Jersey City with a hit man and 2 thugs aboard"
    assert s.events(1)[-1] == said
    play(s, 0, "drop off thug", "drop off hit man", "drop off thug")
    play(s, 0, "go to Hoboken")
    assert s.events(1)[-1] == "seat 0's limousine goes to Hoboken"
