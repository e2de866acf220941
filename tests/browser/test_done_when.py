"""Issue 38's "Done when", walked once in Chromium from a clean server: a player names themself
once (the name outlives a reload), plays a rated real-time table where the friend who leaves is
replaced by a bot on time-out, plays a slow table over a simulated day with a webhook delivered
to a local receiver, replays the finished game move by move, and sees the ratings move on the
leaderboard. The server's clock is the test's (tests/browser/timed.py): no sleeping on it."""

from __future__ import annotations

import json
import time

import pytest

from tests.server.conftest import pg_url, postgres  # noqa: F401 (fixtures: a PostgreSQL database)

from .pages import name_player, player_of
from .timed import Receiver, TimedServer, seconds_of

HOUR, DAY = 3600, 86400


@pytest.fixture(scope="module")
def timed(tmp_path_factory):
    server = TimedServer(tmp_path_factory.mktemp("done-when"), unload_minutes=10)
    yield server
    server.stop()


@pytest.fixture
def receiver():
    found = Receiver()
    yield found
    found.stop()


def wait_for(check, seconds=30, what="it"):
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what}"
        time.sleep(0.05)


class Person:
    """One person's browser (a context of its own)."""

    def __init__(self, browser, timed) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.timed = timed

    def lobby(self):
        self.page.goto(self.timed.base + "/")
        self.page.wait_for_selector("#new-table")

    def player(self) -> dict:
        return player_of(self.page)

    def name_self(self, name: str):
        self.lobby()
        name_player(self.page, name)

    def start_table(self, game, players, clock, rated=False, options=None) -> tuple[str, str]:
        """From the lobby's form: this person at seat 0, a friend invited at seat 1, easy bots
        after; (table id, the friend's invite link)."""
        page = self.page
        self.lobby()
        page.select_option("#game", game)
        page.fill("#players", str(players))
        page.dispatch_event("#players", "input")
        for key, value in (options or {}).items():
            page.fill(f"#option-{key}", str(value))
        page.select_option("#seat-0", "me")
        page.select_option("#seat-1", "human")
        for k in range(2, players):
            page.select_option(f"#seat-{k}", "easy")
        page.select_option("#clock", clock)
        if rated:
            page.check("#rated")
        page.click("#new-table button[type=submit]")
        page.wait_for_url("**/tables/*")
        page.wait_for_selector("#invite-1")
        return page.url.rsplit("/", 1)[1], page.input_value("#invite-1")

    def n(self) -> int:
        return int(self.page.locator(".table-page").get_attribute("data-n"))

    def click_a_move(self) -> bool:
        """Plays the first move the page offers (False: none offered now)."""
        buttons = self.page.locator("#moves button.move:not([disabled])")
        if not buttons.count():
            return False
        before = self.n()
        try:
            buttons.first.click(timeout=2000)
            self.page.wait_for_function(
                "(n) => Number(document.querySelector('.table-page').dataset.n) > n"
                " || document.querySelector('#notice p')",
                arg=before,
                timeout=10000,
            )
        except Exception:  # overtaken by a new payload: the next loop looks again
            return False
        return True


def seen(timed, table) -> dict:
    return timed.call("GET", f"/api/tables/{table}")


def leaderboard(timed) -> dict:
    return {r["rater"]: r for r in timed.call("GET", "/api/games/the-mob/leaderboard")["ratings"]}


def test_done_when(browser, timed, receiver):
    walk(browser, timed, receiver)


def test_done_when_on_postgresql(browser, pg_url, tmp_path, receiver):  # noqa: F811
    """The same walk on PostgreSQL (a fresh database of the session's throwaway cluster)."""
    server = TimedServer(tmp_path, db=pg_url, unload_minutes=10)
    try:
        walk(browser, server, receiver)
    finally:
        server.stop()


def walk(browser, timed, receiver):
    started = time.monotonic()
    ann, bob = Person(browser, timed), Person(browser, timed)
    try:
        # 1. Ann names herself once: the lobby, a reload, the server all know her name
        ann.name_self("Ann")
        ann.page.reload()
        ann.page.wait_for_selector("#new-table")
        assert ann.page.input_value("#player-name") == "Ann"
        me = ann.player()
        answer = timed.call("GET", "/api/me", token=me["key"])
        assert answer["name"] == "Ann" and answer["id"] == me["id"]
        bob.name_self("Bob")
        bob_player = bob.player()
        assert not leaderboard(timed)  # a clean server: nobody rated yet

        # 2. A rated real-time table (5 min + 5 s a move): Ann, Bob and an easy bot
        table, invite = ann.start_table("the-mob", 3, "blitz", rated=True, options={"max_years": 1})
        bob.page.goto(invite)
        bob.page.wait_for_selector("#clocks .clock.running")
        ann.page.wait_for_selector("#clocks .clock.running")
        assert "real time: 5:00 + 5 s a move" in ann.page.inner_text("#clocks .clocks-title")
        # Ann plays until the table waits on Bob alone (not on her: her clock stops)
        wait_for(
            lambda: (
                (lambda s: 1 in s["to_act"] and 0 not in s["to_act"])(seen(timed, table))
                or ann.click_a_move()
                and False
            ),
            what="Bob's turn",
        )
        bob.page.goto("about:blank")  # Bob leaves the table
        assert timed.pass_time(5 * 60 + 1) == [(table, 1)]
        ann.page.wait_for_selector("#clocks .clock-log li:has-text('Bob')")
        log = ann.page.inner_text("#clocks .clock-log")
        assert "Bob's time ran out: the easy bot moves for it" in log, log
        ann.page.wait_for_selector('.seat-chip[data-seat="1"]:has-text("time out")')
        # Ann plays on to the end against the bots (one playing Bob's seat)
        wait_for(lambda: seen(timed, table)["over"] or ann.click_a_move() and False, 60, "the end")
        ann.page.wait_for_selector("#result:not([hidden])")
        assert "The easy bot played" in ann.page.inner_text("#clocks .clock-log")
        assert "Bob" in ann.page.inner_text("#result")  # the players by name (Ann: "you")

        # 3. A slow table (a day a move), Bob told by his webhook when his turn comes
        bob.lobby()
        bob.page.click(".webhook summary")
        bob.page.fill("#player-webhook", receiver.url)
        bob.page.dispatch_event("#player-webhook", "change")
        slow, invite = ann.start_table("unfinished-business", 2, "day")
        bob.page.goto(invite)
        bob.page.wait_for_selector("#clocks .clock.running")
        assert "slow play: 1 d 0 h a move" in bob.page.inner_text("#clocks .clocks-title")
        bob.page.goto("about:blank")  # Bob goes about his day
        wait_for(
            lambda: seen(timed, slow)["to_act"] == [1] or ann.click_a_move() and False,
            what="Bob's turn at the slow table",
        )
        got = receiver.wait_for(1)
        mine = [m for m in got if m["table"] == slow]
        assert mine and mine[0]["seat"] == 1 and mine[0]["url"].endswith(f"/tables/{slow}")
        assert "Your move" in mine[0]["content"] and "token" not in json.dumps(mine)
        # nobody looks for 20 hours: the table leaves memory, and is still listed for Bob
        ann.page.goto("about:blank")
        wait_for(lambda: not any(s["present"] for s in lobby_entry(timed, slow)["seats"]))
        timed.time.advance(20 * HOUR)
        assert slow in timed.unload()
        assert timed.pass_time(0) == []  # four hours left on Bob's clock
        bob.lobby()
        bob.page.wait_for_selector(f'#waiting li[data-table="{slow}"]')
        assert "1 table waits on your move" in bob.page.inner_text("#waiting")
        assert slow not in timed.hub.tables
        # Bob follows the webhook's link: the table is rebuilt, his move waits for him
        bob.page.goto(mine[0]["url"])
        bob.page.wait_for_selector("#moves button.move:not([disabled])")
        left = seconds_of(bob.page.inner_text('#clocks .clock[data-seat="1"] .clock-time'))
        assert 3 * HOUR < left <= 4 * HOUR
        assert bob.click_a_move()

        # 4. Ann replays the finished real-time game move by move
        page = ann.page
        page.goto(f"{timed.base}/tables/{table}/replay#n=0")
        page.wait_for_selector(".replay-page[data-n='0']")
        for n in (1, 2, 3):
            page.click("#replay-forward")
            page.wait_for_selector(f".replay-page[data-n='{n}']")
            assert page.locator("#replay-move").inner_text().startswith(f"Move {n}:")
        page.click("#replay-back")
        page.wait_for_selector(".replay-page[data-n='2']")
        page.click("#replay-last")
        page.wait_for_selector("#result:not([hidden])")

        # 5. The ratings moved: Ann, Bob and the easy bot, on the game's leaderboard
        board = leaderboard(timed)
        assert {me["id"], bob_player["id"], "bot:easy"} <= set(board)
        assert all(r["games"] == 1 for r in board.values())
        assert any(abs(r["mu"] - 25) > 0.01 for r in board.values())
        page.goto(f"{timed.base}/games/the-mob/leaderboard")
        page.wait_for_selector("#board tbody tr")
        text = page.inner_text("#board")
        assert "Ann" in text and "Bob" in text
        assert page.locator("#board tbody tr.mine").count() == 1  # Ann's own row
        assert not ann.errors and not bob.errors, ann.errors + bob.errors
    finally:
        ann.context.close()
        bob.context.close()
    assert time.monotonic() - started < 120, "the walk should stay well under two minutes"


def lobby_entry(timed, table) -> dict:
    return next(t for t in timed.call("GET", "/api/tables") if t["id"] == table)
