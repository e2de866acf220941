"""Shadow Trading (CNG-9.5)."""

from __future__ import annotations

from .helpers import do, fresh, holdup, texts


def to_split(s, standing):
    n = s.players
    holdup(
        s,
        {t: "click" for t in range(n) if s.alive[t]},
        {t: s.targets(t)[0] for t in range(n) if s.alive[t]},
        {t: "stand" if t in standing else "down" for t in range(n) if s.alive[t]},
    )


def test_loot_trade_accepted():
    """CNG-9.5: name my card and the teammate's card of the same type; he accepts."""
    s = fresh(4, teams=True, table=["b5"])
    s.loot[0] = ["b5", "d1"]
    s.loot[2] = ["p"]
    to_split(s, standing={0})
    do(s, 0, "use the Shadow Trading tile")
    assert texts(s, 0) == ["trade loot", "trade ammo"]  # no powers dealt in this set-up
    do(s, 0, "trade loot")
    assert texts(s, 0) == ["offer $5k", "offer $1k diamond"]
    do(s, 0, "offer $1k diamond")
    assert texts(s, 0) == ["ask for painting"]
    do(s, 0, "ask for painting")
    assert s.seats_to_act() == (2,)
    do(s, 2, "accept the trade")
    assert s.loot[0] == ["b5", "p"] and s.loot[2] == ["d1"]
    assert s.tokens == ["godfather"] and s.seats_to_act() == (0,)


def test_ammo_trade_refused_spends_the_tile():
    """CNG-9.5: a refusal changes nothing, but the tile is spent; a missing card can't be given."""
    s = fresh(4, teams=True, table=["b5"])
    s.hand[2] = [4, 0]
    to_split(s, standing={0})
    do(s, 0, "use the Shadow Trading tile")
    do(s, 0, "trade ammo")
    do(s, 0, "offer a Click")
    assert texts(s, 0) == ["ask for a Click", "ask for a Bang!"]
    do(s, 0, "ask for a Bang!")
    assert texts(s, 2) == ["refuse the trade"]  # he has no Bang!
    assert not any("Bang" in e for e in s.events(1)[-2:])
    do(s, 2, "refuse the trade")
    assert "shadow" not in s.tokens and s.hand[0] == [4, 3]


def test_trade_with_a_dead_teammate():
    """CNG-9.5: a dead teammate picks which card of the type he gives."""
    s = fresh(4, teams=True, table=["b5"])
    s.alive[2] = s.standing[2] = False
    s.loot[2] = ["p", "b20"]
    s.loot[0] = ["b5"]
    to_split(s, standing={0})
    do(s, 0, "use the Shadow Trading tile")
    do(s, 0, "trade loot")
    do(s, 0, "offer $5k")
    assert s.seats_to_act() == (2,) and texts(s, 2) == ["hand over $20k", "hand over painting"]
    do(s, 2, "hand over $20k")
    assert s.loot[0] == ["b20"] and sorted(s.loot[2]) == ["b5", "p"]


def test_power_trade_with_one_of_two_teammates():
    """CNG-9.5: with two teammates (9 players) the user picks one; powers swap."""
    s = fresh(
        9,
        teams=True,
        powers=["collector", "", "", "vulture", "", "", "doctor", "", ""],
        table=["b5"],
    )
    to_split(s, standing={0})
    do(s, 0, "use the Shadow Trading tile")
    assert texts(s, 0) == ["trade with seat 3", "trade with seat 6"]
    do(s, 0, "trade with seat 6")
    do(s, 0, "trade powers")
    do(s, 0, "offer The Collector")
    do(s, 0, "ask for The Doctor")
    do(s, 6, "accept the trade")
    assert s.powers[0] == "doctor" and s.powers[6] == "collector"
