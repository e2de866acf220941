"""Drawing the board (SVG) and the compact terminal view."""

from __future__ import annotations

import xml.dom.minidom

from famiglia.games.blood_feud import data as D
from famiglia.games.blood_feud.render import render_svg, terminal_view

from .helpers import new


def test_empty_board_svg_is_well_formed_and_shows_every_space():
    """BF-1.1: the drawn board holds every space, bridge and starting star."""
    svg = render_svg(None)
    doc = xml.dom.minidom.parseString(svg)
    titles = {t.firstChild.data for t in doc.getElementsByTagName("title")}
    assert set(D.NAMES) <= titles
    assert {name for name, _a, _b in D.BRIDGES} <= titles
    assert svg.count("★") == 6 + 1  # six stars and the legend


def test_svg_of_a_game_shows_pieces_owners_and_purses():
    """BF-1.3: every family's pieces appear in its colour on its star."""
    s = new(6, 3)
    svg = render_svg(s)
    xml.dom.minidom.parseString(svg)
    assert svg.count(">B F5 T2</text>") == 6
    for seat in range(6):
        assert f"seat {seat} · {s.home[seat]}" in svg


def test_terminal_view_is_compact():
    """BF-2.4: the terminal lists only held or occupied spaces, by borough."""
    s = new(2)
    text = terminal_view(s, 0)
    assert "Flushing[0] 0:B F5 M H3 T3 L" in text and "Jersey City[1]" in text
    assert "Times Square" not in text and len(text.splitlines()) <= 12


def test_the_set_up_is_drawn_before_anyone_has_pieces():
    """BF-1.2, BF-1.4: while the seats choose, the views say who chooses and in which order;
    once play begins they give the order of play by starting point."""
    from .helpers import GAME

    s = GAME.new(3, 1)
    first = s.ranking[0]
    text = terminal_view(s, first)
    assert "Set-up, your choice of a starting point" in text
    assert text.count("no starting point yet") == 3
    svg = render_svg(s)
    xml.dom.minidom.parseString(svg)
    assert f"set-up · seat {first} chooses a starting point" in svg and "to choose" in svg
    s = new(3, homes=["New Jersey", "Bronx", "Brooklyn"])
    assert "Play order (by starting point): seats 1, 2, 0" in terminal_view(s, 0)
    assert "play order 1, 2, 0" in render_svg(s)
