"""The clocks on the table page (static/clocks.js): every seat's clock shows, the running one
counts down between frames, and a table without a clock shows none."""

from __future__ import annotations

import re

from .test_stale import call

CLOCK = {"mode": "realtime", "bank": 600, "per_move": 5, "on_timeout": "bot:easy"}


def seconds(text: str) -> int:
    minutes, secs = re.fullmatch(r"(\d+):(\d\d)", text.strip()).groups()
    return int(minutes) * 60 + int(secs)


def test_every_seats_clock_shows_and_the_running_one_counts_down(browser, server):
    body = {
        "game": "unfinished-business",
        "players": 2,
        "seats": ["random", "human"],
        "creator_seat": None,
        "seed": 7,  # seat 1 acts first
        "clock": CLOCK,
    }
    made = call(server, "POST", "/api/tables", body)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(made["seats"][1]["url"])  # the invite link: the page claims seat 1
        page.wait_for_selector(".table-page[data-n]")
        page.wait_for_selector("#clocks .clock.running")
        clocks = page.locator("#clocks .clock")
        assert clocks.count() == 2
        running = page.locator("#clocks .clock.running")
        assert running.count() == 1 and running.get_attribute("data-seat") == "1"
        assert "real time" in page.inner_text("#clocks .clocks-title")
        assert "null" not in page.inner_text("#clocks")
        first = seconds(running.locator(".clock-time").inner_text())
        assert 590 <= first <= 600
        page.wait_for_timeout(2500)
        later = seconds(running.locator(".clock-time").inner_text())
        assert first - 4 <= later <= first - 1  # counted down here, between frames
        bot = page.locator('#clocks .clock[data-seat="0"] .clock-time').inner_text()
        assert seconds(bot) == 600
        # a spectator sees the same clocks
        watcher = context.new_page()
        watcher.goto(f"{server}/tables/{made['id']}?watch")
        watcher.wait_for_selector("#clocks .clock.running")
        assert watcher.locator("#clocks .clock").count() == 2
        assert watcher.locator("#resume").count() == 0
    finally:
        context.close()


def test_a_table_without_a_clock_shows_none(browser, server):
    body = {"game": "unfinished-business", "players": 2, "seats": ["random", "human"]}
    made = call(server, "POST", "/api/tables", body)
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server}/tables/{made['id']}?watch")
        page.wait_for_selector(".table-page[data-n]")
        assert page.locator("#clocks").is_hidden()
    finally:
        context.close()


def test_the_clocks_have_no_serious_accessibility_violation(browser, server):
    from .pages import new_page
    from .test_axe import violations

    body = {
        "game": "unfinished-business",
        "players": 2,
        "seats": ["random", "human"],
        "creator_seat": None,
        "seed": 7,
        "clock": {"mode": "slow", "per_move": 86400, "on_timeout": "forfeit"},
    }
    made = call(server, "POST", "/api/tables", body)
    context, page, errors = new_page(browser, bypass_csp=True)
    try:
        page.goto(made["seats"][1]["url"])
        page.wait_for_selector("#clocks .clock.running")
        assert "slow play: 1 d 0 h a move" in page.inner_text("#clocks .clocks-title")
        found = violations(page)
        assert not found, found
        assert not errors, errors
    finally:
        context.close()
