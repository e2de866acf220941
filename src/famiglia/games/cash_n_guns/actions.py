"""Actions of Cash 'n Guns and their phrases (derived from kind and args only)."""

from __future__ import annotations

from famiglia.core import ActionBook, ActionSchema

from .data import (
    LOOT_NAME,
    LOOT_ORDER,
    MERC_TITLE,
    MERCS,
    POWER_TITLE,
    SEATING,
    SURPRISE_TITLE,
    TEAM_NAMES,
    TOKEN_NAME,
    TOKENS,
    TURNS,
)

AMMO_NAME = {"click": "a Click", "bang": "a Bang!"}
TEAM_LETTERS = sorted(TEAM_NAMES)

SEATS = range(max(SEATING))
SEAT_OR_NOBODY = range(-1, max(SEATING))
YES_NO = (True, False)
AMMO = tuple(AMMO_NAME)
LOOT = tuple(LOOT_ORDER)
SHARES = LOOT + TOKENS
CARDS = LOOT + AMMO + tuple(POWER_TITLE) + ("surprise",)  # what a trade may name

# Every action and the values of its arguments: records and requests are checked against it.
SCHEMA = ActionSchema(
    "Cash 'n Guns",
    {
        "keep_power": (tuple(POWER_TITLE),),
        "hustle": (SEATS,),
        "hustle_give": (AMMO,),
        "surprise": (YES_NO,),
        "load": (AMMO,),
        "aim": (SEAT_OR_NOBODY,),
        "order": (SEAT_OR_NOBODY,),
        "retarget": (SEATS,),
        "professional": (YES_NO,),
        "cunning": (("", *AMMO),),
        "courage": (("stand", "down"),),
        "shot": [("wound", SEATS, ""), ("taser", SEATS, ""), ("grapple", SEATS, ("", *LOOT))],
        "lucky": (YES_NO,),
        "twin": (SEATS,),
        # CNG-11.5: a second argument True marks the share carrying the parcel bomb.
        "stealthy": [(("kit", "clip"),), (("kit", "clip"), (True,))],
        "bomb": (SHARES,),
        "take": [(SHARES,), (SHARES, (True,))],
        "dictate": (YES_NO,),
        "greedy": [(("", *LOOT, "godfather"),), ((*LOOT, "godfather"), (True,))],
        "junk": (range(-1, TURNS),),
        "use": (SEATS,),
        "envelope": (LOOT,),
        "sh_mate": (SEATS,),
        "sh_type": (("loot", "ammo", "power", "surprise"),),
        "sh_give": (CARDS,),
        "sh_get": (CARDS,),
        "sh_answer": (YES_NO,),
        "sh_dead": (CARDS,),
        "merc_tie": (range(len(TEAM_LETTERS)),),
        "recruit": (tuple(MERCS),),
        "agent48": (SEATS,),
        "thief": (SEATS,),
        "steal": (SEATS, LOOT),
        "dre_gray": (SEAT_OR_NOBODY,),
        "fake_elvis": (SEATS, SEATS),
        "lady": ((1, -1),),
        "pencil": (SEATS,),
        "zombie": (SEATS,),
    },
)


def card_name(code: str) -> str:
    """Any card a player may name: loot, ammo, power, or 'surprise' (his surprise card)."""
    if code in LOOT_NAME:
        return LOOT_NAME[code]
    if code in AMMO_NAME:
        return AMMO_NAME[code]
    if code in POWER_TITLE:
        return POWER_TITLE[code]
    if code == "surprise":
        return "a surprise card"
    raise ValueError(f"unknown card {code!r}")


def share_name(code: str) -> str:
    return TOKEN_NAME.get(code) or card_name(code)


def the_share(code: str) -> str:
    """A share named as one particular thing: "the $10k", "the New Godfather token"."""
    return TOKEN_NAME.get(code) or f"the {card_name(code)}"


def _with_bomb(a: tuple) -> str:
    """CNG-11.5: the share carrying the parcel bomb is named apart from the others of its kind."""
    return f"{the_share(a[0])} with the parcel bomb" if len(a) > 1 and a[1] else share_name(a[0])


def _seat(t: int) -> str:
    return "nobody" if t < 0 else f"seat {t}"


def _shot(mode: str, target: int, card: str) -> str:
    if mode == "wound":
        return f"wound seat {target}"
    if mode == "taser":
        return f"taser seat {target}"
    return f"grapple seat {target}" + (f" and take {card_name(card)}" if card else "")


def _take(*a) -> str:
    return f"use {_with_bomb(a)}" if a[0] in ("shadow", "recruit") else f"take {_with_bomb(a)}"


# The phrase of each action kind, from its arguments.
_PHRASES = {
    "keep_power": lambda p: f"keep {POWER_TITLE[p]}",
    "hustle": lambda t: f"draw a bullet from seat {t} (Hustler)",
    "hustle_give": lambda c: f"give back {AMMO_NAME[c]}",
    "surprise": lambda play: "play my surprise" if play else "keep my surprise for later",
    "load": lambda c: f"load {AMMO_NAME[c]}",
    "aim": lambda t: f"aim at {_seat(t)}",
    "order": lambda t: "give no order" if t < 0 else f"order seat {t} to aim elsewhere",
    "retarget": lambda t: f"turn my gun to {_seat(t)}",
    "professional": lambda change: (
        "change my target (Professional)" if change else "keep my target"
    ),
    "cunning": lambda c: "keep my bullet" if not c else f"swap my bullet for {AMMO_NAME[c]}",
    "courage": lambda c: "stand" if c == "stand" else "lie down",
    "shot": _shot,
    "lucky": lambda use: "use Lucky Man" if use else "take the hit",
    "twin": lambda t: f"seat {t} takes part in the split",
    "stealthy": lambda *a: f"take {_with_bomb(a)} first (Stealthy)",
    "bomb": lambda c: f"put the parcel bomb on {share_name(c)}",
    "take": _take,
    "dictate": lambda ban: "forbid that kind of loot" if ban else "let it be taken",
    "greedy": lambda *a: f"also take {_with_bomb(a)} (Greedy)" if a[0] else "take only one share",
    "junk": lambda k: (
        "keep it" if k < 0 else f"swap it for a random card of pile {k + 1} (Junk Dealer)"
    ),
    "use": lambda t: f"use it on seat {t}",
    "envelope": lambda c: f"put {card_name(c)} in the envelope",
    "sh_mate": lambda t: f"trade with seat {t}",
    "sh_type": lambda k: "trade " + {"power": "powers", "surprise": "surprises"}.get(k, k),
    "sh_give": lambda c: f"offer {card_name(c)}",
    "sh_get": lambda c: f"ask for {card_name(c)}",
    "sh_answer": lambda yes: "accept the trade" if yes else "refuse the trade",
    "sh_dead": lambda c: f"hand over {card_name(c)}",
    "merc_tie": lambda team: f"the {TEAM_NAMES[TEAM_LETTERS[team]]} team recruits first",
    "recruit": lambda m: f"recruit {MERC_TITLE[m]}",
    "agent48": lambda t: f"wound seat {t} (Agent 48)",
    "thief": lambda t: f"seat {t} steals for the team",
    "steal": lambda t, c: f"steal {card_name(c)} from seat {t}",
    "dre_gray": lambda t: "resurrect nobody" if t < 0 else f"resurrect seat {t}",
    "fake_elvis": lambda a, b: f"marry seat {a} and seat {b}",
    "lady": lambda up: "raise the diamond bonus" if up > 0 else "lower the diamond bonus",
    "pencil": lambda t: f"give a painting to seat {t}",
    "zombie": lambda t: f"raise seat {t}'s loot as Zombie Boy",
}


def describe(kind: str, args: tuple) -> str:
    """The phrase for an action; ValueError when kind or args name no move of this game."""
    SCHEMA.check(kind, args)
    return _PHRASES[kind](*args)


# Each distinct action is built once and shared (its phrase depends on kind and args only).
act = ActionBook(describe).act


def surprise_title(code: str) -> str:
    return SURPRISE_TITLE[code]
