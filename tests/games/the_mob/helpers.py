"""Building The Mob positions by hand for rule tests."""

from __future__ import annotations

import famiglia
from famiglia.games.the_mob import data as D

GAME = famiglia.load("the-mob")


def card(name: str) -> int:
    return D.CARD_NAMES.index(name)


def member(name: str) -> int:
    return D.MEMBER_NAMES.index(name)


def space(name: str) -> int:
    return D.SPACE_NAMES.index(name)


def new(players: int = 4, seed: int = 1, **options):
    return GAME.new(players, seed, **options)


def at_play(state, seat: int, hand: list[str], last_card: bool = False):
    """Skips to the play phase with `seat` to play from `hand` (card names)."""
    state.phase = "play"
    state.queue = []
    state.pending = None
    order = state.seat_order()
    total = D.HAND_SIZE[state.players] * state.players
    state.cards_played = total - 1 if last_card else order.index(seat)
    if last_card:
        state.dealer = seat  # the dealer plays the last card of the year
    state.actor = seat
    state.last_card = last_card
    state.hands[seat] = [card(n) for n in hand]
    state._legal = {}
    return state


def put(state, seat: int, where: str, members=(), guards: int = 0):
    """Puts pieces of `seat` from its photo on an illegal business space."""
    s = space(where)
    state.space_owner[s] = seat
    for name in members:
        state.members[seat][member(name)] = s
    state.space_guards[s] += guards
    state.guards_photo[seat] -= guards
    state._legal = {}


def do(state, seat: int, *texts: str):
    """Plays moves given as the phrases a player types."""
    for text in texts:
        state.apply(seat, GAME.parse_action(state, seat, text))


def texts(state, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]
