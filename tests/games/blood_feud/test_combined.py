"""Combined attacks (BF-3.13): walkers and the riders of several vehicles fight as one group;
and battles and thefts on water (BF-6.9, BF-6.10)."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.games.blood_feud import data as D
from famiglia.games.blood_feud.state import ABOARD, AT, DONE, FLAG, KIND, MOVES, OWNER

from .helpers import S, blank, count, own, play, put, texts, where


def setup(**kw):
    s = blank(2, **kw)
    put(s, 1, "boss", "Elizabeth")
    return s


def _two_limousines(dice):
    s = setup(dice=dice)
    own(s, 0, "Newark")
    own(s, 1, "Jersey City")
    put(s, 0, "boss", "Palisades Park")
    limo_a = put(s, 0, "limousine", "Newark")[0]
    put(s, 0, "thug", "Newark")
    limo_b = put(s, 0, "limousine", "North Bergen")[0]
    put(s, 0, "henchman", "North Bergen")
    put(s, 1, "thug", "Jersey City")
    play(s, 0, "select limousine at Newark", "take thug aboard", "go to Jersey City")
    play(s, 0, "attack here")
    assert texts(s, 0) == ["bring in limousine from North Bergen", "confirm the attack"]
    play(s, 0, "bring in limousine from North Bergen", "take henchman aboard")
    play(s, 0, "go to Union City", "go to Jersey City")
    # it reached the target: back to the attack, which can no longer be cancelled
    assert texts(s, 0) == ["confirm the attack"]
    play(s, 0, "confirm the attack")
    return s, limo_a, limo_b


def test_riders_of_two_limousines_fight_one_battle():
    """BF-3.13: a second limousine is brought in while the attack is assembled; both riders
    fight one battle as a single group: the thug misses (1), the henchman hits (6), the
    defender's wounded thug misses his parting shot (1)."""
    s, limo_a, limo_b = _two_limousines([1, 6, 1])
    assert s.rng.script == []
    fights = [e for e in s.events(0) if "attacks seat 1" in e]
    assert fights == ["seat 0 attacks seat 1 in Jersey City: thug, henchman against thug"]
    assert s.owner[S["Jersey City"]] == 0 and count(s, 1, "thug") == 0
    assert where(s, 0, "thug") == ["Jersey City"] and where(s, 0, "henchman") == ["Jersey City"]
    for limo in (limo_a, limo_b):
        assert s.units[limo][AT] == S["Jersey City"] and s.units[limo][MOVES] == 0
        assert s.units[limo][FLAG] == DONE
    assert not s.todo


def test_a_lost_combined_attack_costs_every_limousine():
    """BF-3.13, BF-3.10: the combined riders lose, and both limousines that brought them are
    destroyed. Round 1: thug and henchman miss (1, 1), the defender wounds the thug (7).
    Round 2: the thug's parting shot and the henchman miss (1, 1), the defender wounds the
    henchman (7). Round 3: the henchman's parting shot misses (1)."""
    s, limo_a, limo_b = _two_limousines([1, 1, 7, 1, 1, 7, 1])
    assert s.rng.script == []
    assert count(s, 0, "limousine") == 0 and count(s, 0, "thug") == 0
    assert count(s, 0, "henchman") == 0 and s.owner[S["Jersey City"]] == 1


def test_walkers_and_a_helicopter_brought_in_from_a_foot_attack():
    """BF-3.13, BF-6.7: an attack on foot brings in a helicopter: walker and rider fight
    together; the helicopter then flies on to a landing, its rider choosing to stay."""
    s = setup(dice=[4])
    own(s, 0, "Newark")
    own(s, 1, "Jersey City")
    put(s, 0, "boss", "North Bergen")
    heli = put(s, 0, "helicopter", "Newark")[0]
    put(s, 0, "hitman", "Newark")
    put(s, 0, "thug", "Hoboken")
    put(s, 1, "thug", "Jersey City")
    play(s, 0, "attack Jersey City")
    acts = texts(s, 0)
    assert "add thug from Hoboken" in acts and "bring in helicopter from Newark" in acts
    assert "cancel the attack" in acts
    play(s, 0, "add thug from Hoboken", "bring in helicopter from Newark")
    play(s, 0, "take hit man aboard", "go to Jersey City")
    assert texts(s, 0) == ["confirm the attack"]
    from famiglia.games.blood_feud.render import board

    joined = "Attack on Jersey City so far: a thug; a helicopter carrying a hit man"
    assert joined in board(s, 1)  # what has joined the attack, shown while it is put together
    play(s, 0, "confirm the attack")  # the hit man's sneak attack (4) kills the thug
    assert s.rng.script == [] and s.owner[S["Jersey City"]] == 0
    assert texts(s, 0) == ["take hit man back aboard", "leave the others there"]
    play(s, 0, "leave the others there", "go to Newark", "end the ride here")
    assert where(s, 0, "helicopter") == ["Newark"] and s.units[heli][FLAG] == DONE
    assert where(s, 0, "hitman") == ["Jersey City"] and where(s, 0, "thug") == ["Jersey City"]


def test_a_walker_added_cannot_also_ride_and_a_ride_may_end_elsewhere():
    """BF-3.13: a walker already added is not taken aboard by a vehicle brought in; a brought
    vehicle that ends its ride elsewhere adds nobody, and the attack can still be cancelled;
    a vehicle out of range is not offered."""
    s = setup()
    own(s, 0, "Newark")
    own(s, 1, "Jersey City")
    put(s, 0, "boss", "North Bergen")
    put(s, 0, "limousine", "Hoboken")
    put(s, 0, "limousine", "Flushing")  # more than 4 districts away: not offered
    put(s, 0, "thug", "Hoboken")
    put(s, 1, "thug", "Jersey City")
    play(s, 0, "attack Jersey City")
    assert not any("Flushing" in t for t in texts(s, 0))
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "bring in limousine from Flushing")
    assert err.value.clause == "BF-3.13"
    play(s, 0, "add thug from Hoboken", "bring in limousine from Hoboken")
    assert "take thug aboard" not in texts(s, 0)
    play(s, 0, "go to Union City", "end the ride here")
    assert texts(s, 0) == ["confirm the attack", "cancel the attack"]
    play(s, 0, "cancel the attack")
    assert not s.todo and where(s, 0, "thug") == ["Hoboken"]


def test_a_docked_speedboat_is_brought_in_only_if_its_own_water_reaches_the_target():
    """BF-3.13, BF-6.5: Lincoln Square lies 3 moves from Jersey City by the Hudson but 6 by
    Newark Bay: a boat docked on Newark Bay cannot be brought into the attack."""
    for shore, offered in (("Newark Bay", False), ("Hudson off Jersey City", True)):
        s = setup()
        put(s, 0, "boss", "Jersey City")
        put(s, 0, "speedboat", "Jersey City", extra=S[shore])
        put(s, 0, "thug", "Chelsea")
        put(s, 1, "thug", "Lincoln Square")
        own(s, 1, "Lincoln Square")
        play(s, 0, "attack Lincoln Square")
        assert ("bring in speedboat from Jersey City" in texts(s, 0)) is offered, shore


def test_riders_ending_a_ride_afloat_steal_an_empty_speedboat():
    """BF-6.9: a speedboat's riders who end the ride on a water space take the other
    player's empty speedboat floating there; a ride with nobody aboard takes nothing."""
    s = setup()
    put(s, 0, "boss", "Jersey City")
    put(s, 0, "speedboat", "Bayonne", extra=S["Kill Van Kull"])
    put(s, 0, "thug", "Bayonne")
    theirs = put(s, 1, "speedboat", "Kill Van Kull")[0]
    play(s, 0, "select speedboat at Bayonne", "take thug aboard", "go to Kill Van Kull")
    play(s, 1, "let it pass")
    play(s, 0, "end the ride here")
    u = s.units[theirs]
    assert u[OWNER] == 0 and u[MOVES] == 0 and u[FLAG] == DONE
    assert count(s, 0, "speedboat", "Kill Van Kull") == 2

    s = setup()
    put(s, 0, "boss", "Jersey City")
    put(s, 0, "speedboat", "Bayonne", extra=S["Kill Van Kull"])
    theirs = put(s, 1, "speedboat", "Kill Van Kull")[0]
    play(s, 0, "select speedboat at Bayonne", "go to Kill Van Kull")
    play(s, 1, "let it pass")
    play(s, 0, "end the ride here")
    assert s.units[theirs][OWNER] == 1  # an empty boat steals nothing


def test_riders_who_win_on_water_stay_aboard():
    """BF-6.10, BF-3.9: two hit men attack a thug afloat from their speedboat; the first sneak
    attack (4) kills him; the winners take his boat and stay aboard their own."""
    s = setup(dice=[4])
    put(s, 0, "boss", "Jersey City")
    boat = put(s, 0, "speedboat", "Bayonne", extra=S["Kill Van Kull"])[0]
    put(s, 0, "hitman", "Bayonne", 2)
    theirs = put(s, 1, "speedboat", "Kill Van Kull")[0]
    put(s, 1, "thug", "Kill Van Kull")[0]
    s.set_aboard(next(u for u, x in s.units.items() if x[1] == "thug"), theirs)
    play(s, 0, "select speedboat at Bayonne", "take hit man aboard", "take hit man aboard")
    play(s, 0, "go to Kill Van Kull")
    play(s, 1, "let it pass")
    play(s, 0, "attack here", "confirm the attack")
    assert s.rng.script == [] and count(s, 1, "thug") == 0
    assert s.units[theirs][OWNER] == 0
    hitmen = [u for u in s.units.values() if u[KIND] == "hitman"]
    assert len(hitmen) == 2 and all(u[ABOARD] == boat for u in hitmen)
    assert all(D.IS_WATER[u[AT]] for u in hitmen)


def test_a_captive_released_to_a_boss_afloat_goes_aboard():
    """BF-6.10, BF-9.2: a family member released while his Boss floats in a speedboat goes
    aboard it; with no room aboard he joins the Boss at the end of a later turn instead."""
    s = setup()
    put(s, 0, "boss", "Jersey City")
    boat = put(s, 1, "speedboat", "Kill Van Kull")[0]
    s.move_unit(s.boss_of(1), S["Kill Van Kull"])
    s.set_aboard(s.boss_of(1), boat)
    s.captives = [[0, 1, 1]]
    play(s, 0, "negotiate", "release a captive of seat 1")
    (fm,) = [u for u in s.units.values() if u[KIND] == "family"]
    assert fm[OWNER] == 1 and fm[2] == S["Kill Van Kull"] and fm[ABOARD] == boat

    s = setup()
    put(s, 0, "boss", "Jersey City")
    boat = put(s, 1, "speedboat", "Kill Van Kull")[0]
    for uid in [s.boss_of(1), *put(s, 1, "thug", "Kill Van Kull", 4)]:
        s.move_unit(uid, S["Kill Van Kull"])
        s.set_aboard(uid, boat)
    s.captives = [[0, 1, 1]]
    play(s, 0, "negotiate", "release a captive of seat 1")
    assert count(s, 1, "family") == 0 and s.absorb == [[1, 1]]  # the boat is full: he waits
