"""Tequila and the Enforcers: the Standard Mode with 2-4 players (SF-T.1 to SF-T.3), the Tequila
Solo Mode (SF-T.10 to SF-T.18) and the Enforcers they use (SF-E)."""

import pytest

from famiglia import IllegalAction
from famiglia.core import ScriptedRng
from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.modes.tequila import gunshot
from famiglia.games.scarface_1920.render import game_over, result_notes
from famiglia.games.scarface_1920.rules import board as B

from .helpers import (
    DIS,
    GAME,
    HOOD,
    clear_board,
    do,
    fresh,
    ops,
    started,
    texts,
    to_actions,
)
from .solo_helpers import G, bare, cube, own, solo

ENF = {e["name"]: i for i, e in enumerate(D.ENFORCERS)}
SG = {s["name"]: i for i, s in enumerate(D.STREET_GANGS)}


def standard(players=2, seed=0):
    return clear_board(started(players, seed, tequila=True))


def hire_ready(st, seat=0, influence=9):
    """Seat's Action turn with a Plan of plenty of influence (the Boss at row 5 and more)."""
    boss = D.CARDS[D.GANG_START[st.gang[seat]][0]]["name"]
    to_actions(st, seat, [boss])
    st.boss_row[seat] = 5
    st.hq[seat] = 4
    st.money[seat] = 50
    return fresh(st)


def test_enforcers_for_hire():
    """SF-E.1 SF-T.1 SF-T.13: with Tequila, 4 Enforcers for hire among 2-4 players, Tequila one
    of them; against Tequila in the Solo Mode the 3 others; none without Tequila."""
    st = started(3, tequila=True)
    assert st.enforcers == [0, 1, 2, 3] and D.ENFORCERS[D.TEQUILA]["name"] == "Tequila"
    assert solo(tequila=True).enforcers == [e for e in range(4) if e != D.TEQUILA]
    assert started(2).enforcers == [] and solo().enforcers == []
    view = started(2, tequila=True).view(0)
    assert view["solo_and_tequila"]["enforcers_for_hire"] == [0, 1, 2, 3]


def test_hiring_an_enforcer():
    """SF-E.2 SF-T.1: a step of the Hire order, paying influence equal to the stars (Tequila
    also his fee, into his purse); one Enforcer per gang; its figure in the Home District."""
    st = hire_ready(standard())
    do(st, "order: Underworld, hire associates")
    assert "hire the Enforcer Tequila" in texts(st)
    money, influence = st.money[0], st.order_i
    do(st, "hire the Enforcer Tequila")
    assert st.enforcer[0] == D.TEQUILA and st.enf_loc[0] == st.home[0]
    assert st.order_i == influence - D.ENFORCERS[D.TEQUILA]["stars"]
    assert st.money[0] == money - D.TEQ["fee"] and st.purse == D.TEQ["fee"]
    assert D.TEQUILA not in st.enforcers
    assert not any(t.startswith("hire the Enforcer") for t in texts(st))  # one per gang
    with pytest.raises(IllegalAction):
        do(st, "hire the Enforcer The Bagman")


def test_enforcer_is_a_figure_and_moves_once():
    """SF-E.3: the Enforcer counts as a figure of its gang where it stands (presence, seizing
    cost); its owner moves it once a turn to a neighbouring district, for free."""
    st = standard()
    st.enforcer[0], st.enf_loc[0] = ENF["The Bagman"], DIS["Central"]
    st.control[HOOD["The Loop"]] = 0
    fresh(st)
    assert B.figures_in(st, 0, DIS["Central"]) == 1 and B.presence(st, 0, DIS["Central"])
    assert B.seize_cost(st, 1, HOOD["The Loop"]) == D.HOODS[HOOD["The Loop"]]["shield"] + 1
    to_actions(st, 0)
    assert "move your Enforcer from Central to Southwest" in texts(st)
    do(st, "move your Enforcer from Central to Southwest")
    assert st.enf_loc[0] == DIS["Southwest"]
    assert not any(t.startswith("move your Enforcer") for t in texts(st))


def test_enforcer_hit_last_and_lost():
    """SF-E.4: a hit takes the gang's other figures in that district first; a hit Enforcer
    leaves the gang, its card back among those for hire."""
    st = standard()
    st.enforcer[1], st.enf_loc[1] = ENF["The Bagman"], DIS["Central"]
    st.enforcers.remove(ENF["The Bagman"])
    st.dist[1][DIS["Central"]] = 1
    st.ness = DIS["Far South"]
    fresh(st)
    B.hit(st, 1, DIS["Central"])
    assert st.enforcer[1] == ENF["The Bagman"] and st.hospital[1] == 1
    B.hit(st, 1, DIS["Central"])
    assert st.enforcer[1] == -1 and st.enf_loc[1] == -1 and ENF["The Bagman"] in st.enforcers


def test_enforcer_abilities_and_ness():
    """SF-E.5: the Bodyguard shields its owner's figures there; the Torpedo seizes 2 cheaper;
    the Bagman adds 5 to its owner's sales there; none of it where Angry Eliot Ness stands."""
    st = standard()
    st.ness = DIS["Far South"]
    st.dist[1][DIS["Central"]] = 2
    st.enforcer[1], st.enf_loc[1] = ENF["The Bodyguard"], DIS["Central"]
    fresh(st)
    assert not B.hittable(st, 1, DIS["Central"])
    st.ness = DIS["Central"]
    assert B.hittable(st, 1, DIS["Central"])
    st.ness = DIS["Far South"]
    st.enforcer[0], st.enf_loc[0] = ENF["The Torpedo"], DIS["Central"]
    shield = D.HOODS[HOOD["The Loop"]]["shield"]
    assert B.seize_cost(st, 0, HOOD["The Loop"]) == shield - 2
    st.enforcer[0] = ENF["The Bagman"]
    st.control[HOOD["The Loop"]] = 0
    st.home[0] = DIS["Central"]
    assert B.sale_value(st, 0, HOOD["The Loop"]) == D.HOODS[HOOD["The Loop"]]["price"] + 5
    st.ness = DIS["Central"]
    st.control[HOOD["The Loop"]] = 0
    assert B.seize_cost(st, 1, HOOD["The Loop"]) >= shield


def test_gunshot_hits_headquarters_or_kills():
    """SF-T.2: as many figures of Headquarters hit as News cards revealed (none before the first);
    with fewer there the player dies."""
    st = standard()
    gunshot(st, 1)
    assert st.phase != "over" and "hits nobody" in st.events(0)[-1]
    st.news_seen = [0, 1]
    st.hq[1], st.boss_loc[1] = 1, "hq"
    gunshot(st, 1)  # 1 thug and the Angry Boss block the 2 shots
    assert st.hq[1] == 0 and st.boss_loc[1] == "hospital" and st.hospital[1] == 1
    gunshot(st, 1)
    assert st.dead == 1 and st.phase == "over"


def test_standard_gunshot_action():
    """SF-T.2: once in his Action turn, Tequila's owner may shoot a rival with a figure in
    Tequila's district (not where Ness stands, and only once a News card is out)."""
    st = standard(3)
    st.enforcer[0], st.enf_loc[0] = D.TEQUILA, DIS["Central"]
    st.dist[1][DIS["Central"]] = 1
    st.ness = DIS["Far South"]
    to_actions(st, 0)
    assert not any(t.startswith("Tequila shoots") for t in texts(st))  # no News yet
    st.news_seen = [0]
    fresh(st)
    name = D.GANGS[st.gang[1]]
    assert texts(st).count(f"Tequila shoots at {name}") == 1
    hq = st.hq[1]
    do(st, f"Tequila shoots at {name}")
    assert st.hq[1] == hq - 1 and st.shot_used
    assert not any(t.startswith("Tequila shoots") for t in texts(st))
    st.shot_used = 0
    st.ness = DIS["Central"]
    fresh(st)
    assert not any(t.startswith("Tequila shoots") for t in texts(st))


def test_death_ends_the_standard_game():
    """SF-T.3: a death ends the game at once; the most money wins, Tequila's purse counting,
    the dead player cannot win however rich."""
    st = standard(3)
    st.money = [40, 90, 70]
    st.purse = 50
    st.news_seen = [0, 1, 2]
    st.hq[1], st.boss_loc[1] = 0, "d0"
    gunshot(st, 1)
    r = st.result()
    assert st.is_over() and r.winners == (2,) and r.scores == (40, 90, 70)
    st.purse = 80  # richer than every living player: no seat wins
    assert st.result().winners == ()


def _died(players, money, purse, dead):
    st = standard(players)
    st.money = list(money)
    st.purse = purse
    st.news_seen = [0, 1, 2]
    st.hq[dead], st.boss_loc[dead] = 0, "d0"
    gunshot(st, dead)
    assert st.is_over() and st.dead == dead
    return st


def test_a_death_ranks_the_seats_among_themselves_the_dead_last():
    """SF-T.4: three seats take places 1 to 3, whatever Tequila holds: the living by money, the
    dead seat 3rd (not 4th behind Tequila); Tequila's place is told beside them, with why the
    dead seat is last."""
    st = _died(3, [40, 90, 70], 50, dead=1)
    r = st.result()
    assert r.ranking == (2, 3, 1) and r.winners == (2,)
    how, details = result_notes(st)
    assert "last whatever its money (SF-T.4)" in how
    assert "50 in his purse: 2nd among the living, so the richest living gang wins" in how
    assert details[1].endswith("money 90, dead") and not details[0].endswith("dead")
    assert game_over(st).endswith("wins") and "seat 2" in game_over(st)
    # Tequila richer than every living seat: he wins alone; the seats keep their own places.
    st.purse = 80
    r = st.result()
    assert r.ranking == (2, 3, 1) and r.winners == ()
    how, _ = result_notes(st)
    assert "80 in his purse: 1st among the living, so Tequila wins alone and no seat wins" in how
    assert game_over(st) == "game over: Tequila wins with 80 in his purse"
    # Level with the richest living seat: they share the win, which counts as the seat's.
    st.purse = 70
    r = st.result()
    assert r.ranking == (2, 3, 1) and r.winners == (2,)
    assert "level with the richest living gang, who shares the win with him" in result_notes(st)[0]


def test_a_death_with_living_seats_level_and_four_players():
    """SF-T.4: living seats with equal money share a place; the dead seat's place is the number
    of players (4th of 4), and a poor dead seat is last as a rich one is."""
    st = _died(4, [60, 0, 60, 30], 20, dead=1)
    r = st.result()
    assert r.ranking == (1, 4, 1, 3) and r.winners == (0, 2)
    st = _died(2, [10, 5], 90, dead=0)
    r = st.result()
    assert r.ranking == (2, 1) and r.winners == ()


def test_tequila_solo_setup():
    """SF-T.10: Target tokens Target side up in every district; Tequila's figure is the token;
    his starting Deals with 1 Tequila token each; his starting goods are tokens."""
    st = GAME.new(1, 2, solo=True, tequila=True)
    assert st.targets == [1] * 7 and st.token == st.home[G]
    assert st.deals[G] == list(D.TEQUILA_DEALS) and st.deal_tokens == [1, 1]
    assert [D.DEALERS[d]["name"] for d in st.deals[G]] == ["Alcohol Supplier", "Gun Supplier"]
    assert st.tokens == 2 and st.alcohol[G] == st.guns[G] == 0
    assert st.view(0)["solo_and_tequila"]["targets"] == [1] * 7


def test_tequila_keeps_more_jobs():
    """SF-T.20 SF-14.14: Tequila draws data.toml's start_jobs Jobs at setup (face up) and keeps up to
    max_jobs, more than the solo gang's 2 and 3; with a full hand the Job cube gives up the one
    furthest from done for a new one."""
    start, most = D.TEQ["start_jobs"], D.TEQ["max_jobs"]
    assert start > D.C["start_jobs"] and most > D.C["max_jobs"] and start <= most
    st = GAME.new(1, 2, solo=True, tequila=True)
    assert len(st.jobs[G]) == start and len(GAME.new(1, 2, solo=True).jobs[G]) == 2
    assert all(st.job_known[j] for j in st.jobs[G])
    st = bare(solo(tequila=True))
    st.hq[G] = 5
    st.jobs[G] = st.jobs[G][: most - 1]
    cube(st, "job")  # influence 1: one more, now a full hand
    assert len(st.jobs[G]) == most
    held = list(st.jobs[G])
    cube(st, "job")
    assert len(st.jobs[G]) == most and len(set(st.jobs[G]) - set(held)) == 1
    assert "Tequila gives up the job" in " ".join(st.events(0))


def test_tequila_tokens():
    """SF-T.11: goods he would gain are Tequila tokens; a token sells as either good; the tokens
    lying on a Deal come with its activation."""
    st = bare(solo(tequila=True))
    ops(st, [["alcohol", G, 2], ["guns", G, 1], ["guns", G, -1]])
    assert st.tokens == 2 + 2 and st.alcohol[G] == st.guns[G] == 0
    own(st, ["Uptown"])  # buys guns only
    st.hq[G] = 3
    money = st.money[G]
    cube(st, "sell")
    assert st.money[G] == money + D.HOODS[HOOD["Uptown"]]["price"] and st.tokens == 3
    st.tokens = 0
    cube(st, "supply")  # each starting Deal: 1 token, plus the 1 lying on it
    assert st.tokens == 4 and st.deal_tokens == [0, 0]


def test_tequila_deals():
    """SF-T.12: his dealers supply is added once to a Supply action's total; a Deal he draws is a
    single Deal (1 token, storage 1, thug limit 1)."""
    st = bare(solo(tequila=True))
    st.deal_tokens = [0, 0]
    st.dealer_bonus[G] = 2
    st.hq[G], st.tokens = 5, 0
    cube(st, "supply")
    assert st.tokens == 1 + 1 + 2  # not 2 per Deal
    from famiglia.games.scarface_1920.modes.automa_actions import deal_card

    drawn = deal_card(st, D.DEALER_DECK[0])
    assert (drawn["alcohol"], drawn["storage"], drawn["limit"]) == (1, 1, 1)
    st.deals[G].append(D.DEALER_DECK[0])
    st.deal_thugs[G], st.boss_loc[G] = [0, 0, 0], "hq"
    st.tokens = 0
    st.boss_row[G] = 5
    cube(st, "supply")
    assert st.tokens == 1 + 1 + 1 + 2 and st.deal_thugs[G][2] <= 1


def test_tequila_turns_targets():
    """SF-T.14: Tequila arriving turns that district's token: a Target becomes a Gunshot and
    nothing happens; a Gunshot turns back and the player is shot."""
    st = bare(solo(tequila=True))
    st.token = DIS["Far North"]
    st.police = [DIS["Far South"]] * 3
    st.news_seen = [0]
    st.rng = ScriptedRng([0])  # North Side and West Side tie: the first
    ops(st, [["solo_move", G]])
    assert st.token == DIS["North Side"] and st.targets[DIS["North Side"]] == 0
    hq = st.hq[0]
    assert st.hq[0] == hq
    st.token = DIS["Far North"]
    st.rng = ScriptedRng([0])
    ops(st, [["solo_move", G]])
    assert st.targets[DIS["North Side"]] == 1 and st.hq[0] == hq - 1
    assert "Tequila's gunshot: 1 figure " in st.events(0)[-1]


def test_tequila_heads_for_gunshot_tokens():
    """SF-T.19: Moving Tequila, a neighbour whose token shows its Gunshot side scores
    data.toml's gunshot_score more; the solo gang has no such tokens to follow."""
    bonus = D.TEQ["gunshot_score"]
    assert bonus > 0
    for tequila in (True, False):
        st = bare(solo(tequila=tequila))
        st.token = DIS["Far North"]  # neighbours North Side and West Side: 3 hoods each
        st.police = [DIS["Far South"]] * 3
        st.dist[0][DIS["North Side"]] = bonus - 1  # 6 + bonus - 1 against 6 (+ bonus)
        if tequila:
            st.targets[DIS["West Side"]] = 0
        ops(st, [["solo_move", G]])
        assert st.token == (DIS["West Side"] if tequila else DIS["North Side"])
    st = bare(solo(tequila=True))
    st.token = DIS["Far North"]
    st.police = [DIS["Far South"]] * 3
    st.dist[0][DIS["North Side"]] = bonus + 1  # more player figures outweigh the token
    st.targets[DIS["West Side"]] = 0
    ops(st, [["solo_move", G]])
    assert st.token == DIS["North Side"]


def test_no_money_stolen_by_tequila():
    """SF-T.15: Tequila's Reorganization takes no money from the player."""
    st = bare(solo(tequila=True))
    st.dist[G] = [2, 2, 2, 2, 2, 2, 0]
    st.money[0], st.bag = 80, []
    ops(st, [["solo_turn", G]])
    assert st.money[0] == 80 and not any("steals" in e for e in st.events(0))


def test_street_gang_turns_targets():
    """SF-T.16: the player discards a Street Gang (under the deck) to turn up to his Plan's
    influence in tokens, each either way, one at a time; he may stop."""
    st = solo(tequila=True)
    plan = [c for c in D.GANG_START[st.gang[0]] if D.CARDS[c]["influence"] >= 1][:2]
    to_actions(st, 0, [D.CARDS[c]["name"] for c in plan])
    influence = sum(D.CARDS[c]["influence"] for c in plan)
    sid = st.street_gangs[0][0]
    fresh(st)
    name = D.STREET_GANGS[sid]["name"]
    do(st, f"discard street gang {name} to turn Target tokens")
    assert sid not in st.street_gangs[0] and st.sg_deck[0] == sid
    do(st, "turn the token in Central")
    assert st.targets[DIS["Central"]] == 0
    if influence > 1:
        do(st, "turn the token in Central")
        assert st.targets[DIS["Central"]] == 1
    if st.pending:
        do(st, "skip")
    assert not st.pending and st.phase == "actions"


def test_street_gang_flip_needs_influence():
    """SF-T.16: with no influence in the Plan, no token can be turned: not offered."""
    st = solo(tequila=True)
    to_actions(st, 0)
    assert not any(t.startswith("discard street gang") for t in texts(st))


def test_attack_tequila():
    """SF-T.17: Attack Tequila is the turn's one Order: Plan muscle at least Tequila's Jobs,
    1 bullet token for 30 money, no figure."""
    st = solo(tequila=True)
    boss = D.CARDS[D.GANG_START[st.gang[0]][0]]["name"]
    to_actions(st, 0, [boss])  # Boss row 1: 2 muscle
    st.jobs[G] = st.jobs[G][:2]
    st.bullets[0], money, hq = 1, st.money[0], st.hq[0]
    fresh(st)
    do(st, "order: attack Tequila")
    assert st.money[0] == money + 30 and st.bullets[0] == 0 and st.hq[0] == hq
    assert st.order_used and not any(t.startswith("order:") for t in texts(st))
    st.order_used, st.bullets[0] = 0, 1
    st.jobs[G] = st.jobs[G] + [st.job_deck.pop()]  # 3 Jobs, 2 muscle: no attack
    fresh(st)
    assert "order: attack Tequila" not in texts(st)
    with pytest.raises(IllegalAction) as refused:
        st.apply(0, GAME.action_from_json({"kind": "attack_tequila", "args": []}))
    assert refused.value.clause == "SF-T.17"


def test_tequila_wins_when_the_player_dies():
    """SF-T.18: a gunshot the player cannot block ends the game: Tequila wins, the player is
    placed 2 and no seat wins."""
    st = bare(solo(tequila=True))
    st.news_seen = [0, 1, 2]
    st.hq[0], st.boss_loc[0] = 1, "d0"
    st.targets[DIS["North Side"]] = 0
    st.token = DIS["Far North"]
    st.police = [DIS["Far South"]] * 3
    st.rng = ScriptedRng([0])
    ops(st, [["solo_move", G]])
    assert st.is_over() and st.dead == 0 and "Tequila wins the game" in st.events(0)
    shot = next(e for e in st.events(0) if e.startswith("Tequila's gunshot: 3 shots"))
    assert "1 figure in Headquarters block 1 of them; 2 unblocked" in shot
    r = st.result()
    assert r.winners == () and r.ranking == (2,)


def test_reading_of_the_sheets():
    """SF-14.13: the Reorganization line is Tequila's own (SF-T.15), News revealed count the
    shots (SF-T.2), Tequila's Jobs are those he holds (SF-T.17)."""
    st = bare(solo(tequila=True))
    st.news_seen = [0, 1]
    from famiglia.games.scarface_1920.modes.tequila import jobs_held, shots

    assert shots(st) == 2 and jobs_held(st) == len(st.jobs[G])
