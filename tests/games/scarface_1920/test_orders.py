"""Every order of the Turns Aid Sheet's table, sales with the distance bonus, seizing."""

import pytest

from famiglia import IllegalAction
from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.rules import board as B
from famiglia.games.scarface_1920.rules.strength import healing_value

from .helpers import (
    CARD,
    DIS,
    GAME,
    HOOD,
    clear_board,
    do,
    fresh,
    settle,
    started,
    texts,
    to_actions,
)


def test_underworld_order():
    """SF-6.1: a thug from Headquarters to the Underworld, +1 Crime Rate; recruit 1 influence each,
    jobs up to 3 held, dealers."""
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Runner"])  # 2 influence
    hq, slums = st.hq[0], st.slums[0]
    do(st, "order: Underworld, recruit thugs")
    assert st.underworld[0] == 1 and st.hq[0] == hq - 1 and st.crime[0] == 2
    do(st, "recruit 1 thug")
    do(st, "recruit 1 thug")
    assert st.slums[0] == slums - 2 and "recruit 1 thug" not in texts(st)
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Runner"])
    do(st, "order: Underworld, get jobs")
    do(st, "draw 1 job")
    assert len(st.jobs[0]) == 3 and "draw 1 job" not in texts(st)  # at most 3 held
    st = to_actions(started(2), 0, ["Outfit Fixer"])
    do(st, "order: Underworld, get dealers")
    do(st, "draw 1 dealer")
    assert len(st.deals[0]) == 3


def test_authorities_orders():
    """SF-6.2: a thug to the Authorities brings a Vote; reduce Crime, sell to the Authorities for
    6, retrieve all prisoners for 2, add a business marker, remove a rival's control for 5."""
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Runner"])
    st.crime[0] = 4
    st.alcohol[0] = 2
    fresh(st)
    do(st, "order: Authorities, reduce your crime rate")
    assert st.votes[0] == 1 and st.authorities[0] == 1
    do(st, "reduce your crime rate by 1")
    assert st.crime[0] == 3
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Runner"])
    st.alcohol[0] = 2
    money = st.money[0]
    fresh(st)
    do(st, "order: Authorities, sell to the authorities")
    do(st, "sell 1 alcohol to the authorities")
    do(st, "sell 1 alcohol to the authorities")
    assert st.money[0] == money + 12 and st.alcohol[0] == 0
    assert st.events(0)[-2:] == [
        "The Chicago Outfit sells 1 alcohol to the authorities",
        "you gain 6 money",
    ]
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Runner"])
    st.prison[0] = 3
    fresh(st)
    do(st, "order: Authorities, retrieve your thugs from prison")
    hq = st.hq[0]
    do(st, "retrieve all your thugs from prison")
    assert st.prison[0] == 0 and st.hq[0] == hq + 3
    st = to_actions(started(2), 0, ["Outfit Fixer"])
    st.business[HOOD["Rogers Park"]] = ""
    fresh(st)
    do(st, "order: Authorities, add business markers")
    do(st, "add a casino in Rogers Park")
    assert st.business[HOOD["Rogers Park"]] == "casino"
    st = to_actions(started(2), 0, ["Outfit Consigliere", "Outfit Accountant", "Outfit Fixer"])  # 5
    fresh(st)
    do(st, "order: Authorities, remove control markers")
    do(st, "remove the control marker in The Loop")
    assert st.control[HOOD["The Loop"]] == -1


def test_send_and_move():
    """SF-6.3: send to districts with presence, 1 muscle each; move to an adjacent district."""
    st = to_actions(clear_board(started(2)), 0, ["Outfit Bruiser"])  # 2 muscle
    do(st, "order: send thugs to districts")
    sends = [t for t in texts(st) if t.startswith("send")]
    assert sends == ["send a thug to Far North"]  # only home gives presence now
    do(st, "send a thug to Far North")
    do(st, "finish the order")
    st = to_actions(st, 0, ["Outfit Bruiser"])
    st.order_used = 0
    fresh(st)
    do(st, "order: move thugs, a police car or your truck")
    assert "move a thug from Far North to West Side" in texts(st)
    assert "move a thug from Far North to Central" not in texts(st)
    do(st, "move a thug from Far North to West Side")
    assert st.dist[0][DIS["West Side"]] == 1


def test_sale_distance_and_jazz():
    """SF-6.4: price + 10 per district of the shortest presence chain + 5 for a Jazz Club."""
    st = clear_board(started(2))  # seat 0: home Far North
    loop, pullman = HOOD["The Loop"], HOOD["Pullman"]
    st.control[loop] = 0
    assert B.sale_value(st, 0, loop) == D.HOODS[loop]["price"]  # no chain
    st.dist[0][DIS["North Side"]] = 1
    assert B.sale_value(st, 0, loop) == D.HOODS[loop]["price"] + 20
    st.business[loop] = "jazz"
    assert B.sale_value(st, 0, loop) == D.HOODS[loop]["price"] + 25
    st.control[pullman] = 0
    for d in ("Central", "South Side", "West Side", "Southwest"):
        st.dist[0][DIS[d]] = 1
    assert B.distance_bonus(st, 0, DIS["Far South"]) == 3  # via West Side, Southwest
    assert B.distance_bonus(st, 0, DIS["Far North"]) == 0
    st.alcohol[0] = 1
    money = st.money[0]
    B.sell(st, 0, pullman, "alcohol")
    assert st.money[0] == money + D.HOODS[pullman]["price"] + 30 and st.alcohol[0] == 0


def test_deals():
    """SF-6.5: a thug onto a Deal and its cost; goods plus the dealers-supply upgrade."""
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Bruiser"])
    st.dealer_bonus[0] = 1
    alcohol, guns = st.alcohol[0], st.guns[0]
    fresh(st)
    do(st, "order: get supply from deals")
    do(st, "get supply from Distillery Owner (deal 1) paying influence")
    do(st, "get supply from Gun Runner (deal 2) paying muscle")
    assert st.alcohol[0] == alcohol + 2 and st.guns[0] == guns + 2
    assert st.deal_thugs[0] == [1, 1]
    assert "get supply from Distillery Owner (deal 1) paying influence" not in texts(st)  # limit 1


def test_hire_slot_maven_most_wanted():
    """SF-6.6: the rulebook's example: hiring Slot Maven (Gambling) gives the Gambling Most
    Wanted reward, 3 money and 1 gun; the hirer takes the Family Ring; 1-3 stars join the Plan."""
    st = to_actions(started(2), 0, ["Outfit Accountant", "Outfit Fixer"])  # 3 influence
    slot = CARD["Slot Maven"]
    st.market[0] = slot
    st.mw_active[D.CRIMES.index("Gambling")] = 0  # the tier 1 token: 3 money and 1 gun
    money, guns = st.money[0], st.guns[0]
    fresh(st)
    do(st, "order: Underworld, hire associates")
    do(st, "hire Slot Maven")
    assert st.money[0] == money + 3 and st.guns[0] == guns + 1
    assert st.ring == 0 and slot in st.plan[0] and len(st.market) == 5 and slot not in st.market
    assert st.order_i == 3 - 2  # SF-14.7: the new Plan card adds nothing to this order


def test_hire_high_stars_and_two_types():
    """SF-6.6: 4-5 stars go to the hand; with two Crime types the hirer picks the reward."""
    st = to_actions(started(2), 0, ["Outfit Consigliere", "Outfit Accountant", "Outfit Fixer"])
    fixer = CARD["Harbor Fixer"]  # 4 stars, Vice and Smuggling
    st.market[0] = fixer
    fresh(st)
    do(st, "order: Underworld, hire associates")
    do(st, "hire Harbor Fixer")
    assert fixer in st.hand[0]
    assert texts(st) == [
        "take the Most Wanted reward of Vice",
        "take the Most Wanted reward of Smuggling",
    ]


def test_upgrade_cost():
    """SF-6.7: 5 money x upgrades you will have, 2 muscle/influence, +1 Crime Rate."""
    st = to_actions(started(2), 0, ["Outfit Lookout"])  # 1 muscle 1 influence
    st.money[0] = 20
    st.upgrades[0] = 1
    fresh(st)
    do(st, "order: upgrade your gang")
    assert "upgrade hand size paying 1 muscle and 1 influence" in texts(st)
    assert "upgrade hand size paying 2 muscle and 0 influence" not in texts(st)
    do(st, "upgrade unlock Outfit Hitman paying 1 muscle and 1 influence")
    assert st.money[0] == 10 and st.upgrades[0] == 2 and st.crime[0] == 2
    assert CARD["Outfit Hitman"] in st.discard[0]


def test_healing_value():
    """SF-6.8: 0-1 upgrades heal 1, 2-4 heal 2, 5-7 heal 3, 8+ heal 4."""
    st = started(2)
    for ups, heal in ((0, 1), (1, 1), (2, 2), (4, 2), (5, 3), (7, 3), (8, 4), (12, 4)):
        st.upgrades[0] = ups
        assert healing_value(st, 0) == heal


def test_seize():
    """SF-6.9: seize with muscle >= shield + controller's figures; the marker changes hands."""
    st = to_actions(clear_board(started(2)), 0, ["Outfit Bruiser", "Outfit Lookout"])  # 3 muscle
    st.police = [DIS["Far North"]] * 3
    hood = HOOD["Back of the Yards"]  # shield 2, Southwest
    st.control[hood] = 1
    st.dist[0][DIS["Southwest"]] = 1
    fresh(st)
    do(st, "order: seize a neighborhood")
    assert "seize Back of the Yards" in texts(st) and "seize Bridgeport" in texts(st)
    st.dist[1][DIS["Southwest"]] = 2
    fresh(st)
    assert "seize Back of the Yards" not in texts(st)  # now 2 + 2 > 3
    st.dist[1][DIS["Southwest"]] = 1
    fresh(st)
    do(st, "seize Back of the Yards")
    settle(st)
    assert st.control[hood] == 0 and not any(t.startswith("seize") for t in texts(st))


def test_move_a_police_car():
    """SF-6.3 SF-3.5: the Move order can move a police car for 1 muscle; its Extra V effect
    follows."""
    st = to_actions(clear_board(started(2)), 0, ["Outfit Driver"])  # 1 muscle
    st.gmen = 0  # Extra V: each player hits 1 of his thugs where the car arrives
    st.police = [DIS["Central"], DIS["North Side"], DIS["South Side"]]
    st.dist[1][DIS["Southwest"]] = 1
    st.ness = DIS["Far North"]
    fresh(st)
    do(st, "order: move thugs, a police car or your truck")
    do(st, "move a police car from Central to Southwest (1 muscle)")
    assert DIS["Southwest"] in st.police and st.hospital[1] == 1 and st.order_m == 0


def test_deal_storage_and_thug_limit():
    """SF-6.10 SF-14.3: an activation yields its goods plus the dealers-supply upgrade, cut down
    to the Deal's storage; a Deal takes figures up to its thug limit, the Angry Boss counting."""
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Accountant"])  # 3 influence
    brewer = next(i for i, d in enumerate(D.DEALERS) if d["name"] == "Brewer of Cicero")
    assert (D.DEALERS[brewer]["limit"], D.DEALERS[brewer]["storage"]) == (2, 3)
    st.deals[0].append(brewer)
    st.deal_thugs[0].append(0)
    st.dealer_bonus[0] = 2
    alcohol = st.alcohol[0]
    fresh(st)
    do(st, "order: get supply from deals")
    do(st, "get supply from Distillery Owner (deal 1) paying influence")
    assert st.alcohol[0] == alcohol + 2  # 1 + 2, storage 2
    do(st, "get supply from Brewer of Cicero (deal 3) paying influence")
    assert st.alcohol[0] == alcohol + 5  # 2 + 2, storage 3
    assert st.deal_thugs[0] == [1, 0, 1]
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Accountant"])
    st.deals[0].append(brewer)
    st.deal_thugs[0].append(1)
    st.boss_loc[0] = "deal2"  # the Angry Boss already stands on the Brewer: 2 of 2
    fresh(st)
    do(st, "order: get supply from deals")
    assert not any("Brewer" in t for t in texts(st))
    assert "get supply from Gun Runner (deal 2) paying muscle" not in texts(st)  # no muscle


def test_truck_carries_thugs():
    """SF-6.11 SF-14.12 SF-6.3: one truck per gang from its Home District; 1 muscle of the Move
    order drives it to an adjacent district with up to 2 thugs standing where it starts."""
    st = started(3)
    assert st.truck == st.home and st.view(1)["gangs"][0]["truck"] == st.home[0]
    st = to_actions(clear_board(started(2)), 0, ["Outfit Bruiser"])  # 2 muscle
    far_north, west = DIS["Far North"], DIS["West Side"]
    assert st.truck[0] == far_north
    st.dist[0][far_north] = 3
    fresh(st)
    do(st, "order: move thugs, a police car or your truck")
    moves = [t for t in texts(st) if t.startswith("move your truck")]
    assert "move your truck from Far North to West Side with 2 thugs (1 muscle)" in moves
    assert not any("3 thugs" in t for t in moves) and len(moves) == 6  # 2 roads x 0-2 thugs
    do(st, "move your truck from Far North to West Side with 2 thugs (1 muscle)")
    assert st.truck[0] == west and st.order_m == 1
    assert st.dist[0][far_north] == 1 and st.dist[0][west] == 2
    do(st, "move your truck from West Side to Central with 0 thugs (1 muscle)")
    assert st.truck[0] == DIS["Central"] and st.dist[0][west] == 2 and st.order_m == 0


def test_sf_5_3_seize_with_nothing_seizable_is_not_offered():
    """SF-5.3: Seize is not offered when no neighborhood can be seized, even though the
    player holds a Street Gang and unused matching skills he could play between its steps."""
    st = to_actions(clear_board(started(2)), 0, ["Outfit Bruiser", "Outfit Lookout"])  # 3 muscle
    st.police = [DIS["Far North"]] * 3
    sid = next(i for i, g in enumerate(D.STREET_GANGS) if g["name"] == "Ragen's Colts I")
    st.street_gangs[0] = [sid]
    fresh(st)
    offered = texts(st)
    assert "play street gang Ragen's Colts I" in offered
    assert "use the matching skill of Outfit Bruiser" in offered
    assert "order: seize a neighborhood" not in offered  # no figure in any district
    st.dist[0][DIS["Southwest"]] = 1
    fresh(st)
    assert "order: seize a neighborhood" in texts(st)


def test_sf_5_3_get_supply_with_every_deal_full_is_not_offered():
    """SF-5.3: Get supply from Deals is not offered when every Deal holds its thug limit, even
    with an unused skill in the Plan; with room on one Deal it is."""
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Bruiser"])
    assert len(st.deals[0]) == 2 and all(D.DEALERS[d]["limit"] == 1 for d in st.deals[0])
    st.deal_thugs[0] = [1, 1]
    fresh(st)
    offered = texts(st)
    assert "use the skill of Outfit Fixer" in offered
    assert "order: get supply from deals" not in offered
    st.deal_thugs[0] = [1, 0]
    fresh(st)
    assert "order: get supply from deals" in texts(st)


def test_sf_5_3_an_order_is_finished_only_after_one_of_its_steps():
    """SF-5.3: an action with null effect may not be carried out. Once an Authorities order is
    given (its thug has brought the Vote), it cannot be finished before one of its own steps:
    no Vote for selling nothing. After a step it may be finished; and when nothing is left to
    do (here the goods are gone, as a Street Gang or skill played between steps could spend
    them, SF-14.11) it may be finished so the player is never stuck."""
    st = to_actions(started(2), 0, ["Outfit Lookout"])  # 1 influence
    st.alcohol[0], st.guns[0] = 2, 0
    fresh(st)
    do(st, "order: Authorities, sell to the authorities")
    assert st.votes[0] == 1
    assert texts(st)[-1] != "finish the order" and "finish the order" not in texts(st)
    with pytest.raises(IllegalAction) as err:
        do(st, "finish the order")
    assert err.value.clause == "SF-5.3" and st.phase == "order"
    do(st, "sell 1 alcohol to the authorities")
    assert "finish the order" in texts(st)
    do(st, "finish the order")
    assert st.phase == "actions" and st.alcohol[0] == 1
    # no step possible any more: finishing is the way out
    st = to_actions(started(2), 0, ["Outfit Lookout"])
    st.alcohol[0], st.guns[0] = 1, 0
    fresh(st)
    do(st, "order: Authorities, sell to the authorities")
    st.alcohol[0] = 0
    fresh(st)
    assert "finish the order" in texts(st)


def test_sf_5_3_every_order_given_has_a_step():
    """SF-5.3: every order offered has one of its own steps to carry out once given (each kind,
    with a thug and with the Angry Boss, over random positions), so finishing an order always
    follows a step unless something played between steps took it away."""
    import random

    from famiglia.games.scarface_1920.rules import order_start, order_steps

    kinds = set()
    for seed in range(6):
        st = GAME.new(2 + seed % 3, seed, **({"tequila": True} if seed % 2 else {}))
        chooser = random.Random(seed)
        while not st.is_over():
            seat = st.seats_to_act()[0]
            if st.phase == "actions" and not st.pending:
                for action in order_start.startable(st, seat):
                    c = st.clone()
                    order_start.give(c, seat, action.args)
                    assert order_steps.order_steps(c, seat), action
                    kinds.add(action.args)
            legal = st.legal_actions(seat)
            st.apply(seat, chooser.choice(legal))
    assert len(kinds) > 15
