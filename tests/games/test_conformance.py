"""The conformance kit (famiglia.core.testing) on all five games, for every player count and
option set each game has, with each game's own invariants (tests/games/GAME/invariants.py).

`check_game` plays seeded random games and checks every promise of the contract along the way;
`check_saved_states` damages real saved states and each must be refused with ValueError or play
on. The quick cases run in the inner loop; the long ones are marked `slow` (run by CI) and the
longest `soak` (run with --soak).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

import famiglia
from famiglia.core.testing import check_game, check_saved_states

from .blood_feud import invariants as blood_feud
from .cash_n_guns import invariants as cash_n_guns
from .scarface_1920 import invariants as scarface_1920
from .the_mob import invariants as the_mob
from .unfinished_business import invariants as unfinished_business

INVARIANTS = {
    "the-mob": the_mob.INVARIANTS,
    "unfinished-business": unfinished_business.INVARIANTS,
    "cash-n-guns": cash_n_guns.INVARIANTS,
    "blood-feud": blood_feud.INVARIANTS,
    "scarface-1920": scarface_1920.INVARIANTS,
}


@dataclass(frozen=True)
class Kit:
    """One run of `check_game`: `games` random games of `game` from `seed` on. `capped`, when
    set, is what every game's result must say about being stopped by a limit."""

    game: str
    players: int
    options: dict = field(default_factory=dict)
    games: int = 1
    seed: int = 0
    deep_every: int = 7
    max_moves: int = 50_000
    capped: bool | None = None

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in self.options.items())
        return f"{self.game}-{self.players}p" + (f"-{opts}" if opts else "")


def case(kit: Kit, *marks):
    soak = any(m.name == "soak" for m in marks)
    return pytest.param(kit, id=kit.id + ("-soak" if soak else ""), marks=marks)


SLOW, SOAK = pytest.mark.slow, pytest.mark.soak
CNG_TEAMS = (4, 6, 7, 8, 9)  # team play needs an even count or 7 and 9 with the odd one out
CNG_OPTIONS = (
    [(n, {}) for n in range(4, 9)]
    + [(n, {"surprises": True}) for n in range(4, 9)]
    + [(n, {"teams": True}) for n in CNG_TEAMS]
    + [(n, {"teams": True, "surprises": True}) for n in CNG_TEAMS]
    + [(n, {"teams": True, "mercenaries": True}) for n in CNG_TEAMS]
    + [
        (n, {"teams": True, "mercenaries": True, "surprises": True, "first_game": True})
        for n in CNG_TEAMS
    ]
)
BF_OPTIONS = [(p, tm) for p in range(2, 7) for tm in (False, True) if not (tm and p == 6)]
SF_MODES = [  # SF-S.1, SF-T.1, SF-T.10: the Solo Mode, Tequila, and both
    (1, {"solo": True}),
    (1, {"solo": True, "tequila": True}),
    (2, {"tequila": True}),
    (4, {"tequila": True}),
]

KITS = [
    # The Mob, two years of every player count with and without strict stakes (the inner loop
    # keeps the fewest and the most players).
    *(
        case(
            Kit("the-mob", p, {"strict_stakes": s, "max_years": 2}, games=3, seed=p * 100),
            *(() if p in (3, 6) else (SLOW,)),
        )
        for p in (3, 4, 5, 6)
        for s in (False, True)
    ),
    # Long enough for prison terms to run out and dealers to go round (MOB-5.3, MOB-2.1).
    case(Kit("the-mob", 4, {"max_years": 8}, seed=42, deep_every=60), SLOW),
    # UB-1.3: every player count (2 and 3 in the inner loop).
    *(
        case(Kit("unfinished-business", p, games=4, seed=100 * p), *(() if p <= 3 else (SLOW,)))
        for p in range(2, 7)
    ),
    # Cash 'n Guns: every player count with every option set that allows it (up to 5 players
    # in the inner loop: each set has a count there).
    *(case(Kit("cash-n-guns", p, o), *(() if p <= 5 else (SLOW,))) for p, o in CNG_OPTIONS),
    # BF-2.1, BF-10.2: short games end (capped) and rank by income.
    *(case(Kit("blood-feud", p, {"max_rounds": 2, "take_manhattan": tm})) for p, tm in BF_OPTIONS),
    # SF-1.1: 2-4 players; then the solo and Tequila modes (a whole game of Scarface runs to
    # over a thousand moves: these are slow); max_turns ends a game capped.
    *(case(Kit("scarface-1920", p, seed=p, deep_every=11), SLOW) for p in (2, 3, 4)),
    *(case(Kit("scarface-1920", p, o, games=2, seed=7, deep_every=11), SLOW) for p, o in SF_MODES),
    case(Kit("scarface-1920", 3, {"max_turns": 12}, games=2, capped=True)),
]

SOAK_KITS = [
    *(case(Kit("the-mob", p, games=5, seed=p, deep_every=50), SOAK) for p in (3, 4, 5, 6)),
    *(
        case(Kit("unfinished-business", p, games=200, seed=7 * p, deep_every=3), SOAK)
        for p in range(2, 7)
    ),
    *(case(Kit("cash-n-guns", p, o, games=40, seed=1000), SOAK) for p, o in CNG_OPTIONS),
    *(
        case(
            Kit(
                "blood-feud",
                p,
                {"max_rounds": 60, "take_manhattan": tm},
                games=3,
                max_moves=500_000,
            ),
            SOAK,
        )
        for p, tm in BF_OPTIONS
    ),
    *(case(Kit("scarface-1920", p, games=10, seed=100), SOAK) for p in (2, 3, 4)),
    *(case(Kit("scarface-1920", p, o, games=10, seed=200), SOAK) for p, o in SF_MODES),
]


@pytest.mark.parametrize("kit", KITS + SOAK_KITS)
def test_conformance(kit: Kit):
    records = check_game(
        famiglia.load(kit.game),
        kit.players,
        kit.options,
        games=kit.games,
        seed=kit.seed,
        invariants=INVARIANTS[kit.game],
        max_moves=kit.max_moves,
        deep_every=kit.deep_every,
    )
    assert len(records) == kit.games
    for record in records:
        assert isinstance(record["result"]["capped"], bool)
        if kit.capped is not None:
            assert record["result"]["capped"] is kit.capped, record["result"]


# Saved states to damage, per game: short games of each kind, sampled along the way and at the
# end; and the seed of each game's soak run.
SAVED_FROM = {
    "the-mob": [
        (3, {"max_years": 2}),
        (4, {"max_years": 2, "strict_stakes": True}),
        (6, {"max_years": 2}),
    ],
    "unfinished-business": [(2, {}), (4, {}), (6, {})],
    "cash-n-guns": [
        (4, {}),
        (5, {"surprises": True}),
        (6, {"teams": True}),
        (7, {"teams": True, "mercenaries": True, "surprises": True}),
        (9, {"teams": True, "mercenaries": True}),
    ],
    "blood-feud": [
        (2, {"max_rounds": 2}),
        (4, {"max_rounds": 2, "take_manhattan": True}),
        (6, {"max_rounds": 2}),
    ],
    "scarface-1920": [(2, {"max_turns": 40}), (3, {"max_turns": 40}), (4, {"max_turns": 40})],
}
SOAK_SEED = {
    "the-mob": 11,
    "unfinished-business": 12,
    "cash-n-guns": 13,
    "blood-feud": 14,
    "scarface-1920": 15,
}


def test_every_game_is_checked():
    """A game added to famiglia without a place here fails rather than going unchecked; every
    game has kits outside `slow` (the inner loop), and every player count a kit."""
    games = set(famiglia.games())
    assert set(INVARIANTS) == set(SAVED_FROM) == set(SOAK_SEED) == games
    quick = {p.values[0].game for p in KITS if not any(m.name == "slow" for m in p.marks)}
    assert quick == games
    for name in games:
        game = famiglia.load(name)
        counts = {p.values[0].players for p in KITS if p.values[0].game == name}
        assert set(range(game.min_players, game.max_players + 1)) <= counts, name


QUICK_SAVED = ("the-mob", "unfinished-business")  # the others' games are longer: slow


@pytest.mark.parametrize(
    "name", [pytest.param(n, marks=() if n in QUICK_SAVED else SLOW) for n in SAVED_FROM]
)
def test_broken_saved_states_are_refused_or_play_on(name):
    """Issue 12: 300 damaged saved states, each refused with ValueError or played on for 100
    random moves without any other exception (core/testing.py, check_saved_states)."""
    report = check_saved_states(famiglia.load(name), SAVED_FROM[name], mutations=300)
    assert report.tried == 300 and report.refused and report.played


@pytest.mark.soak
@pytest.mark.parametrize("name", list(SAVED_FROM))
def test_broken_saved_states_are_refused_or_play_on_soak(name):
    report = check_saved_states(
        famiglia.load(name), SAVED_FROM[name], mutations=10_000, seed=SOAK_SEED[name]
    )
    assert report.refused and report.played
