"""The terminal picture and the SVG board."""

from famiglia.games.scarface_1920 import data as D
from famiglia.games.scarface_1920.render import render, render_svg

from .helpers import GAME, started


def test_terminal_render_hides_rivals_money():
    """SF-13.1: the terminal picture is drawn from the seat's view: no rival's money."""
    st = started(2)
    st.money = [12, 34]
    text = render(st, 0)
    assert "money 12" in text and "money 34" not in text
    assert GAME.renderer() is render


def test_svg_board():
    """SF-2.1 SF-2.2: the board drawing shows every district and neighborhood."""
    svg = render_svg(None)
    assert svg.startswith("<svg") and all(d in svg for d in D.DISTRICTS)
    svg = render_svg(started(3))
    assert all(h["name"] in svg for h in D.HOODS) and "Angry Eliot Ness" in svg
    assert "The Chicago Outfit truck" in svg  # SF-6.11: trucks are drawn where they stand


def test_status_line_names_the_gang_once_chosen():
    """The status line says "seat 0" alone before the gang is chosen, and the gang after."""
    st = GAME.new(1, 0, solo=True)
    for seat in (0, None):
        first = render(st, seat).splitlines()[0]
        assert "seat 0 (seat 0)" not in first and "you (seat 0)" not in first
    assert render(st, 0).splitlines()[0].startswith("Turn 1: you, ")
    st = started(2)
    assert f"Turn 1: you ({D.GANGS[st.gang[0]]})" in render(st, 0)


def test_the_solo_gang_is_named_without_a_seat():
    """SF-S.3: the solo gang sits at no seat, so its turn reads by its name alone."""
    from famiglia.core.rng import Rng

    for seed in range(2, 40):  # a random game in which the player answers in its turn
        st, rng = GAME.new(1, seed, solo=True), Rng(seed)
        while st.turn_seat != st.automa and not st.is_over():
            legal = st.legal_actions(0)
            st.apply(0, legal[rng.below(len(legal))])
        if not st.is_over():
            break
    first = render(st, 0).splitlines()[0]
    assert first.startswith(f"Turn {st.turns + 1}: {D.GANGS[st.gang[st.automa]]} (solo gang), ")
    assert f"seat {st.automa}" not in first
    name = D.GANGS[st.gang[st.automa]].removeprefix("The ")
    assert f"The solo gang ({name}): money" in render(st, 0)  # not "(... (solo gang))"


def test_the_solo_result_says_a_tie_is_settled_as_the_rules_do():
    """SF-S.14: more final money wins; a tie goes to the money before the bonuses."""
    from famiglia.core.rng import Rng

    st, rng = GAME.new(1, 5, solo=True), Rng(5)
    while not st.is_over():
        legal = st.legal_actions(0)
        st.apply(0, legal[rng.below(len(legal))])
    how = GAME.explain_result(st)
    assert "you win with more, a tie going to more money before the bonuses" in how, how


def test_the_gangs_table_prints_whole_names():
    """Every gang's name is whole in the table (no "North Side Gan*"), the solo gang's too."""
    st = GAME.new(1, 1, solo=True)
    from famiglia.core.rng import Rng

    rng = Rng(1)
    while st.phase == "setup" or st.gang[0] < 0 or st.gang[st.automa] < 0:
        legal = st.legal_actions(0)
        st.apply(0, legal[rng.below(len(legal))])
    lines = render(st, 0).splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("gang "))
    rows = lines[head + 1 : head + 3]
    mine = D.GANGS[st.gang[0]].removeprefix("The ")
    solo = D.GANGS[st.gang[st.automa]].removeprefix("The ")
    assert rows[0].startswith(f"{mine}* ") and rows[1].startswith(f"{solo} ")
    assert all(len(line) <= 80 for line in lines[head : head + 3])
