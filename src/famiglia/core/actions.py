"""Actions: immutable, hashable moves with the short phrase a player reads.

An action is `(kind, args, text)`: `kind` names the move ("place", "pass"), `args` holds plain
values (ints, strings, nested tuples of them) and `text` is the phrase shown to players. A game
derives `text` from `kind` and `args` alone, so an action rebuilt from JSON reads the same.
"""

from __future__ import annotations

from typing import NamedTuple

from .text import brief


def _freeze(value):
    """JSON lists back into tuples, so that rebuilt actions hash and compare equal."""
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value):
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


class Action(NamedTuple):
    kind: str
    args: tuple = ()
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.kind

    def __repr__(self) -> str:
        return f"Action({self.text or self.kind!r})"

    def to_json(self) -> dict:
        return {"kind": self.kind, "args": _thaw(self.args)}

    @staticmethod
    def parts_from_json(data) -> tuple[str, tuple]:
        """(kind, args) from `to_json()` output; ValueError naming the problem otherwise."""
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"an action must be an object with a 'kind' string, got {brief(data)}")
        args = data.get("args", [])
        if not isinstance(args, list):
            raise ValueError(f"an action's 'args' must be a list, got {brief(args)}")
        try:
            return data["kind"], _freeze(args)
        except RecursionError:
            raise ValueError("an action's 'args' are nested too deeply") from None


def normalize_text(text: str) -> str:
    """How typed text is compared to action phrases: case and spacing do not matter."""
    return " ".join(text.lower().split())


class ActionBook:
    """Makes a game's actions, each distinct one once.

    A phrase depends only on the kind and the arguments, so the same move can be the same
    object every time: legal-action lists then cost a dictionary look-up per move.
    `book = ActionBook(describe)`, then `book.act("place", 3, 1)`.
    """

    def __init__(self, describe) -> None:
        self.describe = describe
        self._made: dict = {}

    def act(self, kind: str, *args) -> Action:
        try:  # (no cost when the action is made already: nearly always)
            return self._made[kind, args]
        except KeyError:
            action = self._made[kind, args] = Action(kind, args, self.describe(kind, args))
            return action
