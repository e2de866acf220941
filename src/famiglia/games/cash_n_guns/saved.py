"""A saved game of Cash 'n Guns loads only if it is sound: every field of the right type, length
and range; the options, teams, loot, bullet cards, powers and mercenaries as a game can have
them; and the phase, the seat to act and the step of the turn agreeing with each other
(saved_phases.py). The first problem is refused with ValueError naming it.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from famiglia.core.checks import (
    BOOL,
    Int,
    ListOf,
    Maybe,
    OneOf,
    Tuple,
    check_saved,
    checked,
    refuse,
)

from .data import (
    BANGS,
    BASE_POWERS,
    CATGIRL_LIMITS,
    CLICKS,
    DECK,
    DIAMOND_BONUS,
    FIRST_GAME_MERCS,
    LADY_DIAMONDS,
    LETHAL,
    LOOT_KIND,
    LOOT_ORDER,
    MERCS,
    MERCS_DRAWN,
    PILE_SIZE,
    SEATING,
    SURPRISES,
    TEAM_POWERS,
    TOKENS,
    TURNS,
    TWINS,
)
from .phases import PHASES
from .rules.holdup import HOLDUP
from .saved_phases import check_phase

POWERS = (*BASE_POWERS, *TEAM_POWERS)
LOOT = OneOf(LOOT_ORDER)
SHARE = OneOf((*LOOT_ORDER, *TOKENS))
AMMO = ("click", "bang")
STEPS = ("", *HOLDUP, "bomb", "twins", "cute", "stealthy", "pick", "greedy2")
TRADE_TYPES = ("loot", "ammo", "power", "surprise")
# Clips give one Bang! to the player who used it and one to the Good Friend (CNG-8.5, CNG-8.11).
MOST_CLIPS = Counter(DECK)["clip"]


@cache  # the specs of a player count, built once
def _fields(n: int) -> dict:
    seat, nobody = Int(0, n - 1), Int(-1, n - 1)
    team, no_team = seat, nobody  # at most one team per seat (the base game)
    count = Int(0, CLICKS + BANGS + 2 * MOST_CLIPS)
    ammo = ListOf(Tuple(count, count), n)
    loot = ListOf(LOOT, range(len(DECK) + 1))
    return {
        "teams": BOOL,
        "surprises_on": BOOL,
        "mercs_on": BOOL,
        "first_game": BOOL,
        "nteams": Int(1, n),
        "turn": Int(0, TURNS),
        "godfather": seat,
        "phase": OneOf(("over", *PHASES)),
        "actor": nobody,
        "step": OneOf(STEPS),
        "flash": BOOL,
        "flash_user": nobody,
        "jammed": BOOL,
        "bomb_user": nobody,
        "bomb": OneOf(("", *LOOT_ORDER, *TOKENS)),
        "split_pos": Int(-1, n),
        "dictator_used": BOOL,
        "ban": OneOf(("", *sorted(set(LOOT_KIND.values())), "godfather")),  # a kind of share
        "pending": OneOf(("", *LOOT_ORDER, *TOKENS)),
        "pending_bomb": BOOL,
        "greedy_done": BOOL,
        "junk_used": BOOL,
        "new_godfather": nobody,
        "diamond_bonus": OneOf(
            (DIAMOND_BONUS - LADY_DIAMONDS, DIAMOND_BONUS, DIAMOND_BONUS + LADY_DIAMONDS)
        ),
        "over": BOOL,
        "sh_mate": nobody,
        "sh_type": OneOf(("", *TRADE_TYPES)),
        "sh_give": OneOf(("", *LOOT_ORDER, *AMMO, *POWERS, "surprise")),
        "sh_get": OneOf(("", *LOOT_ORDER, *AMMO, *POWERS, "surprise")),
        "use_card": OneOf(("", "kit", "clip")),
        "merc_team": no_team,
        "thief": nobody,
        "kid_late": nobody,
        "smart_late": nobody,
        "aims_public": BOOL,
        "courage_public": BOOL,
        "ordered": nobody,
        "team_of": ListOf(team, n),
        "twins": ListOf(seat, range(3)),
        "powers": ListOf(OneOf(("", *POWERS)), n),
        "used": ListOf(OneOf(("professional", "lucky_man")), range(3)),
        "pick": ListOf(OneOf(("", *POWERS)), n),
        "alive": ListOf(BOOL, n),
        "wounds": ListOf(Int(0, LETHAL + n + 1), n),
        "table": loot,
        "tokens": ListOf(OneOf(TOKENS), range(len(TOKENS) + 1)),
        "surprise": ListOf(OneOf(("", *SURPRISES)), n),
        "bullet": ListOf(OneOf(("", *AMMO)), n),
        "aim": ListOf(Maybe(nobody), n),
        "courage": ListOf(OneOf(("", "stand", "down")), n),
        "standing": ListOf(BOOL, n),
        "order": ListOf(seat, range(n + 1)),
        "queue": ListOf(Int(0, n - 1), range(n + 1)),
        "extra_paint": ListOf(Int(0, 1), n),
        "bonus": ListOf(OneOf((0,)), n),  # unused, always 0
        "jay": ListOf(team, range(2)),
        "mercs": ListOf(OneOf(MERCS), range(MERCS_DRAWN + 1)),
        "recruit_order": ListOf(team, range(n + 1)),
        "known": ListOf(Int(0, PILE_SIZE), range(TURNS + 1)),
        "stolen": Tuple(*(Int(0, CATGIRL_LIMITS[k]) for k in ("bill", "diamond", "painting"))),
        "taken": ListOf(Int(0), 0),  # unused, always empty
        "payments": ListOf(Tuple(Int(0), Int(0, len(DECK))), range(n + 1)),
        "pairs": ListOf(Maybe(Tuple(OneOf(POWERS), OneOf(POWERS))), n),
        "hand": ammo,
        "hidden": ammo,
        "shown": ammo,
        "loot": ListOf(loot, n),
        "piles": ListOf(ListOf(LOOT, PILE_SIZE), range(TURNS + 1)),
        # [shooter, target, how the hit lands, unused]
        "hits": ListOf(
            Tuple(seat, seat, OneOf(("wound", "grapple", "taser", "ignored")), OneOf(("",))),
            range(n + 1),
        ),
        "couples": ListOf(Tuple(seat, seat), range(2)),
        "units": ListOf(Tuple(team, loot), range(3)),
        "envelopes": ListOf(loot, range(1, n + 1)),
        "merc_taken": ListOf(Tuple(team, OneOf(MERCS)), range(MERCS_DRAWN + 1)),
    }


@checked("cash-n-guns")
def load(cls, data: dict):
    """The state saved in `data`, or ValueError naming the first thing wrong with it."""
    game = cls.game
    n = check_saved(data, range(game.min_players, game.max_players + 1), _fields)
    s = cls._SAVED.from_json(cls, data)
    options = {"teams": s.teams, "mercenaries": s.mercs_on, "surprises": s.surprises_on}
    try:
        game.check_players_with_options(n, {**options, "first_game": s.first_game})
    except ValueError as exc:
        refuse("teams", f"and mercs_on do not fit {n} players: {exc}")
    _seats(s)
    _loot(s)
    _bullets(s)
    _cards(s)
    _mercenaries(s)
    check_phase(s)
    s.waiting = s.pending_seats()
    return s


def _seats(s) -> None:
    """CNG-2.1, CNG-9.1: teams by the seating; the Evil Twins; who lives."""
    n = s.players
    team_of = [ord(c) - ord("A") for c in SEATING[n]] if s.teams else list(range(n))
    if s.team_of != team_of:
        refuse("team_of", f"must be {team_of} for {n} players")
    if s.nteams != max(team_of) + 1:
        refuse("nteams", f"must be {max(team_of) + 1}")
    if s.twins != (list(TWINS.get(n, ())) if s.teams else []):
        refuse("twins", "are not the Evil Twins of this seating (CNG-9.6)")
    for t in range(n):
        # Unbreakable survives one more (CNG-7.3); he may trade that power away (CNG-9.5).
        if s.alive[t] and s.wounds[t] > LETHAL:
            refuse(f"wounds[{t}]", f"is {s.wounds[t]}: a living player dies at {LETHAL}")
        if s.standing[t] and not s.alive[t]:
            refuse(f"standing[{t}]", "is true for a dead player")
    if s.over != (s.phase == "over"):
        refuse("over", f"is {s.over} in the phase {s.phase!r}")


def _loot(s) -> None:
    """CNG-2.3: the 64 loot cards, none made from nothing; a pile for each turn to come."""
    found = Counter(s.table)
    for zone in (*s.piles, *s.loot, *s.envelopes, *(unit for _, unit in s.units)):
        found.update(zone)
    found.update(c for c in (s.pending, s.bomb) if c in LOOT_KIND and c not in s.table)
    deck = Counter(DECK)
    for code, count in found.items():
        if count > deck[code]:
            refuse("loot", f"holds {count} of {code}, the deck has {deck[code]}")
    first = s.turn if s.phase != "powers" else 0
    if len(s.piles) != TURNS - first or len(s.known) != len(s.piles):
        refuse("piles", f"must be the {TURNS - first} piles of the turns to come, with known")
    if len(set(s.tokens)) != len(s.tokens):
        refuse("tokens", "name a token twice")
    if len(s.envelopes) != s.nteams:
        refuse("envelopes", f"must be one per team ({s.nteams})")


def _bullets(s) -> None:
    """CNG-2.2: five Clicks and three Bang! each; Clips add Bang! cards (CNG-8.5); each turn
    moves one card out of the hand (CNG-4.1). The Hustler holds one card of his victim's until
    he gives one back (CNG-3.3)."""
    n = s.players
    clicks = 0
    before_loading = s.phase in ("powers", "hustle", "hustle_give", "surprise", "bullet")
    for t in range(n):
        loaded = 1 if s.bullet[t] else 0
        # one card a turn at most: this turn's too once it is loaded (CNG-4.1)
        turns = max(s.turn - (before_loading and not loaded), 0)
        spent = sum(s.hidden[t]) + sum(s.shown[t]) + loaded
        total = sum(s.hand[t]) + spent
        clicks += s.hand[t][0] + s.hidden[t][0] + s.shown[t][0] + (s.bullet[t] == "click")
        lent = (s.phase == "hustle_give") * ((t == s.actor) - (t == s.ordered))
        if not CLICKS + BANGS <= total - lent <= CLICKS + BANGS + 2 * MOST_CLIPS:
            refuse(f"hand[{t}]", f"with the cards played makes {total} bullet cards")
        if spent > turns:
            refuse(f"hidden[{t}]", f"and shown count {spent} cards played in {turns} turns")
    if clicks != CLICKS * n:
        refuse("hand", f"and the cards played hold {clicks} Clicks, not {CLICKS * n}")


def _cards(s) -> None:
    """CNG-2.4, CNG-9.3: powers dealt once; CNG-11.1: three surprises at most."""
    n = s.players
    held = [p for p in s.powers if p]
    for pair in s.pairs:
        held += pair or []
    if len(set(held)) != len(held):
        refuse("powers", "deal one power card twice")
    if not s.teams and (any(p not in BASE_POWERS for p in s.powers) or any(s.pairs) or any(s.pick)):
        refuse("powers", "must give each player a base power of his own (CNG-2.4)")
    if s.teams and s.phase != "powers":
        for t in range(n):
            if bool(s.powers[t]) == (t in s.twins) or s.pairs[t] is not None or s.pick[t]:
                refuse(f"powers[{t}]", "must hold the power kept (none for an Evil Twin)")
    surprises = [c for c in s.surprise if c]
    if len(set(surprises)) != len(surprises) or (surprises and not s.surprises_on):
        refuse("surprise", "cards are dealt once each, with surprises on only")
    if len(set(s.used)) != len(s.used):
        refuse("used", "names a once-per-game power twice")


def _mercenaries(s) -> None:
    """CNG-12.1: four mercenaries, each recruited once; what each did, by the team that
    recruited it (CNG-12.6 to CNG-12.14)."""
    recruited = [m for _, m in s.merc_taken]
    every = [*s.mercs, *recruited]
    if s.mercs_on and (len(set(every)) != len(every) or len(every) != MERCS_DRAWN):
        refuse("mercs", f"and merc_taken must be {MERCS_DRAWN} distinct mercenaries")
    if not s.mercs_on and (every or any(s.envelopes) or s.payments or s.recruit_order):
        refuse("mercs", "are in play with mercenaries off")
    if s.first_game and s.mercs_on and sorted(every) != sorted(FIRST_GAME_MERCS):
        refuse("mercs", "must be the first game's four")
    by = {m: t for t, m in s.merc_taken}
    teams = [*s.recruit_order, *(t for t, _ in s.merc_taken)]
    if any(t >= s.nteams for t in teams) or len(set(s.recruit_order)) != len(s.recruit_order):
        refuse("recruit_order", f"names a team not at the table (there are {s.nteams})")
    if s.payments and len(s.payments) != s.nteams:
        refuse("payments", f"must be one per team ({s.nteams})")
    if s.jay != ([by["jay_bond"]] if "jay_bond" in by else []):
        refuse("jay", "must be the team that recruited Jay Bond (CNG-12.10)")
    makers = [by[m] for m in ("hot_mail", "zombie_boy") if m in by]
    if any(t not in makers for t, _ in s.units) or len(s.units) > len(makers):
        refuse("units", "must come from Hot Mail or Zombie Boy (CNG-12.9, CNG-12.14)")
    for a, b in s.couples:
        if a == b or s.team_of[a] != s.team_of[b] or s.team_of[a] != by.get("fake_elvis"):
            refuse("couples", "must be two players of the team of Fake Elvis (CNG-12.11)")
    if sum(s.extra_paint) > ("miss_pencilhands" in by):
        refuse("extra_paint", "holds a painting Miss Pencilhands did not paint (CNG-12.13)")
    if s.diamond_bonus != DIAMOND_BONUS and "lady_diamonds" not in by:
        refuse("diamond_bonus", "changed without Lady Diamonds (CNG-12.12)")
