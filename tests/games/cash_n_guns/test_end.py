"""End of game: tally, paintings, diamond bonus, winners (CNG-10, CNG-9.7), mercenaries (CNG-12)."""

from __future__ import annotations

from famiglia.games.cash_n_guns import scoring
from famiglia.games.cash_n_guns.rules import split
from famiglia.games.cash_n_guns.rules.mercs import recruiting_order
from famiglia.games.cash_n_guns.scoring import tally

from .helpers import do, fresh, texts


def test_game_ends_after_eight_splits():
    """CNG-10.1: the eighth split ends the game."""
    s = fresh(4)
    for _ in range(200):
        if s.is_over():
            break
        seat = s.seats_to_act()[0]
        legal = texts(s, seat)
        # Nobody gets hurt: everyone lies down, so all 8 turns are played.
        choice = "lie down" if "lie down" in legal else legal[0]
        do(s, seat, choice)
    assert s.is_over() and s.turn == 8 and all(s.alive)


def test_tally_bills_diamonds_paintings():
    """CNG-10.2: face values plus paintings by the table; only the living score."""
    s = fresh(4)
    s.loot = [["b5", "b10", "b20", "d1"], ["p"] * 3, ["p"] * 10, ["b20"] * 5]
    s.alive[3] = False
    scores, _ = tally(s)
    assert scores == [36 + 60, 30, 500, 0]  # seat 0 alone has a diamond: +60


def test_diamond_bonus_tie_gives_nothing():
    """CNG-10.3: the most diamond cards win $60k; a tie gives it to nobody; counts cards."""
    s = fresh(4)
    s.loot = [["d1", "d1"], ["d10"], [], []]
    assert tally(s)[0][:2] == [2 + 60, 10]
    s.loot = [["d1"], ["d10"], [], []]
    assert tally(s)[0][:2] == [1, 10]
    s.loot = [["d1", "d1"], ["d10"], ["d5", "d5"], []]
    s.alive[2] = False  # the dead do not compete
    assert tally(s)[0][:2] == [62, 10]


def test_winner_richest_then_wounds_then_shared():
    """CNG-10.4: richest living wins; tie: more wounds; still tied: shared; the dead last."""
    s = fresh(4)
    s.loot = [["b20"], ["b20"], ["b10"], ["b20", "b20"]]
    s.alive[3] = False
    s.wounds = [1, 2, 0, 3]
    r = s.result()
    assert r.winners == (1,) and r.ranking == (2, 1, 3, 4)
    s.wounds = [1, 1, 0, 3]
    assert s.result().winners == (0, 1)


def test_collector_counts_as_a_painting():
    """CNG-10.5: The Collector's card is one more painting."""
    s = fresh(4, powers=["collector", "", "", ""])
    s.loot = [["p", "p"], ["p", "p"], [], []]
    assert tally(s)[0][:2] == [30, 12]


def test_team_scores_add_up():
    """CNG-9.7: the living members' totals add up; tie: more wounds; still tied: shared."""
    s = fresh(4, teams=True)
    s.loot = [["b20"], ["b10"], ["b10"], ["b20"]]
    s.wounds = [0, 1, 0, 0]
    r = s.result()
    assert r.scores == (30, 30, 30, 30) and r.winners == (1, 3)
    s.wounds = [1, 1, 0, 0]
    assert s.result().winners == (0, 1, 2, 3)
    s.alive[2] = False
    assert s.result().scores == (20, 30, 20, 30)


def end_game(s):
    """The eighth split is over: on to the mercenaries."""
    split.end_game(s)
    s.refresh()


def six_with_envelopes(envelopes, mercs=None):
    s = fresh(6, teams=True, mercenaries=True)
    s.envelopes = [list(e) for e in envelopes]
    if mercs:
        s.mercs = list(mercs)
    return s


def test_rulebook_recruiting_order_example():
    """CNG-12.3 worked example: red 3 x $5k, green 2 x $10k, white $10k + $5k.

    Green paid most ($20k) and goes first; red and white both paid $15k, red with more cards
    goes second, white last."""
    s = six_with_envelopes([["b5", "b5", "b5"], ["b10", "b10"], ["b10", "b5"]])
    assert recruiting_order(s) == [[1], [0], [2]]
    s.mercs = ["jay_bond", "hot_mail", "lady_diamonds", "agent48"]
    end_game(s)
    assert s.phase == "recruit" and s.seats_to_act() == (1,)  # green's first seat
    do(s, 1, "recruit Jay Bond")
    assert s.seats_to_act() == (0,)
    do(s, 0, "recruit Lady Diamonds")
    do(s, 0, "raise the diamond bonus")
    assert s.seats_to_act() == (2,)


def test_full_tie_goes_to_the_last_godfather():
    """CNG-12.3: same value and same count: the last Godfather chooses who goes first."""
    s = six_with_envelopes(
        [["b10"], ["d10"], []], mercs=["jay_bond", "hot_mail", "lady_diamonds", "agent48"]
    )
    s.godfather = 4
    end_game(s)
    assert s.phase == "merc_tie" and s.seats_to_act() == (4,)
    assert texts(s, 4) == ["the red team recruits first", "the green team recruits first"]
    do(s, 4, "the green team recruits first")
    assert s.seats_to_act() == (1,)
    said = "seat 4, the last Godfather, settles the tie: the green team recruits first"
    assert said in s.events(0)  # the table is told who decided the order


def test_no_card_no_mercenary_and_paintings_do_not_count_as_money():
    """CNG-12.4: an empty envelope recruits nobody; CNG-12.3: paintings have no face value."""
    s = six_with_envelopes([["p", "p"], ["b5"], []])
    assert recruiting_order(s) == [[1], [0]]
    s.mercs = ["jay_bond", "hot_mail", "lady_diamonds", "agent48"]
    end_game(s)
    do(s, 1, "recruit Jay Bond")
    do(s, 0, "recruit Hot Mail")
    assert s.is_over()


def test_team_spokesman_is_the_first_living_seat():
    """CNG-12.5: the first living seat of the team makes its choices."""
    s = six_with_envelopes([["b5"], [], []], mercs=["jay_bond"])
    s.alive[0] = False
    end_game(s)
    assert s.seats_to_act() == (3,)


def test_cng_12_6_agent48_wounds_any_living_player():
    """CNG-12.6: Agent 48 wounds the living player of the team's choice, the team's own members
    included (the dead are not offered); a third wound kills."""
    s = six_with_envelopes([["b5"], [], []], mercs=["agent48"])
    s.wounds[1] = 2
    s.loot[1] = ["b20"]
    s.alive[5] = False
    end_game(s)
    do(s, 0, "recruit Agent 48")
    assert texts(s, 0) == [f"wound seat {t} (Agent 48)" for t in (0, 1, 2, 3, 4)]
    do(s, 0, "wound seat 1 (Agent 48)")
    assert not s.alive[1] and s.is_over()
    assert s.result().scores[4] == 0 + 0  # seat 4 (green) has no loot; seat 1 is dead


def test_cng_12_6_agent48_may_wound_a_team_member():
    """CNG-12.6: the team may turn Agent 48 on one of its own: the red team's seat 3 dies of
    a third wound, and his loot no longer counts for red."""
    s = six_with_envelopes([["b5"], [], []], mercs=["agent48"])
    s.wounds[3] = 2
    s.loot[0], s.loot[3] = ["b10"], ["b20"]
    end_game(s)
    do(s, 0, "recruit Agent 48")
    do(s, 0, "wound seat 3 (Agent 48)")
    assert not s.alive[3] and s.wounds[3] == 3 and s.is_over()
    assert s.result().scores[0] == s.result().scores[3] == 10


def test_catgirl_steals_until_a_limit():
    """CNG-12.7: steal one card at a time until 3 bills, 2 diamonds or 1 painting."""
    s = six_with_envelopes([["b5"], [], []], mercs=["catgirl"])
    s.loot[1] = ["b20", "b20", "d1", "p"]
    s.loot[2] = ["b10", "d5"]
    end_game(s)
    do(s, 0, "recruit CatGirl")
    assert texts(s, 0) == ["seat 0 steals for the team", "seat 3 steals for the team"]
    do(s, 0, "seat 3 steals for the team")
    do(s, 3, "steal $20k from seat 1")
    do(s, 3, "steal $5k diamond from seat 2")
    do(s, 3, "steal $10k from seat 2")
    assert s.phase == "steal"
    do(s, 3, "steal $1k diamond from seat 1")  # second diamond: done
    assert s.is_over() and sorted(s.loot[3]) == ["b10", "b20", "d1", "d5"]


def test_dre_gray_resurrects():
    """CNG-12.8: a dead teammate comes back to life (and scores)."""
    s = six_with_envelopes([["b5"], [], []], mercs=["dre_gray"])
    s.alive[3] = False
    s.wounds[3] = 3
    s.loot[3] = ["b20"]
    end_game(s)
    do(s, 0, "recruit Dre Gray")
    do(s, 0, "resurrect seat 3")
    assert s.alive[3] and s.wounds[3] == 2 and s.result().scores[0] == 20


def test_hot_mail_takes_every_envelope():
    """CNG-12.9: Hot Mail is a new member whose loot is all the envelopes' cards."""
    s = six_with_envelopes([["b5"], ["b10", "p"], []], mercs=["hot_mail", "jay_bond"])
    end_game(s)
    do(s, 1, "recruit Jay Bond")
    do(s, 0, "recruit Hot Mail")
    assert s.result().scores[0] == 5 + 10 + 4
    # The cards moved to Hot Mail; they were not copied.
    assert s.envelopes == [[], [], []] and s.units == [[0, ["b5", "b10", "p"]]]


def test_jay_bond_five_is_fifteen():
    """CNG-12.10: the team's $5k bills are worth $15k."""
    s = six_with_envelopes([["b10"], [], []], mercs=["jay_bond"])
    s.loot[0] = ["b5", "b5"]
    s.loot[1] = ["b5"]
    end_game(s)
    do(s, 0, "recruit Jay Bond")
    assert s.result().scores[0] == 30 and s.result().scores[1] == 5


def test_fake_elvis_marriage():
    """CNG-12.11: married loot counts as one player's, plus $20k; the widow keeps it all."""
    s = six_with_envelopes([["b10"], [], []], mercs=["fake_elvis"])
    s.loot[0] = ["p", "p"]
    s.loot[3] = ["p", "d1"]
    s.loot[1] = ["d1"]
    end_game(s)
    do(s, 0, "recruit Fake Elvis")
    do(s, 0, "marry seat 0 and seat 3")
    # 3 paintings together = 30, $1k diamond, $20k gift; no diamond bonus (tie with seat 1).
    assert s.result().scores[0] == 30 + 1 + 20
    s.alive[0] = False
    assert s.result().scores[0] == 30 + 1 + 20


def test_lady_diamonds_moves_the_bonus():
    """CNG-12.12: the diamond bonus goes up or down by $30k."""
    s = six_with_envelopes([["b10"], [], []], mercs=["lady_diamonds"])
    s.loot[1] = ["d1"]
    end_game(s)
    do(s, 0, "recruit Lady Diamonds")
    do(s, 0, "lower the diamond bonus")
    assert s.diamond_bonus == 30 and s.result().scores[1] == 31


def test_miss_pencilhands_adds_a_painting():
    """CNG-12.13: one living member adds a painting."""
    s = six_with_envelopes([["b10"], [], []], mercs=["miss_pencilhands"])
    s.loot[3] = ["p"]
    end_game(s)
    do(s, 0, "recruit Miss Pencilhands")
    do(s, 0, "give a painting to seat 3")
    assert s.result().scores[0] == 12


def test_zombie_boy_takes_a_dead_opponents_loot():
    """CNG-12.14: Zombie Boy joins with all the loot of a dead opponent."""
    s = six_with_envelopes([["b10"], [], []], mercs=["zombie_boy"])
    s.alive[2] = False
    s.loot[2] = ["b20", "p"]
    end_game(s)
    do(s, 0, "recruit Zombie Boy")
    assert texts(s, 0) == ["raise seat 2's loot as Zombie Boy"]
    do(s, 0, "raise seat 2's loot as Zombie Boy")
    assert s.result().scores[0] == 24


def test_cng_12_11_a_widow_keeps_the_couples_loot_from_zombie_boy():
    """CNG-12.11: after Fake Elvis's wedding, Agent 48 kills one spouse: the widowed one keeps
    all the loot, so Zombie Boy has nothing of the dead spouse's to raise."""
    s = six_with_envelopes(
        [["b20"], ["b10"], ["b5"]], mercs=["fake_elvis", "agent48", "zombie_boy"]
    )
    s.loot[0], s.loot[3] = ["b10"], ["b20", "p", "d5"]
    s.wounds[3] = 2
    end_game(s)
    do(s, 0, "recruit Fake Elvis")
    do(s, 0, texts(s, 0)[0])  # the only couple of red: seats 0 and 3
    assert s.couples == [[0, 3]]
    do(s, 1, "recruit Agent 48")
    do(s, 1, "wound seat 3 (Agent 48)")
    assert not s.alive[3] and sorted(s.loot[0]) == ["b10", "b20", "d5", "p"] and s.loot[3] == []
    do(s, 2, "recruit Zombie Boy")  # no dead opponent with loot: he finds nothing to do
    assert s.is_over() and s.units == []
    # red: the couple's one unit, $30k + a painting ($4k) + diamond ($5k, and the bonus $60k as
    # the only diamonds) + the $20k wedding gift
    assert s.result().scores[0] == 10 + 20 + 4 + 5 + 60 + 20


def test_cng_9_8_agent48_leaving_one_team_alive_ends_the_game_at_once():
    """CNG-9.8: a death by Agent 48 that leaves only one team with living members makes it the
    winner there: the wiped-out team does not go on to recruit Dre Gray."""
    s = fresh(4, teams=True, mercenaries=True)  # teams ABAB: red 0 and 2, green 1 and 3
    s.envelopes = [["b20"], ["b10"]]
    s.mercs = ["agent48", "dre_gray"]
    s.alive[3], s.wounds[3] = False, 3
    s.wounds[1] = 2
    s.loot[3] = ["b20"] * 10
    end_game(s)
    do(s, 0, "recruit Agent 48")
    do(s, 0, "wound seat 1 (Agent 48)")
    assert s.is_over() and s.mercs == ["dre_gray"]
    assert s.result().winners == (0, 2)


def test_the_end_tells_each_team_score_from_its_living_members():
    """CNG-9.7: in team play one score a team is told, naming the living members it comes
    from; a dead member scores nothing of his own, and a team with nobody alive scores nothing
    (CNG-10.2). Without teams, a dead player is told to score nothing."""
    s = fresh(6, teams=True)  # teams ABCABC: red 0 and 3, green 1 and 4, white 2 and 5
    s.loot = [["b20"], ["b10"], ["b5"], ["b20"], ["b10"], ["b5"]]
    s.alive = [True, False, False, False, True, False]
    scoring.finish(s)
    told = s.events(None)[-3:]
    assert told == [
        "the red team (seat 0 alive) scores $20k",
        "the green team (seat 4 alive) scores $10k",
        "the white team has nobody alive and scores nothing",
    ]
    s = fresh(4)
    s.loot = [["b20"], ["b10"], [], []]
    s.alive = [True, False, True, True]
    scoring.finish(s)
    assert s.events(None)[-4:-2] == ["seat 0 scores $20k", "seat 1 is dead and scores nothing"]


def test_the_end_names_who_gains_the_diamond_bonus():
    """CNG-10.3: the bonus goes to the one with strictly the most diamonds, and the table is
    told who; with a tie for the most, nobody gains it and that is said too."""
    s = fresh(4)
    s.loot = [["d1", "d5"], ["d10"], [], []]
    scoring.finish(s)
    told = s.events(None)
    assert (
        f"seat 0 has the most diamonds (2) and gains the ${s.diamond_bonus}k diamond bonus" in told
    )
    assert f"seat 0 scores ${1 + 5 + s.diamond_bonus}k" in told
    s = fresh(4)
    s.loot = [["d1"], ["d10"], [], []]
    scoring.finish(s)
    assert "nobody has more diamonds than everyone else: no diamond bonus" in s.events(None)
    assert "seat 1 scores $10k" in s.events(None)
