"""The game's material from data.toml, loaded once at import and checked."""

from __future__ import annotations

import tomllib
from pathlib import Path

with (Path(__file__).parent / "data.toml").open("rb") as _f:
    DATA = tomllib.load(_f)

TURNS: int = DATA["turns"]
PILE_SIZE: int = DATA["pile_size"]
CLICKS: int = DATA["clicks"]
BANGS: int = DATA["bangs"]
DIAMOND_BONUS: int = DATA["diamond_bonus"]
LADY_DIAMONDS: int = DATA["lady_diamonds_change"]
WEDDING_GIFT: int = DATA["wedding_gift"]
JAY_BOND_VALUE: int = DATA["jay_bond_value"]
LETHAL: int = DATA["lethal_wounds"]
PAINTINGS: list[int] = DATA["paintings"]

LOOT_KIND = {code: kind for code, (_, kind, _) in DATA["loot"].items()}
LOOT_VALUE = {code: value for code, (_, _, value) in DATA["loot"].items()}
LOOT_NAME: dict[str, str] = DATA["loot_names"]
# A kind of loot in words, as the Dictator forbids it (CNG-8.8).
KIND_WORDS = {"bill": "a bill", "diamond": "a diamond", "painting": "a painting", "clip": "a Clip",
              "kit": "a First aid kit", "godfather": "the New Godfather token"}  # fmt: skip
DECK: list[str] = [code for code, (n, _, _) in DATA["loot"].items() for _ in range(n)]
# Loot codes in a fixed order, so that lists of actions come out the same every time.
LOOT_ORDER = list(DATA["loot"])

POWER_TITLE = {code: title for code, (title, _) in DATA["powers"].items()}
BASE_POWERS = [code for code, (_, kind) in DATA["powers"].items() if kind == "base"]
TEAM_POWERS = [code for code, (_, kind) in DATA["powers"].items() if kind == "team"]
POWER_RULE: dict[str, str] = DATA["power_rules"]  # power -> the clause saying what it does

SURPRISE_TITLE: dict[str, str] = DATA["surprises"]
SURPRISES = list(SURPRISE_TITLE)
MERC_TITLE: dict[str, str] = DATA["mercenaries"]
MERCS = list(MERC_TITLE)
FIRST_GAME_MERCS: list[str] = DATA["first_game_mercenaries"]
MERCS_DRAWN: int = DATA["mercenaries_drawn"]
CATGIRL_LIMITS: dict[str, int] = DATA["catgirl_limits"]

SEATING = {int(n): letters for n, letters in DATA["seating"].items()}
TEAM_NAMES: dict[str, str] = DATA["team_names"]
TWINS = {int(n): tuple(seats) for n, seats in DATA["evil_twins"].items()}


def team_name(team: int) -> str:
    """A team's name from its number (the teams numbered by their letters, A first)."""
    return TEAM_NAMES[sorted(TEAM_NAMES)[team]]


# Share names on the table other than loot cards.
TOKENS = ("godfather", "shadow", "recruit")
TOKEN_NAME = {
    "godfather": "the New Godfather token",
    "shadow": "the Shadow Trading tile",
    "recruit": "the Mercenary Recruitment tile",
}


def _validate() -> None:
    assert len(DECK) == TURNS * PILE_SIZE, "the loot deck must fill 8 piles of 8"
    assert set(LOOT_NAME) == set(LOOT_KIND), "every loot card needs a name"
    assert len(BASE_POWERS) == 16 and len(TEAM_POWERS) == 4, "16 base powers + 4 Team Spirit"
    assert set(POWER_RULE) == set(POWER_TITLE), "every power names the clause of its rule"
    assert len(SURPRISES) == 3 and len(MERCS) == 9
    assert set(FIRST_GAME_MERCS) <= set(MERCS) and len(FIRST_GAME_MERCS) == MERCS_DRAWN
    for n, letters in SEATING.items():
        assert len(letters) == n and set(letters) <= set(TEAM_NAMES)
    assert PAINTINGS[0] == 0 and len(PAINTINGS) == 11
    # Codes are used as single words in action phrases.
    for code in (*LOOT_KIND, *POWER_TITLE, *SURPRISES, *MERCS):
        assert code.replace("_", "").isalnum()


_validate()
