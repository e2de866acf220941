"""Research presets: shorter games under a name, for methods that need short horizons (CFR,
quick learning runs). A preset is a game with some of its own options set; any adapter
(`famiglia.rl.gym.make`, and `resolve` for the others) takes its name where a game's name goes,
and options given beside it override the preset's. `famiglia games --rl` lists them.

Blood Feud runs to thousands of decisions per game and The Mob to some 2,600 with random
play; capped to a few rounds or years they end in a few hundred (the caps are the games' own
options, so a capped game still ends by its rules and ranks its seats).
"""

from __future__ import annotations

PRESETS: dict[str, tuple[str, dict, str]] = {
    "the-mob-short": ("the-mob", {"max_years": 3}, "The Mob stopped after 3 years"),
    "the-mob-tiny": ("the-mob", {"max_years": 1}, "The Mob stopped after 1 year"),
    "blood-feud-short": ("blood-feud", {"max_rounds": 3}, "Blood Feud stopped after 3 rounds"),
    "blood-feud-tiny": ("blood-feud", {"max_rounds": 1}, "Blood Feud stopped after 1 round"),
    "scarface-1920-short": (
        "scarface-1920",
        {"max_turns": 8},
        "Scarface 1920 stopped after 8 turns",
    ),
}


def resolve(name: str, options: dict) -> tuple[str, dict]:
    """(game, options) of a preset's name and the options given with it; a game's own name
    comes back unchanged."""
    found = PRESETS.get(name)
    if found is None:
        return name, dict(options)
    game, preset, _words = found
    return game, {**preset, **options}


def listing() -> list[str]:
    """One line per preset, under 80 columns, for `famiglia games --rl`."""
    return [f"  {name:<21} {words}" for name, (_g, _o, words) in PRESETS.items()]
