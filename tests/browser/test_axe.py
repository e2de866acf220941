"""Accessibility: axe-core (vendored from npm into tests/browser/vendor, injected by the test;
the pages never load it) finds no serious or critical violation on the lobby and on a table of
each game."""

from __future__ import annotations

from pathlib import Path

import pytest

from .pages import new_page, open_as
from .test_shell import GAMES, make_table, wait_for_turn

AXE = (Path(__file__).parent / "vendor" / "axe.min.js").read_text()
RUN = """async () => {
  const r = await axe.run(document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.slice(0, 3).map(n => n.target.join(" ") + " " + n.html.slice(0, 120)).join(" | ")}`);
}"""


def violations(page) -> list[str]:
    page.add_script_tag(content=AXE)
    return page.evaluate(RUN)


def test_the_lobby_has_no_serious_accessibility_violation(browser, server):
    context, page, errors = new_page(browser, bypass_csp=True)
    try:
        page.goto(server + "/")
        page.wait_for_selector("#new-table #seat-0")
        found = violations(page)
        assert not found, found
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_table_has_no_serious_accessibility_violation(browser, server, game):
    made = make_table(server, game)
    context, page, errors = open_as(
        browser, server, made["id"], 0, made["seats"][0]["token"], 1280, 900, True
    )
    try:
        wait_for_turn(page)
        found = violations(page)
        assert not found, found
        assert not errors, errors
    finally:
        context.close()
