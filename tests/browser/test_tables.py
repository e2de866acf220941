"""Each game played in real Chromium, as people would: a table made from the lobby with two human
seats and bots, both seats in their own browser, moves clicked (on the board and on the move
buttons), one page reloaded mid-game, a spectator watching, the game played to its end.

Afterwards the record is replayed, and every payload any page received over its websocket must
be exactly what its seat may know at that move (as in tests/server/test_leak.py); the text of
each page, read while it played, must hold none of the other seats' secrets (their hands, cards
and choices not yet shown), and a spectator's none at all.
"""

from __future__ import annotations

import json
import random
import time

import pytest

import famiglia
from famiglia.core.record import replay

from ..server.helpers import expected_payload

# (players, options): two humans and bots; caps keep the games short but whole.
GAMES = {
    "the-mob": (3, {"max_years": 1}),
    "unfinished-business": (3, {}),
    "cash-n-guns": (4, {}),
    "blood-feud": (3, {"max_rounds": 1}),
    "scarface-1920": (3, {"max_turns": 3}),
}
CLICKS = 20  # moves clicked before the check that the game goes on after a reload
SPECTATOR = None
JOIN_FROM_LOBBY = "cash-n-guns"  # there the second seat is taken from the lobby's list
REMATCH = "unfinished-business"  # there the creator starts a rematch at the end
PHONE = 390  # the spectator watches on a phone-wide screen

DOM_TEXT = """() => {
  const root = document.querySelector('.table-page');
  const attrs = [...document.querySelectorAll('[title],[aria-label]')]
    .map(e => (e.getAttribute('title') || '') + ' ' + (e.getAttribute('aria-label') || ''));
  return {n: root ? Number(root.dataset.n) : -1, text: document.body.innerText + '\\n' + attrs.join('\\n'),
          aims: [...document.querySelectorAll('line.aim')].map(l => Number(l.dataset.from))};
}"""


class Seat:
    """One browser context: a page, the websocket frames it received, its DOM snapshots."""

    def __init__(self, browser, seat, width=1280):
        self.context = browser.new_context(viewport={"width": width, "height": 900})
        self.page = self.context.new_page()
        self.seat = seat
        self.frames: list[dict] = []
        self.snapshots: list[dict] = []
        self.errors: list[str] = []
        self.board_clicks = 0  # moves played by clicking the drawing, not a button
        self.page.on("websocket", self._socket)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _socket(self, ws):
        ws.on("framereceived", lambda data: self.frames.append(json.loads(data)))

    def n(self) -> int:
        value = self.page.eval_on_selector(".table-page", "e => e.dataset.n ?? '-1'")
        return int(value)

    def snapshot(self):
        self.snapshots.append(self.page.evaluate(DOM_TEXT))

    def wait_ready(self):
        self.page.wait_for_function(
            "() => document.querySelector('.table-page')?.dataset.n !== undefined", timeout=20000
        )


def create_from_lobby(page, base, game, players, options, friend="human"):
    """Fills the lobby's form: seat 0 is this browser, seat 1 a friend (invited, or `open` to
    the lobby), the rest easy (random) bots. (table, seat 1's invite link or None)"""
    page.goto(base + "/")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "input")
    for key, value in options.items():
        page.fill(f"#option-{key}", str(value))
    assert page.locator(".option .help").count() == len(famiglia.load(game).options)
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", friend)
    for k in range(2, players):
        page.select_option(f"#seat-{k}", "easy")
    page.click("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[1]
    if friend == "open":
        return table, None
    page.wait_for_selector("#invite-1")
    return table, page.input_value("#invite-1")


def play_one(seat: Seat, rng: random.Random) -> bool:
    """Clicks one legal move if the page offers any: on the board half the time (when the board
    offers one), else a move button. True if it clicked."""
    page = seat.page
    buttons = page.locator("#moves button.move:not([disabled])")
    count = buttons.count()
    if not count:
        return False
    before = seat.n()
    clicked = False
    board = page.locator("#board .pickable")
    if board.count() and rng.random() < 0.5:
        target = board.nth(rng.randrange(board.count()))
        try:
            target.click(timeout=1500)
            choice = page.locator("#moves .choice:not([hidden]) button.move")
            if choice.count():
                choice.nth(rng.randrange(choice.count())).click(timeout=1500)
        except Exception:  # covered or moved by a new payload: a button will do
            pass
        clicked = page.locator("#moves.sending").count() > 0 or seat.n() > before
        seat.board_clicks += clicked
    if not clicked and rng.random() < 0.15:  # the keyboard: key 1 plays the first move
        page.evaluate("document.activeElement && document.activeElement.blur()")
        page.keyboard.press("1")
        clicked = True
    if not clicked:
        try:
            buttons.nth(rng.randrange(count)).click(timeout=1500)
        except Exception:
            return False
    # The move is played (n moves on), or refused or overtaken (the notice, or fresh buttons).
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if seat.n() > before or page.locator("#notice p").count():
            break
        time.sleep(0.03)
    seat.snapshot()
    return True


def secrets(game: str, view: dict, seat: int) -> set[str]:
    """Names of what seat `seat` holds unseen by the others, read from its own view."""
    if game == "the-mob":
        return {*view["hand"], *view["returning"], *view["my_set_aside"]}
    if game == "unfinished-business":
        don = view["dons"][seat]
        return {*don["hand"], *([don["poker_card"]] if don["poker_card"] else [])}
    if game == "cash-n-guns":
        from famiglia.games.cash_n_guns.data import SURPRISE_TITLE

        return {SURPRISE_TITLE[view["my_surprise"]]} if view["my_surprise"] else set()
    if game == "scarface-1920":
        from famiglia.games.scarface_1920 import data as D

        mine = view["gangs"][seat]
        names = {D.CARDS[c]["name"] for c in [*mine["hand"], *mine["deck"]]}
        names |= {D.JOBS[j]["name"] for j in mine["jobs"]}
        names |= {D.STREET_GANGS[g]["name"] for g in mine["street_gangs"]}
        return names
    return set()  # Blood Feud hides nothing but the dice to come


def known_names(game: str, state, seat) -> str:
    """Everything `seat` may read at this state, as text: its payload, names put on its numbers,
    and the names the board always shows."""
    text = json.dumps(expected_payload("x", state, seat))
    if game == "the-mob":
        from famiglia.server.gamedata import content

        board = content(game)  # the legal businesses and spaces are printed on the board
        text += json.dumps([board["legal"], board["spaces"], board["out_of_circulation"]])
    if game == "scarface-1920":
        from famiglia.games.scarface_1920 import data as D

        view = state.view(seat)
        shown = list(view["market"]) + [c for g in view["gangs"] for c in g["plan"] + g["discard"]]
        shown += [c for g in view["gangs"] for c in g.get("hand", []) + g.get("deck", [])]
        text += " ".join(D.CARDS[c]["name"] for c in shown)
        jobs = [j for g in view["gangs"] for j in g["active_jobs"] + g.get("jobs", [])]
        text += " ".join(D.JOBS[j]["name"] for j in jobs)
        text += (
            " ".join(D.STREET_GANGS[g]["name"] for g in view["gangs"][seat]["street_gangs"])
            if seat is not None
            else ""
        )
    return text


def check_everything(game, table, record, seats: list[Seat]):
    """Replays the record once; at each move, checks every frame and DOM snapshot taken then."""
    players = record["players"]
    # Public names: nobody typed one in these browsers; a bot is named by its level.
    names = [None if a == "human" else f"{a.split(':')[0]} bot" for a in record["agents"]]
    by_n: dict[int, list] = {}
    for s in seats:
        for frame in s.frames:
            if "view" in frame:
                by_n.setdefault(frame["n"], []).append(("frame", s.seat, frame))
            elif "chat" in frame:
                for line in frame["chat"]:
                    assert line["to"] is None or s.seat in (line["seat"], *line["to"]), line
            elif "error" in frame:
                assert s.seat is not None, "a spectator sent nothing, so was refused nothing"
        for snap in s.snapshots:
            by_n.setdefault(snap["n"], []).append(("dom", s.seat, snap))
    checked = {"frame": 0, "dom": 0}
    for n in range(len(record["moves"]) + 1):
        items = by_n.get(n)
        if not items:
            continue
        state = replay(record, until=n)
        for kind, seat, item in items:
            checked[kind] += 1
            if kind == "frame":
                expected = expected_payload(table, state, seat, names) | {"n": n}
                assert item == expected, f"{game}: seat {seat} was sent more or other at move {n}"
                continue
            known = known_names(game, state, seat)
            for other in range(players):
                if other == seat:
                    continue
                view = state.view(other)
                leaked = {
                    x for x in secrets(game, view, other) if x not in known and x in item["text"]
                }
                assert not leaked, (
                    f"{game}: seat {seat}'s page shows seat {other}'s {leaked} at {n}"
                )
                if game == "cash-n-guns" and state.view(seat)["aims"][other] is None:
                    assert other not in item["aims"], f"seat {other}'s hidden aim drawn at {n}"
    assert checked["frame"] > 20 and checked["dom"] > 5, checked


def rematch(table: str, first: Seat, second: Seat, watcher: Seat):
    """The creator's rematch from the end screen: the server makes a new table of the same
    seats and takes the creator to their seat there; the friend's end screen says "Rematch
    ready: join" and joining sits them in seat 1, with the code only their token fetched; the
    spectator is told of the new table, and no frame or chat line holds a code."""
    first.page.click("#rematch")
    first.page.wait_for_function(f"() => !location.pathname.endsWith('/{table}')")
    first.wait_ready()
    again = first.page.url.rsplit("/", 1)[1]
    assert first.page.locator(".seat-chip.me").get_attribute("data-seat") == "0"
    second.page.locator("#rematch-join").click()
    second.page.wait_for_url(f"**/tables/{again}")
    second.wait_ready()
    assert second.page.locator(".seat-chip.me").get_attribute("data-seat") == "1"
    told = [f["rematch"] for f in watcher.frames if "rematch" in f]
    assert told and all(r["id"] == again for r in told)
    for s in (watcher, first, second):  # no frame carries a code: each player fetched theirs
        assert all(
            set(f["rematch"]) == {"id", "url", "seating"} for f in s.frames if "rematch" in f
        )
    chats = [line for f in first.frames + second.frames for line in f.get("chat", ())]
    assert not any("#claim" in line["text"] or "#token" in line["text"] for line in chats)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_game_in_the_browser(browser, server, game, tmp_path):
    players, options = GAMES[game]
    rng = random.Random(game)
    first, second = Seat(browser, 0), Seat(browser, 1)
    watcher = Seat(browser, SPECTATOR, width=PHONE)
    try:
        friend = "open" if game == JOIN_FROM_LOBBY else "human"
        table, invite = create_from_lobby(first.page, server, game, players, options, friend)
        assert first.page.url.endswith(f"/tables/{table}")
        assert "#" not in first.page.url, "no secret in the address bar"
        assert game == JOIN_FROM_LOBBY or "#claim=" in invite
        if game == JOIN_FROM_LOBBY:
            second.page.goto(server + "/")
            second.page.click(f"tr[data-table='{table}'] button:has-text('Join seat 1')")
            second.page.wait_for_url(f"**/tables/{table}")
        else:
            second.page.goto(invite)
        watcher.page.goto(f"{server}/tables/{table}?watch")
        for s in (first, second, watcher):
            s.wait_ready()
        assert watcher.page.locator("#chat-text").count() == 0, "spectators cannot chat"
        assert watcher.page.locator("#moves button.move").count() == 0
        first.page.fill("#chat-text", "good luck")
        first.page.select_option("#chat-to", "1")
        first.page.click(".chat-form button")
        second.page.wait_for_selector(".chat-lines li.private")
        clicks, reloaded, idle = 0, False, time.monotonic()
        while first.page.eval_on_selector(".table-page", "e => e.dataset.over") != "true":
            moved = False
            for s in (first, second):
                if play_one(s, rng):
                    clicks += 1
                    moved = True
            if clicks >= CLICKS // 2 and not reloaded:
                second.page.reload()  # the token is kept in the browser: the same seat again
                second.wait_ready()
                assert second.page.locator(".seat-chip.me").get_attribute("data-seat") == "1"
                reloaded = True
            if moved:
                idle = time.monotonic()
            else:
                assert time.monotonic() - idle < 60, f"{game}: nothing to click for a minute"
                time.sleep(0.05)
            if clicks % 7 == 0:
                watcher.snapshot()
        assert clicks >= CLICKS and reloaded
        assert first.board_clicks + second.board_clicks, f"{game}: no move picked on the board"
        wide = watcher.page.evaluate("document.documentElement.scrollWidth")
        assert wide <= PHONE, f"a phone must not scroll sideways ({wide} px)"
        for s in (first, second, watcher):
            s.page.wait_for_selector("#result:not([hidden])")
            s.snapshot()
            assert s.page.locator(".ranking tbody tr[data-seat]").count() == players
            assert not s.errors, s.errors
        first.page.screenshot(path=str(tmp_path / f"{game}.png"))
        record = first.page.request.get(f"{server}/api/tables/{table}/record").json()
        check_everything(game, table, record, [first, second, watcher])
        if game == REMATCH:
            rematch(table, first, second, watcher)
    finally:
        for s in (first, second, watcher):
            s.context.close()
