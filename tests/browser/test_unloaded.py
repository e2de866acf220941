"""A slow table nobody looks at leaves the server's memory (server/unloading.py) and the lobby
still shows it: in the tables with its clocks, in "Your tables" with whose turn it is and the
player's time left, and in "waiting on you"; reading those never rebuilds it, opening it does.
The table is unloaded by the test moving the server's clock, never by sleeping."""

from __future__ import annotations

import json

import pytest

from .pages import name_player
from .timed import TimedServer, seconds_of, wait_for

DAY = 86400


@pytest.fixture(scope="module")
def timed(tmp_path_factory):
    server = TimedServer(tmp_path_factory.mktemp("unloaded"), unload_minutes=10)
    yield server
    server.stop()


def lobby_browser(browser, timed, name):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(timed.base + "/")
    name_player(page, name)
    return context, page, errors


def lobby_entry(timed, table) -> dict:
    return next(t for t in timed.call("GET", "/api/tables") if t["id"] == table)


def test_an_unloaded_slow_table_is_listed_with_its_clocks_and_opened_again(browser, timed):
    ann_context, ann, errors = lobby_browser(browser, timed, "Ann")
    bob_context, bob, bob_errors = lobby_browser(browser, timed, "Bob")
    try:
        # Ann starts a slow table (a day a move) from the lobby; Bob takes its invite link
        ann.select_option("#game", "unfinished-business")
        ann.fill("#players", "2")
        ann.dispatch_event("#players", "input")
        ann.select_option("#seat-0", "me")
        ann.select_option("#seat-1", "human")
        ann.select_option("#clock", "day")
        ann.click("#new-table button[type=submit]")
        ann.wait_for_url("**/tables/*")
        table = ann.url.rsplit("/", 1)[1]
        ann.wait_for_selector("#invite-1")
        bob.goto(ann.input_value("#invite-1"))
        bob.wait_for_selector("#clocks .clock.running")
        mover = timed.call("GET", f"/api/tables/{table}")["to_act"][0]
        names = ["Ann", "Bob"]
        waiter = names[1 - mover]
        # both go back to the lobby; nobody looks at the table for 11 minutes
        for page in (ann, bob):
            page.goto(timed.base + "/")

        def gone():
            """both pages' sockets closed"""
            return not any(s["present"] for s in lobby_entry(timed, table)["seats"])

        wait_for(gone)
        timed.time.advance(11 * 60)
        assert timed.unload() == [table]
        hub = timed.hub
        assert table not in hub.tables and table in hub.unloader.away
        ann.reload()
        bob.reload()
        pages = {0: ann, 1: bob}
        for seat, page in pages.items():
            row = page.locator(f'#tables-title ~ table tr[data-table="{table}"]')
            row.wait_for()
            text = row.inner_text()
            assert "slow: 1 d 0 h a move" in text, text
            shown = row.locator(f'.lobby-clock-time[data-seat="{mover}"]').inner_text()
            assert shown.startswith(f"{names[mover]}: ") and shown.endswith(" left")
            left = seconds_of(shown.split(": ", 1)[1].removesuffix(" left"))
            assert DAY - 11 * 60 - 120 <= left <= DAY - 11 * 60, shown
            mine = page.locator(f'#played li[data-from="player"][data-table="{table}"]')
            mine.wait_for()
            if seat == mover:
                assert "your move" in mine.inner_text()
                assert page.locator(f'#played li[data-table="{table}"] .my-clock').count() == 1
                page.wait_for_selector(f'#waiting li[data-table="{table}"]')
                assert "1 table waits on your move" in page.inner_text("#waiting")
            else:
                assert f"waiting on {names[mover]}" in mine.inner_text()
                assert page.locator("#waiting").is_hidden()
        assert table not in hub.tables  # the lobby, the lists, "waiting on you": no rebuild
        assert ann.locator("#abandoned").count() == 0  # a slow table waits on its clock
        # a day less an hour later the clock still runs down, as the lobby shows
        timed.time.advance(DAY - 3600)
        assert timed.pass_time(0) == []  # not yet out of time
        pages[mover].reload()
        shown = (
            pages[mover]
            .locator(f'tr[data-table="{table}"] .lobby-clock-time[data-seat="{mover}"]')
            .inner_text()
        )
        assert 2400 <= seconds_of(shown.split(": ", 1)[1].removesuffix(" left")) <= 3000, shown
        assert table not in hub.tables
        # opening it from "Your tables" brings it back: the mover's moves, the same clock
        page = pages[mover]
        page.click(f'#played li[data-table="{table}"] a[href="/tables/{table}"]')
        page.wait_for_selector("#moves button.move:not([disabled])")
        assert table in hub.tables and table not in hub.unloader.away
        left = seconds_of(page.inner_text(f'#clocks .clock[data-seat="{mover}"] .clock-time'))
        assert 2400 <= left <= 3000
        assert "Your move" in page.inner_text("#turn")
        assert waiter in page.inner_text(f'.seat-chip[data-seat="{1 - mover}"]')
        # nothing of the table's secrets reached the lobby while it was away
        lobby = json.dumps(timed.call("GET", "/api/tables"))
        assert "token" not in lobby and "hand" not in lobby
        assert not errors and not bob_errors, errors + bob_errors
    finally:
        ann_context.close()
        bob_context.close()
