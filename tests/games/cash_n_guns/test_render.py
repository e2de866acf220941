"""The terminal board of Cash 'n Guns, as one seat sees it."""

from __future__ import annotations

import famiglia
from famiglia.games.cash_n_guns.data import MERC_TITLE, SURPRISE_TITLE
from famiglia.games.cash_n_guns.render import board

GAME = famiglia.load("cash-n-guns")


def test_a_team_seat_sees_its_team_surprise_mercenaries_and_envelopes():
    """CNG-9.1 CNG-12.1: in a 6-player team game seat 0 is red with seat 3; the board names the
    team in words, the seat's own surprise card, the mercenaries on offer and each envelope."""
    s = GAME.new(6, 5, teams=True, mercenaries=True, surprises=True)
    v = s.view(0)
    text = "\n".join(board(s, 0))
    assert "Your team: the red team, with seat 3" in text
    assert "seat 1, team green:" in text and "seat 2, team white:" in text
    assert f"your surprise card: {SURPRISE_TITLE[v['my_surprise']]}" in text
    offer = ", ".join(MERC_TITLE[m] for m in v["mercenaries"])
    assert f"Mercenaries on offer: {offer}" in text
    assert "Envelopes: red: empty; green: empty; white: empty" in text
    assert all(len(line) <= 80 for line in text.splitlines())
    # a rival's surprise card stays hidden: seat 1 sees only that seat 0 holds one
    rival = "\n".join(board(s, 1))
    assert SURPRISE_TITLE[v["my_surprise"]] not in rival.split("Your hand")[0]


def test_one_who_stood_and_was_hit_is_not_shown_lying_down():
    """CNG-7.1: a player hit while standing is out of the split; one who lay down chose to. The
    board tells the two apart."""
    from famiglia.games.cash_n_guns.render import board as draw

    from .helpers import fresh, holdup

    s = fresh(4)
    holdup(
        s,
        {0: "bang", 1: "click", 2: "click", 3: "click"},
        {0: 1, 1: 0, 2: 0, 3: 0},
        {0: "stand", 1: "stand", 2: "down", 3: "stand"},
    )
    assert not s.standing[1] and not s.standing[2]
    text = "\n".join(draw(s, 3))
    line = {
        k: next(x for x in text.splitlines() if x.lstrip().startswith(f"seat {k}")) for k in (1, 2)
    }
    assert "hit, out of the split" in line[1] and "lying down" not in line[1], line[1]
    assert "lying down" in line[2] and "hit" not in line[2], line[2]
