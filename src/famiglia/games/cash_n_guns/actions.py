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


def describe(kind: str, args: tuple) -> str:
    """The phrase for an action; ValueError when kind or args name no move of this game."""
    SCHEMA.check(kind, args)
    a = args
    match kind:
        case "keep_power":
            return f"keep {POWER_TITLE[a[0]]}"
        case "hustle":
            return f"draw a bullet from seat {a[0]} (Hustler)"
        case "hustle_give":
            return f"give back {AMMO_NAME[a[0]]}"
        case "surprise":
            return "play my surprise" if a[0] else "keep my surprise for later"
        case "load":
            return f"load {AMMO_NAME[a[0]]}"
        case "aim":
            return f"aim at {_seat(a[0])}"
        case "order":
            return "give no order" if a[0] < 0 else f"order seat {a[0]} to aim elsewhere"
        case "retarget":
            return f"turn my gun to {_seat(a[0])}"
        case "professional":
            return "change my target (Professional)" if a[0] else "keep my target"
        case "cunning":
            return "keep my bullet" if not a[0] else f"swap my bullet for {AMMO_NAME[a[0]]}"
        case "courage":
            return "stand" if a[0] == "stand" else "lie down"
        case "shot":
            mode, target, card = a
            if mode == "wound":
                return f"wound seat {target}"
            if mode == "taser":
                return f"taser seat {target}"
            return f"grapple seat {target}" + (f" and take {card_name(card)}" if card else "")
        case "lucky":
            return "use Lucky Man" if a[0] else "take the hit"
        case "twin":
            return f"seat {a[0]} takes part in the split"
        case "stealthy":
            return f"take {_with_bomb(a)} first (Stealthy)"
        case "bomb":
            return f"put the parcel bomb on {share_name(a[0])}"
        case "take":
            if a[0] in ("shadow", "recruit"):
                return f"use {_with_bomb(a)}"
            return f"take {_with_bomb(a)}"
        case "dictate":
            return "forbid that kind of loot" if a[0] else "let it be taken"
        case "greedy":
            return f"also take {_with_bomb(a)} (Greedy)" if a[0] else "take only one share"
        case "junk":
            if a[0] < 0:
                return "keep it"
            return f"swap it for a random card of pile {a[0] + 1} (Junk Dealer)"
        case "use":
            return f"use it on seat {a[0]}"
        case "envelope":
            return f"put {card_name(a[0])} in the envelope"
        case "sh_mate":
            return f"trade with seat {a[0]}"
        case "sh_type":
            return "trade " + {"power": "powers", "surprise": "surprises"}.get(a[0], a[0])
        case "sh_give":
            return f"offer {card_name(a[0])}"
        case "sh_get":
            return f"ask for {card_name(a[0])}"
        case "sh_answer":
            return "accept the trade" if a[0] else "refuse the trade"
        case "sh_dead":
            return f"hand over {card_name(a[0])}"
        case "merc_tie":
            return f"the {TEAM_NAMES[TEAM_LETTERS[a[0]]]} team recruits first"
        case "recruit":
            return f"recruit {MERC_TITLE[a[0]]}"
        case "agent48":
            return f"wound seat {a[0]} (Agent 48)"
        case "thief":
            return f"seat {a[0]} steals for the team"
        case "steal":
            return f"steal {card_name(a[1])} from seat {a[0]}"
        case "dre_gray":
            return "resurrect nobody" if a[0] < 0 else f"resurrect seat {a[0]}"
        case "fake_elvis":
            return f"marry seat {a[0]} and seat {a[1]}"
        case "lady":
            return "raise the diamond bonus" if a[0] > 0 else "lower the diamond bonus"
        case "pencil":
            return f"give a painting to seat {a[0]}"
        case "zombie":
            return f"raise seat {a[0]}'s loot as Zombie Boy"
    raise ValueError(f"unknown action kind {kind!r}")


# Each distinct action is built once and shared (its phrase depends on kind and args only).
act = ActionBook(describe).act


def surprise_title(code: str) -> str:
    return SURPRISE_TITLE[code]
