"""The replay page in Chromium: a finished game of each game stepped through, the page drawing at
move n exactly `view(seat)` of the replayed state; #n= in the address leads to a move."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from famiglia.core.record import replay

from .pages import claim, new_page, new_table

QUICK = {  # short games that reach their end (tests/server/helpers.py QUICK)
    "the-mob": (3, {"max_years": 1}),
    "unfinished-business": (3, {}),
    "cash-n-guns": (4, {}),
    "blood-feud": (3, {"max_rounds": 1}),
    "scarface-1920": (2, {"max_turns": 2}),
}
VARIANTS = {  # the same, and the modes with a page of their own
    **{game: (game, *shape) for game, shape in QUICK.items()},
    "cash-n-guns-teams": ("cash-n-guns", 6, {"teams": True}),
    "scarface-1920-solo": ("scarface-1920", 1, {"solo": True, "max_turns": 2}),
}


def finished(server, game, seed=4, players=None, options=None):
    if players is None:
        players, options = QUICK[game]
    made = new_table(server, game, ["random"] * players, seed=seed, **options)
    deadline = time.monotonic() + 120
    while not httpx.get(f"{server}/api/tables/{made['id']}", timeout=30).json()["over"]:
        assert time.monotonic() < deadline, f"{game} did not finish"
        time.sleep(0.1)
    record = httpx.get(f"{server}/api/tables/{made['id']}/record", timeout=30).json()
    return made["id"], record


def shown(page, n, seat="all"):
    """The payload the page drew, once it shows move n for `seat`."""
    page.wait_for_function(
        "([n, seat]) => { const r = document.querySelector('.replay-page');"
        " return r && r.dataset.n === String(n) && r.dataset.seat === seat; }",
        arg=[n, seat],
    )
    return page.evaluate("() => window.famigliaReplay")


def same(a, b):
    return json.loads(json.dumps(a)) == json.loads(json.dumps(b))


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_stepping_through_a_finished_game(browser, opened, server, variant):
    game, players, options = VARIANTS[variant]
    table, record = finished(server, game, players=players, options=options)
    total = len(record["moves"])
    other = 1 if players > 1 else 0
    page, errors = opened(new_page(browser))
    page.goto(f"{server}/tables/{table}/replay#n=2&seat=0")
    got = shown(page, 2, "0")
    state = replay(record, until=2)
    assert same(got["view"], state.view(0)) and same(got["events"], state.events(0))
    assert page.locator("#board").inner_text().strip(), "the table is drawn"
    chips = page.locator(".seat-chip")  # the players by name, as at the table
    assert chips.count() == players
    assert "random bot" in chips.first.inner_text()
    assert page.locator(".seat-chip.me").get_attribute("data-seat") == "0"
    assert page.locator("#replay-seat option[value='0']").inner_text().startswith("random bot")
    page.keyboard.press("ArrowRight")
    got = shown(page, 3, "0")
    assert same(got["view"], replay(record, until=3).view(0))
    assert "#n=3&seat=0" in page.url
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert same(shown(page, 1, "0")["view"], replay(record, until=1).view(0))
    assert "random bot" in page.locator("#replay-move").inner_text()
    page.select_option("#replay-seat", str(other))
    got = shown(page, 1, str(other))
    assert same(got["view"], replay(record, until=1).view(other))
    middle = total // 2
    page.fill("#replay-n", str(middle))
    page.press("#replay-n", "Enter")
    state = replay(record, until=middle)
    got = shown(page, middle, str(other))
    assert same(got["view"], state.view(other)) and same(got["events"], state.events(other))
    lines = page.locator("#log li").count()
    assert lines == min(len(state.events(other)), 400)
    page.select_option("#replay-seat", "all")
    got = shown(page, middle, "all")
    assert same(got["views"], [state.view(k) for k in range(record["players"])])
    page.click("#replay-last")
    got = shown(page, total, "all")
    assert got["over"] and page.locator("#result").is_visible()
    ranking = page.locator("#result .ranking tbody tr[data-seat]")
    assert ranking.count() == players and "random bot" in ranking.first.inner_text()
    assert page.locator("#replay-forward").is_disabled()
    page.click("#replay-first")
    assert shown(page, 0, "all")["move"] is None
    assert not errors, errors


def test_a_link_to_a_move_and_playing(browser, opened, server):
    table, record = finished(server, "scarface-1920", seed=9)
    total = len(record["moves"])
    page, errors = opened(new_page(browser))
    page.goto(f"{server}/tables/{table}/replay#n=5")
    assert shown(page, 5)["n"] == 5
    assert page.locator("#replay-move").inner_text().startswith("Move 5:")
    page.evaluate("() => { location.hash = 'n=7&seat=1'; }")  # a link followed in the tab
    assert same(shown(page, 7, "1")["view"], replay(record, until=7).view(1))
    movers = [seat for seat, _ in record["moves"]]
    after = next(i for i in range(8, total) if movers[i] != movers[i - 1])
    page.click("#replay-turn-on")  # the next seat's turn: its first move not yet played
    assert shown(page, after, "1")["n"] == after
    before = max([0] + [i for i in range(1, after) if movers[i] != movers[i - 1]])
    page.keyboard.press("PageUp")
    assert shown(page, before, "1")["n"] == before
    assert page.locator("#replay-turn").inner_text().startswith("turn ")
    page.select_option("#replay-speed", "10")
    page.click("#replay-play")
    page.wait_for_function("() => Number(document.querySelector('.replay-page').dataset.n) >= 10")
    page.click("#replay-play")  # pause
    stopped = int(page.locator(".replay-page").get_attribute("data-n"))
    time.sleep(0.5)
    assert int(page.locator(".replay-page").get_attribute("data-n")) == stopped < total
    page.goto(f"{server}/tables/{table}/replay#n={total + 50}")  # past the end: the end
    assert shown(page, total)["over"]
    assert not errors, errors


def test_an_unfinished_table_says_it_has_no_replay(browser, opened, server):
    made = new_table(server, "cash-n-guns", ["human"] * 4)
    page, errors = opened(new_page(browser))
    page.goto(f"{server}/tables/{made['id']}/replay")
    page.wait_for_function("() => document.querySelector('.replay-page')?.dataset.error")
    assert "once its game is over" in page.locator("#turn").inner_text()
    assert page.evaluate("() => window.famigliaReplay") is None


def test_the_lobby_and_the_result_link_to_the_replay(browser, opened, server):
    table, _ = finished(server, "scarface-1920", seed=11)
    page, errors = opened(new_page(browser))
    page.goto(f"{server}/")
    link = page.locator(f'[data-key="replay-{table}"]')
    link.wait_for()
    link.click()
    shown(page, len(httpx.get(f"{server}/api/tables/{table}/record").json()["moves"]))
    page.goto(f"{server}/tables/{table}?watch")
    page.locator("#replay-link").click()
    page.wait_for_url(f"**/tables/{table}/replay**")
    shown(page, len(httpx.get(f"{server}/api/tables/{table}/record").json()["moves"]))
    assert not errors, errors


@pytest.mark.parametrize("size", [(390, 844), (1280, 900)], ids=["phone", "desktop"])
def test_nothing_overflows_sideways(browser, server, size):
    table, record = finished(server, "blood-feud", seed=5)
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    try:
        page.goto(f"{server}/tables/{table}/replay#n=10")
        shown(page, 10)
        page.screenshot(path=f"/tmp/replay-{size[0]}x{size[1]}.png")
        page.locator("details.replay-seat-view").first.locator("summary").click()
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= size[0], f"the page is {wide}px wide in a {size[0]}px window"
        for control in [
            "#replay-back",
            "#replay-play",
            "#replay-forward",
            "#replay-slider",
            "#replay-seat",
        ]:
            box = page.locator(control).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0], control
    finally:
        context.close()


def test_the_players_are_named_as_at_their_table(browser, opened, server):
    """A table of a named player and a bot, played to its end: the replay's chips, move line,
    log and end screen name "Anna" where the game says "seat 0"."""
    made = new_table(
        server, "scarface-1920", [{"kind": "human", "name": "Anna"}, "greedy"], seed=5, max_turns=2
    )
    token = claim(server, made, 0)
    table = made["id"]
    deadline = time.monotonic() + 120
    while True:
        mine = httpx.get(
            f"{server}/api/tables/{table}", headers={"authorization": f"Bearer {token}"}, timeout=30
        ).json()
        if mine["over"]:
            break
        assert time.monotonic() < deadline, "the game did not end"
        if mine["legal"]:
            httpx.post(
                f"{server}/api/tables/{table}/moves",
                timeout=30,
                headers={"authorization": f"Bearer {token}"},
                json={"action": mine["legal"][0]["action"], "n": mine["n"]},
            )
        else:
            time.sleep(0.05)
    record = httpx.get(f"{server}/api/tables/{table}/record", timeout=30).json()
    first = next(i for i, (seat, _) in enumerate(record["moves"], 1) if seat == 0)
    page, errors = opened(new_page(browser))
    page.goto(f"{server}/tables/{table}/replay#n={first}&seat=1")
    got = shown(page, first, "1")
    assert got["names"] == ["Anna", "greedy bot"]
    assert page.locator(".seat-chip[data-seat='0']").inner_text().startswith("Anna")
    assert page.locator("#replay-move").inner_text().startswith(f"Move {first}: Anna")
    assert page.locator("#replay-seat option[value='0']").inner_text() == "Anna (seat 0)"
    page.click("#replay-last")
    shown(page, len(record["moves"]), "1")
    assert "Anna" in page.locator("#result").inner_text()
    log = page.locator("#log").inner_text()
    assert "Anna" in log and "seat 0" not in log
    assert not errors, errors
