"""The Mob's content, loaded once from data.toml, checked, and turned into lookup tables.

Cards are numbered card types (a hand holds type numbers; duplicates are separate entries).
Pieces are numbered too: family members 0..7 from the Don down, board spaces 0..19 for the
illegal businesses (two per kind).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

RAW = tomllib.loads((Path(__file__).with_name("data.toml")).read_text(encoding="utf-8"))

START_CASH: int = RAW["start_cash"]
BODYGUARDS: int = RAW["bodyguards"]
GUARD_VALUE: int = RAW["bodyguard_value"]
INVEST_STEP: int = RAW["invest_step"]
UNDO_REFUND: int = RAW["undo_refund"]
WIN_INVESTMENT: int = RAW["win_investment"]
HAND_SIZE: dict[int, int] = {int(k): v for k, v in RAW["hand_size"].items()}
PRISON_ENTRY: int = RAW["prison_entry_block"]

MEMBER_NAMES: tuple[str, ...] = tuple(m["name"] for m in RAW["member"])
MEMBER_VALUES: tuple[int, ...] = tuple(m["value"] for m in RAW["member"])
MEMBERS = range(len(MEMBER_NAMES))
DON = MEMBER_NAMES.index("Don")
MAMA = MEMBER_NAMES.index("Mama")
# Members by rising value (ties in printed order), for the last-card rule.
MEMBERS_LOW_FIRST = tuple(sorted(MEMBERS, key=lambda m: (MEMBER_VALUES[m], m)))

KIND_NAMES: tuple[str, ...] = tuple(k["name"] for k in RAW["illegal"]["kind"])
KIND_VALUES: tuple[int, ...] = tuple(k["value"] for k in RAW["illegal"]["kind"])
SPACES_PER_KIND: int = RAW["illegal"]["spaces_per_kind"]
SPACES = range(len(KIND_NAMES) * SPACES_PER_KIND)
SPACE_KIND: tuple[int, ...] = tuple(s // SPACES_PER_KIND for s in SPACES)
SPACE_VALUE: tuple[int, ...] = tuple(KIND_VALUES[k] for k in SPACE_KIND)
SPACE_NAMES: tuple[str, ...] = tuple(
    f"{KIND_NAMES[s // SPACES_PER_KIND]} {s % SPACES_PER_KIND + 1}" for s in SPACES
)
KIND_SPACES: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in SPACES if SPACE_KIND[s] == k) for k in range(len(KIND_NAMES))
)

LEGAL_NAMES: tuple[str, ...] = tuple(RAW["legal"]["names"])
OOC_SPACES: tuple[str, ...] = tuple(o["space"] for o in RAW["out_of_circulation"])
OOC_CARDS: tuple[str, ...] = tuple(o["card"] for o in RAW["out_of_circulation"])

# Member locations: a board space number, or one of these.
PHOTO = -1
HARBOUR = -2
OOC_BASE = 100  # OOC_BASE + i: out-of-circulation space i
PRISON_BASE = 200  # PRISON_BASE + block (1..3)


def _table(rows) -> tuple[int, ...]:
    """[lowest, highest, amount] rows -> amount per investment level 0..WIN_INVESTMENT."""
    by_level = [0] * (WIN_INVESTMENT + 1)
    for low, high, amount in rows:
        for level in range(low, high + 1):
            by_level[level] = amount
    return tuple(by_level)


LEGAL_INCOME = _table(RAW["legal_income"])
PROTECTION_MONEY = _table(RAW["protection_money"])

# Card types: (name, effect, index). Effects: illegal (index = kind), legal (index = business),
# ooc (index = space), fbi, protection, takeover, offer.
CARD_TYPES: list[tuple[str, str, int]] = []
CARD_TYPES += [(name, "illegal", k) for k, name in enumerate(KIND_NAMES)]
CARD_TYPES += [(name, "legal", i) for i, name in enumerate(LEGAL_NAMES)]
CARD_TYPES += [(name, "ooc", i) for i, name in enumerate(OOC_CARDS)]
CARD_TYPES += [(a["name"], a["effect"], 0) for a in RAW["action"]]
CARD_NAMES = tuple(c[0] for c in CARD_TYPES)
CARD_EFFECT = tuple(c[1] for c in CARD_TYPES)
CARD_INDEX = tuple(c[2] for c in CARD_TYPES)
_ACTION_COUNTS = {a["name"]: a["count"] for a in RAW["action"]}


def deck(players: int) -> list[int]:
    """Every card of a game for `players`, as card type numbers."""
    per_kind = RAW["illegal"]["cards_with_three"] if players == 3 else RAW["illegal"]["cards"]
    cards = []
    for ctype, (name, effect, _) in enumerate(CARD_TYPES):
        if effect == "illegal":
            cards += [ctype] * per_kind
        elif effect in ("legal", "ooc"):
            cards.append(ctype)
        else:
            cards += [ctype] * _ACTION_COUNTS[name]
    return cards


def _validate() -> None:
    assert len(set(MEMBER_NAMES)) == len(MEMBER_NAMES) == 8, "8 distinct family members"
    assert list(MEMBER_VALUES) == sorted(MEMBER_VALUES, reverse=True), (
        "members listed highest first"
    )
    assert len(set(CARD_NAMES)) == len(CARD_NAMES), "card names are distinct"
    assert all(v % GUARD_VALUE == 0 for v in KIND_VALUES), "card values are whole bodyguards"
    assert set(HAND_SIZE) == {3, 4, 5, 6}
    assert len(deck(4)) == 56 and len(deck(3)) == 46, "56 cards, 46 with three players"
    assert 1 <= PRISON_ENTRY <= 3


_validate()
