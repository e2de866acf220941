"""The board: presence, business profits, police cars, Eliot Ness, the G-Men marker."""

from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.rules import board as B
from famiglia.games.scarface_1920.rules.crime import change_crime
from famiglia.games.scarface_1920.rules.effects import place_business, remove_business
from famiglia.games.scarface_1920.rules.vocabulary import run

from .helpers import DIS, HOOD, clear_board, do, fresh, ops, started, texts, to_actions


def test_presence():
    """SF-2.3: home marker, a thug, the Angry Boss or a control marker give presence."""
    st = clear_board(started(2))
    assert B.presence(st, 0, DIS["Far North"])  # home
    assert not B.presence(st, 0, DIS["West Side"])
    st.dist[0][DIS["West Side"]] = 1
    assert B.presence(st, 0, DIS["West Side"])
    st.boss_loc[0] = f"d{DIS['Southwest']}"
    assert B.presence(st, 0, DIS["Southwest"])
    st.control[HOOD["Pullman"]] = 0
    assert B.presence(st, 0, DIS["Far South"])


def test_business_profit_rows():
    """SF-2.4: profit per marker is the column value at the row of markers on the board."""
    st = started(2)
    st.business = [""] * 18
    st.track = [5, 5, 5]
    place_business(st, 0, "speakeasy")
    assert B.business_profit(st, "speakeasy") == 2
    place_business(st, 1, "speakeasy")
    place_business(st, 2, "speakeasy")
    assert B.business_profit(st, "speakeasy") == 4
    place_business(st, 3, "brothel")
    assert B.business_profit(st, "brothel") == 6
    st.business[4] = "jazz"
    st.business[5] = "nightclub"
    assert B.business_profit(st, "jazz") == B.business_profit(st, "nightclub") == 9
    st.business[6:11] = ["speakeasy"] * 5
    assert B.business_profit(st, "speakeasy") == 6  # 8 on the board: the 5th row


def test_adding_takes_top_marker():
    """SF-2.5: a Nightclub added is the top of the column, a Jazz Club if it is on top; a removed
    marker goes back."""
    st = started(2)
    st.nightclubs = ["nightclub", "jazz"]
    st.business[0] = ""
    place_business(st, 0, "nightclub")
    assert st.business[0] == "jazz" and st.nightclubs == ["nightclub"]
    remove_business(st, 0)
    assert st.nightclubs == ["nightclub", "jazz"] and st.business[0] == ""
    before = st.track[0]
    place_business(st, 0, "speakeasy")
    assert st.track[0] == before - 1


def test_police_car_protects():
    """SF-2.6 SF-6.9: no seizing where a police car stands; elsewhere the cost is the shield plus
    the controller's figures in the district."""
    st = clear_board(started(2))
    st.police = [DIS["Central"], DIS["North Side"], DIS["South Side"]]
    st.dist[0][DIS["Central"]] = 1
    assert not B.can_seize(st, 0, HOOD["The Loop"])
    st.police[0] = DIS["Far North"]
    assert B.can_seize(st, 0, HOOD["The Loop"])
    st.control[HOOD["The Loop"]] = 1
    st.dist[1][DIS["Central"]] = 2
    assert B.seize_cost(st, 0, HOOD["The Loop"]) == 5 + 2


def test_ness_is_a_floor():
    """SF-3.1: no Crime Rate below Ness's level; his rise pushes markers up."""
    st = started(2)
    st.ness_level, st.crime[0] = 3, 5
    change_crime(st, 0, -4)
    assert st.crime[0] == 3
    st.todo = [["extra_rest", -1]]
    st.news_seen = []
    st.crime[1] = 1
    run(st)
    assert st.ness_level == 4 and st.crime[0] == 4 and st.crime[1] == 4


def test_angry_ness_district():
    """SF-3.2: no sales where Ness stands; thugs hit there go to Prison; the Angry Boss there
    adds nothing."""
    from famiglia.games.scarface_1920.rules.strength import boss_bonus

    st = clear_board(started(2))
    st.control[HOOD["The Loop"]] = 0
    st.alcohol[0] = 3
    st.ness = DIS["Central"]
    assert all(n != HOOD["The Loop"] for n, _ in B.sales(st, 0))
    st.ness = DIS["West Side"]
    assert (HOOD["The Loop"], "alcohol") in B.sales(st, 0)
    st.dist[1][DIS["West Side"]] = 1
    B.hit(st, 1, DIS["West Side"])
    assert st.prison[1] == 1 and st.hospital[1] == 0
    st.boss_loc[0] = f"d{DIS['West Side']}"
    assert boss_bonus(st, 0) == (0, 0)
    st.ness = DIS["Central"]
    assert boss_bonus(st, 0) == D.BOSS_ROWS[0]


def test_ness_moves_on_raid_and_area_change():
    """SF-3.3: to the raider's home before a Raid (not with two markers at 11); to the first hit
    district of the revealed Street Gang on an area change; otherwise he stays."""
    st = started(2)
    st.ness = DIS["Central"]
    st.crime[1] = 2
    ops(st, [["crime", 1, 1]])  # 2 -> 3: same area
    assert st.ness == DIS["Central"]
    top = st.sg_deck[-1]
    ops(st, [["crime", 1, 2]])  # 3 -> 5: new area
    assert st.ness == D.STREET_GANGS[top]["hit"][0] and st.sg_deck[0] == top
    st.crime[1] = 10
    ops(st, [["raid_ness", 1]])
    st.crime[1] = 11
    ops(st, [["raid_ness", 1]])
    assert st.ness == st.home[1]
    st.ness = DIS["Central"]
    st.crime[0] = 11
    ops(st, [["raid_ness", 1]])
    assert st.ness == DIS["Central"]


def test_bribery():
    """SF-3.4: pay 5 money to move a police car to an adjacent district."""
    st = to_actions(clear_board(started(2)))
    st.money[0] = 7
    st.police = [DIS["Central"], DIS["Central"], DIS["Far South"]]
    fresh(st)
    options = [t for t in texts(st) if t.startswith("bribe")]
    assert "bribe: police car from Central to West Side" in options
    assert "bribe: police car from Central to Far North" not in options
    do(st, "bribe: police car from Central to West Side")
    assert st.money[0] == 2 and sorted(st.police) == sorted(
        [DIS["Central"], DIS["West Side"], DIS["Far South"]]
    )
    fresh(st)
    assert not any(t.startswith("bribe") for t in texts(st))


def test_extra_v_effect():
    """SF-3.5: the printed Extra V effect (G-Men card 1: each player hits 1 of his thugs in the
    district a car enters) happens whenever a car moves in."""
    st = to_actions(clear_board(started(2)))
    st.gmen = 0
    st.money[0] = 10
    st.police = [DIS["Central"], DIS["North Side"], DIS["South Side"]]
    st.dist[0][DIS["West Side"]] = 2
    st.dist[1][DIS["West Side"]] = 1
    fresh(st)
    do(st, "bribe: police car from Central to West Side")
    assert st.dist[0][DIS["West Side"]] == 1 and st.dist[1][DIS["West Side"]] == 0
    assert st.hospital[0] == 1 and st.hospital[1] == 1


def test_gmen_marker_moves_down_without_pushing():
    """SF-3.6: the G-Men marker starts at 11 and goes down 1 at Extra! Extra!; no marker moves."""
    st = started(2)
    assert st.gmen_level == 11
    st.crime = [3, 9]
    st.todo = [["extra_rest", -1]]
    run(st)
    assert st.gmen_level == 10 and st.crime == [3, 9]


def test_ness_moves_after_the_action():
    """SF-3.3: Ness moves after the action that raised the Crime Rate: an Underworld order from
    4 to 5 moves him only once the order is finished."""
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Runner"])
    st.crime[0], st.ness = 4, DIS["Central"]
    top = st.sg_deck[-1]
    fresh(st)
    do(st, "order: Underworld, recruit thugs")
    assert st.crime[0] == 5 and st.ness == DIS["Central"]
    do(st, "recruit 1 thug")
    assert st.ness == DIS["Central"]
    do(st, "finish the order")
    assert st.ness == D.STREET_GANGS[top]["hit"][0]
