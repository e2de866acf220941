"""The phase table of Cash 'n Guns: each phase's moves, what a move does, where the game may go
next and what the seats to act decide (core/phases.py). The top of the rules: it imports the
rule modules, none imports it back.

A move runs on through every step that asks nobody anything, so one move may cross a turn: the
groups below say where each step of the flow may stop, built as the flow calls them.
"""

from __future__ import annotations

from famiglia.core import Phase

from . import setup
from .rules import holdup, mercs, shots, split, start, taking, trade

# Where each step of the flow may stop next (the phase it leaves a seat to answer in).
TURN = ("hustle", "surprise", "bullet")  # the start of a turn (CNG-3)
END = ("merc_tie", "recruit", "over")  # the end of the game: recruiting, then the count
NEXT_TURN = (*TURN, *END)  # the split's end: the next turn, or the end after the 8th
PICKING = ("pick", *NEXT_TURN)  # the next seat picks, or the split is over
SPLIT = ("twins", "stealthy", *PICKING)  # the steps before the first pick (over: the Cute dies)
SPLIT_START = ("bomb", *SPLIT)  # the parcel bomb is placed first
SHARE_TAKEN = ("greedy", *SPLIT)  # after a share: the Greedy's second, or on with the split
RECEIVED = ("use", *SHARE_TAKEN)  # a kit or a Clip may be used on a teammate
TAKEN = ("sh_mate", "sh_type", "envelope", "junk", *RECEIVED)  # what the share sets off
HITS = ("over", *SPLIT_START)  # the hits land: one team left ends the game, else the split
SHOT_CHOICES = ("shot", "lucky", *HITS)  # the Grappling, the Taser and Lucky Man choose first
COURAGE = ("smart", *SHOT_CHOICES)  # courage is shown; Smart chooses after the others
HOLD_UP = ("retarget", "kid", "privilege", "professional", "cunning", "courage", *COURAGE)
RECRUITING = END  # the next team recruits, the Godfather settles a tie, or the game is over

PHASES = {
    "powers": Phase(
        setup.legal_powers,
        setup.apply_powers,
        TURN,
        ("keep one of your two power cards", "CNG-9.3"),
    ),
    "hustle": Phase(
        start.legal_hustle,
        start.apply_hustle,
        ("hustle_give",),
        ("pick the player whose bullet you draw (Hustler)", "CNG-3.3"),
    ),
    "hustle_give": Phase(
        start.legal_hustle_give,
        start.apply_hustle_give,
        ("surprise", "bullet"),
        ("give a bullet card back (Hustler)", "CNG-3.3"),
    ),
    "surprise": Phase(
        start.legal_surprise,
        start.apply_surprise,
        ("bullet",),
        ("play your surprise card or keep it", "CNG-11.2"),
    ),
    "bullet": Phase(
        holdup.legal_load,
        holdup.apply_load,
        ("aim", *HOLD_UP),
        ("load a bullet card", "CNG-4.1"),
    ),
    "aim": Phase(holdup.legal_aim, holdup.apply_aim, HOLD_UP, ("aim at a player", "CNG-5.1")),
    "kid": Phase(
        holdup.legal_kid,
        holdup.apply_kid,
        HOLD_UP,
        ("aim, after the others (the Kid)", "CNG-5.3"),
    ),
    "privilege": Phase(
        holdup.legal_privilege,
        holdup.apply_privilege,
        HOLD_UP,
        ("give your order as the Godfather, or none", "CNG-5.4"),
    ),
    "retarget": Phase(
        holdup.legal_retarget,
        holdup.apply_retarget,
        HOLD_UP,
        ("turn your gun to another player", "CNG-5.4"),
    ),
    "professional": Phase(
        holdup.legal_professional,
        holdup.apply_professional,
        HOLD_UP,
        ("change your target or keep it", "CNG-5.5"),
    ),
    "cunning": Phase(
        holdup.legal_cunning,
        holdup.apply_cunning,
        HOLD_UP,
        ("keep your bullet or swap it (the Cunning)", "CNG-5.6"),
    ),
    "courage": Phase(
        holdup.legal_courage, holdup.apply_courage, COURAGE, ("stand or lie down", "CNG-6.1")
    ),
    "smart": Phase(
        holdup.legal_smart,
        holdup.apply_smart,
        SHOT_CHOICES,
        ("stand or lie down, after the others (Smart)", "CNG-6.4"),
    ),
    "shot": Phase(
        shots.legal_shot, shots.apply_shot, SHOT_CHOICES, ("say what your hit does", "CNG-7.8")
    ),
    "lucky": Phase(
        shots.legal_lucky, shots.apply_lucky, HITS, ("use Lucky Man or take the hit", "CNG-7.6")
    ),
    "bomb": Phase(
        split.legal_bomb, split.apply_bomb, SPLIT, ("put the parcel bomb on a share", "CNG-11.5")
    ),
    "twins": Phase(
        split.legal_twins,
        split.apply_twins,
        SPLIT,
        ("choose the Evil Twin who takes part in the split", "CNG-9.6"),
    ),
    "stealthy": Phase(
        split.legal_stealthy,
        split.apply_stealthy,
        RECEIVED,
        ("take a First aid kit or a Clip first (Stealthy)", "CNG-8.7"),
    ),
    "pick": Phase(
        taking.legal_pick, taking.apply_pick, ("dictator", *TAKEN), ("take a share", "CNG-8.2")
    ),
    "dictator": Phase(
        taking.legal_dictate,
        taking.apply_dictate,
        TAKEN,
        ("forbid that kind of loot or let it be taken", "CNG-8.8"),
    ),
    "greedy": Phase(
        taking.legal_greedy,
        taking.apply_greedy,
        TAKEN,
        ("take a second share or only one (Greedy)", "CNG-8.9"),
    ),
    "junk": Phase(
        split.legal_junk,
        split.apply_junk,
        RECEIVED,
        ("swap the card for one of a pile or keep it (Junk Dealer)", "CNG-8.10"),
    ),
    "use": Phase(
        split.legal_use, split.apply_use, SHARE_TAKEN, ("choose who uses the card", "CNG-9.4")
    ),
    "envelope": Phase(
        split.legal_envelope,
        split.apply_envelope,
        SHARE_TAKEN,
        ("put a loot card in the team's envelope", "CNG-12.2"),
    ),
    "sh_mate": Phase(
        trade.legal_sh_mate,
        trade.apply_sh_mate,
        ("sh_type", *SHARE_TAKEN),
        ("choose the teammate to trade with", "CNG-9.5"),
    ),
    "sh_type": Phase(
        trade.legal_sh_type,
        trade.apply_sh_type,
        ("sh_give",),
        ("choose what kind of card to trade", "CNG-9.5"),
    ),
    "sh_give": Phase(
        trade.legal_sh_give,
        trade.apply_sh_give,
        ("sh_get", "sh_dead"),
        ("choose the card you offer", "CNG-9.5"),
    ),
    "sh_get": Phase(
        trade.legal_sh_get,
        trade.apply_sh_get,
        ("sh_answer",),
        ("choose the card you ask for", "CNG-9.5"),
    ),
    "sh_answer": Phase(
        trade.legal_sh_answer,
        trade.apply_sh_answer,
        SHARE_TAKEN,
        ("accept or refuse the trade", "CNG-9.5"),
    ),
    "sh_dead": Phase(
        trade.legal_sh_dead,
        trade.apply_sh_dead,
        SHARE_TAKEN,
        ("choose the card to hand over", "CNG-9.5"),
    ),
    "merc_tie": Phase(
        mercs.legal_merc_tie,
        mercs.apply_merc_tie,
        ("recruit",),
        ("choose which tied team recruits first", "CNG-12.3"),
    ),
    "recruit": Phase(
        mercs.legal_recruit,
        mercs.apply_recruit,
        (
            "agent48",
            "thief",
            "dre_gray",
            "fake_elvis",
            "lady",
            "pencil",
            "zombie",
            *RECRUITING,
        ),
        ("recruit a mercenary", "CNG-12.3"),
    ),
    "agent48": Phase(
        mercs.legal_agent48,
        mercs.apply_agent48,
        RECRUITING,
        ("choose whom Agent 48 wounds", "CNG-12.6"),
    ),
    "thief": Phase(
        mercs.legal_thief,
        mercs.apply_thief,
        ("steal", *RECRUITING),
        ("choose who steals for the team (CatGirl)", "CNG-12.7"),
    ),
    "steal": Phase(
        mercs.legal_steal,
        mercs.apply_steal,
        RECRUITING,
        ("choose a card to steal (CatGirl)", "CNG-12.7"),
    ),
    "dre_gray": Phase(
        mercs.legal_dre_gray,
        mercs.apply_dre_gray,
        RECRUITING,
        ("choose whom Dre Gray brings back", "CNG-12.8"),
    ),
    "fake_elvis": Phase(
        mercs.legal_fake_elvis,
        mercs.apply_fake_elvis,
        RECRUITING,
        ("choose the two who marry (Fake Elvis)", "CNG-12.11"),
    ),
    "lady": Phase(
        mercs.legal_lady,
        mercs.apply_lady,
        RECRUITING,
        ("raise or lower the diamond bonus (Lady Diamonds)", "CNG-12.12"),
    ),
    "pencil": Phase(
        mercs.legal_pencil,
        mercs.apply_pencil,
        RECRUITING,
        ("choose who gets the painting (Miss Pencilhands)", "CNG-12.13"),
    ),
    "zombie": Phase(
        mercs.legal_zombie,
        mercs.apply_zombie,
        RECRUITING,
        ("choose whose loot Zombie Boy raises", "CNG-12.14"),
    ),
}
