"""The board data file (BF-1.1): a map of New York drawn from its geography."""

from __future__ import annotations

import copy

import pytest

from famiglia.games.blood_feud import data as D

RULEBOOK_PLACES = {
    # districts named by the rulebook (Appendix II)
    "Belmont": "district", "Van Nest": "district", "Sunnyside": "district",
    "Corona": "district", "Kensington": "district", "Jackson Heights": "district",
    "Maspeth": "district", "Palisades Park": "district", "North Bergen": "district",
    "Cliffside Park": "district", "Lincoln Square": "district", "Central Harlem": "district",
    "Hamilton Heights": "district", "Times Square": "district", "Chelsea": "district",
    "Lower East Side": "district", "Little Italy": "district", "Murray Hill": "district",
    "The Rockaways": "district", "Coney Island": "district", "Sheepshead Bay": "district",
    "Bay Ridge": "district", "New Brighton": "district", "Wall Street": "district",
    "Sunset Park": "district",
    # parks and airports
    "Central Park": "park", "Prospect Park": "park", "Jacob Riis Park": "park",
    "Great Kills Park": "park", "Hudson Park": "park",
    "LaGuardia Airport": "airport", "JFK Airport": "airport", "Newark Airport": "airport",
}  # fmt: skip

BRIDGES = {
    "George Washington Bridge",
    "Brooklyn Bridge",
    "Manhattan Bridge",
    "Williamsburg Bridge",
    "Queensboro Bridge",
    "Triborough Bridge",
    "Whitestone Bridge",
    "Throgs Neck Bridge",
    "Verrazzano Bridge",
    "Bayonne Bridge",
    "Goethals Bridge",
    "Outerbridge Crossing",
    "Marine Parkway Bridge",
    "Henry Hudson Bridge",
    "Broadway Bridge",
    "Washington Bridge",
    "Macombs Dam Bridge",
}


def test_adjacency_is_symmetric_without_loops():
    """BF-1.1: every adjacency table works both ways."""
    for table in (D.LAND, D.LIMO, D.WATER, D.SHORE, D.AIR):
        for i in range(D.N):
            assert i not in table[i]
            for j in table[i]:
                assert i in table[j], (D.NAMES[i], D.NAMES[j])


def test_land_water_and_whole_board_are_connected():
    """BF-1.1: walking (with bridges) reaches all land, boats reach all water."""
    land = D.distances(D.LAND, D.INDEX["Times Square"])
    assert all(land[i] >= 0 for i in range(D.N) if not D.IS_WATER[i])
    water = D.distances(D.WATER, D.INDEX["Upper Bay West"])
    assert all(water[i] >= 0 for i in range(D.N) if D.IS_WATER[i])
    assert min(D.distances(D.AIR, 0)) == 0 and -1 not in D.distances(D.AIR, 0)
    # every water space has a shore and every borough touches water
    assert all(D.SHORE[i] for i in range(D.N) if D.IS_WATER[i])


def test_every_place_the_rulebook_names_is_on_the_board():
    """BF-1.1"""
    for name, kind in RULEBOOK_PLACES.items():
        assert D.TYPE[D.INDEX[name]] == kind, name
    assert BRIDGES <= {name for name, _a, _b in D.BRIDGES}
    waters = [D.NAMES[i] for i in range(D.N) if D.IS_WATER[i]]
    for word in ("Hudson", "East River", "Harlem River", "Bay", "Long Island Sound", "Kill"):
        assert any(word in w for w in waters), word


def test_district_counts_follow_decisions():
    """BF-1.1: at least 60 districts, and at least the per-borough counts of DECISIONS.md."""
    assert len(D.DISTRICTS) >= 60
    minimum = {"Manhattan": 14, "Bronx": 8, "Queens": 10, "Brooklyn": 10,
               "Staten Island": 5, "New Jersey": 8}  # fmt: skip
    for borough, n in minimum.items():
        assert sum(1 for i in D.DISTRICTS if D.BOROUGH[i] == borough) >= n, borough


def test_appendix_corners_are_not_adjacent():
    """BF-1.1: movement never crosses a corner."""
    book = [
        ("Belmont", "Van Nest"), ("Sunnyside", "Corona"), ("Prospect Park", "Kensington"),
        ("Jackson Heights", "Maspeth"), ("Palisades Park", "Hudson Park"),
        ("North Bergen", "Cliffside Park"), ("Lincoln Square", "Central Harlem"),
        ("Hamilton Heights", "Central Park"), ("Lincoln Square", "Times Square"),
        ("Chelsea", "Central Park"), ("Times Square", "Lower East Side"),
        ("Little Italy", "Murray Hill"), ("The Rockaways", "Atlantic off Jacob Riis Park"),
        ("Jacob Riis Park", "Atlantic off the Rockaways"),
        ("Coney Island", "Atlantic off Sheepshead Bay"),
        ("Sheepshead Bay", "Atlantic off Coney Island"), ("New Brighton", "Lower Bay"),
        ("Great Kills Park", "The Narrows"), ("Wall Street", "Upper Bay East"),
    ]  # fmt: skip
    listed = {frozenset(c) for c in D.CORNERS}
    for a, b in book:
        assert frozenset((D.INDEX[a], D.INDEX[b])) in listed
    for i, j in D.CORNERS:
        assert j not in D.AIR[i], (D.NAMES[i], D.NAMES[j])
    # the water spaces named in the list really are next to what they are "below"/"next to"
    assert D.INDEX["Jacob Riis Park"] in D.SHORE[D.INDEX["Atlantic off Jacob Riis Park"]]
    assert D.INDEX["Sunset Park"] in D.SHORE[D.INDEX["Upper Bay East"]]
    assert D.INDEX["New Brighton"] in D.SHORE[D.INDEX["The Narrows"]]


def test_one_star_per_borough_in_its_own_borough():
    """BF-1.1"""
    assert set(D.STARS) == set(D.BOROUGHS)
    for borough, star in D.STARS.items():
        assert D.BOROUGH[star] == borough and D.IS_DISTRICT[star]
    assert len(set(D.STARS.values())) == 6


def test_positions_are_distinct():
    """BF-1.1: every space can be drawn at its own place."""
    assert len(set(D.POS)) == D.N


@pytest.mark.parametrize(
    "breakage",
    [
        lambda b: b["borders"].append(["Belmont", "Van Nest"]),
        lambda b: b["stars"].update({"Bronx": "Flushing"}),
        lambda b: b["borders"].append(["Belmont", "Nowhere"]),
        lambda b: b["bridges"].append({"name": "X", "a": "Belmont", "b": "Hell Gate"}),
        lambda b: b["spaces"].append(dict(b["spaces"][0])),
    ],
)
def test_validation_rejects_broken_boards(breakage):
    """BF-1.1: the loader refuses a board that breaks the rules of the map."""
    bad = copy.deepcopy(D.BOARD)
    breakage(bad)
    with pytest.raises(ValueError):
        D.validate(bad)
