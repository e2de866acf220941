"""The table on a phone (390x844) and in a window that changes size: the dock (action bar and
own panel) leaves most of the board in sight with the prompt and the first move on screen, the
own panel folds and unfolds, the header names the reader, and Cash 'n Guns' ring is drawn again
for the new width when the window narrows."""

from __future__ import annotations

import pytest

from .pages import open_as
from .test_shell import GAMES, make_table, wait_for_turn

PHONE = (390, 844)

# Where the first move button and the board's frame are on screen, and the dock's top.
LAYOUT = """() => {
  const r = (el) => el.getBoundingClientRect();
  const move = r(document.querySelector('#moves button.move'));
  const view = r(document.querySelector('.zoom-view'));
  const dock = r(document.querySelector('.dock'));
  return {move: [move.top, move.bottom, move.left, move.right], view: [view.top, view.bottom],
          dock: dock.top, h: innerHeight, w: innerWidth, scrollY: window.scrollY};
}"""


def board_in_sight(box) -> float:
    """The height of the board's frame seen between the screen's top and the dock."""
    top, bottom = box["view"]
    return max(0.0, min(bottom, box["dock"], box["h"]) - max(top, 0.0))


def assert_move_on_screen(box, game):
    top, bottom, left, right = box["move"]
    assert box["scrollY"] == 0, f"{game}: the page was scrolled ({box['scrollY']})"
    assert 0 <= top and bottom <= box["h"] and 0 <= left and right <= box["w"], f"{game}: {box}"


@pytest.mark.parametrize("game", list(GAMES))
def test_on_a_phone_the_dock_leaves_the_board_in_sight(browser, opened, server, game):
    made = make_table(server, game)
    page, errors = opened(
        open_as(browser, server, made["id"], 0, made["seats"][0]["token"], *PHONE)
    )
    assert wait_for_turn(page), f"{game}: over before seat 0 moved"
    page.wait_for_timeout(200)  # the dock's height settles (ResizeObserver)
    box = page.evaluate(LAYOUT)
    assert_move_on_screen(box, game)
    seen = board_in_sight(box)
    assert seen >= 0.4 * box["h"], f"{game}: only {seen:.0f} px of board in sight: {box}"
    # The own panel is there, folded, and unfolds at a tap; the moves stay on screen.
    own = page.locator("#own")
    assert own.is_visible(), f"{game}: no own panel"
    if own.get_attribute("open") is None:
        page.click("#own summary")
    page.wait_for_function("() => document.querySelector('#own').open")
    body = page.locator("#own .own-body")
    assert body.is_visible() and body.inner_text().strip(), f"{game}: own panel empty"
    assert_move_on_screen(page.evaluate(LAYOUT), game)
    page.click("#own summary")  # and folds again
    page.wait_for_function("() => !document.querySelector('#own').open")
    assert not body.is_visible()
    assert not errors, errors


def test_the_header_names_the_reader(browser, server):
    made = make_table(server, "the-mob")
    context, page, errors = open_as(
        browser, server, made["id"], 0, made["seats"][0]["token"], *PHONE
    )
    try:
        where = page.inner_text("#where")
        assert "Ann" in where and "you" in where, where
        assert "seat" not in where, where
        watcher = context.new_page()
        watcher.goto(f"{server}/tables/{made['id']}?watch")
        watcher.wait_for_function("() => document.querySelector('.table-page')?.dataset.n")
        assert watcher.inner_text("#where") == "watching"
        assert not errors, errors
    finally:
        context.close()


RING = """() => {
  const ring = document.querySelector('svg.cng-ring').getBoundingClientRect();
  const view = document.querySelector('.zoom-view').getBoundingClientRect();
  return {ring: [ring.left, ring.right, ring.width], view: [view.left, view.right]};
}"""


def test_the_cash_n_guns_ring_is_drawn_again_when_the_window_narrows(browser, opened, server):
    made = make_table(server, "cash-n-guns")
    page, errors = opened(
        open_as(browser, server, made["id"], 0, made["seats"][0]["token"], 1280, 900)
    )
    wide = page.evaluate(RING)["ring"][2]
    page.set_viewport_size({"width": 390, "height": 844})
    page.wait_for_function(
        f"() => document.querySelector('svg.cng-ring').getBoundingClientRect().width < {wide}"
    )
    page.wait_for_timeout(300)
    box = page.evaluate(RING)
    left, right, width = box["ring"]
    assert box["view"][0] <= left and right <= box["view"][1], box
    assert width < wide, box
    # the 12 px words of the ring stay 12 px: it is drawn for the width, not shrunk
    sizes = page.eval_on_selector_all(
        "svg.cng-ring text.cng-name",
        "els => els.map(e => e.getBoundingClientRect().height)",
    )
    assert sizes and min(sizes) >= 11, sizes
    assert not errors, errors
