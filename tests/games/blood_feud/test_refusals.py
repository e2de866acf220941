"""A piece that cannot set off is refused with the rule that holds it (BF-2.3, BF-2.5, BF-4.1,
BF-4.2), not only with what the game waits for."""

from __future__ import annotations

import pytest

from famiglia import IllegalAction
from famiglia.games.blood_feud.state import DONE, FLAG, MOVES

from .helpers import GAME, blank, fresh, put


def refusal(s, seat, text) -> tuple[str, str]:
    fresh(s)
    before = s.to_json()
    with pytest.raises(IllegalAction) as refused:
        GAME.parse_action(s, seat, text)
    assert s.to_json() == before
    return refused.value.reason, refused.value.clause


def test_selecting_a_piece_that_cannot_move_says_why():
    s = blank(2, turn=0, phase="move")
    put(s, 0, "henchman", "Chelsea")
    put(s, 1, "thug", "Flushing")
    fought = put(s, 0, "thug", "Astoria")[0]
    s.units[fought][FLAG] = DONE
    spent = put(s, 0, "hitman", "Inwood")[0]
    s.units[spent][MOVES] = 0
    assert "select henchman at Chelsea" in [str(a) for a in s.legal_actions(0)]
    assert refusal(s, 0, "select thug at Flushing") == ("you have no thug in Flushing", "BF-2.3")
    reason, clause = refusal(s, 0, "select thug at Astoria")
    assert clause == "BF-4.2" and "does not move again" in reason
    reason, clause = refusal(s, 0, "select hit man at Inwood")
    assert clause == "BF-4.1" and "used its moves" in reason
    s.phase = "buy"
    reason, clause = refusal(s, 0, "select henchman at Chelsea")
    assert clause == "BF-2.5" and "purchases come last" in reason
