"""Income (BF-5) and the rulebook's four income examples."""

from __future__ import annotations

from famiglia.games.blood_feud import income

from .helpers import S, blank, new, own, play, put

SIX = ["Inwood", "Washington Heights", "Hamilton Heights", "Central Harlem", "East Harlem",
       "Lincoln Square"]  # fmt: skip
EIGHT = SIX + ["Upper East Side", "Chelsea"]


def family_in(s, seat, spaces):
    """The Boss in the first space, family members in the others."""
    put(s, seat, "boss", spaces[0])
    for name in spaces[1:]:
        put(s, seat, "family", name)


def factor(s, seat=0):
    before = s.money[seat]
    s.phase = "move"
    play(s, seat, "end movement and factor income")
    return s.money[seat] - before


def test_example_1_six_independent_family_members():
    """BF-5.1, BF-5.2, BF-5.3: 6 districts ($60) x 6 IFM = $360."""
    s = blank(2)
    own(s, 0, *SIX)
    family_in(s, 0, SIX)
    put(s, 1, "boss", "Jersey City")
    assert income.assets(s, 0) == 60 and income.ifm(s, 0) == 6
    assert factor(s) == 360 and s.income[0] == 360 and s.phase == "buy"


def test_example_2_three_family_members_together_count_once():
    """BF-5.2: three family members in one district give a factor of 1: 4 x $60 = $240."""
    s = blank(2)
    own(s, 0, *SIX)
    family_in(s, 0, SIX[:3] + [SIX[3]] * 3)
    put(s, 1, "boss", "Jersey City")
    assert income.ifm(s, 0) == 4
    assert factor(s) == 240


def test_example_3_buildings_add_assets():
    """BF-5.1: 8 districts, an illicit activity and a penthouse palace: $140 x 3 = $420."""
    s = blank(2)
    own(s, 0, *EIGHT)
    s.building[S["Chelsea"]] = "illicit"
    s.building[S["Inwood"]] = "penthouse"
    family_in(s, 0, EIGHT[:3])
    put(s, 1, "boss", "Jersey City")
    assert income.assets(s, 0) == 140
    assert factor(s) == 420


def test_example_4_absorbed_family_spread_out():
    """BF-5.2: after absorbing a rival family, 8 independent family members: $140 x 8 = $1120."""
    s = blank(2)
    own(s, 0, *EIGHT)
    s.building[S["Chelsea"]] = "illicit"
    s.building[S["Inwood"]] = "penthouse"
    put(s, 0, "boss", EIGHT[0])
    put(s, 0, "family", EIGHT[1])
    put(s, 0, "family", EIGHT[2])
    for name in EIGHT[3:]:
        put(s, 0, "family", name, extra=1)  # taken over from the Blue family
    put(s, 1, "boss", "Jersey City")
    assert factor(s) == 1120


def test_family_afloat_or_abroad_earns_nothing():
    """BF-5.2: family on a floating boat or in another player's district do not count."""
    s = blank(2)
    own(s, 0, "Inwood", "Chelsea")
    own(s, 1, "Astoria")
    put(s, 0, "boss", "Inwood")
    boat = put(s, 0, "speedboat", "Hudson off Inwood")[0]
    fm = put(s, 0, "family", "Hudson off Inwood")[0]
    s.set_aboard(fm, boat)
    put(s, 0, "family", "Central Park")  # a park is nobody's
    put(s, 1, "boss", "Astoria")
    assert income.ifm(s, 0) == 1


def test_dominance_wins():
    """BF-5.4: an income of $6,000 or more wins at once."""
    s = blank(2)
    own(s, 0, *EIGHT)
    for name in EIGHT:
        s.building[S[name]] = "illicit"
    family_in(s, 0, EIGHT)
    put(s, 1, "boss", "Jersey City")
    assert income.income(s, 0) == (80 + 8 * 40) * 8  # $3200: not yet
    own(s, 0, "Murray Hill", "Times Square", "Little Italy", "Greenwich Village")
    for name in ("Murray Hill", "Times Square", "Little Italy", "Greenwich Village"):
        s.building[S[name]] = "illicit"
        put(s, 0, "family", name)
    assert income.income(s, 0) == (120 + 12 * 40) * 12
    factor(s)
    assert s.is_over() and s.result().winners == (0,) and not s.result().capped


def test_capped_result_ranks_by_last_income():
    """BF-10.2: the cap ends the game and ranks the living by their last income."""
    s = new(2, max_rounds=1)
    while not s.is_over():
        seat = s.seats_to_act()[0]
        end = [a for a in s.legal_actions(seat) if a.kind.startswith("end")]
        s.apply(seat, end[0])
    r = s.result()
    assert r.capped and s.round == 2
    assert r.scores == tuple(s.income)
    assert r.winners == tuple(i for i in range(2) if s.income[i] == max(s.income))
