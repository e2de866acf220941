"""Why a move is refused, in words a player understands, with the rule's clause id. What the
game waits for is each phase's `decision` in the phase table (phases.py)."""

from __future__ import annotations

from .state import CNGState


def why_illegal(s: CNGState, seat: int, action) -> tuple[str, str] | None:
    """The rule a refused move breaks, when a rule of its own forbids it; None when it is
    simply not the moment for it (the refusal then says what the game waits for)."""
    kind, args = action.kind, action.args
    # Each phase asks for one kind of move (phases.py): another kind is refused by what the
    # phase waits for, its `decision`.
    if all(a.kind != kind for a in s.legal_actions(seat)):
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
