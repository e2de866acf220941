"""The Action turn: Family Ring, the Plan, skills, the one order, drawing and bullets."""

import pytest

from famiglia import IllegalAction
from famiglia.games.scarface_1920 import data as D

from .helpers import CARD, GAME, do, fresh, settle, started, texts, to_actions


@pytest.mark.parametrize("players,gain", [(2, 1), (3, 2), (4, 3)])
def test_family_ring_and_turn_kind(players, gain):
    """SF-5.1: the Ring holder gains 1/2/3 money at the start of a turn; with no cards in hand
    or deck the turn is a Reorganization."""
    st = started(players)
    st.ring = 1
    money = st.money[1]
    st.hand[1], st.deck[1] = [], []
    do(st, "carry out actions")
    do(st, "end actions and draw")
    assert st.turn_seat == 1 and st.money[1] == money + gain and st.phase == "reorg"


def test_plan_crime_rate():
    """SF-5.2: each Plan card beyond the second raises Crime Rate by 1."""
    st = started(2)
    st.hand[0] = list(D.GANG_START[0][:4])
    fresh(st)
    for cid in st.hand[0][:]:
        do(st, f"lay out {D.CARDS[cid]['name']}")
    do(st, "carry out actions")
    assert st.crime[0] == 1 + 2


def test_skills_once_and_matching():
    """SF-5.3: a skill once per turn; a matching skill only with another card of its Crime type."""
    st = to_actions(started(2), 0, ["Outfit Driver", "Outfit Bruiser"])  # Violence, Gambling
    assert "use the skill of Outfit Driver" in texts(st)
    assert "use the matching skill of Outfit Driver" not in texts(st)
    do(st, "use the skill of Outfit Driver")
    assert "use the skill of Outfit Driver" not in texts(st)
    st.plan[0].append(CARD["Outfit Fixer"])  # Violence too
    fresh(st)
    assert "use the matching skill of Outfit Driver" in texts(st)
    bullets = st.bullets[0]
    do(st, "use the matching skill of Outfit Driver")
    assert st.bullets[0] == bullets + 1


def test_one_order_and_budget():
    """SF-5.4: one order per turn, paid by the Plan; the Boss card counts its Boss row."""
    st = to_actions(started(2), 0, ["Al Capone", "Outfit Fixer"])
    st.boss_loc[0] = "d0"
    fresh(st)
    do(st, "order: Underworld, recruit thugs")
    assert st.order_i == D.BOSS_ROWS[0][1] + 1 and st.order_m == D.BOSS_ROWS[0][0]
    do(st, "recruit 1 thug")
    do(st, "finish the order")
    assert not any(t.startswith("order:") for t in texts(st))
    with pytest.raises(IllegalAction) as err:
        st.apply(0, GAME.action_from_json({"kind": "order", "args": ["recruit", "thug"]}))
    assert err.value.clause == "SF-5.4"


def test_end_of_turn_draw_and_bullets():
    """SF-5.5: discard the Plan, draw to hand size; 0/1/2+ discarded give 2/1/0 bullets."""
    for n, bullets in ((0, 2), (1, 1), (2, 0), (3, 0)):
        st = started(2)
        st.hand[0] = list(D.GANG_START[0][:n])
        st.deck[0] = list(D.GANG_START[0][n:])
        fresh(st)
        for cid in list(st.hand[0]):
            do(st, f"lay out {D.CARDS[cid]['name']}")
        do(st, "carry out actions")
        do(st, "end actions and draw")
        assert st.bullets[0] == bullets
        assert len(st.discard[0]) == n and len(st.hand[0]) == min(3, 7 - n) and not st.plan[0]


def test_angry_boss_order():
    """SF-5.6: the Angry Boss as the order's figure adds its Boss row; never for upgrades."""
    st = to_actions(started(2), 0, ["Outfit Fixer"])
    st.boss_loc[0] = "hq"
    fresh(st)
    assert "order: Underworld, recruit thugs with the Angry Boss" in texts(st)
    assert not any("upgrade" in t and "Angry Boss" in t for t in texts(st))
    do(st, "order: Underworld, recruit thugs with the Angry Boss")
    assert st.order_i == 1 + D.BOSS_ROWS[0][1] and st.boss_loc[0] == "underworld"


def test_no_null_orders():
    """SF-5.3: an order that could do nothing is not offered (Crime already at Ness's level,
    nobody in the Slums, nothing to sell)."""
    st = to_actions(started(2), 0, ["Outfit Fixer"])
    st.crime[0], st.slums[0], st.alcohol[0], st.guns[0] = 1, 0, 0, 0
    fresh(st)
    offered = texts(st)
    assert "order: Authorities, reduce your crime rate" not in offered
    assert "order: Underworld, recruit thugs" not in offered
    assert "order: Authorities, sell to the authorities" not in offered
    st.crime[0], st.slums[0] = 3, 2
    fresh(st)
    assert "order: Authorities, reduce your crime rate" in texts(st)
    assert "order: Underworld, recruit thugs" in texts(st)


def test_no_null_skills():
    """SF-5.3: a skill that would do nothing now (heal with nobody in the Hospital) is not
    offered; it is once there is someone to heal."""
    st = to_actions(started(2), 0, ["Outfit Doctor"])
    st.hospital[0] = 0
    fresh(st)
    assert "use the skill of Outfit Doctor" not in texts(st)
    st.hospital[0] = 1
    fresh(st)
    assert "use the skill of Outfit Doctor" in texts(st)


def test_street_gangs_and_skills_between_order_steps():
    """SF-14.11 SF-10.1 SF-5.3: between two steps of an order the player may play a Street Gang
    or use a skill, then the order goes on; Jobs, the Extortion and bribes wait for its end."""
    st = to_actions(started(2), 0, ["Outfit Fixer", "Outfit Driver"])
    sid = st.sg_deck.pop()
    st.street_gangs[0] = [sid]
    st.bullets[0] = 2
    st.money[0] = 20
    fresh(st)
    do(st, "order: Underworld, recruit thugs")
    sg = f"play street gang {D.STREET_GANGS[sid]['name']}"
    assert set(texts(st)) == {
        "recruit 1 thug",
        "use the skill of Outfit Fixer",
        "use the skill of Outfit Driver",
        "use the matching skill of Outfit Fixer",
        "use the matching skill of Outfit Driver",
        sg,
    }  # not finished before one of its steps (SF-5.3)
    for kind, args in (("extort", ["gangs", 1]), ("bribe", [st.police[0], D.ADJ[st.police[0]][0]])):
        with pytest.raises(IllegalAction) as err:
            st.apply(0, GAME.action_from_json({"kind": kind, "args": args}))
        assert err.value.clause == "SF-14.11"
    do(st, "recruit 1 thug")
    alcohol = st.alcohol[0]
    do(st, "use the skill of Outfit Fixer")
    assert st.alcohol[0] == alcohol + 1 and st.phase == "order"
    do(st, sg)
    settle(st)
    assert st.phase == "order" and not st.street_gangs[0] and st.sg_deck[0] == sid
    left = set(texts(st))
    assert "use the skill of Outfit Fixer" not in left and sg not in left
    assert "finish the order" in left
    do(st, "finish the order")
    assert st.phase == "actions"
