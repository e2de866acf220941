"""A real-time table's time-out in the browser (the CLOCK clauses of docs/rules): two players in
two browsers, one stops answering; once the server's clock (moved by the test, never slept on)
runs out, both pages say a bot played for that seat, the seat's own page offers "Take back my
seat", and after it the seat's next move waits for its player. A forfeit table shows the
forfeit instead, with no way back."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from .timed import TimedServer, wait_for

REALTIME = {"mode": "realtime", "bank": 60, "per_move": 5}


@pytest.fixture(scope="module")
def timed(tmp_path_factory):
    server = TimedServer(tmp_path_factory.mktemp("timeouts"))
    yield server
    server.stop()


def two_players(browser, timed, on_timeout):
    """A real-time table of Ann (seat 0) and Bob (seat 1), each in a browser of their own that
    opened their invite link; {seat: page}, the table's id, and the contexts."""
    body = {
        "game": "unfinished-business",
        "players": 2,
        "seats": ["human", "human"],
        "creator_seat": None,
        "seed": 7,  # Bob (seat 1) moves first
        "clock": {**REALTIME, "on_timeout": on_timeout},
    }
    made = timed.call("POST", "/api/tables", body)
    pages, contexts, errors = {}, [], []
    for seat, name in ((0, "Ann"), (1, "Bob")):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(timed.base + "/")
        page.evaluate("(name) => localStorage.setItem('famiglia.name', JSON.stringify(name))", name)
        page.goto(made["seats"][seat]["url"])
        page.wait_for_selector(".table-page[data-n]")
        pages[seat] = page
    for page in pages.values():
        page.wait_for_selector("#clocks .clock.running")
    return made["id"], pages, contexts, errors


def n_of(page) -> int:
    return int(page.locator(".table-page").get_attribute("data-n"))


def to_act(timed, table) -> list[int]:
    return timed.call("GET", f"/api/tables/{table}")["to_act"]


def click_a_move(page):
    before = n_of(page)
    page.locator("#moves button.move:not([disabled])").first.click()
    page.wait_for_function(
        "(n) => Number(document.querySelector('.table-page').dataset.n) > n", arg=before
    )


def test_a_seat_timed_out_is_played_by_a_bot_until_its_player_takes_it_back(browser, timed):
    table, pages, contexts, errors = two_players(browser, timed, "bot:easy")
    try:
        assert to_act(timed, table) == [1]
        bob, ann = pages[1], pages[0]
        # Bob stops answering; a minute passes on the server's clock
        assert timed.pass_time(61) == [(table, 1)]
        # the easy bot plays Bob's turn: Ann's page says so, by Bob's name
        wait_for(lambda: to_act(timed, table) == [0], what="the bot to finish Bob's turn")
        ann.wait_for_selector("#clocks .clock-log li:has-text('Bob')")
        log = ann.inner_text("#clocks .clock-log")
        assert "Bob's time ran out: the easy bot moves for it" in log, log
        assert "The easy bot played" in log and "for Bob" in log, log
        assert "time out" in ann.inner_text('.seat-chip[data-seat="1"]')
        assert ann.locator("#resume").count() == 0  # not Ann's to take back
        # Bob's own page: his time ran out, and a way back
        bob.wait_for_selector("#resume")
        assert "Your time ran out" in bob.inner_text("#clocks .clock-log")
        assert "The easy bot played" in bob.inner_text("#clocks .clock-log")
        assert bob.inner_text("#resume") == "Take back my seat"
        bob.click("#resume")
        bob.wait_for_selector("#resume", state="detached")
        bob.wait_for_selector("#clocks .clock-log li:has-text('You are back')")
        assert "You are back" in bob.inner_text("#clocks .clock-log")
        ann.wait_for_selector("#clocks .clock-log li:has-text('Bob is back')")
        assert "seat 1" not in ann.inner_text("#clocks .clock-log")  # named, never numbered
        assert "time out" not in bob.inner_text('.seat-chip[data-seat="1"]')
        # Ann plays her turn to its end; then Bob's turn waits for Bob, not for a bot
        while to_act(timed, table) == [0]:
            click_a_move(ann)
        bob.wait_for_selector("#moves button.move:not([disabled])")
        at = n_of(bob)
        time.sleep(1.5)  # a bot would have moved by now (the easy one moves at once)
        assert n_of(bob) == at and to_act(timed, table) == [1]
        assert "Your move" in bob.inner_text("#turn")
        click_a_move(bob)
        seen = timed.call("GET", f"/api/tables/{table}")
        assert not seen["clock"]["seats"][1]["timed_out"]
        assert seen["clock"]["notices"][-2]["kind"] == "bot_moved"
        assert {k: v for k, v in seen["clock"]["notices"][-1].items() if k != "at"} == {
            "seat": 1,
            "kind": "back",
        }
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()


def test_a_forfeit_table_shows_the_forfeit(browser, timed):
    table, pages, contexts, errors = two_players(browser, timed, "forfeit")
    try:
        bob, ann = pages[1], pages[0]
        assert timed.pass_time(61) == [(table, 1)]
        ann.wait_for_selector("#clocks .clock-log li:has-text('Bob')")
        assert "Bob's time ran out: it forfeits" in ann.inner_text("#clocks .clock-log")
        ann.wait_for_selector('.seat-chip[data-seat="1"]:has-text("forfeited")')
        assert "forfeited" in ann.inner_text('#clocks .clock[data-seat="1"]')
        bob.wait_for_selector('#clocks .clock[data-seat="1"]:has-text("forfeited")')
        assert "Your time ran out: you forfeit" in bob.inner_text("#clocks .clock-log")
        assert bob.locator("#resume").count() == 0  # no way back from a forfeit
        # the lobby lists Bob's seat as forfeited too
        ann.goto(timed.base + "/")
        row = ann.locator(f'tr[data-table="{table}"]')
        row.wait_for()
        assert "Bob, forfeited" in row.inner_text()
        # Ann plays on to the end (by her seat's token, quickly): Bob is ranked last
        token = json.loads(ann.evaluate(f"() => localStorage.getItem('famiglia.seat.{table}')"))
        bob.goto("about:blank")  # no page redrawn at each of the moves to come
        play_to_the_end(timed, table, token["token"])
        ann.goto(f"{timed.base}/tables/{table}")
        ann.wait_for_selector("#result:not([hidden]) .forfeit-note")
        note = ann.inner_text("#result .forfeit-note")
        assert note == "Bob forfeited when the clock ran out: ranked last.", note
        result = timed.call("GET", f"/api/tables/{table}")["result"]
        assert result["forfeit"] == [1] and result["ranking"][1] == 2
        bob.goto(f"{timed.base}/tables/{table}")
        bob.wait_for_selector("#result:not([hidden]) .forfeit-note")
        assert bob.inner_text("#result .forfeit-note").startswith("You forfeited")
        assert not errors, errors
    finally:
        for context in contexts:
            context.close()


def test_the_seats_frame_and_the_page_keep_the_webhook_secret(browser, timed):
    """A webhook given in the lobby goes with the claim, and no page of the table shows it."""
    body = {
        "game": "unfinished-business",
        "players": 2,
        "seats": ["human", "human"],
        "creator_seat": None,
        "clock": {"mode": "slow", "per_move": 86400},
    }
    made = timed.call("POST", "/api/tables", body)
    secret = "http://127.0.0.1:9/hook-secret-path"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(timed.base + "/")
        page.evaluate(
            "(url) => localStorage.setItem('famiglia.webhook', JSON.stringify(url))", secret
        )
        page.goto(made["seats"][1]["url"])
        page.wait_for_selector(".table-page[data-n]")
        stored = timed.run(lambda hub: _webhooks(hub, made["id"]))
        assert stored[1][0] == secret and list(stored) == [1]  # given with the claim
        assert "hook-secret-path" not in page.content()
        watcher = context.new_page()
        watcher.goto(f"{timed.base}/tables/{made['id']}?watch")
        watcher.wait_for_selector(".table-page[data-n]")
        assert "hook-secret-path" not in watcher.content()
        assert "hook-secret-path" not in json.dumps(timed.call("GET", "/api/tables"))
    finally:
        context.close()


def play_to_the_end(timed, table, token, seconds=90):
    """Plays the token's seat by its first legal move until the game is over."""
    deadline = time.monotonic() + seconds
    while True:
        mine = timed.call("GET", f"/api/tables/{table}", token=token)
        if mine["over"]:
            return
        assert time.monotonic() < deadline, "the table did not end"
        if mine["legal"]:
            move = {"action": mine["legal"][0]["action"], "n": mine["n"]}
            try:
                timed.call("POST", f"/api/tables/{table}/moves", move, token=token)
            except httpx.HTTPStatusError:  # overtaken by a bot's move: look again
                pass
        else:
            time.sleep(0.02)


async def _webhooks(hub, table_id):
    return dict((await hub.get(table_id)).webhooks)
