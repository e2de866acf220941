"""Assassinations (BF-8), captives and deals (BF-9)."""

from __future__ import annotations

from famiglia.games.blood_feud.state import COLOUR, KIND

from .helpers import S, blank, count, own, play, put, texts, where


def assassination():
    """Seat 0's two hit men gun down seat 1's Boss and family member in Astoria."""
    s = blank(3, dice=[4, 4])
    own(s, 0, "Flushing")
    own(s, 1, "Astoria", "Chelsea", "Sunnyside")
    s.building[S["Chelsea"]] = "precinct"
    s.building[S["Sunnyside"]] = "penthouse"
    s.building[S["Astoria"]] = "illicit"
    s.money[1] = 500
    put(s, 0, "boss", "Flushing")
    put(s, 0, "hitman", "Long Island City", 2)
    put(s, 0, "henchman", "Maspeth")
    put(s, 1, "boss", "Astoria")
    put(s, 1, "family", "Astoria")
    put(s, 1, "family", "Chelsea")
    put(s, 1, "limousine", "Chelsea")
    put(s, 1, "thug", "Corona")
    put(s, 2, "boss", "Bayonne")
    s.captives = [[1, 0, 0], [1, 2, 2], [2, 1, 1]]
    play(
        s,
        0,
        "attack Astoria",
        "add hit man from Long Island City",
        "add hit man from Long Island City",
        "confirm the attack",
    )
    return s


def test_assassination_money_pieces_precincts_districts():
    """BF-8.1, BF-8.3, BF-8.4, BF-8.5: the killer takes the money; the dead family's pieces
    leave the board; its precincts go; its districts turn neutral, other buildings stay."""
    s = assassination()
    assert not s.alive[1] and s.money[0] == 500 and s.money[1] == 0
    assert count(s, 1, "boss") == 0 and count(s, 1, "family") == 0
    assert count(s, 1, "limousine") == 0 and count(s, 1, "thug") == 0
    assert s.building[S["Chelsea"]] == "" and s.owner[S["Chelsea"]] == -1
    assert s.owner[S["Sunnyside"]] == -1 and s.building[S["Sunnyside"]] == "penthouse"
    assert s.owner[S["Astoria"]] == 0 and s.building[S["Astoria"]] == "illicit"


def test_assassination_captives():
    """BF-8.2, BF-8.9: the dead Boss's captives pass to the killer (his own family member comes
    back; seat 2's stays a captive); seat 1's family held by seat 2 now belongs to seat 0."""
    s = assassination()
    play(s, 0, "kidnap the fallen family member")
    assert sorted(s.captives) == [[0, 2, 2], [2, 0, 1]]


def test_turn_goes_on_and_family_joins_at_end_of_turn():
    """BF-8.6, BF-8.7, BF-8.8: the killer finishes his turn; a palace he takes now gives no
    placement this turn; at the end of the turn the dead Boss's family members (set aside,
    kidnapped, and his own returned) join the killer's Boss."""
    s = assassination()
    play(s, 0, "kidnap the fallen family member")
    assert s.seats_to_act() == (0,)
    play(s, 0, "end the battle phase", "select henchman at Maspeth", "move to Sunnyside")
    assert s.owner[S["Sunnyside"]] == 0
    s.money[0] = 1000
    play(s, 0, "end movement and factor income", "buy thug")
    assert count(s, 0, "thug", "Flushing") == 1  # no choice of the new palace
    assert count(s, 0, "family") == 0
    play(s, 0, "end the turn")
    assert count(s, 0, "family", "Flushing") == 3
    assert sorted(u[COLOUR] for u in s.units.values() if u[KIND] == "family") == [0, 1, 1]


def test_bloodbath_boss_death_and_last_boss_standing():
    """BF-8.10: a Boss killed in a bloodbath is assassinated; the last Boss alive wins."""
    s = blank(2, dice=[5, 5])
    own(s, 1, "Astoria")
    s.money[1] = 70
    put(s, 0, "boss", "Long Island City")
    put(s, 0, "family", "Flushing")
    put(s, 1, "boss", "Astoria")
    play(s, 0, "attack Astoria", "add Boss from Long Island City", "confirm the attack")
    # both Bosses fall: each is the other's killer; nobody is left, they share the result
    assert not s.alive[0] and not s.alive[1]
    assert s.is_over() and s.result().winners == (0, 1)
    s = blank(2, dice=[5, 1])
    own(s, 1, "Astoria")
    s.money[1] = 70
    put(s, 0, "boss", "Flushing")
    put(s, 0, "thug", "Long Island City")
    put(s, 1, "boss", "Astoria")
    s.units[list(s.units)[-1]][COLOUR] = -1
    s.rng.script = [7, 1]
    play(s, 0, "attack Astoria", "add thug from Long Island City", "confirm the attack")
    assert s.is_over() and s.result().winners == (0,) and s.money[0] == 70


def test_attacker_boss_dying_ends_his_turn():
    """BF-8.1: a player whose Boss dies attacking is out at once; the next player plays."""
    s = blank(3, dice=[1, 5, 1])
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Long Island City")
    put(s, 1, "boss", "Astoria")
    put(s, 2, "boss", "Bayonne")
    play(s, 0, "attack Astoria", "add Boss from Long Island City", "confirm the attack")
    assert not s.alive[0] and s.turn == 1 and s.seats_to_act() == (1,)


def test_gifts():
    """BF-9.1: money given on one's turn."""
    s = blank(2)
    s.money[0] = 300
    put(s, 0, "boss", "Flushing")
    put(s, 1, "boss", "Bayonne")
    play(s, 0, "negotiate", "give $250 to seat 1")
    assert s.money == [50, 250]
    play(s, 0, "back")
    assert s.todo == []


def test_release_or_kill_a_captive():
    """BF-9.2: a released captive rejoins his family's Boss; a killed one is gone."""
    s = blank(3)
    put(s, 0, "boss", "Flushing")
    put(s, 1, "boss", "Bayonne")
    put(s, 2, "boss", "Newark")
    s.captives = [[0, 1, 1], [0, 2, 2]]
    play(s, 0, "negotiate", "release a captive of seat 1")
    assert where(s, 1, "family") == ["Bayonne"] and s.captives == [[0, 2, 2]]
    play(s, 0, "kill a captive of seat 2")
    assert s.captives == [] and count(s, 2, "family") == 0


def test_ransom_and_exchange_deals():
    """BF-9.3, BF-9.4: a proposal is answered at once; accepted, it is carried out; refused,
    nothing changes; a captive handed to his own family rejoins its Boss."""
    s = blank(2)
    s.money[1] = 600
    put(s, 0, "boss", "Flushing")
    put(s, 1, "boss", "Bayonne")
    s.captives = [[0, 1, 1]]
    play(s, 0, "negotiate", "propose a deal to seat 1", "offer a captive of seat 1", "ask $500")
    assert s.seats_to_act() == (1,)
    assert texts(s, 1) == ["accept the deal", "refuse the deal"]
    said = s.events(1)[-1]  # the one asked reads who would give what
    assert (
        said
        == "seat 0 proposes a deal to seat 1: seat 0 gives a captive of seat 1, seat 1 gives $500"
    )
    play(s, 1, "refuse the deal")
    assert s.money == [0, 600] and s.captives == [[0, 1, 1]]
    play(s, 0, "propose a deal to seat 1", "offer a captive of seat 1", "ask $500")
    play(s, 1, "accept the deal")
    assert s.money == [500, 100] and s.captives == []
    assert where(s, 1, "family") == ["Bayonne"]
    # exchange of captives: each gets his own back
    s.captives = [[0, 1, 1], [1, 0, 0]]
    play(s, 0, "propose a deal to seat 1", "offer a captive of seat 1", "ask a captive of seat 0")
    play(s, 1, "accept the deal")
    assert s.captives == [] and where(s, 0, "family") == ["Flushing"]
    # verbal promises are not moves of the game: only these kinds of proposals exist
    kinds = {t.split(" ")[0] for t in texts(s, 0)}
    assert kinds <= {
        "give",
        "release",
        "kill",
        "propose",
        "back",
        "invite",
        "hand",
        "withdraw",
        "take",
    }


def test_negotiation_comes_to_an_end():
    """BF-9.5: negotiations open once per phase; three proposals per other player a turn."""
    s = blank(2)
    s.money[0], s.money[1] = 1000, 1000
    put(s, 0, "boss", "Flushing")
    put(s, 1, "boss", "Bayonne")
    play(s, 0, "negotiate")
    for _ in range(3):
        assert "propose a deal to seat 1" in texts(s, 0)
        play(s, 0, "propose a deal to seat 1", "offer $50", "ask $100")
        play(s, 1, "refuse the deal")
    assert "propose a deal to seat 1" not in texts(s, 0)
    play(s, 0, "back")
    assert "negotiate" not in texts(s, 0)
    saved = type(s).from_json(s.to_json())
    assert "negotiate" not in texts(saved, 0)


def _boss_alone_in_his_precinct(dice, precinct_owner=1):
    """Seat 1's Boss stands alone in Astoria, where a corrupt precinct bought for $130 stands;
    seat 0's hit man in Long Island City attacks. Seat 1 has $500, seat 0 the $50 bribe."""
    s = blank(3, dice=dice)
    own(s, 0, "Flushing")
    own(s, precinct_owner, "Astoria")
    s.building[S["Astoria"]] = "precinct"
    s.price[S["Astoria"]] = 130
    s.money[0], s.money[1] = 50, 500
    put(s, 0, "boss", "Flushing")
    put(s, 0, "hitman", "Long Island City")
    put(s, 1, "boss", "Astoria")
    put(s, 2, "boss", "Bayonne")
    return s


def test_bf_8_4_boss_killed_in_his_own_precinct_district_no_premium():
    """BF-8.4 / BF-3.9: the Boss dies in a district holding his own corrupt precinct: the
    assassination removes his precincts, so the attacker takes the district without being
    asked for a premium (the sneak attack needs 5 with the precinct: a 5 kills)."""
    s = _boss_alone_in_his_precinct(dice=[5])
    play(s, 0, "attack Astoria", "add hit man from Long Island City", "confirm the attack")
    assert not s.alive[1] and s.money[0] == 500  # the bribe paid, then the dead Boss's money
    assert s.owner[S["Astoria"]] == 0 and s.building[S["Astoria"]] == ""
    assert not any(st["k"] == "premium" for st in s.todo)
    assert where(s, 0, "hitman") == ["Astoria"]


def test_bf_8_4_a_living_players_precinct_still_asks_the_premium():
    """BF-8.4 / BF-3.9: only the dead Boss's own precincts go. A guest Boss killed in his
    host's precinct district leaves the host's precinct standing: the premium is still due."""
    s = _boss_alone_in_his_precinct(dice=[5], precinct_owner=2)
    s.invites = [[S["Astoria"], 2, 1]]
    play(s, 0, "attack Astoria", "add hit man from Long Island City", "confirm the attack")
    assert not s.alive[1] and s.building[S["Astoria"]] == "precinct"
    assert texts(s, 0) == [
        "pay the $230 premium for the district",
        "leave the district to its owner",
    ]
    play(s, 0, "leave the district to its owner")
    assert s.owner[S["Astoria"]] == 2


def test_bf_8_5_riders_flying_on_leave_a_dead_bosss_district_neutral():
    """BF-8.5 / BF-6.7: a helicopter's hit man kills the Boss in his district and gets back
    aboard: the district does not go back to the dead player, it is neutral."""
    s = blank(3, dice=[4])
    own(s, 0, "Newark")
    own(s, 1, "Jersey City")
    put(s, 0, "boss", "Newark")
    put(s, 0, "helicopter", "Newark")
    put(s, 0, "hitman", "Newark")
    put(s, 1, "boss", "Jersey City")
    put(s, 2, "boss", "Bayonne")
    play(s, 0, "select helicopter at Newark", "take hit man aboard", "go to Jersey City")
    play(s, 0, "attack here", "confirm the attack")
    assert not s.alive[1]
    play(s, 0, "take hit man back aboard")
    assert s.owner[S["Jersey City"]] == -1
