"""Players, options and setup (CNG-1, CNG-2, team seating and powers, surprises, mercenaries)."""

from __future__ import annotations

from collections import Counter

import pytest

import famiglia
from famiglia.games.cash_n_guns import GAME
from famiglia.games.cash_n_guns.data import BASE_POWERS, MERCS, TEAM_POWERS

from .helpers import do, texts


def test_registry_and_metadata():
    game = famiglia.load("cash-n-guns")
    assert game is GAME
    assert (game.title, game.min_players, game.max_players) == ("Cash 'n Guns", 4, 9)


def test_base_game_player_counts():
    """CNG-1.1: the base game takes 4 to 8 players."""
    for n in range(4, 9):
        assert GAME.new(n).players == n
    with pytest.raises(ValueError, match="4 to 8"):
        GAME.new(9)
    with pytest.raises(ValueError):
        GAME.new(3)


def test_team_player_counts():
    """CNG-1.2: team play takes 4, 6, 7, 8 or 9 players."""
    for n in (4, 6, 7, 8, 9):
        assert GAME.new(n, teams=True).players == n
    with pytest.raises(ValueError, match="4, 6, 7, 8, 9"):
        GAME.new(5, teams=True)


def test_option_combinations():
    """CNG-1.3: mercenaries need teams; surprises go with either; bad values are refused."""
    with pytest.raises(ValueError, match="teams"):
        GAME.new(5, mercenaries=True)
    assert GAME.new(5, surprises=True).surprises_on
    assert GAME.new(6, teams=True, surprises=True, mercenaries=True).mercs_on
    with pytest.raises(ValueError, match="allowed values"):
        GAME.new(4, teams="maybe")
    s = GAME.new(6, teams=True, mercenaries=True, first_game=True)
    assert s.mercs == ["catgirl", "jay_bond", "dre_gray", "miss_pencilhands"]
    with pytest.raises(ValueError, match="first_game=true .* needs mercenaries=true"):
        GAME.new(6, teams=True, first_game=True)  # (it would do nothing: no mercenaries)


def test_base_game_nobody_has_a_teammate():
    """CNG-2.1: in the base game nobody is anybody's teammate."""
    s = GAME.new(6)
    assert all(s.mates(seat) == [] for seat in range(6))


def test_bullets_and_deck():
    """CNG-2.2, CNG-2.3: 5 Click + 3 Bang! each; 64 loot cards in 8 piles of 8."""
    s = GAME.new(5, seed=3)
    assert all(h == [5, 3] for h in s.hand)
    cards = Counter(s.table + [c for p in s.piles for c in p])
    assert len(s.table) == 8 and len(s.piles) == 7 and all(len(p) == 8 for p in s.piles)
    assert cards == Counter(
        {"b5": 15, "b10": 15, "b20": 10, "d1": 5, "d5": 3, "d10": 1, "p": 10, "clip": 3, "kit": 2}
    )


def test_base_powers_one_each():
    """CNG-2.4: base game: one of the 16 base powers each, all different, face up."""
    for seed in range(5):
        s = GAME.new(8, seed=seed)
        assert len(set(s.powers)) == 8 and set(s.powers) <= set(BASE_POWERS)
        assert s.view(1)["powers"] == s.powers


def test_first_godfather_is_seat_zero():
    """CNG-2.5: seat 0 starts as the Godfather."""
    assert GAME.new(4).godfather == 0 and GAME.new(6, teams=True).godfather == 0


def test_team_seating():
    """CNG-9.1: seating patterns by player count; team colours."""
    expected = {4: "ABAB", 6: "ABCABC", 7: "ABCABCA", 8: "ABCDABCD", 9: "ABCABCABC"}
    for n, letters in expected.items():
        s = GAME.new(n, teams=True)
        assert s.team_of == [ord(c) - 65 for c in letters]
    v = GAME.new(8, teams=True).view(0)
    assert v["teams"][:4] == ["red", "green", "white", "brown"]


def test_team_powers_deal_two_keep_one():
    """CNG-9.3: two powers each from all 20, kept in a simultaneous secret choice."""
    s = GAME.new(6, teams=True, seed=1)
    dealt = [c for p in s.pairs for c in p]
    assert len(dealt) == 12 and len(set(dealt)) == 12
    assert set(dealt) <= set(BASE_POWERS + TEAM_POWERS)
    assert s.seats_to_act() == tuple(range(6))
    # Teammates (seats 0 and 3) see each other's pair; other teams do not.
    v = s.view(0)
    assert v["dealt"][3] == s.pairs[3] and v["dealt"][1] is None
    keep = s.pairs[2][1]
    do(s, 2, f"keep {GAME.describe_action('keep_power', (keep,))[5:]}")
    assert 2 not in s.seats_to_act() and s.powers[2] == ""  # not shown yet
    assert "my_power_pick" in s.view(2) and s.view(0)["chose_power"][2] is True
    assert keep not in str(s.view(0)) or keep in s.pairs[0] + s.pairs[3]
    for seat in (5, 4, 3, 1, 0):
        do(s, seat, texts(s, seat)[0])
    assert s.powers[2] == keep and s.phase != "powers" and s.turn == 1


def test_evil_twins_get_no_power():
    """CNG-9.6: in 7-player team play seats 6 and 0 are the Evil Twins, without power."""
    s = GAME.new(7, teams=True)
    assert s.twins == [6, 0] and s.pairs[6] is None and s.pairs[0] is None
    assert s.team_of[6] == s.team_of[0]
    assert set(s.seats_to_act()) == {1, 2, 3, 4, 5}


def test_surprises_dealt_to_three_players():
    """CNG-11.1: the three surprises go to three different players, seen only by them."""
    for seed in range(6):
        s = GAME.new(5, seed=seed, surprises=True)
        held = [c for c in s.surprise if c]
        assert sorted(held) == ["flash_bang", "jammed", "parcel_bomb"]
        holder = next(t for t in range(5) if s.surprise[t])
        other = (holder + 1) % 5
        assert s.view(holder)["my_surprise"] == s.surprise[holder]
        assert s.view(other)["holds_surprise"][holder] is True
        # Swapping which card each holder has changes nothing the others see.
        before = s.view(other)
        holders = [t for t in range(5) if s.surprise[t] and t != other]
        cards = [s.surprise[t] for t in holders]
        for t, card in zip(holders, cards[1:] + cards[:1], strict=True):
            s.surprise[t] = card
        assert s.view(other) == before


def test_mercenaries_four_face_up():
    """CNG-12.1: four of the nine usable mercenaries face up, an envelope per team."""
    seen = set()
    for seed in range(10):
        s = GAME.new(9, seed=seed, teams=True, mercenaries=True)
        assert len(s.mercs) == 4 and len(set(s.mercs)) == 4 and set(s.mercs) <= set(MERCS)
        assert len(s.envelopes) == 3
        seen |= set(s.mercs)
    assert len(seen) > 4
    assert GAME.new(4, teams=True, mercenaries=True).envelopes == [[], []]
