"""The card exchange and hidden hands: MOB-2.2, MOB-9.1."""

from __future__ import annotations

import json

from famiglia.games.the_mob import data as D

from .helpers import GAME, do, new, texts


def test_exchange_returns_and_draws_the_same_number():
    """MOB-2.2: cards given back are set aside; as many come from the stock."""
    s = new(4, seed=3)
    seat = s.actor
    hand_before = list(s.hands[seat])
    stock_before = list(s.stock)
    first, second = sorted(set(hand_before))[:2]
    do(s, seat, f"return {D.CARD_NAMES[first]}", f"return {D.CARD_NAMES[second]}")
    do(s, seat, "keep the other cards")
    assert len(s.hands[seat]) == 5
    assert sorted(s.set_aside[seat]) == sorted([first, second])
    assert s.hands[seat][-2:] == [stock_before[-1], stock_before[-2]]
    assert len(s.stock) == len(stock_before) - 2
    assert "seat 1 exchanges 2 cards" in s.events(0)
    assert s.seats_to_act() == (2,)


def test_exchange_limited_by_stock():
    """MOB-2.2: no more cards can be given back than the stock holds."""
    s = new(4, seed=3)
    seat = s.actor
    s.stock = s.stock[:1]
    s._legal = {}
    card = s.hands[seat][0]
    do(s, seat, f"return {D.CARD_NAMES[card]}")
    assert not any(t.startswith("return") for t in texts(s, seat))
    assert texts(s, seat) == ["keep the other cards"]


def test_hands_stock_and_set_aside_are_hidden():
    """MOB-9.1: a seat's view holds its own hand only; others see counts."""
    s = new(4, seed=5)
    seat = s.actor
    card = s.hands[seat][0]
    do(s, seat, f"return {D.CARD_NAMES[card]}", "keep the other cards")
    for viewer in range(4):
        v = s.view(viewer)
        assert sorted(v["hand"]) == sorted(D.CARD_NAMES[c] for c in s.hands[viewer])
        assert v["stock"] == len(s.stock)
        assert v["set_aside"] == 1
        # swapping every other hand, the stock and the set-aside cards changes nothing seen
        other = s.clone()
        pool = other.stock + [
            c for o in range(4) if o != viewer for c in other.hands[o] + other.set_aside[o]
        ]
        pool.reverse()
        for o in range(4):
            if o != viewer:
                other.hands[o] = [pool.pop() for _ in other.hands[o]]
                other.set_aside[o] = [pool.pop() for _ in other.set_aside[o]]
        other.stock = pool
        assert other.view(viewer) == v
    spectator = json.dumps(s.view(None))
    assert '"hand":' not in spectator
    assert s.view(None)["families"][2]["hand_size"] == 5
    # the cards drawn are told only to the one who drew them
    drawn = [e for e in s.events(seat) if e.startswith("you draw")]
    assert drawn and all(not e.startswith("you draw") for e in s.events((seat + 1) % 4))


def test_determinize_redraws_only_what_the_seat_cannot_see():
    """MOB-9.1: a sample keeps the seat's own cards and public counts."""
    s = new(5, seed=9)
    seat = 2
    sample = s.determinize(seat, 77)
    assert sample.hands[seat] == s.hands[seat]
    assert [len(h) for h in sample.hands] == [len(h) for h in s.hands]
    assert sorted(
        sample.stock + sum((h for i, h in enumerate(sample.hands) if i != seat), [])
    ) == sorted(s.stock + sum((h for i, h in enumerate(s.hands) if i != seat), []))
    assert any(sample.hands[o] != s.hands[o] for o in range(5) if o != seat)


def test_typed_text_is_matched_loosely():
    """parse_action ignores case and spacing (used by the terminal prompt)."""
    s = new(4)
    assert GAME.parse_action(s, 1, "  KEEP the other   cards ") == s.legal_actions(1)[-1]
