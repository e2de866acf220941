"""Setup: gangs and starting neighborhoods in reverse seat order, starting pieces, the board."""

import pytest

from famiglia.games.scarface_1920 import data as D

from .helpers import DIS, GAME, HOOD, do, started


def test_reverse_seat_order_and_home_district():
    """SF-1.2: the last seat chooses first; the start neighborhood's district is home, with the
    Angry Boss and 1 thug there, 5 thugs in Headquarters and 6 in the Slums."""
    st = GAME.new(3, 1)
    assert st.seats_to_act() == (2,)
    do(st, "play Black Wolves")
    do(st, "start in Bronzeville")
    assert st.seats_to_act() == (1,)
    assert "play Black Wolves" not in [str(a) for a in st.legal_actions(1)]
    s = 2
    assert st.control[HOOD["Bronzeville"]] == s and st.home[s] == DIS["South Side"]
    assert st.boss_loc[s] == f"d{DIS['South Side']}" and st.dist[s][DIS["South Side"]] == 1
    assert st.hq[s] == 5 and st.slums[s] == 6


def test_starting_resources():
    """SF-1.3: 10 money, 1 alcohol, 1 gun, Crime 1, hand 3 of the 7 starting cards, 2 Jobs,
    1 Street Gang, two Deals."""
    st = started(2)
    for s in range(2):
        assert (st.alcohol[s], st.guns[s], st.crime[s]) == (1, 1, 1)
        assert len(st.hand[s]) + len(st.deck[s]) == 7 and len(st.hand[s]) == 3
        assert sorted(st.hand[s] + st.deck[s]) == sorted(D.GANG_START[st.gang[s]])
        assert len(st.jobs[s]) == 2 and len(st.street_gangs[s]) == 1 and len(st.deals[s]) == 2
    assert st.money[1] == 10  # seat 0 has started its turn; seat 1 has not


def test_business_markers_at_setup():
    """SF-1.4: 6 free neighborhoods get a Speakeasy, Brothel or Casino; the rest stay on the
    track; the Nightclub column has 7 Nightclubs and 3 Jazz Clubs."""
    st = started(4)
    placed = [n for n, b in enumerate(st.business) if b]
    assert len(placed) == 6 and all(st.control[n] < 0 for n in placed)
    assert all(st.business[n] in ("speakeasy", "brothel", "casino") for n in placed)
    assert sum(st.track) == 15 - 6
    assert sorted(st.nightclubs) == ["jazz"] * 3 + ["nightclub"] * 7


def test_expansion_setup():
    """SF-1.5: candidates of both parties, G-Men at 11, Ness at 1 and in Central, police cars,
    Most Wanted tier 1, market of 5."""
    st = started(3)
    parties = [D.CANDIDATES[c]["party"] for c in st.candidates]
    assert parties == ["republican", "democrat"]
    assert st.gmen_level == 11 and st.ness_level == 1 and st.ness == DIS["Central"]
    assert sorted(st.police) == sorted([DIS["Central"], DIS["North Side"], DIS["South Side"]])
    assert len(st.mw_active) == 6 and all(D.MOST_WANTED[m]["tier"] == 1 for m in st.mw_active)
    assert all(
        len(p) == 6 and all(D.MOST_WANTED[m]["tier"] == t for m in p)
        for t, p in zip((2, 3), st.mw_piles, strict=True)
    )
    assert len(st.market) == 5


def test_seat_zero_starts():
    """SF-1.6: seat 0 plays the first turn, an Action turn."""
    st = started(3)
    assert st.seats_to_act() == (0,) and st.phase == "plan"


def test_bad_options_and_counts():
    """SF-1.1: 5 players and bad options are refused naming what is allowed."""
    with pytest.raises(ValueError, match="1 to 4"):
        GAME.new(5)
    with pytest.raises(ValueError, match="allowed"):
        GAME.new(2, max_turns=0)
