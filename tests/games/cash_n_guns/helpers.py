"""Helpers to set up Cash 'n Guns positions directly and play them by their phrases."""

from __future__ import annotations

from famiglia.games.cash_n_guns import GAME
from famiglia.games.cash_n_guns.rules.start import begin_turn


def fresh(n=4, powers=None, table=None, held=None, seed=0, **options):
    """A game at the start of turn 1 with chosen powers ("" = none), loot and surprises."""
    if held:
        options["surprises"] = True
    s = GAME.new(n, seed, **options)
    s.powers = list(powers) if powers else [""] * n
    s.pairs = [None] * n
    s.pick = [""] * n
    if s.turn == 1:  # put the first pile back and start the turn again with our powers
        s.piles.insert(0, s.table)
        s.known.insert(0, 0)
        s.turn = 0
    s.surprise = list(held) if held else [""] * n
    begin_turn(s)
    if table is not None:
        s.table = list(table)
    s.refresh()
    return s


def do(s, seat, text):
    """Plays the move whose phrase is `text` for `seat`."""
    s.apply(seat, GAME.parse_action(s, seat, text))


def texts(s, seat):
    return [str(a) for a in s.legal_actions(seat)]


def load_all(s, cards):
    """cards: {seat: 'click'|'bang'} for every seat still to load."""
    for seat, card in cards.items():
        do(s, seat, "load a Bang!" if card == "bang" else "load a Click")


def aim_all(s, aims):
    for seat, target in aims.items():
        do(s, seat, f"aim at seat {target}")


def courage_all(s, choices):
    for seat, choice in choices.items():
        do(s, seat, "stand" if choice == "stand" else "lie down")


def holdup(s, cards, aims, courage, order=None):
    """A plain turn up to the split: load, aim, no order from the Godfather, courage."""
    load_all(s, cards)
    aim_all(s, aims)
    if s.phase == "privilege":
        do(s, s.godfather, order or "give no order")
    courage_all(s, courage)
