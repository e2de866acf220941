"""The terminal board of Cash 'n Guns, as one seat sees it."""

from __future__ import annotations

import famiglia
from famiglia.games.cash_n_guns.content import MERC_TITLE, SURPRISE_TITLE
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
