"""Setting up a game: seats and teams, powers, bullets, the loot piles, surprises, mercenaries."""

from __future__ import annotations

from famiglia.core import Rng

from .actions import act
from .data import (
    BANGS,
    BASE_POWERS,
    CLICKS,
    DECK,
    DIAMOND_BONUS,
    FIRST_GAME_MERCS,
    MERCS,
    MERCS_DRAWN,
    PILE_SIZE,
    POWER_TITLE,
    SEATING,
    SURPRISES,
    TEAM_POWERS,
    TURNS,
    TWINS,
)
from .rules.start import begin_turn
from .state import CNGState


def new_state(s: CNGState, players: int, seed: int, options: dict, rng=None) -> CNGState:
    """Fills the empty state `s` with the opening position; `rng` (tests) replaces the seed's."""
    s._init_base(players, rng if rng is not None else Rng(seed))
    rng = s.rng
    s.teams = bool(options.get("teams", False))
    s.surprises_on = bool(options.get("surprises", False))
    s.mercs_on = bool(options.get("mercenaries", False))
    s.first_game = bool(options.get("first_game", False))
    n = players
    # CNG-2.1 / CNG-9.1: every seat its own team, or teams by the seating pattern.
    if s.teams:
        letters = SEATING[n]
        s.team_of = [ord(c) - ord("A") for c in letters]
        s.twins = list(TWINS.get(n, ()))
    else:
        s.team_of = list(range(n))
        s.twins = []
    s.nteams = max(s.team_of) + 1
    s.turn = 0
    s.godfather = 0  # CNG-2.5: the first seat plays the oldest player
    s.alive = [True] * n
    s.wounds = [0] * n
    s.hand = [[CLICKS, BANGS] for _ in range(n)]
    s.hidden = [[0, 0] for _ in range(n)]
    s.shown = [[0, 0] for _ in range(n)]
    s.loot = [[] for _ in range(n)]
    s.used = []
    # CNG-2.3: the loot deck shuffled into 8 face-down piles of 8.
    deck = list(DECK)
    rng.shuffle(deck)
    s.piles = [deck[i * PILE_SIZE : (i + 1) * PILE_SIZE] for i in range(TURNS)]
    s.known = [0] * TURNS
    # CNG-2.4 / CNG-9.3: powers. Base: one each from the 16. Teams: two each from all 20, keep
    # one; the Evil Twins get no power.
    s.powers = [""] * n
    s.pairs = [None] * n
    s.pick = [""] * n
    if s.teams:
        cards = BASE_POWERS + TEAM_POWERS
        rng.shuffle(cards)
        for seat in range(n):
            if seat not in s.twins:
                s.pairs[seat] = [cards.pop(), cards.pop()]
    else:
        cards = list(BASE_POWERS)
        rng.shuffle(cards)
        for seat in range(n):
            s.powers[seat] = cards.pop()
    # CNG-11.1: the three surprises go face down to three random players.
    s.surprise = [""] * n
    if s.surprises_on:
        seats = list(range(n))
        rng.shuffle(seats)
        cards = list(SURPRISES)
        rng.shuffle(cards)
        for seat, card in zip(seats, cards, strict=False):
            s.surprise[seat] = card
    # CNG-12.1: four mercenaries face up and an envelope per team.
    if s.mercs_on:
        if s.first_game:
            s.mercs = list(FIRST_GAME_MERCS)
        else:
            pool = list(MERCS)
            rng.shuffle(pool)
            s.mercs = sorted(pool[:MERCS_DRAWN], key=MERCS.index)
    else:
        s.mercs = []
    s.envelopes = [[] for _ in range(s.nteams)]
    s.merc_taken = []
    s.payments = []
    s.recruit_order = []
    s.merc_team = -1
    s.thief = -1
    s.stolen = [0, 0, 0]
    # Per-turn and per-step values, reset as the game goes.
    s.phase = ""
    s.actor = -1
    s.step = ""
    s.flash = False
    s.flash_user = -1
    s.jammed = False
    s.bomb_user = -1
    s.bomb = ""
    s.table = []
    s.tokens = []
    s.bullet = [""] * n
    s.aim = [None] * n
    s.courage = [""] * n
    s.standing = [False] * n
    s.aims_public = False
    s.courage_public = False
    s.kid_late = -1
    s.smart_late = -1
    s.ordered = -1
    s.hits = []
    s.order = []
    s.queue = []
    s.taken = []
    s.split_pos = 0
    s.dictator_used = False
    s.ban = ""
    s.pending = ""
    s.pending_bomb = False
    s.greedy_done = False
    s.junk_used = False
    s.new_godfather = -1
    s.use_card = ""
    s.sh_mate = -1
    s.sh_type = ""
    s.sh_give = ""
    s.sh_get = ""
    # End of game extras.
    s.diamond_bonus = DIAMOND_BONUS
    s.extra_paint = [0] * n
    s.bonus = [0] * n
    s.couples = []
    s.units = []
    s.jay = []
    s.over = False
    s.say(f"A game of Cash 'n Guns for {n} players" + (" in teams." if s.teams else "."))
    if s.teams:
        s.phase = "powers"
        for seat in range(n):
            if s.pairs[seat] is None:
                s.say(f"seat {seat} is an Evil Twin")
            else:
                a, b = s.pairs[seat]
                for who in (seat, *s.mates(seat)):
                    s.say(f"seat {seat} is dealt {POWER_TITLE[a]} and {POWER_TITLE[b]}", (who,))
        s.refresh()
        return s
    for seat in range(n):
        s.say(f"seat {seat} has {POWER_TITLE[s.powers[seat]]}")
    begin_turn(s)
    s.refresh()
    return s


def legal_powers(s: CNGState, seat: int):
    return [act("keep_power", code) for code in s.pairs[seat]]


def apply_powers(s: CNGState, seat: int, action) -> None:
    """CNG-9.3: each keeps one of his two powers in secret; all are shown together."""
    s.pick[seat] = action.args[0]
    s.say(f"seat {seat} has chosen a power")
    if any(s.pairs[t] is not None and not s.pick[t] for t in range(s.players)):
        return
    for t in range(s.players):
        if s.pairs[t] is not None:
            s.powers[t] = s.pick[t]
            s.pairs[t] = None
            s.say(f"seat {t} keeps {POWER_TITLE[s.powers[t]]}")
    s.pick = [""] * s.players
    begin_turn(s)
