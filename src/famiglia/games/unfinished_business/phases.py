"""The phase table of Unfinished Business: each decision a task of the rules waits for, its
moves (legal.py), what a move does (effects.answer) and where the game may go next
(core/phases.py). The top of the rules: it imports the rule modules, none imports it back.

A move runs the tasks beneath it up to the next decision (turn.run, after every move): the rest
of the turn, the draws that fill a hand (an event may start a Poker Round or offer a Revenge),
the next Don's turn, the game's end. So after any move the game may reach THEN.
"""

from __future__ import annotations

from famiglia.core import Phase

from . import legal
from .effects import answer

# The rest of the turn after any move: the next Don's turn (act), a planned discard waiting
# under its draw, the events drawn (the Poker Round, Revenge), the end (UB-11.1).
THEN = ("act", "discard", "poker", "revenge", "over")

# The research encoder numbers the decisions in this order.
PHASES = {
    "act": Phase(
        legal.act,
        answer,
        ("bonus", "fight", "launder", "take", "swaptake", *THEN),
        ("choose your turn's action", "UB-3.2"),
    ),
    "bonus": Phase(legal.bonus, answer, THEN, ("choose your starting bonus", "UB-4.2")),
    "fight": Phase(
        legal.fight, answer, ("loot", *THEN), ("answer the attack or give up", "UB-6.3")
    ),
    "loot": Phase(legal.loot, answer, THEN, ("choose your looting bonus", "UB-6.5")),
    "discard": Phase(legal.discard, answer, THEN, ("discard a card after planning", "UB-8.1")),
    "launder": Phase(legal.launder, answer, THEN, ("launder a property card or stop", "UB-7.5")),
    "take": Phase(legal.take, answer, THEN, ("take a card from the hand you see", "UB-7.8")),
    "swaptake": Phase(
        legal.swaptake, answer, ("swapgive", *THEN), ("take a card or swap nothing", "UB-7.9")
    ),
    "swapgive": Phase(legal.swapgive, answer, THEN, ("give a property card in exchange", "UB-7.9")),
    "poker": Phase(legal.poker, answer, THEN, ("pass a card to the left", "UB-9.4")),
    "revenge": Phase(
        legal.revenge, answer, ("fight", *THEN), ("take revenge or let it go", "UB-9.7")
    ),
}
