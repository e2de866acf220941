"""Why a move is refused, in a player's words, with the rule it breaks."""

from __future__ import annotations

from famiglia.core.text import plural

from . import data as D
from . import placement as P
from .actions import GUARD

# The moves each phase offers (bail and undo are open at any decision, MOB-5.4, MOB-6.5).
_KINDS = {
    "exchange": {"return", "keep"},
    "play": {"play", "unused", "space", "add", "done", "last", "ooc", "jail", "extort", "offer"}
    | {"takeover"},
    "rehire": {"rehire"},
    "invest": {"invest", "stop"},
}
# A card being played waits for its target: the clause of its effect.
_TARGET_CLAUSES = {
    "illegal": "MOB-3.1",
    "ooc": "MOB-5.1",
    "fbi": "MOB-5.2",
    "protection": "MOB-5.5",
    "takeover": "MOB-5.6",
    "offer": "MOB-5.7",
}


def decision(s) -> tuple[str, str] | None:
    """What the seat to act must decide while a card waits for its target, and the clause
    that asks it; None otherwise (the phase table's row says it then)."""
    if s.phase == "play" and s.pending is not None:
        card, space = s.pending[0], s.pending[1]
        effect, name = D.CARD_EFFECT[card], D.CARD_NAMES[card]
        if space >= 0:
            clause = "MOB-5.6" if effect == "takeover" else "MOB-3.1"
            return f"add pieces to {D.SPACE_NAMES[space]} or finish placing", clause
        if effect == "illegal" and s.last_card:
            return f"place {name} as the last card of the year", "MOB-3.6"
        return f"choose where {name} takes effect", _TARGET_CLAUSES[effect]
    return None


def why_illegal(s, seat: int, action) -> tuple[str, str] | None:
    """The rule a refused move breaks, when a rule of its own forbids it; None when it is
    simply not the moment for it (the refusal then says what the game waits for)."""
    kind, args = action.kind, action.args
    if kind in ("bail", "undo"):  # open at any decision
        return _why_not_free(s, seat, kind, args)
    if kind not in _KINDS.get(s.phase, ()):
        return None
    hand = s.hands[seat]
    if kind in ("play", "unused", "return") and args and args[0] not in hand:
        if not (kind == "unused" and s.pending and s.pending[0] == args[0]):
            return f"you hold no {D.CARD_NAMES[args[0]]} card", "MOB-9.1"
    if kind in ("play", "unused") and s.phase == "play" and s.pending is not None:
        return f"finish playing {D.CARD_NAMES[s.pending[0]]} first", "MOB-2.3"
    if kind == "play" and s.phase == "play":
        return _why_not_playable(s, seat, args[0])
    if kind == "return" and s.phase == "exchange":
        return f"the stock holds only {plural(len(s.stock), 'card')} to exchange against", "MOB-2.2"
    if kind == "invest" and s.phase == "invest":
        if s.invest[seat] >= D.WIN_INVESTMENT:
            return "your investment chip is already on 10", "MOB-6.5"
        return f"investing costs ${D.INVEST_STEP}k; you have ${s.cash[seat]}k", "MOB-6.5"
    placing = s.pending is not None and s.pending[1] >= 0
    if kind == "add" and placing:
        return _why_not_piece(s, seat, args[0])
    if kind == "done" and placing:
        card, space, chosen, guards, least = s.pending
        placed = sum(D.MEMBER_VALUES[m] for m in chosen) + guards * D.GUARD_VALUE
        if D.CARD_EFFECT[card] == "takeover":
            return f"a takeover must place exactly ${least}k; you have ${placed}k", "MOB-5.6"
        return f"the pieces must be worth at least ${least}k; you have ${placed}k", "MOB-3.5"
    return None


def _why_not_free(s, seat: int, kind: str, args: tuple) -> tuple[str, str]:
    if kind == "undo":
        return "you have no investment to undo", "MOB-6.5"
    member = D.MEMBER_NAMES[args[0]]
    if s.members[seat][args[0]] <= D.PRISON_BASE:
        return f"your {member} is not in prison", "MOB-5.4"
    value = D.MEMBER_VALUES[args[0]]
    return f"bail for your {member} is ${value}k; you have ${s.cash[seat]}k", "MOB-5.4"


def _why_not_playable(s, seat: int, card: int) -> tuple[str, str]:
    effect, name = D.CARD_EFFECT[card], D.CARD_NAMES[card]
    if effect == "legal":
        if s.invest[seat] == 0:
            return (
                f"{name} needs an investment in legal business first: lay it down unused",
                "MOB-4.1",
            )
        return f"{name} needs a bodyguard on your photo: lay it down unused", "MOB-4.1"
    reasons = {
        "illegal": ("your free pieces cannot make a placement this card allows", "MOB-3.1"),
        "ooc": ("no other family has a member on an illegal business", "MOB-5.1"),
        "fbi": ("no other family has a member on a business or out of circulation", "MOB-5.2"),
        "protection": ("no other player has invested in legal business yet", "MOB-5.5"),
        "offer": ("no other family has pieces on a business or out of circulation", "MOB-5.7"),
        "takeover": ("no occupied business can be matched exactly by your free pieces", "MOB-5.6"),
    }
    if effect == "illegal" and s.last_card:
        reasons["illegal"] = (
            "as the last card of the year this needs exactly "
            f"{D.KIND_VALUES[D.CARD_INDEX[card]] // D.GUARD_VALUE} bodyguards "
            "or one member worth enough",
            "MOB-3.6",
        )
    reason, clause = reasons[effect]
    return f"{name} has no use now: {reason}", clause


def _why_not_piece(s, seat: int, piece: int) -> tuple[str, str]:
    if piece == GUARD:
        return "no bodyguard left on your photo for this", "MOB-3.1"
    if s.members[seat][piece] != D.PHOTO:
        return f"your {D.MEMBER_NAMES[piece]} is not on your photo", "MOB-3.1"
    card, space, chosen, _, _ = s.pending
    base = [*P.resident_members(s, seat, space), *chosen] if space >= 0 else list(chosen)
    if piece == D.DON and base:
        return "the Don never shares a space with another family member", "MOB-3.2"
    if D.DON in base:
        return "the Don never shares a space with another family member", "MOB-3.2"
    if piece == D.MAMA or D.MAMA in base:
        return "the Mama shares a space with at most one other member, never the Don", "MOB-3.3"
    return f"with the {D.MEMBER_NAMES[piece]} the placement could no longer be completed", "MOB-3.1"
