"""Hidden information (CNG-13.1): views, events, and samples of the unknown."""

from __future__ import annotations

from famiglia.games.cash_n_guns import GAME

from .helpers import aim_all, do, fresh, holdup, load_all


def test_sample_keeps_what_the_seat_knows_and_redraws_the_rest():
    """CNG-13.1: determinize redraws pending choices, hands and piles, not the seat's view."""
    s = fresh(5, seed=4)
    load_all(s, {0: "bang", 1: "click", 2: "bang"})  # 3 and 4 still to load
    before = s.to_json()
    bullets, piles = set(), set()
    for k in range(40):
        d = s.determinize(0, k)
        assert d.view(0) == s.view(0) and d.events(0) == s.events(0)
        assert d.seats_to_act() == s.seats_to_act() == (3, 4)
        bullets.add((d.bullet[1], d.bullet[2]))
        piles.add(tuple(d.piles[0]))
        assert sum(d.hand[1]) == sum(s.hand[1]) and d.bullet[0] == "bang"
    assert len(bullets) > 1 and len(piles) > 1
    assert s.to_json() == before


def test_sample_redraws_unshown_aims_and_courage():
    """CNG-13.1: aims and courage chosen but not yet shown are redrawn for the others."""
    s = fresh(5, seed=2)
    load_all(s, {t: "click" for t in range(5)})
    aim_all(s, {1: 3, 2: 3})
    aims = {tuple(s.determinize(0, k).aim) for k in range(30)}
    assert len(aims) > 1 and all(a[0] is None and a[3] is None for a in aims)
    assert {s.determinize(1, k).aim[1] for k in range(10)} == {3}


def test_sample_redraws_surprises_and_dealt_powers():
    """CNG-13.1: which surprise others hold, and the powers dealt to other teams, are redrawn."""
    s = fresh(5, held=["jammed", "flash_bang", "parcel_bomb", "", ""])
    held = {tuple(s.determinize(3, k).surprise) for k in range(30)}
    assert len(held) > 1 and all(h[3] == "" and h[4] == "" for h in held)
    assert {s.determinize(0, k).surprise[0] for k in range(10)} == {"jammed"}
    t = GAME.new(6, teams=True, seed=3)
    pairs = {tuple(map(tuple, t.determinize(0, k).pairs)) for k in range(20)}
    assert len(pairs) > 1
    assert all(p[0] == tuple(t.pairs[0]) and p[3] == tuple(t.pairs[3]) for p in pairs)


def test_events_never_name_a_secret_card():
    """CNG-13.1: others' events never say which bullet was loaded or what courage was chosen."""
    s = fresh(4)
    do(s, 0, "load a Bang!")
    do(s, 1, "load a Click")
    for seat in (2, 3):
        assert not any("Bang" in e or "Click" in e for e in s.events(seat))
    for seat in range(4):
        assert all(a.kind == "load" for a in s.legal_actions(seat))


def test_cng_7_1_card_held_back_from_a_player_lying_down_stays_secret():
    """CNG-7.1 / CNG-13.1: the card of a gangster whose target lay down is known to him only:
    the other seats' events, views and moves are the same whether it was a Bang! or a Click,
    and a sample for another seat redraws it."""
    seen = {}
    for card in ("bang", "click"):
        s = fresh(4, seed=3)
        holdup(
            s,
            {0: card, 1: "click", 2: "click", 3: "click"},
            {0: 1, 1: 2, 2: 3, 3: 0},
            {0: "stand", 1: "down", 2: "stand", 3: "stand"},
        )
        assert s.phase == "pick" and s.hidden[0] == ([0, 1] if card == "bang" else [1, 0])
        seen[card] = s
        assert f"you discard {'a Bang!' if card == 'bang' else 'a Click'} face down" in s.events(0)
        assert s.view(0)["my_face_down_discards"] == s.hidden[0]
    bang, click = seen["bang"], seen["click"]
    for seat in (1, 2, 3, None):
        assert bang.events(seat) == click.events(seat)
        assert bang.view(seat) == click.view(seat)
        if seat is not None:
            assert [str(a) for a in bang.legal_actions(seat)] == [
                str(a) for a in click.legal_actions(seat)
            ]
    assert bang.events(0) != click.events(0)
    samples = {tuple(bang.determinize(2, k).hidden[0]) for k in range(40)}
    assert samples == {(0, 1), (1, 0)}
