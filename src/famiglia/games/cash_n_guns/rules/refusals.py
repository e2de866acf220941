"""Why a move is refused, in words a player understands, with the rule's clause id."""

from __future__ import annotations

from ..state import CNGState

# Each phase: the moves it offers, and what it waits for (words after "you must", clause).
PHASES = {
    "powers": ({"keep_power"}, "keep one of your two power cards", "CNG-9.3"),
    "hustle": ({"hustle"}, "pick the player whose bullet you draw (Hustler)", "CNG-3.3"),
    "hustle_give": ({"hustle_give"}, "give a bullet card back (Hustler)", "CNG-3.3"),
    "surprise": ({"surprise"}, "play your surprise card or keep it", "CNG-11.2"),
    "bullet": ({"load"}, "load a bullet card", "CNG-4.1"),
    "aim": ({"aim"}, "aim at a player", "CNG-5.1"),
    "kid": ({"aim"}, "aim, after the others (the Kid)", "CNG-5.3"),
    "privilege": ({"order"}, "give your order as the Godfather, or none", "CNG-5.4"),
    "retarget": ({"retarget"}, "turn your gun to another player", "CNG-5.4"),
    "professional": ({"professional"}, "change your target or keep it", "CNG-5.5"),
    "cunning": ({"cunning"}, "keep your bullet or swap it (the Cunning)", "CNG-5.6"),
    "courage": ({"courage"}, "stand or lie down", "CNG-6.1"),
    "smart": ({"courage"}, "stand or lie down, after the others (Smart)", "CNG-6.4"),
    "shot": ({"shot"}, "say what your hit does", "CNG-7.8"),
    "lucky": ({"lucky"}, "use Lucky Man or take the hit", "CNG-7.6"),
    "bomb": ({"bomb"}, "put the parcel bomb on a share", "CNG-11.5"),
    "twins": ({"twin"}, "choose the Evil Twin who takes part in the split", "CNG-9.6"),
    "stealthy": ({"stealthy"}, "take a First aid kit or a Clip first (Stealthy)", "CNG-8.7"),
    "pick": ({"take"}, "take a share", "CNG-8.2"),
    "dictator": ({"dictate"}, "forbid that kind of loot or let it be taken", "CNG-8.8"),
    "greedy": ({"greedy"}, "take a second share or only one (Greedy)", "CNG-8.9"),
    "junk": ({"junk"}, "swap the card for one of a pile or keep it (Junk Dealer)", "CNG-8.10"),
    "use": ({"use"}, "choose who uses the card", "CNG-9.4"),
    "envelope": ({"envelope"}, "put a loot card in the team's envelope", "CNG-12.2"),
    "sh_mate": ({"sh_mate"}, "choose the teammate to trade with", "CNG-9.5"),
    "sh_type": ({"sh_type"}, "choose what kind of card to trade", "CNG-9.5"),
    "sh_give": ({"sh_give"}, "choose the card you offer", "CNG-9.5"),
    "sh_get": ({"sh_get"}, "choose the card you ask for", "CNG-9.5"),
    "sh_answer": ({"sh_answer"}, "accept or refuse the trade", "CNG-9.5"),
    "sh_dead": ({"sh_dead"}, "choose the card to hand over", "CNG-9.5"),
    "merc_tie": ({"merc_tie"}, "choose which tied team recruits first", "CNG-12.3"),
    "recruit": ({"recruit"}, "recruit a mercenary", "CNG-12.3"),
    "agent48": ({"agent48"}, "choose whom Agent 48 wounds", "CNG-12.6"),
    "thief": ({"thief"}, "choose who steals for the team (CatGirl)", "CNG-12.7"),
    "steal": ({"steal"}, "choose a card to steal (CatGirl)", "CNG-12.7"),
    "dre_gray": ({"dre_gray"}, "choose whom Dre Gray brings back", "CNG-12.8"),
    "fake_elvis": ({"fake_elvis"}, "choose the two who marry (Fake Elvis)", "CNG-12.11"),
    "lady": ({"lady"}, "raise or lower the diamond bonus (Lady Diamonds)", "CNG-12.12"),
    "pencil": ({"pencil"}, "choose who gets the painting (Miss Pencilhands)", "CNG-12.13"),
    "zombie": ({"zombie"}, "choose whose loot Zombie Boy raises", "CNG-12.14"),
}


def decision(s: CNGState) -> tuple[str, str]:
    """What the seat(s) to act must decide now, and the clause that asks it."""
    _, what, clause = PHASES.get(s.phase, ((), "", ""))
    return what, clause


def why_illegal(s: CNGState, seat: int, action) -> tuple[str, str] | None:
    """The rule a refused move breaks, when a rule of its own forbids it; None when it is
    simply not the moment for it (the refusal then says what the game waits for)."""
    kind, args = action.kind, action.args
    phase = s.phase
    if kind not in PHASES.get(phase, ((),))[0]:
        return None
    if kind == "load":
        return f"you have no {'Bang!' if args[0] == 'bang' else 'Click'} card left", "CNG-4.1"
    if kind in ("aim", "retarget"):
        t = args[0]
        if t == seat:
            return "you may not aim at yourself", "CNG-5.2"
        if not 0 <= t < s.players:
            return f"there is no seat {t} at this table", "CNG-5.1"
        if not s.alive[t]:
            return f"seat {t} is dead", "CNG-5.2"
        if s.team_of[t] == s.team_of[seat]:
            return f"seat {t} is your teammate", "CNG-9.2"
        if s.powers[t] == "desert_sparrow" and s.aim[t] == seat and s.aims_public:
            return "you may not aim back at the Desert Sparrow", "CNG-5.7"
        if kind == "retarget" and t == s.aim[seat]:
            return "you must aim at someone else", "CNG-5.4"
    if kind == "take":
        if s.ban and args[0] in s.table:
            return "the Dictator forbids that kind of loot to you now", "CNG-8.8"
        return "that share is not on the table", "CNG-8.2"
    return None
