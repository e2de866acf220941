"""Why a move is refused, in words a player understands, with the rule's clause id; and what
the game waits for, where the phase table's `decision` is not enough (a pending decision inside
an effect; the setup's two choices)."""

from __future__ import annotations

from .phases import PHASES

_ORDER_STEPS = {
    "recruit", "draw_job", "draw_dealer", "sell", "hire", "decontrol", "reduce_crime",
    "add_business", "free_prison", "sell_auth", "send", "move", "move_car", "move_truck",
    "seize", "deal", "upgrade", "order_done", "hire_enforcer",
}  # fmt: skip
# What Tequila and the Enforcers add to an Action turn (SF-T.16, SF-T.17, SF-E.3, SF-T.2).
_TEQUILA_ACTIONS = {"tequila_flip", "attack_tequila", "enforcer_move", "gunshot"}
_BETWEEN_STEPS = {"skill", "match", "play_sg"}  # SF-14.11
# The moves each phase offers (what it waits for: the phase table's `decision`, phases.py).
MOVES = {
    "plan": {"lay", "plan_done"},
    "actions": {"skill", "match", "order", "extort", "play_sg", "activate", "fulfil", "bribe"}
    | {"activate_boss"}
    | {"ness_votes", "end_actions"}
    | _TEQUILA_ACTIONS,
    "order": _ORDER_STEPS | _BETWEEN_STEPS,
    "reorg": {"reorg_good", "reorg_hood", "reorg_confirm", "reorganize", "bribe", "ness_votes"},
    "election": {"vote"},
}
# A pending decision inside an effect (SF-4.3): the moves it offers and what it waits for.
PENDING = {
    "hit": ({"hit_pick"}, "choose the thug to hit", "SF-4.3"),
    "kill": ({"kill_pick"}, "choose the thug to kill", "SF-4.3"),
    "heal": ({"heal_to"}, "choose where the healed figure goes", "SF-4.5"),
    "ness": ({"ness_to"}, "choose where Angry Eliot Ness goes", "SF-4.3"),
    "police": ({"police_move"}, "choose the police car to move", "SF-4.3"),
    "move_thug": ({"thug_move"}, "choose the figure to move", "SF-4.3"),
    "business": ({"bus_place"}, "choose where the business marker goes", "SF-2.5"),
    "unbusiness": ({"bus_remove"}, "choose the business marker to remove", "SF-4.3"),
    "bus_extort": (
        {"bus_remove", "bus_exchange", "skip"},
        "remove or exchange a business marker, or skip",
        "SF-9.3",
    ),
    "sale": ({"sale", "skip"}, "make a sale or skip", "SF-6.4"),
    "mw": ({"mw_pick"}, "choose a Most Wanted reward", "SF-4.3"),
    "sg_limit": ({"sg_discard"}, "discard street gangs down to your hand size", "SF-10.2"),
    "sg_play": (
        {"hit_pick", "sg_no_hit", "sg_effect", "skip"},
        "carry out the street gang's hit or not, and use one of its effects or none, in the "
        "order you like",
        "SF-10.1",
    ),
    "opp": ({"opp_card", "opp_sg", "opp_pass"}, "play an opportunity or let it pass", "SF-10.3"),
    "flip": ({"flip_target", "skip"}, "turn a Target token, or stop turning", "SF-T.16"),
}

# Moves whose own rule can forbid them in their phase.
REFUSALS = {
    "order": ("you have already given your one order this turn", "SF-5.4"),
    "extort": (
        "you may carry out only one extortion per turn, paid with bullet tokens you hold",
        "SF-9.1",
    ),
    "lay": ("only cards in your hand can be laid out in your Plan", "SF-5.2"),
    "bribe": ("bribery costs 5 money and moves a police car to an adjacent district", "SF-3.4"),
    "ness_votes": ("moving Angry Eliot Ness costs Votes by your Crime area (1/2/3/4)", "SF-8.5"),
    "hire": ("hiring costs influence equal to the Associate's stars", "SF-6.6"),
    "seize": (
        "seizing needs your thug in the district, no police car there and muscle at least the "
        "shield plus the controller's thugs",
        "SF-6.9",
    ),
    "order_done": (
        "an order is finished only once one of its steps is carried out (an order with null "
        "effect is no action), unless none is possible any more",
        "SF-5.3",
    ),
    "reorg_good": (
        "in a Reorganization you sell once in each neighborhood you control that buys a good "
        "you hold",
        "SF-11.5",
    ),
    "reorg_hood": (
        "choose a neighborhood you control, not yet sold in, that buys the chosen good",
        "SF-11.5",
    ),
    "reorg_confirm": ("confirm the sale you chose, or stop selling", "SF-11.5"),
    "fulfil": ("a job is fulfilled when it is active and all its requirements are met", "SF-7.2"),
    "attack_tequila": (
        "attacking Tequila is your one order: Plan muscle at least his Jobs, and 1 bullet token",
        "SF-T.17",
    ),
    "tequila_flip": (
        "against Tequila, discard a Street Gang you hold with influence in your Plan",
        "SF-T.16",
    ),
    "hire_enforcer": (
        "an Enforcer for hire costs influence equal to its stars (Tequila also his fee), one "
        "per gang",
        "SF-E.2",
    ),
    "enforcer_move": ("your Enforcer moves once a turn, to a neighbouring district", "SF-E.3"),
    "gunshot": (
        "Tequila shoots once a turn at a rival with a figure in his district, once a News card "
        "is out",
        "SF-T.2",
    ),
}
# Moves of the actions phase that wait while an order is carried out (SF-14.11).
ORDER_WAITS = ("order", "extort", "activate", "activate_boss", "fulfil", "bribe", "ness_votes", "end_actions",
               *sorted(_TEQUILA_ACTIONS))  # fmt: skip


def decision(st) -> tuple[str, str]:
    """What the seat(s) to act must decide now, and the clause that asks it."""
    if st.pending:
        _, what, clause = PENDING[st.pending[0]]
        return what, clause
    if st.phase == "setup":
        seat = st.turn_seat
        if st.gang[seat] < 0:
            return "choose your gang", "SF-1.2"
        return "choose the neighborhood you start in", "SF-1.2"
    row = PHASES.get(st.phase)
    return row.decision if row is not None else ("", "")


def why_illegal(st, seat: int, action):
    """The rule a refused move breaks, when a rule of its own forbids it; None when it is
    simply not the moment for it (the refusal then says what the game waits for)."""
    if st.pending:
        return None
    kind = action.kind
    if st.phase == "order" and kind in ORDER_WAITS:
        return (
            "finish the order first: only its steps, Street Gangs and skills come in between",
            "SF-14.11",
        )
    if st.phase == "reorg" and kind in ("bribe", "ness_votes") and st.reorg_good:
        return "confirm or stop the sale you began first", "SF-11.5"
    if kind == "lay" and st.phase != "plan":
        what, _ = decision(st)
        return f"cards are laid out only in your Plan, before your actions; now {what}", "SF-5.2"
    if kind not in MOVES.get(st.phase, ()):
        return None
    return REFUSALS.get(kind)
