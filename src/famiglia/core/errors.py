"""Errors every game and front end shares."""

from __future__ import annotations


class IllegalAction(Exception):
    """A move the rules do not allow right now.

    `reason` is a sentence a player understands; `clause` is the id of the rule in
    docs/rules/GAME.md that forbids it (empty when the move is simply not on offer).
    The state that refused the move is left exactly as it was.
    """

    def __init__(self, reason: str, clause: str = "") -> None:
        self.reason = reason
        self.clause = clause
        super().__init__(f"{reason} [{clause}]" if clause else reason)


class RecordError(ValueError):
    """A game record that cannot be read or does not replay."""
