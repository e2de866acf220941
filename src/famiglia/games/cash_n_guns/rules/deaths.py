"""Deaths (CNG-7.3 to CNG-7.5): a dead player is out for good, his loot goes to a widowed
spouse or the Vulture; the game ends when one team or nobody is left (CNG-9.8, CNG-10.6)."""

from __future__ import annotations

from ..data import LOOT_NAME
from ..scoring import finish
from ..state import CNGState


def die(s: CNGState, seat: int) -> None:
    """CNG-7.3: a dead player is out for good. CNG-12.11: a widowed spouse keeps all the
    couple's loot (so nothing of it is left for the Vulture or Zombie Boy). CNG-7.5: the
    Vulture takes a random card."""
    s.alive[seat] = False
    s.standing[seat] = False
    s.say(f"seat {seat} dies")
    widow = next((b if a == seat else a for a, b in s.couples if seat in (a, b)), -1)
    if widow >= 0 and s.alive[widow] and s.loot[seat]:
        s.loot[widow] += s.loot[seat]
        s.loot[seat] = []
        s.say(f"seat {widow}, widowed, keeps seat {seat}'s loot")
    vulture = s.holder("vulture")
    if vulture >= 0 and vulture != seat and s.loot[seat]:
        card = s.loot[seat].pop(s.rng.below(len(s.loot[seat])))
        s.loot[vulture].append(card)
        s.say(f"seat {vulture} (the Vulture) takes {LOOT_NAME[card]} from seat {seat}")


def check_sole_survivors(s: CNGState) -> bool:
    """CNG-9.8 / CNG-10.6: when one team (or one player) or nobody is left, the game ends."""
    if len(s.living_teams()) <= 1:
        finish(s)
        return True
    return False
