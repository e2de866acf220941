"""The effect interpreter: order of operations, decisions, hits, kills, healing."""

from famiglia.games.scarface_1920 import data as D

from .helpers import DIS, clear_board, do, ops, started, texts


def test_operations_in_printed_order():
    """SF-4.2: gain 2 then pay 5 from 3 money leaves 0 (paying first would leave 2)."""
    st = started(2)
    st.money[1] = 3
    ops(st, [["money", 1, 2], ["money", 1, -5]])
    assert st.money[1] == 0


def test_choice_asks_the_player_or_is_skipped():
    """SF-4.3: a hit asks its player for the target; with no target it is skipped."""
    st = clear_board(started(2))
    st.ness = DIS["Far South"]
    ops(st, [["hit", 1, "Central", 1], ["money", 1, 1]])
    assert not st.pending and st.money[1] == 11  # nobody in Central: skipped, then the money
    st.dist[0][DIS["Central"]] = 1
    ops(st, [["hit", 1, "Central", 1], ["money", 1, 1]])
    assert st.seats_to_act() == (1,) and st.money[1] == 11
    assert texts(st) == ["hit a Chicago Outfit thug in Central"]
    do(st, "hit a Chicago Outfit thug in Central")
    do(st, "let the opportunity pass")  # the victim is asked (SF-10.3)
    assert st.money[1] == 12 and st.hospital[0] == 1


def test_hit_and_kill():
    """SF-4.4: hit -> Hospital; Hospital thugs cannot be hit; kill -> Slums; a killed Angry Boss
    goes to the Hospital."""
    from famiglia.games.scarface_1920.rules import board as B

    st = clear_board(started(2))
    st.ness = DIS["Central"]
    st.dist[0][DIS["West Side"]] = 1
    B.hit(st, 0, DIS["West Side"])
    assert st.hospital[0] == 1 and not B.hittable(st, 0, DIS["West Side"])
    st.dist[0][DIS["West Side"]] = 1
    slums = st.slums[0]
    B.kill(st, 0, DIS["West Side"])
    assert st.slums[0] == slums + 1
    st.boss_loc[0] = f"d{DIS['West Side']}"
    B.kill(st, 0, DIS["West Side"])
    assert st.boss_loc[0] == "hospital"
    gang = D.GANGS[st.gang[0]].removeprefix("The ")
    said = f"the {gang}'s Angry Boss in West Side is shot and goes to hospital"
    assert st.events(1)[-1] == said  # the Boss named as the Boss, not as a thug
    st.boss_loc[0] = f"d{DIS['West Side']}"
    B.hit(st, 0, DIS["West Side"])
    assert st.events(1)[-1] == f"the {gang}'s Angry Boss in West Side is hit and goes to hospital"


def test_heal_choice_per_thug():
    """SF-4.5: each healed thug goes to Headquarters or to the Home District, as chosen."""
    st = clear_board(started(2))
    st.hospital[1] = 2
    hq = st.hq[1]
    ops(st, [["heal", 1, 2]])
    assert set(texts(st)) == {"heal a thug to headquarters", "heal a thug to your home district"}
    do(st, "heal a thug to headquarters")
    do(st, "heal a thug to your home district")
    assert st.hq[1] == hq + 1 and st.dist[1][st.home[1]] == 1 and st.hospital[1] == 0
    home = D.DISTRICTS[st.home[1]]
    name = st.events(None)[-1].split(" heals ")[0]
    assert st.events(None)[-2:] == [
        f"{name} heals a thug into headquarters",
        f"{name} heals a thug into {home}",
    ]


def test_healing_the_angry_boss_says_so():
    """SF-4.5 with the Angry Bosses: a healed Angry Boss is named as such where he goes."""
    st = clear_board(started(2))
    st.boss_loc[1] = "hospital"
    ops(st, [["heal", 1, 1]])
    do(st, "heal the Angry Boss to headquarters")
    assert st.boss_loc[1] == "hq" and st.events(None)[-1].endswith(
        "heals its Angry Boss into headquarters"
    )


def test_move_thug_effect():
    """SF-4.1: the card effect move_thug moves one of your figures to an adjacent district."""
    st = clear_board(started(2))
    st.dist[1][DIS["Central"]] = 1
    ops(st, [["move_thug", 1, 1]])
    assert "move a thug from Central to South Side (card effect)" in texts(st)
    assert "move a thug from Central to Far South (card effect)" not in texts(st)
    do(st, "move a thug from Central to South Side (card effect)")
    assert st.dist[1][DIS["South Side"]] == 1 and not st.pending


def test_peek_raid():
    """SF-4.6: the peeker alone learns the top Raid card; his samples keep it on top."""
    from famiglia.games.scarface_1920 import data as D

    st = started(3)
    top = st.raid_deck[-1]
    ops(st, [["peek_raid", 1, 1]])
    name = D.RAIDS[top]["name"]
    assert any(name in e for e in st.events(1)) and not any(name in e for e in st.events(0))
    assert st.raid_deck[-1] == top
    for seed in range(5):
        assert st.determinize(1, seed).raid_deck[-1] == top
    assert any(st.determinize(0, seed).raid_deck[-1] != top for seed in range(5))


def test_no_card_peeks_at_a_hand():
    """SF-4.6: the only peek in the card data is at the top Raid card; a hand peek is no
    operation of the vocabulary, so data asking for one is refused when loaded."""
    import re
    from pathlib import Path

    import pytest

    from famiglia.games.scarface_1920 import data as D

    assert [k for k in D.VOCABULARY if "peek" in k] == ["peek_raid"]
    text = Path(D.__file__).with_name("data.toml").read_text(encoding="utf-8")
    assert set(re.findall(r'"(peek\w*)"', text)) == {"peek_raid"}
    with pytest.raises(ValueError):
        D.check_ops((("peek_hand", 1),), "a hand peek")


def test_a_thug_of_each_gang_reads_as_english():
    """A gang's name before "thug" drops its article: never "a The Chicago Outfit thug"."""
    from famiglia.games.scarface_1920 import data as D
    from famiglia.games.scarface_1920.rules import board as B

    assert D.A_THUG == (
        "a Chicago Outfit thug",
        "a North Side Gang thug",
        "a Black Wolves thug",
        "a Seven Gems thug",
    )
    st = clear_board(started(2))
    st.dist[0][DIS["West Side"]] = 1
    B.kill(st, 0, DIS["West Side"])
    assert st.log[2] == "a Chicago Outfit thug in West Side is killed"  # the last line said
