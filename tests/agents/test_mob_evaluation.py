"""The Mob's evaluation: the holdings it counts, the weights fitted to who won played games,
and the script that fits them (bench/fit_mob_evaluation.py)."""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

import pytest

import famiglia
from famiglia.core.rng import Rng
from famiglia.games.the_mob import data as D
from famiglia.games.the_mob import evaluation as H

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def mob():
    return famiglia.load("the-mob")


def _bare(mob, players=4):
    state = mob.new(players, seed=1)
    state.hands = [[] for _ in range(players)]
    return state


def test_the_weights_file_names_the_holdings_in_the_order_they_are_counted():
    table = tomllib.loads((Path(H.__file__).parent / "evaluation.toml").read_text())
    assert table["holdings"] == list(H.HOLDINGS)
    assert len(table["year"]) == 3
    for year in table["year"]:
        assert len(year["first"]) == len(year["last"]) == len(H.HOLDINGS)
        assert min(year["first"] + year["last"]) >= 0  # no holding ever hurts its family


def test_holdings_count_a_member_on_an_illegal_business_in_the_stake_and_the_family(mob):
    state = _bare(mob)
    space = 0  # the first illegal business space
    state.members[1][D.DON] = space
    state.space_owner[space] = 1
    state.space_guards[space] = 2
    state.guards_photo[1] -= 2  # they came from the photo
    held = dict(zip(H.HOLDINGS, H.holdings(state)[1], strict=True))
    assert held["stakes"] == D.MEMBER_VALUES[D.DON] + 2 * D.GUARD_VALUE  # MOB-6.1 pays this
    assert held["members"] == sum(D.MEMBER_VALUES)  # nobody lost
    assert held["guards"] == D.BODYGUARDS  # the two on the space are still the family's
    state.members[1][D.DON] = D.HARBOUR  # MOB-3.5: the harbour is for good
    held = dict(zip(H.HOLDINGS, H.holdings(state)[1], strict=True))
    assert held["members"] == sum(D.MEMBER_VALUES) - D.MEMBER_VALUES[D.DON]


def test_the_fitted_weights_favour_money_investment_and_family_and_the_chip_on_ten(mob):
    state = _bare(mob)
    base = H.evaluate(state)
    assert len(set(base)) == 1  # everyone starts equal
    richer = state.clone()
    richer.cash[2] += 50
    assert H.evaluate(richer)[2] > base[2]
    harboured = state.clone()
    harboured.members[2][D.DON] = D.HARBOUR
    assert H.evaluate(harboured)[2] < base[2]
    ten = state.clone()
    ten.invest[3] = D.WIN_INVESTMENT  # MOB-7.1: the chip on 10 wins
    ten.cash[0] += 500
    odds = H.evaluate(ten)
    assert odds[3] == max(odds)


def test_money_counts_for_more_as_the_years_pass(mob):
    """In the first year a family's members still have two settlements to earn; by the third,
    the chip on 10 is near and cash decides between those who reach it (MOB-7.1)."""
    state = _bare(mob)
    gaps = []
    for year in (1, 3):
        state.year = year
        richer = state.clone()
        richer.cash[1] += 100
        gaps.append(H.evaluate(richer)[1] - H.evaluate(state)[1])
    assert gaps[1] > gaps[0] > 0


def test_the_judged_weights_stay_as_the_fits_starting_point(mob):
    state = _bare(mob)
    richer = state.clone()
    richer.cash[0] += H.SCALE
    assert abs(H.by_hand(richer)[0] - H.by_hand(state)[0] - 1.0) < 1e-9  # SCALE is one logit


def test_the_fit_learns_what_decides_the_games():
    """On made-up games that the richest always wins, the fitted weight of cash rises above
    the prior, and the fit's log loss beats the prior's."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import fit_mob_evaluation as F
    finally:
        sys.path.remove(str(ROOT / "bench"))
    rng = Rng(11)
    games = []
    for _ in range(40):
        seen = []
        for year in (0, 1, 2):  # rows of the weights (H.stage)
            holdings = [[float(rng.below(500))] + [100.0] * 7 for _ in range(F.PLAYERS)]
            seen.append((year, 0.5, holdings))
        cash = [h[0] for h in seen[-1][2]]
        games.append((seen, [cash.index(max(cash))]))
    x, y, weight = F.design(games)
    prior = F.np.full(x.shape[2], 0.5)
    fitted = F.fit(x, y, weight, prior, l2=1e-4, steps=600)
    assert fitted.reshape(3, 2, -1)[2, :, 0].mean() > 0.5  # the last year's cash, both ends
    assert F.log_loss(fitted, x, y, weight)[0] < F.log_loss(prior, x, y, weight)[0]
