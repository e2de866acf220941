"""Set-up (BF-1), the turn's phases (BF-2), walking (BF-4) and purchases (BF-7)."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.games.blood_feud import data as D

from .helpers import GAME, S, blank, count, new, own, play, put, texts, where


@pytest.mark.parametrize(
    "players, homes",
    [
        (2, ["Queens", "New Jersey"]),
        (3, ["Bronx", "Brooklyn", "New Jersey"]),
        (4, ["Bronx", "Queens", "Staten Island", "New Jersey"]),
        (5, ["Bronx", "Queens", "Brooklyn", "Staten Island", "New Jersey"]),
        (6, ["Manhattan", "Bronx", "Queens", "Brooklyn", "Staten Island", "New Jersey"]),
    ],
)
def test_starting_points_offered_by_player_count(players, homes):
    """BF-1.2: the first seat of the ranking chooses among the starting points of the player
    count; nobody has pieces before choosing."""
    s = GAME.new(players)
    assert s.phase == "setup" and s.seats_to_act() == (s.ranking[0],)
    assert sorted(s.ranking) == list(range(players)) and not s.units
    assert texts(s, s.turn) == [f"start in {D.NAMES[D.STARS[b]]}, {b}" for b in homes]
    s = new(players, homes=homes)
    for seat, borough in enumerate(homes):
        assert where(s, seat, "boss") == [D.NAMES[D.STARS[borough]]]


def _ranked(players, dice, **options):
    from famiglia.core import ScriptedRng
    from famiglia.games.blood_feud import BloodFeudState
    from famiglia.games.blood_feud.setup import set_up

    options = GAME.resolve_options(options)
    return set_up(BloodFeudState(), players, 0, options, rng=ScriptedRng(list(dice)))


def test_seats_roll_for_the_choice_of_starting_points():
    """BF-1.2, BF-1.3, BF-1.4: a ten-sided die each, the highest chooses first, ties roll
    again; each seat chooses a starting point still free and its family starts there; the last
    takes the one left. Play then follows the starting points, not the ranking."""
    s = _ranked(3, [4, 9, 9, 2, 7])  # seats 1 and 2 tie on 9; seat 2 wins the second roll
    assert s.ranking == [2, 1, 0] and s.seats_to_act() == (2,)
    assert "seats 1 and 2 tie on 9 and roll again" in s.events(0)
    view = s.view(1)
    assert view["homes"] == ["", "", ""] and view["ranking"] == [2, 1, 0]
    assert view == s.view(None) == s.determinize(0, 5).view(1)  # nothing hidden
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "start in Fordham, Bronx")  # seat 2 chooses first
    assert err.value.clause == "BF-1.2"
    play(s, 2, "start in Jersey City, New Jersey")
    assert where(s, 2, "boss") == ["Jersey City"] and count(s, 2, "limousine") == 1
    assert texts(s, 1) == ["start in Fordham, Bronx", "start in Flatbush, Brooklyn"]
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "start in Jersey City, New Jersey")
    assert err.value.clause == "BF-1.2" and "seat 2 already starts" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "start in Times Square, Manhattan")
    assert err.value.clause == "BF-1.2" and "no starting point in a 3-player game" in str(err.value)
    play(s, 1, "start in Fordham, Bronx")
    # seat 0 had Brooklyn left: placed at once, and the first round begins with the Bronx
    assert s.home == ["Brooklyn", "Bronx", "New Jersey"]
    assert where(s, 0, "boss") == ["Flatbush"] and s.owner[S["Flatbush"]] == 0
    assert s.phase == "battle" and s.turn == 1 and s.round == 1
    for seat in (1, 0, 2):  # the Bronx, Brooklyn, New Jersey
        assert s.seats_to_act() == (seat,) and s.round == 1
        play(s, seat, "end the battle phase", "end movement and factor income", "end the turn")
    assert s.seats_to_act() == (1,) and s.round == 2
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "start in Flatbush, Brooklyn")
    assert err.value.clause == "BF-1.2"


def test_take_manhattan_pieces_follow_the_chosen_start():
    """BF-10.1, BF-1.2: the scenario's extra pieces go with the starting point chosen."""
    s = new(4, homes=["New Jersey", "Staten Island", "Queens", "Bronx"], take_manhattan=True)
    assert where(s, 1, "speedboat") == ["Port Richmond"] and where(s, 3, "speedboat") == ["Fordham"]
    assert count(s, 2, "limousine") == 1 and count(s, 0, "limousine") == 0
    assert count(s, 0, "speedboat") == 0 and s.turn == 3  # the Bronx plays first


@pytest.mark.parametrize(
    "players, extra",
    [
        (2, {"thug": 3, "henchman": 3, "hitman": 1, "limousine": 1}),
        (3, {"thug": 2, "henchman": 2, "limousine": 1}),
        (4, {"thug": 2, "henchman": 2}),
        (5, {"thug": 2}),
        (6, {"thug": 2}),
    ],
)
def test_starting_pieces_money_and_district(players, extra):
    """BF-1.3: Boss, 5 family members and the extra pieces on the star; $0; the star held."""
    s = new(players)
    for seat in range(players):
        star = D.STARS[s.home[seat]]
        assert s.owner[star] == seat and s.money[seat] == 0
        assert count(s, seat, "boss") == 1 and count(s, seat, "family") == 5
        for kind in ("thug", "henchman", "hitman", "limousine", "speedboat", "helicopter"):
            assert count(s, seat, kind, D.NAMES[star]) == extra.get(kind, 0), kind


def test_take_manhattan_scenario_pieces_and_player_count():
    """BF-10.1: extra boats for Staten Island and the Bronx, a limousine for Queens; not 6."""
    s = new(4, take_manhattan=True)  # Bronx, Queens, Staten Island, New Jersey
    assert count(s, 0, "speedboat") == 1 and count(s, 2, "speedboat") == 1
    assert count(s, 1, "limousine") == 1 and count(s, 3, "limousine") == 0
    with pytest.raises(ValueError):
        new(6, take_manhattan=True)
    with pytest.raises(ValueError):
        new(3, max_rounds=0)


def test_take_manhattan_win_at_start_of_turn():
    """BF-10.1: holding every Manhattan district when one's turn begins wins."""
    s = blank(2, phase="buy", take_manhattan=True)
    put(s, 0, "boss", "Flushing")
    put(s, 1, "boss", "Jersey City")
    own(s, 1, *[D.NAMES[i] for i in D.MANHATTAN])
    play(s, 0, "end the turn")
    assert s.is_over() and s.result().winners == (1,)


def test_play_order_skips_the_dead_and_counts_rounds():
    """BF-1.4: turns follow the starting points; a dead player is skipped; a round ends after
    the last."""
    s = new(3)
    s.alive[1] = False
    for seat in (0,):
        play(s, seat, "end the battle phase", "end movement and factor income", "end the turn")
    assert s.turn == 2 and s.round == 1
    play(s, 2, "end the battle phase", "end movement and factor income", "end the turn")
    assert s.turn == 0 and s.round == 2


def test_four_phases_in_order():
    """BF-2.1, BF-2.2, BF-2.3, BF-2.5: battle, movement, income, purchases; then next seat."""
    s = new(2)
    assert s.phase == "battle" and "end the battle phase" in texts(s, 0)
    play(s, 0, "end the battle phase")
    assert s.phase == "move" and not any(t.startswith("attack") for t in texts(s, 0))
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "attack Jersey City")
    assert err.value.clause == "BF-2.2"
    play(s, 0, "end movement and factor income")
    assert s.phase == "buy" and s.money[0] == 10  # one district, the Boss alone in it: 10 x 1
    with pytest.raises(IllegalAction):
        play(s, 0, "select Boss at Flushing")
    play(s, 0, "end the turn")
    with pytest.raises(IllegalAction) as err:
        play(s, 1, "buy thug")  # seat 1 is in its battle phase
    assert err.value.clause == "BF-2.5"
    assert s.turn == 1 and s.phase == "battle"


def test_walking_distances_and_no_water():
    """BF-4.1: a thug walks one space, a henchman two; nobody walks on water."""
    s = blank(2)
    put(s, 0, "boss", "Jersey City")
    put(s, 1, "boss", "Newark")
    put(s, 0, "thug", "Wall Street")
    put(s, 0, "henchman", "Inwood")
    play(s, 0, "select thug at Wall Street")
    steps = texts(s, 0)
    assert "move to Brooklyn Heights" in steps  # over the Brooklyn Bridge
    assert not any("Upper Bay" in t or "East River" in t for t in steps)
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "move to Upper Bay West")
    assert err.value.clause == "BF-4.1"
    play(s, 0, "move to Little Italy")
    assert "select thug at Little Italy" not in texts(s, 0)
    play(
        s,
        0,
        "select henchman at Inwood",
        "move to Washington Heights",
        "select henchman at Washington Heights",
        "move to Fort Lee",
    )
    assert where(s, 0, "henchman") == ["Fort Lee"]
    assert s.owner[S["Washington Heights"]] == 0 and s.owner[S["Fort Lee"]] == 0  # BF-4.3
    assert "select henchman at Fort Lee" not in texts(s, 0)  # both moves spent


def test_corner_is_not_crossed():
    """BF-4.1: Lincoln Square does not lead to Times Square (they meet at a corner)."""
    s = blank(2)
    put(s, 0, "boss", "Lincoln Square")
    put(s, 1, "boss", "Newark")
    play(s, 0, "select Boss at Lincoln Square")
    assert "move to Times Square" not in texts(s, 0)
    assert "move to Central Park" in texts(s, 0)
    play(s, 0, "move to Central Park")
    assert s.owner[S["Lincoln Square"]] == -1  # parks and the like are nobody's (BF-2.4)


def test_captured_district_stays_without_pieces():
    """BF-2.4, BF-4.3: a henchman takes two districts by stepping in and back; both stay his."""
    s = blank(2)
    put(s, 0, "boss", "Newark")
    put(s, 1, "boss", "Bayonne")
    put(s, 0, "henchman", "Chelsea")
    play(
        s,
        0,
        "select henchman at Chelsea",
        "move to Times Square",
        "select henchman at Times Square",
        "move to Chelsea",
    )
    assert s.owner[S["Chelsea"]] == 0 and s.owner[S["Times Square"]] == 0
    play(s, 0, "select Boss at Newark", "move to Union City")
    assert s.owner[S["Union City"]] == 0


def test_occupied_spaces_need_an_attack():
    """BF-4.4: enemy personnel block walking in; a helicopter at an airport too."""
    s = blank(2)
    put(s, 0, "boss", "Newark")
    put(s, 1, "boss", "Bayonne")
    put(s, 1, "thug", "Jersey City")
    put(s, 1, "helicopter", "Newark Airport")
    play(s, 0, "select Boss at Newark")
    steps = texts(s, 0)
    assert "move to Jersey City" not in steps and "move to Newark Airport" not in steps
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "move to Jersey City")
    assert err.value.clause == "BF-4.4"
    play(s, 0, "back")
    assert "attack Newark Airport" in texts(s, 0) and "attack Jersey City" in texts(s, 0)


def test_unguarded_vehicles_are_stolen():
    """BF-4.5, BF-4.2: stepping into a space with only enemy vehicles steals them; they do
    not move this turn."""
    s = blank(2)
    put(s, 0, "boss", "Newark")
    put(s, 1, "boss", "Bayonne")
    own(s, 1, "Jersey City")
    put(s, 1, "limousine", "Jersey City")
    play(s, 0, "select Boss at Newark", "move to Jersey City")
    assert count(s, 0, "limousine", "Jersey City") == 1 and s.owner[S["Jersey City"]] == 0
    assert "select limousine at Jersey City" not in texts(s, 0)


def test_pieces_that_fought_or_were_bought_do_not_move():
    """BF-4.2: new pieces wait for the next turn."""
    s = blank(2, phase="buy")
    own(s, 0, "Newark")
    s.money[0] = 100
    put(s, 0, "boss", "Newark")
    put(s, 1, "boss", "Bayonne")
    play(s, 0, "buy thug")
    assert count(s, 0, "thug", "Newark") == 1 and s.money[0] == 0  # BF-7.1
    s.phase = "move"
    assert "select thug at Newark" not in texts(s, 0)


def test_purchase_placement_with_boss_or_older_palace():
    """BF-7.2, BF-7.6, BF-7.4: pieces go with the Boss or to a palace held since an earlier
    turn; buildings go in any own district, replacing the old building."""
    s = blank(2, phase="buy")
    own(s, 0, "Newark", "Chelsea")
    s.money[0] = 5000
    put(s, 0, "boss", "Newark")
    put(s, 1, "boss", "Bayonne")
    play(s, 0, "buy penthouse palace", "build it in Chelsea")
    assert s.building[S["Chelsea"]] == "penthouse"
    play(s, 0, "buy thug")  # the new palace does not count yet: straight to the Boss
    assert count(s, 0, "thug", "Newark") == 1
    s.turn_no += 1  # a later turn
    play(s, 0, "buy henchman")
    assert texts(s, 0) == ["place it at Chelsea", "place it at Newark"]
    play(s, 0, "place it at Chelsea")
    assert count(s, 0, "henchman", "Chelsea") == 1
    play(s, 0, "buy illicit activity")
    assert "build it in Chelsea" in texts(s, 0)
    play(s, 0, "build it in Chelsea")
    assert s.building[S["Chelsea"]] == "illicit"
    said = "seat 0 builds an illicit activity in Chelsea, demolishing its penthouse palace"
    assert s.events(1)[-1] == said  # every seat reads what was lost


def test_speedboat_needs_a_shore_and_a_chosen_shore():
    """BF-6.5, BF-7.2: a boat is bought only at a district on the water; its shore is chosen."""
    s = blank(2, phase="buy")
    s.money[0] = 1000
    put(s, 0, "boss", "Flushing")  # on Flushing Bay only
    put(s, 1, "boss", "Bayonne")
    play(s, 0, "buy speedboat")
    assert where(s, 0, "speedboat") == ["Flushing"]
    assert "seat 0's speedboat is docked in Flushing on Flushing Bay" in s.events(1)
    s.move_unit(s.boss_of(0), S["Corona"])  # inland
    assert "buy speedboat" not in texts(s, 0)
    s.move_unit(s.boss_of(0), S["Wall Street"])  # two shores
    play(s, 0, "buy speedboat", "place it at Wall Street")
    assert texts(s, 0) == [
        "dock it on East River off Brooklyn Heights",
        "dock it on Upper Bay West",
    ]
    play(s, 0, "dock it on Upper Bay West")
    assert count(s, 0, "speedboat", "Wall Street") == 1
    assert s.events(None)[-1] == "seat 0's speedboat is docked in Wall Street on Upper Bay West"


def test_money_limits_and_piece_pool():
    """BF-7.1, BF-7.5, BF-1.5: no buying beyond one's money or beyond the box."""
    s = blank(2, phase="buy")
    s.money[0] = 99
    put(s, 0, "boss", "Newark")
    put(s, 1, "boss", "Bayonne")
    assert not any(t.startswith("buy") for t in texts(s, 0))
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "buy thug")
    assert err.value.clause == "BF-7.1"
    s.money[0] = 10_000
    put(s, 1, "helicopter", "Bayonne", 6)
    assert "buy helicopter" not in texts(s, 0)
    with pytest.raises(IllegalAction) as err:
        play(s, 0, "buy helicopter")
    assert err.value.clause == "BF-7.5"


def test_precinct_stops_and_premium():
    """BF-7.3: an enemy precinct stops a walker; the premium ($100 over the last price) takes
    the district and becomes its new price."""
    s = blank(2)
    own(s, 1, "Jersey City")
    s.building[S["Jersey City"]] = "precinct"
    s.price[S["Jersey City"]] = 130
    s.money[0] = 500
    put(s, 0, "boss", "Newark")
    put(s, 1, "boss", "Bayonne")
    put(s, 0, "henchman", "Newark", 2)
    play(s, 0, "select henchman at Newark")
    assert "move to Jersey City paying the $230 premium" in texts(s, 0)
    play(s, 0, "move to Jersey City")
    assert s.owner[S["Jersey City"]] == 1
    assert "select henchman at Jersey City" not in texts(s, 0)  # stopped for the turn
    play(s, 0, "select henchman at Newark", "move to Jersey City paying the $230 premium")
    assert s.owner[S["Jersey City"]] == 0 and s.price[S["Jersey City"]] == 230
    assert s.money[0] == 270
