"""Action catalogues: every action a game can ever offer, numbered once and for all.

A learning agent picks an index; index i must mean the same move in every state of every game
of that kind, so the catalogue is built from the game's data (its cards, spaces, seats), never
by playing. Each game's research tables (its Game's `encoder`, games/<game>/encoder.py) list
its entries kind by kind, in an order documented in docs/rl.md.

Some arguments are not choices but prices the board sets (Blood Feud's premium, the deal slot
a Scarface dealer happens to sit in): such an argument is *loose*. Its entry holds None in that
place and stands for whichever action of that form is legal, since the rules never offer two
of them at once (tests check this on random games). `resolve` turns an index back into the
concrete legal action.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from famiglia.core import Action


class NotInCatalogue(ValueError):
    """A legal action the catalogue has no index for: the game grew a new form of move."""


class Catalogue:
    """`catalogue[i]` is an Action, `catalogue.index(action)` its number, `len(catalogue)`."""

    def __init__(
        self,
        game,
        entries: Iterable[tuple[str, tuple]],
        loose: dict[str, tuple[int, ...]] | None = None,
        label: Callable[[str, tuple], str] | None = None,
        module: str = "",
    ) -> None:
        self.game = game.name
        self.module = module
        self.loose = dict(loose or {})
        self._actions: list[Action] = []
        self._index: dict[tuple, int] = {}
        self._blocks: list[tuple[str, int, int]] = []  # (kind, first index, count)
        for kind, args in entries:
            key = (kind, tuple(args))
            if key in self._index:
                raise ValueError(f"{self.game} catalogue lists {kind} {list(args)} twice")
            if kind in self.loose:
                text = label(kind, key[1]) if label else kind
            else:
                text = game.describe_action(kind, key[1])
            self._index[key] = len(self._actions)
            self._actions.append(Action(kind, key[1], text))
            if self._blocks and self._blocks[-1][0] == kind:
                k, first, count = self._blocks[-1]
                self._blocks[-1] = (k, first, count + 1)
            else:
                if any(k == kind for k, _, _ in self._blocks):
                    raise ValueError(f"{self.game} catalogue: kind {kind!r} is split in two")
                self._blocks.append((kind, len(self._actions) - 1, 1))
        # Memo of actions met in play: id -> (action, index). Games build each distinct action
        # once and reuse it, so looking it up by identity skips hashing its arguments; holding
        # the action keeps its id from being reused by another object.
        self._seen: dict[int, tuple[Action, int]] = {}

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, i: int) -> Action:
        return self._actions[i]

    def __iter__(self):
        return iter(self._actions)

    def __contains__(self, action) -> bool:
        try:
            self.index(action)
        except NotInCatalogue:
            return False
        return True

    def index(self, action: Action) -> int:
        """The number of `action`; NotInCatalogue (a ValueError) if the game never offers it."""
        seen = self._seen.get(id(action))
        if seen is not None and seen[0] is action:
            return seen[1]
        if not isinstance(action, Action):
            raise TypeError(
                f"the catalogue numbers the game's Action objects (state.legal_actions(seat)), "
                f"not {type(action).__name__} {action!r}"
            )
        kind, args = action.kind, tuple(action.args)
        i = self._index.get((kind, args))
        if i is None and kind in self.loose:
            places = self.loose[kind]
            key = tuple(None if p in places else a for p, a in enumerate(args))
            i = self._index.get((kind, key))
        if i is None:
            where = f" (extend {self.module})" if self.module else ""
            raise NotInCatalogue(
                f"'{action}' ({kind} {list(args)}) has no index in the {self.game} catalogue{where}"
            )
        if len(self._seen) < 100_000:
            self._seen[id(action)] = (action, i)
        return i

    def indices(self, actions: Iterable[Action]) -> list[int]:
        return [self.index(a) for a in actions]

    def numbered(self, actions: Iterable[Action], size: int) -> tuple[dict[int, Action], bytearray]:
        """({index: action}, mask) of a list of distinct legal actions: the mask is `size`
        bytes, 1 at each action's index. (The adapters' hot path: `index` written out.)"""
        seen = self._seen
        by_index: dict[int, Action] = {}
        mask = bytearray(size)
        for action in actions:
            known = seen.get(id(action))
            i = known[1] if known is not None and known[0] is action else self.index(action)
            if mask[i]:
                raise RuntimeError(f"two legal actions share index {i}: {by_index[i]}, {action}")
            mask[i] = 1
            by_index[i] = action
        return by_index, mask

    def resolve(self, i: int, legal: Iterable[Action]) -> Action | None:
        """The legal action numbered i, or None when none of `legal` has that number."""
        for action in legal:
            if self.index(action) == i:
                return action
        return None

    def blocks(self) -> list[tuple[str, int, int]]:
        """(kind, first index, count) for each kind, in catalogue order."""
        return list(self._blocks)
