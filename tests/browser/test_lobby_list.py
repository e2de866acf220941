"""The lobby's list of tables: a table every player left long ago (the server marks it
`abandoned`, tests/server/test_abandoned.py) is not listed as playing but in a folded section of
its own; and a 500-character word in any cell (a table's name, a player's name) wraps, so that
nothing is wider than a phone's 390 px. The server's answer is rewritten in the browser to hold
such a table and such words (the server itself caps names shorter)."""

from __future__ import annotations

import json

from .pages import new_table

WORD = "x" * 500
WIDE = """() => [...document.querySelectorAll('main *')]
  .filter((e) => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth + 1)
  .map((e) => e.tagName + '.' + e.className)"""


def test_abandoned_tables_are_listed_apart_and_long_words_wrap(browser, server):
    left = new_table(server, "the-mob", ["human", "random", "random"])["id"]
    played = new_table(server, "the-mob", ["human", "human", "random"])["id"]

    def rewrite(route):
        tables = route.fetch().json()
        for t in tables:
            if t["id"] == left:
                t["abandoned"] = True
            if t["id"] in (left, played):
                t["name"] = WORD
                t["seats"][0]["name"] = "y" * 500
        route.fulfill(json=tables)

    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.route("**/api/tables", lambda route: rewrite(route))
        page.goto(server + "/")
        page.wait_for_selector(f"#abandoned tr[data-table='{left}']", state="attached")
        playing = page.locator(f"table.tables:not(#abandoned *) tr[data-table='{played}']")
        assert "playing" in playing.inner_text() or "starting" in playing.inner_text()
        assert page.locator(f"table.tables:not(#abandoned *) tr[data-table='{left}']").count() == 0
        section = page.locator("#abandoned")
        assert section.get_attribute("open") is None, "the abandoned section starts folded"
        assert "Abandoned (1)" in page.inner_text("#abandoned summary")
        assert not page.locator(f"#abandoned tr[data-table='{left}']").is_visible()
        assert not page.evaluate(WIDE)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click("#abandoned summary")
        row = page.locator(f"#abandoned tr[data-table='{left}']")
        row.wait_for()
        assert "abandoned" in row.inner_text() and "playing" not in row.inner_text()
        # the 500-letter words wrap: nothing overflows the screen, nor its cell
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert not page.evaluate(WIDE)
        over = page.eval_on_selector_all(
            "table.tables td", "els => els.filter(e => e.scrollWidth > e.clientWidth + 1).length"
        )
        assert over == 0
        # the list is drawn again every few seconds: an opened section stays open
        page.wait_for_timeout(4500)
        assert page.locator("#abandoned").get_attribute("open") is not None
        assert json.dumps(errors) == "[]", errors
    finally:
        # the lobby's refresh may be under way in the handler: closing must not fail it
        page.unroute_all(behavior="ignoreErrors")
        context.close()
