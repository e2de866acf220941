"""Whose move a saved game of Cash 'n Guns is, checked on loading: each phase has a step of the
turn it belongs to, a seat it waits for, and what that seat needs to have a move at all. The
values of one phase that linger into others (a loaded bullet, a queue, an order) are checked
to be where the rules leave them. See saved.py for the fields themselves.
"""

from __future__ import annotations

from famiglia.core.checks import refuse

from .data import DECK, TURNS
from .rules.holdup import HOLDUP, other_targets
from .rules.mercs import agent48_targets, members, steal_options, zombie_targets
from .rules.split import open_shares, shares
from .rules.start import hustle_victims
from .rules.trade import cards_of, trade_types, wanted

SIMULTANEOUS = ("powers", "bullet", "aim", "courage")
BEFORE_SHOTS = ("hustle", "hustle_give", "surprise", "bullet", "aim", "kid", "privilege",
                "retarget", "professional", "cunning", "courage", "smart")  # fmt: skip
LOADED = ("aim", "kid", "privilege", "retarget", "professional", "cunning", "courage", "smart")
SHOTS = ("shot", "lucky")
SPLIT = ("bomb", "twins", "stealthy", "pick", "dictator", "greedy", "junk", "use", "envelope",
         "sh_mate", "sh_type", "sh_give", "sh_get", "sh_answer", "sh_dead")  # fmt: skip
TRADE = ("sh_type", "sh_give", "sh_get", "sh_answer", "sh_dead")
MERCS = ("merc_tie", "recruit", "agent48", "thief", "steal", "dre_gray", "fake_elvis", "lady",
         "pencil", "zombie")  # fmt: skip
TAKING = ("pick", "greedy2")
LOOT = frozenset(DECK)
# The step of the turn (rules/holdup.py, rules/split.py) each phase is played in.
STEP = {
    "powers": ("",),
    "hustle": ("",),
    "hustle_give": ("",),
    "surprise": ("",),
    "bullet": ("",),
    "aim": ("",),
    "kid": ("kid",),
    "privilege": ("privilege",),
    "retarget": ("", *HOLDUP[:-1]),
    "professional": ("professional",),
    "cunning": ("cunning",),
    "courage": ("courage",),
    "smart": ("courage",),
    "shot": ("courage",),
    "lucky": ("courage",),
    "bomb": ("bomb",),
    "twins": ("twins",),
    "stealthy": ("stealthy",),
    "pick": ("pick",),
    "dictator": ("pick",),
    "greedy": ("pick",),
    "junk": TAKING,
    "use": (*TAKING, "stealthy"),
    "envelope": TAKING,
    "sh_mate": TAKING,
    **{phase: TAKING for phase in TRADE},
    **{phase: ("",) for phase in MERCS},
}


def check_phase(s) -> None:
    phase = s.phase
    if phase == "over":
        if s.actor != -1:
            refuse("actor", "must be -1 once the game is over")
        if s.sh_mate >= 0 or s.sh_type or s.sh_give or s.sh_get:
            refuse("sh_mate", "a trade must not be open once the game is over")
        return
    if s.step not in STEP[phase]:
        refuse("step", f"is {s.step!r}, but the {phase} phase comes in step {STEP[phase][0]!r}")
    if phase in SIMULTANEOUS:
        if s.actor != -1:
            refuse("actor", f"must be -1 while everyone chooses at once ({phase})")
        if not s.pending_seats():
            refuse("phase", f"is {phase}, but nobody has a choice left to make")
    elif s.actor < 0:
        refuse("actor", f"must be the seat to act in the {phase} phase")
    elif not s.alive[s.actor] and phase not in ("sh_dead", *MERCS):
        refuse("actor", f"is seat {s.actor}, who is dead")
    if phase not in MERCS and len(s.living_teams()) < 2:
        refuse("alive", "leave one team or none: the game would be over (CNG-9.8)")
    _lingering(s, phase)
    if phase in SPLIT:
        _split(s, phase)
    elif phase in MERCS:
        _mercenaries(s, phase)
    else:
        problem = _TURN[phase](s)
        if problem:
            refuse(*problem)


def _lingering(s, phase: str) -> None:
    """Values one phase leaves for the next, present exactly while they are used."""
    for t in range(s.players):
        loaded = bool(s.bullet[t])
        if phase == "bullet":  # loading now: the living who have, and only they
            wrong = loaded and not s.alive[t]
        else:  # everyone living has loaded until the shots
            wrong = loaded != (s.alive[t] and phase in LOADED)
        if wrong:
            refuse(f"bullet[{t}]", f"is {s.bullet[t]!r} in the {phase} phase (CNG-4.1)")
        if phase in BEFORE_SHOTS and s.standing[t] != s.alive[t]:
            refuse(f"standing[{t}]", f"must be {s.alive[t]} before the shots (CNG-3.1)")
    if s.queue and phase not in ("surprise", "shot"):
        refuse("queue", f"must be empty in the {phase} phase")
    if s.hits and phase not in SHOTS:
        refuse("hits", f"must be empty in the {phase} phase")
    if s.order and phase not in SPLIT:
        refuse("order", f"must be empty in the {phase} phase")
    if len(set(s.order)) != len(s.order) or any(not s.alive[t] for t in s.order):
        refuse("order", "must list living players once each")
    if s.pending and phase not in ("dictator", "junk"):
        refuse("pending", f"must be empty in the {phase} phase")
    if s.pending_bomb and phase != "dictator":
        refuse("pending_bomb", f"must be false in the {phase} phase")
    if s.use_card and phase != "use":
        refuse("use_card", f"must be empty in the {phase} phase")
    trading = s.sh_mate >= 0 or s.sh_type or s.sh_give or s.sh_get
    if trading and phase not in TRADE:
        refuse("sh_mate", f"a trade must not be open in the {phase} phase")
    # CNG-5.3: the living Kid waits to aim last from the aim until his own step (a Desert
    # Sparrow's retarget may come first), unless a Flash Bang was thrown; nobody waits otherwise.
    # A wrong seat here would never be cleared, and the game would play on into a broken state.
    kid = -1
    if phase in ("aim", "kid") or phase == "retarget" and s.step == "":
        kid = -1 if s.flash else s.holder("kid")
    if s.kid_late != kid:
        waits = f"seat {kid}, the Kid, who aims last" if kid >= 0 else "-1: nobody waits to aim"
        refuse("kid_late", f"must be {waits} in the {phase} phase, step {s.step!r}")
    if s.smart_late >= 0 and phase not in ("courage", "smart"):
        refuse("smart_late", f"must be -1 in the {phase} phase")
    if s.ordered >= 0 and phase not in ("hustle_give", "retarget"):
        refuse("ordered", f"must be -1 in the {phase} phase")
    if s.thief >= 0 and phase != "steal":
        refuse("thief", f"must be -1 in the {phase} phase")
    if s.flash != (s.flash_user >= 0):
        refuse("flash_user", "must name the Flash Bang's thrower exactly when it was thrown")
    if phase in MERCS and (not s.mercs_on or s.turn != TURNS or s.table or s.tokens):
        refuse("turn", f"is {s.turn} in the {phase} phase, which follows the last split")
    if s.turn == 0 and phase != "powers":
        refuse("turn", f"is 0 in the {phase} phase: the first turn has begun")


# ----- a turn up to the split (rules/start.py, rules/holdup.py, rules/shots.py) ---------------
def _powers(s):
    if not s.teams or s.turn != 0:
        return "phase", "is powers, which only opens a team game (CNG-9.3)"
    for t in range(s.players):
        pair = s.pairs[t]
        if (pair is None) != (t in s.twins) or s.powers[t]:
            return f"pairs[{t}]", "must hold the two powers dealt (none for an Evil Twin)"
        if s.pick[t] and s.pick[t] not in pair:
            return f"pick[{t}]", "must be one of the two powers dealt"
    return None


def _holder(power: str):
    def check(s):
        if s.actor != s.holder(power):
            return "actor", f"is seat {s.actor}, who does not hold {power}"
        return None

    return check


def _hustle(s):
    if s.actor != s.holder("hustler") or not hustle_victims(s, s.actor):
        return "actor", "must be the Hustler, with someone to draw from (CNG-3.3)"
    return None


def _hustle_give(s):
    if s.actor != s.holder("hustler") or s.ordered in (-1, s.actor) or not sum(s.hand[s.actor]):
        return "ordered", "must be the Hustler's victim, owed a card back (CNG-3.3)"
    return None


def _surprise(s):
    holders = [s.actor, *s.queue]
    if not s.surprises_on or len(set(holders)) != len(holders):
        return "queue", "must list surprise holders once each"
    if any(not s.alive[t] or not s.surprise[t] for t in holders):
        return "queue", "must list living surprise holders (CNG-11.2)"
    return None


def _bullet(s):
    for t in s.pending_seats():
        if not sum(s.hand[t]):
            return f"hand[{t}]", "is empty, but the seat must load a card (CNG-4.1)"
    return None


def _kid(s):
    if s.actor != s.kid_late or s.flash:
        return "kid_late", "must be the Kid, aiming last (CNG-5.3)"
    return None


def _privilege(s):
    if s.actor != s.godfather or s.flash:
        return "actor", "must be the Godfather, who may give an order (CNG-5.4)"
    return None


def _retarget(s):
    if s.ordered not in (-1, s.actor) or not other_targets(s, s.actor):
        return "actor", "must have someone else to aim at"
    return None


def _professional(s):
    if s.actor != s.holder("professional") or "professional" in s.used:
        return "actor", "must be the Professional, power unused (CNG-5.5)"
    return None


def _cunning(s):
    if s.actor != s.holder("cunning") or s.flash:
        return "actor", "must be the Cunning (CNG-5.6)"
    return None


def _smart(s):
    if s.actor != s.smart_late:
        return "smart_late", "must be Smart, choosing last (CNG-6.4)"
    return None


def _shot(s):
    if not s.queue or len(set(s.queue)) != len(s.queue) or max(s.queue) >= len(s.hits):
        return "queue", "must list hits waiting for a choice"
    shooter = s.hits[s.queue[0]][0]
    if shooter != s.actor or s.powers[s.actor] not in ("grappling", "taser"):
        return "actor", "must be the Grappling or the Taser whose hit it is (CNG-7.8)"
    return None


def _lucky(s):
    if s.actor != s.holder("lucky_man") or "lucky_man" in s.used:
        return "actor", "must be Lucky Man, power unused (CNG-7.6)"
    if not any(h[1] == s.actor and h[2] == "wound" for h in s.hits):
        return "hits", "hold no wound for Lucky Man to shrug off"
    return None


_TURN = {
    "powers": _powers,
    "hustle": _hustle,
    "hustle_give": _hustle_give,
    "surprise": _surprise,
    "bullet": _bullet,
    "aim": lambda s: None,
    "kid": _kid,
    "privilege": _privilege,
    "retarget": _retarget,
    "professional": _professional,
    "cunning": _cunning,
    "courage": lambda s: None,
    "smart": _smart,
    "shot": _shot,
    "lucky": _lucky,
}


# ----- the split (rules/split.py, rules/trade.py) ---------------------------------------------
def _split(s, phase: str) -> None:
    picker = s.order[s.split_pos] if 0 <= s.split_pos < len(s.order) else -1
    if phase in ("pick", "dictator", "greedy", "junk", "envelope", "sh_mate", *TRADE):
        if picker < 0:
            refuse("split_pos", f"is {s.split_pos} in a split order of {len(s.order)}")
        if phase not in ("dictator", "sh_answer", "sh_dead") and s.actor != picker:
            refuse("actor", f"is seat {s.actor}, but seat {picker} takes the share")
    if phase == "bomb":
        if s.actor != s.bomb_user or not shares(s) or s.bomb:
            refuse("bomb_user", "must be the Parcel Bomb's thrower, with shares left (CNG-11.5)")
    elif phase == "twins":
        if [t for t in s.order if t in s.twins][:1] != [s.actor] or len(s.twins) != 2:
            refuse("actor", "must be the first Evil Twin in the split order (CNG-9.6)")
    elif phase == "stealthy":
        if s.actor != s.holder("stealthy") or not {"kit", "clip"} & set(s.table):
            refuse("actor", "must be Stealthy, with a kit or Clip to take (CNG-8.7)")
    elif phase == "pick":
        if not open_shares(s):
            refuse("table", "offers nothing the seat may take")
    elif phase == "greedy":
        if s.actor != s.holder("greedy") or not s.greedy_done:
            refuse("actor", "must be the Greedy after his first share (CNG-8.9)")
    elif phase == "dictator":
        if s.actor != s.holder("dictator") or s.actor == picker or s.dictator_used:
            refuse("actor", "must be the Dictator, his power unused this split (CNG-8.8)")
        if s.pending not in (*s.table, *s.tokens) or s.pending in ("shadow", "recruit"):
            refuse("pending", "must be the loot the picker reaches for")
        if s.pending_bomb and s.pending != s.bomb:
            refuse("pending_bomb", "may only mark the share carrying the parcel bomb (CNG-11.5)")
    elif phase == "junk":
        if s.actor != s.holder("junk_dealer") or s.junk_used or s.pending not in LOOT:
            refuse("pending", "must be the Junk Dealer's new loot card (CNG-8.10)")
    elif phase == "use":
        if not s.use_card:
            refuse("use_card", "must be the kit or Clip to use (CNG-9.4)")
    elif phase == "envelope":
        if not s.mercs_on or not s.loot[s.actor]:
            refuse("loot", "hold nothing to put in the envelope (CNG-12.2)")
    elif phase == "sh_mate":
        if len(s.mates(s.actor)) < 2 or s.sh_mate >= 0:
            refuse("sh_mate", "must be chosen among two teammates or more (CNG-9.5)")
    else:
        _trade(s, phase, picker)


def _trade(s, phase: str, user: int) -> None:
    """CNG-9.5: Shadow Trading, one step after another."""
    mate = s.sh_mate
    if mate not in s.mates(user):
        refuse("sh_mate", f"is {mate}, not a teammate of seat {user}")
    if phase == "sh_type":
        if s.sh_type or s.sh_give or s.sh_get or not trade_types(s, user, mate):
            refuse("sh_type", "must be open, with something to trade")
        return
    if s.sh_type not in trade_types(s, user, mate) and phase != "sh_answer":
        refuse("sh_type", f"is {s.sh_type!r}, which the two cannot trade")
    if phase == "sh_give":
        if s.sh_give or s.sh_get:
            refuse("sh_give", "must be open until the card is offered")
        return
    if s.sh_give not in cards_of(s, user, s.sh_type):
        refuse("sh_give", f"is {s.sh_give!r}, which seat {user} does not hold")
    if phase == "sh_get":
        if s.sh_get or not s.alive[mate] or not wanted(s, mate, s.sh_type):
            refuse("sh_get", "must be open, asked of a living teammate")
    elif phase == "sh_answer":
        if s.actor != mate or not s.alive[mate] or s.sh_get not in wanted(s, mate, s.sh_type):
            refuse("sh_get", "must be asked of the teammate answering")
    elif s.actor != mate or s.alive[mate] or s.sh_get or not cards_of(s, mate, s.sh_type):
        refuse("sh_mate", "must be a dead teammate with a card to hand over")


# ----- mercenaries (rules/mercs.py) -----------------------------------------------------------
def _mercenaries(s, phase: str) -> None:
    if phase == "merc_tie":
        if s.actor != s.godfather or not s.recruit_order:
            refuse("recruit_order", "must hold the tied teams for the Godfather to order")
        return
    team = s.merc_team
    speaker = s.thief if phase == "steal" else s.team_rep(team) if 0 <= team < s.nteams else -1
    if speaker < 0 or s.actor != speaker:
        refuse("merc_team", "must be the recruiting team, speaking through its first seat")
    if team in s.recruit_order:
        refuse("recruit_order", f"still lists team {team}, which is recruiting")
    if phase == "recruit":
        problem = not s.mercs
    elif phase == "agent48":
        problem = not agent48_targets(s)
    elif phase in ("thief", "pencil"):
        problem = not members(s, team)
    elif phase == "steal":
        problem = s.team_of[s.thief] != team or not steal_options(s)
    elif phase == "fake_elvis":
        problem = len(members(s, team)) < 2
    elif phase == "zombie":
        problem = not zombie_targets(s, team)
    else:
        problem = False
    if problem:
        refuse("phase", f"is {phase}, but the mercenary has nothing to do")
