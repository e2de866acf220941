"""The clocks on the table page (static/clocks.js): every seat's clock shows, the running one
counts down between frames, and a table without a clock shows none."""

from __future__ import annotations

import re

from .test_stale import call
from .timed import seconds_of

CLOCK = {"mode": "realtime", "bank": 600, "per_move": 5, "on_timeout": "bot:easy"}


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
        shown = running.locator(".clock-time").inner_text()
        assert re.fullmatch(r"\d+:\d\d", shown.strip()), shown  # under an hour: minutes:seconds
        first = seconds_of(shown)
        assert 590 <= first <= 600
        page.wait_for_timeout(2500)
        later = seconds_of(running.locator(".clock-time").inner_text())
        assert first - 4 <= later <= first - 1  # counted down here, between frames
        bot = page.locator('#clocks .clock[data-seat="0"] .clock-time').inner_text()
        assert seconds_of(bot) == 600
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


def test_the_clocks_have_no_serious_accessibility_violation(browser, opened, server):
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
    page, errors = opened(new_page(browser, bypass_csp=True))
    page.goto(made["seats"][1]["url"])
    page.wait_for_selector("#clocks .clock.running")
    assert "slow play: 1 d 0 h a move" in page.inner_text("#clocks .clocks-title")
    found = violations(page)
    assert not found, found
    assert not errors, errors


def test_the_clock_field_reads_into_a_request_the_server_takes(browser, server):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server + "/")
        page.wait_for_selector("#new-table")
        made = page.evaluate(
            """async () => {
              const m = await import('/static/clocks.js');
              const field = m.clockField();
              document.body.append(field);
              const none = m.readClock(field);
              field.querySelector('#clock').value = 'day';
              field.querySelector('#on-timeout').value = 'forfeit';
              const clock = m.readClock(field);
              const answer = await fetch('/api/tables', {method: 'POST',
                headers: {'content-type': 'application/json'},
                body: JSON.stringify({game: 'the-mob', players: 3, seats: ['human', 'random',
                  'random'], clock})});
              return {none: none === undefined, clock, status: answer.status, body: await answer.json()};
            }"""
        )
        assert made["none"] and made["status"] == 201, made
        assert made["clock"] == {"mode": "slow", "per_move": 86400, "on_timeout": "forfeit"}
        seen = call(server, "GET", f"/api/tables/{made['body']['id']}")
        assert seen["clock"]["mode"] == "slow" and seen["clock"]["on_timeout"] == "forfeit"
    finally:
        context.close()


def test_waiting_js_counts_the_tables_waiting_on_this_browser(browser, server):
    body = {
        "game": "unfinished-business",
        "players": 2,
        "seats": ["random", "human"],
        "creator_seat": 1,
        "seed": 7,  # seat 1 acts first: the table waits on it
    }
    made = call(server, "POST", "/api/tables", body)
    token = made["seats"][1]["token"]
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(server + "/")
        page.wait_for_selector("#new-table")
        answer = page.evaluate(
            """async ([id, token]) => {
              localStorage.setItem('famiglia.played', JSON.stringify([{id, game: 'unfinished-business'}]));
              localStorage.setItem(`famiglia.seat.${id}`, JSON.stringify({token, seat: 1}));
              const m = await import('/static/waiting.js');
              const el = document.createElement('div');
              document.body.append(el);
              const got = await m.showWaiting(el);
              return {count: got.count, text: el.innerText, links: el.querySelectorAll('a').length};
            }""",
            [made["id"], token],
        )
        assert answer["count"] == 1 and answer["links"] == 1
        assert "1 table waits on your move" in answer["text"]
    finally:
        context.close()
