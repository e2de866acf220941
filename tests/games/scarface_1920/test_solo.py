"""The Solo Mode: the solo gang's setup, cubes, actions, Reorganization, choices and the result
(SF-S), and the Bloody Business solo sheet's own lines (SF-S.20 to SF-S.28)."""

import pytest

from famiglia.core import Rng, ScriptedRng
from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.rules import board as B
from famiglia.games.scarface_1920.rules.endgame import start_election

from .helpers import DIS, GAME, HOOD, do, fresh, ops, settle, to_actions
from .solo_helpers import G, bare, cube, meet, own, solo, solo_turn


def test_one_player_is_the_solo_mode():
    """SF-S.1: one player needs solo=true, solo needs one player; the count is 1-4."""
    assert (GAME.min_players, GAME.max_players) == (1, 4)
    with pytest.raises(ValueError, match="solo=true"):
        GAME.new(1)
    with pytest.raises(ValueError, match="for 1 player, not 2"):
        GAME.new(2, solo=True)
    with pytest.raises(ValueError, match="solo=true"):
        GAME.new(1, tequila=True)
    assert GAME.default_players({"solo": True}) == 1 and GAME.default_players({"solo": False}) == 4
    st = solo()
    assert st.players == 1 and st.gangs == 2 and st.automa == G


def test_solo_gang_counts_as_a_gang():
    """SF-S.1: the Family Ring pays 1 money (two gangs); Candidate bonuses rank two gangs."""
    st = solo()
    st.ring = 0
    to_actions(st, 0)
    money = st.money[0]
    do(st, "end actions and draw")
    settle(st)
    assert st.turn_seat == 0 and st.money[0] == money + D.RING[2]
    from famiglia.games.scarface_1920.rules.endgame import candidate_bonus

    rank = next(i for i, c in enumerate(D.CANDIDATES) if any(b[0] == "rank" for b in c["bonus"]))
    assert len(candidate_bonus(st, rank)) == 2


def test_solo_gang_setup():
    """SF-S.2: a random gang and neighborhood, pieces without cards, 2 face-up Jobs, its token
    at home; then the player picks from the other gangs and free neighborhoods."""
    st = GAME.new(1, 5, solo=True)
    g = G
    assert st.gang[g] >= 0 and st.home[g] >= 0 and st.token == st.home[g]
    assert st.control.count(g) == 1 and st.control[HOOD_OF(st, g)] == g
    assert (st.hq[g], st.slums[g], st.dist[g][st.home[g]]) == (5, 6, 1)
    assert st.boss_loc[g] == f"d{st.home[g]}"
    assert (st.money[g], st.alcohol[g], st.guns[g]) == (10, 1, 1)
    assert not st.hand[g] and not st.deck[g] and not st.street_gangs[g] and st.bullets[g] == 0
    assert len(st.jobs[g]) == 2 and all(st.job_known[j] == 15 for j in st.jobs[g])
    assert st.deals[g] == list(D.STARTING_DEALS)
    offered = [a.args[0] for a in st.legal_actions(0)]
    assert st.gang[g] not in offered and len(offered) == 3
    other = GAME.new(1, 6, solo=True)
    assert (other.gang[g], other.home[g]) != (st.gang[g], st.home[g]) or True  # random per seed
    seen = {
        (GAME.new(1, s, solo=True).gang[g], GAME.new(1, s, solo=True).home[g]) for s in range(8)
    }
    assert len(seen) > 1


def HOOD_OF(st, g):
    return st.control.index(g)


def test_turns_alternate():
    """SF-S.2 SF-S.5: after the player's turn the solo gang plays its turn inside that move,
    narrated; then it is the player's turn again."""
    st = solo()
    to_actions(st, 0)
    before = len(st.events(0))
    do(st, "end actions and draw")
    settle(st)
    assert st.turn_seat == 0 and st.seats_to_act() == (0,)
    told = st.events(0)[before:]
    assert any(line == "the solo gang: Action turn" for line in told)
    assert any(line.startswith("the solo gang draws the Action cubes") for line in told)


def test_solo_gangs_own_lines_are_told_of_it():
    """SF-S.3: what a gang alone is told ("you gain 1 money from the Family Ring") is told to
    all of the solo gang, in the third person."""
    st = solo()
    st.ring = G
    to_actions(st, 0)
    before = len(st.events(0))
    do(st, "end actions and draw")
    settle(st)
    told = st.events(0)[before:]
    assert f"the solo gang gains {D.RING[2]} money from the Family Ring" in told
    assert not any("solo gang: you" in line or "your" in line for line in told)


def test_solo_gang_is_public():
    """SF-S.3: its money, Votes, Jobs and cubes are in the player's view and in a spectator's;
    a sample keeps them."""
    st = solo()
    st.money[G], st.votes[G] = 37, 4
    view = st.view(0)
    gang = view["gangs"][G]
    assert gang["solo_gang"] and gang["money"] == 37 and gang["votes"] == 4
    assert gang["jobs"] == st.jobs[G]
    assert view["solo_and_tequila"]["bag"] == sorted(D.CUBES)
    assert st.view(None)["gangs"][G]["money"] == 37
    sample = st.determinize(0, 99)
    assert sample.money[G] == 37 and sample.jobs[G] == st.jobs[G]


def test_bag_of_cubes_and_reorganization_turn():
    """SF-S.4: 13 cubes as data.toml says; an Action turn while the bag holds cubes, a
    Reorganization once it is empty (and the bag is full again after it)."""
    assert len(D.CUBES) == 13 and D.CUBES.count("muscle") == 3
    assert D.CUBES.count("authorities") == 2
    st = solo()
    st.bag = []
    st.cubes_out = list(D.CUBES)
    solo_turn(st)
    assert st.bag == sorted(D.CUBES) and not st.cubes_out and st.time == 1
    assert "the solo gang: Reorganization turn" in st.events(0)


def test_action_turn_draws_three_cubes_in_order():
    """SF-S.5: three cubes drawn at random (by the state's generator), carried out in the order
    drawn, then set aside; an action that cannot be done leaves its cube unused."""
    st = bare(solo())
    st.rng = ScriptedRng([0, 0, 0, 0])  # the token's tie, then the first cube each time
    st.bag = ["upgrade", "upgrade", "upgrade", "sell"]
    st.money[G] = 0  # no upgrade can be paid
    ops(st, [["solo_draw", G]])
    assert st.cubes_out[-3:] == ["upgrade", "upgrade", "upgrade"] and st.bag == ["sell"]
    assert st.events(0).count("the solo gang cannot use its upgrade cube") == 3
    # the same seed and state draw the same cubes
    a, b = solo(seed=3), solo(seed=3)
    a.turn_seat = b.turn_seat = G
    ops(a, [["solo_draw", G]])
    ops(b, [["solo_draw", G]])
    assert a.cubes_out == b.cubes_out and len(a.cubes_out) == 3


def test_strength_and_the_angry_boss():
    """SF-S.6 SF-S.21: an action has the Boss row's muscle and influence; the Angry Boss is used
    whenever it can be, and from then on influence is added to muscle for the turn."""
    from famiglia.games.scarface_1920.modes.automa import strength

    st = bare(solo())
    st.boss_row[G] = 3
    assert strength(st, G) == D.BOSS_ROWS[2]
    st.hq[G], st.dist[G] = 6, [0] * 7
    own(st, ["Rogers Park"])
    st.token = DIS["Far North"]  # Far North and Far South (home) tie: the token's first
    cube(st, "send")  # the Angry Boss leaves Headquarters first
    assert st.boss_loc[G] == f"d{DIS['Far North']}" and st.boss_bonus == 1
    m, i = D.BOSS_ROWS[2]
    assert strength(st, G) == (m + i, i)
    # sent: the Boss and (m + i) - 1 thugs, leaving the reserve of 2 in Headquarters, each to
    # where it stands weakest (Far North and its Home District, in turn)
    assert sum(B.figures_in(st, G, d) for d in range(7)) == min(m + i, 7 - 2)
    assert B.figures_in(st, G, DIS["Far North"]) >= B.figures_in(st, G, DIS["Far South"])


def test_angry_boss_bonus_not_where_ness_stands():
    """SF-S.21 SF-3.2: the Angry Boss used where Angry Eliot Ness stands gives no bonus."""
    st = bare(solo())
    own(st, ["Rogers Park"])
    st.ness = st.token = DIS["Far North"]
    st.hq[G] = 5
    cube(st, "send")
    assert st.boss_loc[G] == f"d{DIS['Far North']}" and st.boss_bonus == 0


def test_moving_the_solo_gang():
    """SF-S.7: each neighbouring district scores 2 per neighborhood the solo gang does not
    control (none under a police car) plus 1 per player figure; the best one, a tie drawn."""
    st = bare(solo())
    st.token = DIS["Central"]  # neighbours: North Side, West Side, Southwest, South Side
    st.police = [DIS["North Side"], DIS["West Side"], DIS["Southwest"]]
    st.dist[0][DIS["Southwest"]] = 4  # 0 for hoods (police) + 4 figures
    fresh(st)
    ops(st, [["solo_move", G]])  # South Side: 3 hoods x 2 = 6 beats 4
    assert st.token == DIS["South Side"]
    assert "the solo gang moves to South Side" in st.events(0)
    st.token = DIS["Far North"]  # neighbours North Side (3 hoods), West Side (3 hoods)
    st.police = [DIS["Far South"]] * 3
    st.rng = ScriptedRng([1])
    ops(st, [["solo_move", G]])
    assert st.token == DIS["West Side"]  # the tie, drawn: second of the two
    st.token = DIS["Far South"]
    st.police = [DIS["Southwest"], DIS["South Side"], DIS["Central"]]
    own(st, ["Pullman"])
    st.dist[0][DIS["Far South"]] = 3  # 1 hood x 2 + 3 figures = 5 beats 0 and 0
    ops(st, [["solo_move", G]])
    assert st.token == DIS["Far South"] and "the solo gang stays in Far South" in st.events(0)


def test_muscle_seizes_free_ground_first():
    """SF-S.8: it seizes where it can pay, the token's district first, a free neighborhood
    before the player's, then the highest price."""
    st = bare(solo())
    st.token = DIS["Central"]
    st.dist[G][DIS["Central"]] = 1
    st.boss_loc[G] = f"d{DIS['Central']}"
    st.boss_row[G] = 5  # 4/4: with the Boss 8 muscle
    own(st, ["Near North Side"], gang=0)  # shield 4, no player figure there
    st.dist[G][DIS["Far North"]] = 1  # a free Far North one is cheaper, but not the token's
    fresh(st)
    cube(st, "muscle")
    assert st.control[HOOD["The Loop"]] == G  # free, price 10
    cube(st, "muscle")
    assert st.control[HOOD["Near South Side"]] == G  # free, price 9
    cube(st, "muscle")
    assert st.control[HOOD["Near North Side"]] == G
    assert "the solo gang seizes Near North Side from" in st.events(0)[-1]
    st.token = DIS["Far South"]
    st.control[HOOD["Rogers Park"]] = 0  # the player's, outside the token's district
    fresh(st)
    cube(st, "muscle")  # nothing left in the token's district: elsewhere, free ground only
    assert st.control[HOOD["Edgewater"]] == G and st.control[HOOD["Rogers Park"]] == 0


def test_muscle_brings_figures_when_it_cannot_seize():
    """SF-S.8: unable to seize, it brings figures into the token's district: from
    Headquarters with presence there, else from neighbours (never their last figure)."""
    st = bare(solo())
    st.token = DIS["Central"]
    st.control = [G if i == HOOD["Rogers Park"] else -1 for i in range(18)]
    st.police = [DIS["Central"], DIS["West Side"], DIS["North Side"]]  # nothing seizable
    st.dist[G][DIS["West Side"]] = 3
    st.dist[G][DIS["North Side"]] = 1
    st.boss_loc[G] = "hq"
    fresh(st)
    cube(st, "muscle")  # no presence in Central: 2 muscle moves 2 from West Side
    assert st.dist[G][DIS["Central"]] == 2 and st.dist[G][DIS["West Side"]] == 1
    assert st.dist[G][DIS["North Side"]] == 1
    st.hq[G] = 5
    cube(st, "muscle")  # presence now: sent from Headquarters (the Boss first, then +1)
    assert st.boss_loc[G] == f"d{DIS['Central']}" and B.figures_in(st, G, DIS["Central"]) == 5


def test_send_sell_supply():
    """SF-S.9: Send goes where it stands weakest against the player, keeping 2 in
    Headquarters (with none to spare it recruits); Sell sells the best paying first (with
    nothing to sell it gets supply); Supply puts a figure on each Deal it can pay."""
    st = bare(solo())
    own(st, ["Rogers Park", "Lincoln Park"])  # Far North, North Side
    st.dist[0][DIS["North Side"]] = 2
    st.hq[G], st.boss_loc[G] = 3, "d0"
    fresh(st)
    cube(st, "send")  # 2 muscle but 1 to spare: to North Side, where it is 2 behind
    assert st.dist[G][DIS["North Side"]] == 1 and st.hq[G] == 2
    st.slums[G] = 4
    cube(st, "send")  # none to spare: recruits 1 (influence 1), Underworld +1 Crime Rate
    assert st.slums[G] == 3 and st.underworld[G] == 1 and st.crime[G] == 2
    st.alcohol[G], st.guns[G], st.money[G] = 1, 0, 0
    st.hq[G] = 3
    fresh(st)
    cube(st, "sell")  # Lincoln Park (7) before Rogers Park (6)
    assert st.money[G] == 7 and st.alcohol[G] == 0 and st.underworld[G] == 2
    cube(st, "sell")  # nothing to sell: Supply from both starting Deals
    assert (st.alcohol[G], st.guns[G]) == (1, 1) and st.deal_thugs[G] == [1, 1]
    st.hq[G] = 3
    cube(st, "supply")  # both Deals full: it gets a Dealer instead
    assert len(st.deals[G]) == 3


def test_authorities_cube():
    """SF-S.10: at the Authorities (+1 Vote): a Crime Rate of 9+ lowered first, then its
    prisoners freed (2 or more, with 2 influence), then a Business marker paying most, then a
    lower Crime Rate."""
    st = bare(solo())
    own(st, ["Rogers Park"])
    st.hq[G], st.crime[G], votes = 5, 9, st.votes[G]
    fresh(st)
    cube(st, "authorities")
    assert st.crime[G] == 8 and st.votes[G] == votes + 1 and st.boss_loc[G] == "authorities"
    st.prison[G], st.boss_row[G] = 2, 2
    cube(st, "authorities")
    assert st.prison[G] == 0
    st.business = [""] * 18
    st.track = [5, 5, 5]
    cube(st, "authorities")  # the first marker of a kind pays: speakeasy 2, brothel 6, casino 1
    assert st.business[HOOD["Rogers Park"]] == "brothel"
    cube(st, "authorities")  # no free place left: lower Crime Rate by up to influence (2)
    assert st.crime[G] == 6


def test_hire_most_stars():
    """SF-S.10: the market Associate with most stars it can pay (the first on a tie); the card
    joins its pile, it takes the Family Ring and a Most Wanted reward."""
    st = bare(solo())
    st.hq[G], st.boss_row[G] = 3, 3  # influence 2
    cheap = [c for c in D.ASSOCIATES if D.CARDS[c]["stars"] == 1 and len(D.CARDS[c]["crimes"]) == 1]
    two = [c for c in D.ASSOCIATES if D.CARDS[c]["stars"] == 2 and len(D.CARDS[c]["crimes"]) == 1]
    big = [c for c in D.ASSOCIATES if D.CARDS[c]["stars"] == 4]
    st.market = [cheap[0], two[0], two[1], big[0], big[1]]
    fresh(st)
    cube(st, "hire")
    assert two[0] in st.discard[G] and two[0] not in st.market and st.ring == G
    assert len(st.market) == 5


def test_jobs_and_upgrades():
    """SF-S.11: a Job with every requirement met is fulfilled at once with a figure on it;
    else it draws Jobs (a full hand gives up the one furthest from done); upgrades come in the
    order Boss row, Recruiters, Lawyers, dealers supply, if it can pay."""
    st = bare(solo())
    job = st.jobs[G][0]
    st.jobs[G] = [job]
    meet(st, job)
    st.hq[G] = 3
    money = st.money[G]
    fresh(st)
    cube(st, "job")
    assert job in st.job_discard and st.boss_loc[G] == "job"
    assert st.money[G] >= money  # its reward, whatever it is, was given
    st.jobs[G] = []
    cube(st, "job")
    assert len(st.jobs[G]) == 1  # influence 1: one Job drawn
    st.money[G] = 100
    for want in ("boss_row", "boss_row", "boss_row", "boss_row", "recruiters"):
        before = getattr(st, want)[G]
        cube(st, "upgrade")
        assert getattr(st, want)[G] == before + 1
    assert st.upgrades[G] == 5 and st.money[G] == 100 - 5 * (1 + 2 + 3 + 4 + 5)


def test_reorganization_sales_profit_steal():
    """SF-S.12: one sale per neighborhood, Business profit, then it steals the table's money for
    districts where it has figures and at least as many as the player (at most all he has),
    figures come back, Lawyers, healing, Recruiters, a full bag, the Time marker. SF-14.14:
    the table is 1.5 times the Extortion table, rounded half up."""
    assert D.SOLO["steal"] == [3, 9, 18, 32, 54, 92, 150]
    assert D.SOLO["steal"] == [int(1.5 * x + 0.5) for x in D.EXTORT_MONEY]
    st = bare(solo())
    own(st, ["Rogers Park", "Edgewater"])  # Far North: alcohol 6, guns 5
    st.business[HOOD["Rogers Park"]] = "speakeasy"  # the only one on the board: 2
    st.alcohol[G], st.guns[G] = 3, 3
    st.dist[G] = [1, 1, 2, 0, 0, 0, 0]
    st.dist[0] = [0, 1, 3, 0, 0, 0, 0]  # it leads Far North, ties North Side, trails West Side
    st.money[G], st.money[0] = 0, 50
    st.authorities[G], st.prison[G], st.slums[G] = 2, 1, 2
    st.bag, time = [], st.time
    fresh(st)
    solo_turn(st)
    settle(st)
    stolen = D.SOLO["steal"][2 - 1]
    assert st.money[G] == 6 + 5 + 2 + stolen and st.money[0] == 50 - stolen
    assert (st.alcohol[G], st.guns[G]) == (2, 2)
    assert st.authorities[G] == 0 and st.prison[G] == 0 and st.slums[G] == 1
    assert st.bag == sorted(D.CUBES) and st.time == time + 1
    st.money[0], st.money[G] = 3, 0
    st.bag = []
    solo_turn(st)
    assert st.money[0] == 0  # no more than the player has


def test_solo_gang_choices_in_effects():
    """SF-S.13: its hits take the player's figures where he has most; a police car goes where
    the player has most figures; its moved figures go toward its token."""
    st = bare(solo())
    st.dist[0][DIS["Central"]] = 1
    st.dist[0][DIS["Southwest"]] = 2
    st.dist[G][DIS["Southwest"]] = 3
    fresh(st)
    ops(st, [["hit", G, "any", 1]])
    assert st.dist[0][DIS["Southwest"]] == 1 and st.dist[G][DIS["Southwest"]] == 3
    do(st, "let the opportunity pass")  # the player was hit by a rival (SF-10.3)
    st.police = [DIS["Far North"], DIS["Far South"], DIS["Far South"]]
    st.dist[0][DIS["North Side"]] = 5
    ops(st, [["police", G, 1]])
    assert DIS["North Side"] in st.police
    st.token = DIS["Far South"]
    ops(st, [["move_thug", G, 1]])
    assert st.dist[G][DIS["Far South"]] == 1
    ops(st, [["opp", G, "hit"]])  # never an OPPORTUNITY, never a pending question
    assert not st.pending


@pytest.mark.parametrize("mine,theirs,money_mine,money_theirs,won", [
    (100, 90, 50, 90, True),
    (90, 100, 90, 50, False),
    (100, 100, 60, 50, True),
    (100, 100, 50, 60, False),
    (100, 100, 50, 50, True),  # shared: the player's win
])  # fmt: skip
def test_result_one_seat(mine, theirs, money_mine, money_theirs, won):
    """SF-S.14: the player wins with more final money, then more money before bonuses, a tie
    shared counting as his win; one seat, placed 1 or 2, no winner when the solo gang wins."""
    from famiglia.games.scarface_1920.modes.solo import result

    st = solo()
    st.money = [money_mine, money_theirs]
    r = result(st, [mine, theirs])
    assert r.scores == (mine,) and r.ranking == ((1,) if won else (2,))
    assert r.winners == ((0,) if won else ())
    st.capped = 1
    r = result(st, None)
    assert r.capped and r.scores == (money_mine,)


def test_no_distance_bonus():
    """SF-S.20: the solo gang's sale is the neighborhood's price, however far from home."""
    st = bare(solo())
    st.home[G] = DIS["Far North"]
    st.dist[G] = [1, 1, 0, 1, 0, 0, 0]
    own(st, ["The Loop"])
    assert B.sale_value(st, G, HOOD["The Loop"]) == D.HOODS[HOOD["The Loop"]]["price"]
    st.home[0] = DIS["Far North"]
    st.dist[0] = [1, 1, 0, 1, 0, 0, 0]
    assert B.sale_value(st, 0, HOOD["The Loop"]) > D.HOODS[HOOD["The Loop"]]["price"]


def test_business_markers_as_for_players():
    """SF-S.22: its Business markers pay it the track's profit at its Reorganization."""
    st = bare(solo())
    own(st, ["Lakeview"])
    st.business[HOOD["Lakeview"]] = "nightclub"
    assert B.profit_of(st, G) == D.PROFIT["nightclub"][0]


def test_no_street_gangs_and_bullets_are_money():
    """SF-S.23 SF-S.24: an effect giving it Street Gangs gives nothing; each bullet token it
    would receive is 10 money."""
    st = solo()
    deck, money = len(st.sg_deck), st.money[G]
    ops(st, [["street_gang", G, 2], ["bullets", G, 2], ["bullets", G, -1]])
    assert len(st.sg_deck) == deck and not st.street_gangs[G]
    assert st.bullets[G] == 0 and st.money[G] == money + 20
    assert "the solo gang takes 20 money instead of 2 bullet tokens" in st.events(0)
    st = solo(tequila=True)
    ops(st, [["bullets", G, 1]])
    assert "Tequila takes 10 money instead of 1 bullet token" in st.events(0)


def test_votes_visible_and_random_vote():
    """SF-S.25: its Votes come as for a player and are shown; at the election it backs a
    Candidate at random once the player has chosen, and its Votes count."""
    st = bare(solo())
    st.hq[G] = 4
    own(st, ["Rogers Park"])
    st.business = ["x"] * 18  # no free place: the Authorities cube lowers Crime Rate
    st.crime[G] = 3
    fresh(st)
    cube(st, "authorities")
    assert st.view(0)["gangs"][G]["votes"] == 1
    picks = set()
    for seed in range(12):
        e = solo(seed)
        start_election(e)
        e.votes[G], e.votes[0] = 3, 1
        e.rng = Rng(seed)
        fresh(e)
        assert e.seats_to_act() == (0,)
        do(e, str(e.legal_actions(0)[0]))
        picks.add(e.votes_cast[G])
        assert e.elected == e.candidates[e.votes_cast[G]]  # its 3 Votes beat the player's 1
    assert picks == {0, 1}


def test_unused_cubes_heal():
    """SF-S.26: one figure healed per unused cube, the Angry Boss first, into Headquarters with
    1 or fewer figures there, else into the Home District."""
    st = bare(solo())
    st.hospital[G], st.boss_loc[G], st.hq[G] = 3, "hospital", 1
    st.money[G] = 0
    st.rng = ScriptedRng([0, 0])
    st.bag = ["upgrade", "upgrade"]
    ops(st, [["solo_draw", G]])
    assert st.boss_loc[G] == "hq" and st.hq[G] == 2 and st.hospital[G] == 2
    st.hq[G], st.turn_seat = 2, G
    st.bag = ["upgrade"]
    st.rng = ScriptedRng([0])
    ops(st, [["solo_draw", G]])
    assert st.hospital[G] == 1 and st.dist[G][st.home[G]] == 1


def test_most_wanted_type_at_random():
    """SF-S.27: hiring a two-type Associate draws one of its types for the reward."""
    st = bare(solo())
    twin = next(
        c for c in D.ASSOCIATES if len(D.CARDS[c]["crimes"]) == 2 and D.CARDS[c]["stars"] == 1
    )
    st.market = [twin]
    st.hq[G] = 3
    st.rng = ScriptedRng([1])
    fresh(st)
    cube(st, "hire")
    crime = D.CARDS[twin]["crimes"][1]
    assert f"the Most Wanted reward of {D.CRIMES[crime]} is drawn at random" in st.events(0)


def test_gmen_extra_v_never_touches_the_solo_gang():
    """SF-S.28: a police car arriving hits the player's figures there, not the solo gang's;
    the G-Men effect at a Raid hits it as any gang."""
    from famiglia.games.scarface_1920.rules.crime import move_police

    st = bare(solo())
    st.gmen = next(i for i, g in enumerate(D.GMEN) if ("v_hit", 1) in g["extra_v"])
    st.police = [DIS["Far North"], DIS["Far South"], DIS["Far South"]]
    st.dist[0][DIS["North Side"]] = st.dist[G][DIS["North Side"]] = 2
    fresh(st)
    move_police(st, G, DIS["Far North"], DIS["North Side"])
    ops(st, [])
    assert st.dist[G][DIS["North Side"]] == 2 and st.dist[0][DIS["North Side"]] == 1
    st.gmen = next(i for i, g in enumerate(D.GMEN) if g["effect"] == (("hit_own", 1),))
    st.crime[G], st.gmen_level = 10, 9
    st.dist[G] = [0, 3, 0, 0, 0, 0, 0]
    ops(st, [["crime", G, 1]])  # to 11: a Raid; 2 levels above the G-Men marker
    settle(st)
    assert st.dist[G][DIS["North Side"]] <= 1
