"""The end of a year and the end of the game: MOB-5.3, MOB-6.x, MOB-7.x, MOB-8.1."""

from __future__ import annotations

import pytest

import famiglia
from famiglia.games.the_mob import data as D
from famiglia.games.the_mob import yearend as Y

from .helpers import at_play, do, member, new, put, space, texts


def end_year(s, seat=0):
    """Makes `seat` (as dealer) lay down the year's last card unused, ending the year."""
    at_play(s, seat, ["Bar"], last_card=True)
    do(s, seat, "lay down Bar unused")
    return s


def test_carlottas_settlement():
    """MOB-6.1, the rulebook's example: casino 30+10, jeweller 15, nightclub 20 = $75k; the Don
    in prison, the Right Hand in the penthouse and the scrapyard bodyguard earn nothing."""
    carlotta = 2
    s = new(4)
    put(s, carlotta, "Casino 1", ["Bookkeeper"], guards=2)
    put(s, carlotta, "Jeweller 2", guards=3)
    put(s, carlotta, "Nightclub 1", ["Novice"])
    s.members[carlotta][member("Don")] = D.PRISON_BASE + 2
    s.members[carlotta][member("Right Hand")] = D.OOC_BASE  # Molly's Penthouse
    s.legal_guard[D.LEGAL_NAMES.index("Scrapyard")] = carlotta
    s.guards_photo[carlotta] -= 1
    end_year(s, seat=0)
    assert "settlement: seat 2 earns $75k" in s.events(1)
    assert s.cash[carlotta] == 175


def test_pieces_go_home_after_settlement():
    """MOB-6.2: businesses and out-of-circulation spaces are emptied; prison is not."""
    s = new(4)
    put(s, 1, "Casino 1", ["Bookkeeper"], guards=2)
    s.members[1][member("Right Hand")] = D.OOC_BASE + 1
    s.members[1][member("Don")] = D.PRISON_BASE + 3
    s.legal_guard[0] = 1
    s.guards_photo[1] -= 1
    end_year(s)
    assert s.guards_photo[1] == 8
    assert all(owner == -1 for owner in s.space_owner) and s.legal_guard[0] == -1
    assert s.members[1][member("Right Hand")] == D.PHOTO
    assert s.members[1][member("Don")] == D.PRISON_BASE + 2


def test_hiring_back_bodyguards():
    """MOB-6.3: removed bodyguards can be hired back at $5k each; the rest leave the game."""
    s = new(4)
    s.guards_photo[1] -= 3
    s.guards_removed[1] = 3
    end_year(s, seat=0)
    assert s.phase == "rehire" and s.seats_to_act() == (1,)
    assert texts(s, 1) == [
        "hire back 3 bodyguards ($15k)",
        "hire back 2 bodyguards ($10k)",
        "hire back 1 bodyguard ($5k)",
        "hire back 0 bodyguards ($0k)",
    ]
    do(s, 1, "hire back 2 bodyguards ($10k)")
    assert s.guards_photo[1] == 7 and s.guards_lost[1] == 1 and s.cash[1] == 90


def test_hiring_back_is_limited_by_cash():
    """MOB-6.3: at $5k each, a player with $7k can hire back one."""
    s = new(4)
    s.guards_photo[1] -= 3
    s.guards_removed[1] = 3
    s.cash[1] = 7
    end_year(s, seat=0)
    assert texts(s, 1)[0] == "hire back 1 bodyguard ($5k)"


def test_a_player_short_of_cash_may_undo_an_investment_to_hire_back():
    """MOB-6.3 with MOB-6.5: undoing is open at any time, so a player with no cash but an
    investment is asked about his bodyguards: he may undo ($50k back) and then hire them all."""
    s = new(4)
    s.guards_photo[1] -= 3
    s.guards_removed[1] = 3
    s.cash[1], s.invest[1] = 0, 1
    end_year(s, seat=0)
    assert s.phase == "rehire" and s.seats_to_act() == (1,)
    assert texts(s, 1) == ["hire back 0 bodyguards ($0k)", "undo an investment (+$50k)"]
    do(s, 1, "undo an investment (+$50k)")
    assert s.cash[1] == 50 and s.invest[1] == 0
    do(s, 1, "hire back 3 bodyguards ($15k)")
    assert s.guards_photo[1] == 8 and s.guards_lost[1] == 0 and s.cash[1] == 35


def test_a_player_who_cannot_pay_is_not_asked():
    """MOB-6.3: with less than $5k and nothing invested to undo, the bodyguards leave at once."""
    s = new(4)
    s.guards_photo[1] -= 3
    s.guards_removed[1] = 3
    s.cash[1] = 4
    end_year(s, seat=0)
    assert s.phase != "rehire" and s.guards_lost[1] == 3


def test_prison_term():
    """MOB-5.3 and MOB-6.4: jailed in block 3, a member sits the rest of the year and two full
    years more, moving one block per year end."""
    s = new(3)
    s.members[0][member("Lawyer")] = D.PRISON_BASE + 3
    blocks = []
    for _ in range(3):
        Y.advance_prison(s)
        blocks.append(s.members[0][member("Lawyer")])
    assert blocks == [D.PRISON_BASE + 2, D.PRISON_BASE + 1, D.PHOTO]


def test_investing_and_undoing():
    """MOB-6.5: $100k moves the chip one step; undoing gives $50k back."""
    s = new(4)
    s.cash[1] = 250
    end_year(s, seat=0)
    assert s.phase == "invest" and s.seats_to_act() == (1,)
    do(s, 1, "invest $100k in legal business", "invest $100k in legal business")
    assert s.invest[1] == 2 and s.cash[1] == 50
    assert "invest $100k in legal business" not in texts(s, 1)
    do(s, 1, "undo an investment (+$50k)")
    assert s.invest[1] == 1 and s.cash[1] == 100
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, 2, "end investing")
    assert "not seat 2's move" in refused.value.reason


def test_undo_is_open_during_play():
    """MOB-6.5: undoing an investment at any decision, e.g. to pay bail."""
    s = at_play(new(4), 1, ["Casino"])
    s.invest[1] = 2
    s._legal = {}
    do(s, 1, "undo an investment (+$50k)")
    assert s.invest[1] == 1 and s.cash[1] == 150 and s.actor == 1


def test_refused_investment_names_the_rule():
    """MOB-6.5: investing without $100k is refused with the reason."""
    s = new(4)
    s.cash[1] = 150
    end_year(s, seat=0)
    do(s, 1, "invest $100k in legal business")
    with pytest.raises(famiglia.IllegalAction) as refused:
        do(s, 1, "invest $100k in legal business")
    assert refused.value.clause == "MOB-6.5" and "$50k" in refused.value.reason


def _reach_ten(s, seats_cash):
    for seat, cash in seats_cash.items():
        s.invest[seat] = 9
        s.cash[seat] = cash
    end_year(s, seat=3)
    while not s.is_over():
        seat = s.actor
        if s.invest[seat] == 9 and seat in seats_cash:
            do(s, seat, "invest $100k in legal business")
        do(s, seat, "end investing")
    return s.result()


def test_first_to_ten_wins():
    """MOB-7.1: a chip on 10 after the investing wins."""
    result = _reach_ten(new(4), {2: 100})
    assert result.winners == (2,) and not result.capped
    assert result.scores[2] == 1000


def test_tie_at_ten_goes_to_cash_then_family():
    """MOB-7.1: several on 10: most cash, then family value, else shared."""
    assert _reach_ten(new(4), {1: 150, 2: 130}).winners == (1,)
    s = new(4)
    s.members[1][member("Don")] = D.HARBOUR
    assert _reach_ten(s, {1: 150, 2: 150}).winners == (2,)
    s = new(4)
    s.members[1][member("Don")] = D.PRISON_BASE + 1  # prison still counts
    assert _reach_ten(s, {1: 150, 2: 150}).winners == (1, 2)


def test_max_years_caps_the_game():
    """MOB-7.2: the cap ends the game, ranked by investment, cash, family value."""
    s = new(4, max_years=1)
    s.invest[0], s.invest[2] = 3, 3
    s.cash[0], s.cash[2] = 10, 20
    end_year(s, seat=3)
    while not s.is_over():
        do(s, s.actor, "end investing")
    result = s.result()
    assert result.capped and result.winners == (2,)
    assert result.ranking[2] == 1 and result.ranking[0] == 2
    with pytest.raises(ValueError, match="max_years"):
        famiglia.load("the-mob").new(4, max_years=0)


def test_strict_stakes_variant():
    """MOB-8.1: a stake below its sign value earns nothing (only with the option)."""
    for strict, expected in ((False, 70 + 20), (True, 70)):
        s = new(4, strict_stakes=strict)
        put(s, 1, "Bank 1", ["Mama"], guards=2)  # 70 on a 30 business
        put(s, 1, "Bank 2", ["Novice"])  # 20 on a 30 business
        end_year(s, seat=0)
        assert f"settlement: seat 1 earns ${expected}k" in s.events(1)
    assert space("Bank 2") == 15
