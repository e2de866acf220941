"""The players' pages in Chromium: a first visit makes a player (its key in localStorage only),
the lobby lists "Your tables" from the server and filters the tables, a transfer link moves the
player to another browser, and the leaderboard and player pages show a finished rated table
(the rating chart drawn as inline SVG, nothing fetched from elsewhere)."""

from __future__ import annotations

import json
import time
from urllib.parse import urlsplit

import httpx

from .pages import name_player, new_page, player_of
from .test_axe import violations


def play_rated_table(base: str, key: str) -> str:
    """A rated The Mob table of the player against two bots, played to its end by the API."""
    body = {
        "game": "the-mob",
        "players": 3,
        "seats": ["human", "easy", "medium"],
        "options": {"max_years": 1},
        "seed": 4,
        "rated": True,
    }
    made = httpx.post(f"{base}/api/tables", json=body, headers={"X-Player": key}, timeout=30)
    made = made.raise_for_status().json()
    table, token = made["id"], made["seats"][0]["token"]
    seat_auth = {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        mine = httpx.get(f"{base}/api/tables/{table}", headers=seat_auth, timeout=30).json()
        if mine["over"]:
            return table
        if mine["legal"]:
            httpx.post(
                f"{base}/api/tables/{table}/moves",
                json={"action": mine["legal"][0]["action"], "n": mine["n"]},
                headers=seat_auth,
                timeout=30,
            )
        else:
            time.sleep(0.05)
    raise AssertionError("the rated table did not end")


def test_a_first_visit_makes_a_player_and_the_lobby_lists_its_tables(browser, server):
    context, page, errors = new_page(browser)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(server + "/")
    name_player(page, "Ann")
    me = player_of(page)
    assert me["id"] and me["key"] and me["id"] != me["key"]
    page.wait_for_selector("#me #my-page")
    # The key is the browser's alone: nowhere in the page's text or links.
    assert me["key"] not in page.content()
    headers = {"Authorization": f"Bearer {me['key']}"}
    assert httpx.get(f"{server}/api/me", headers=headers).json()["name"] == "Ann"
    # A rated table started from the lobby is tied to the player.
    page.select_option("#game", "the-mob")
    page.check("#rated")
    page.click("#new-table button[type=submit]")
    page.wait_for_url(f"{server}/tables/*")
    table = urlsplit(page.url).path.rsplit("/", 1)[1]
    listed = httpx.get(f"{server}/api/me/tables", headers=headers).json()
    assert [t["id"] for t in listed] == [table] and listed[0]["rated"] is True
    page.goto(server + "/")
    page.wait_for_selector(f'#played li[data-from="player"][data-table="{table}"]')
    assert "(rated)" in page.inner_text(f'#played li[data-table="{table}"]')
    # Filters: another game shows no table; needs players shows none (no open seat).
    page.wait_for_selector(f'table.tables tr[data-table="{table}"]')
    page.select_option("#filter-game", "cash-n-guns")
    page.wait_for_function(
        f"() => !document.querySelector('table.tables tr[data-table=\"{table}\"]')"
    )
    page.select_option("#filter-game", "the-mob")
    page.wait_for_selector(f'table.tables tr[data-table="{table}"]')
    assert page.get_attribute("#leaderboard-link", "href") == "/games/the-mob/leaderboard"
    page.check("#filter-needs")
    page.wait_for_function(
        f"() => !document.querySelector('table.tables tr[data-table=\"{table}\"]')"
    )
    assert all(urlsplit(u).netloc == urlsplit(server).netloc for u in requests if "://" in u)
    assert errors == []
    context.close()


def test_a_transfer_link_moves_the_player_to_another_browser(browser, server):
    context, page, errors = new_page(browser)
    page.goto(server + "/")
    me = player_of(page)
    page.click("#transfer")
    url = page.input_value("#transfer-url")
    context_axe, checked, _ = new_page(browser, bypass_csp=True)  # the panel open, checked
    checked.goto(server + "/")
    checked.wait_for_selector("#me #transfer")
    checked.click("#transfer")
    checked.wait_for_selector("#transfer-url")
    assert not violations(checked)
    context_axe.close()
    assert url.startswith(server + "/players/transfer#code=")
    other, second, other_errors = new_page(browser)
    second.goto(url)
    second.wait_for_selector("text=This browser now plays as")
    there = json.loads(second.evaluate("() => localStorage.getItem('famiglia.player')"))
    assert there["id"] == me["id"] and there["key"] != me["key"]
    assert "code=" not in second.url  # the code left the address
    # Once only.
    third, page3, _ = new_page(browser)
    page3.goto(url)
    page3.wait_for_selector(".error")
    assert "used already" in page3.inner_text(".error")
    assert errors == [] and other_errors == []
    for c in (context, other, third):
        c.close()


def test_the_leaderboard_and_the_player_page_show_a_rated_result(browser, server):
    context, page, errors = new_page(browser)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(server + "/")
    name_player(page, "Bea")
    me = player_of(page)
    table = play_rated_table(server, me["key"])
    page.goto(f"{server}/games/the-mob/leaderboard")
    page.wait_for_selector("#board")
    raters = page.eval_on_selector_all("#board tbody tr", "rows => rows.map(r => r.dataset.rater)")
    assert {me["id"], "bot:easy", "bot:medium"} <= set(raters)
    page.click(f'#board tr[data-rater="{me["id"]}"] a')
    page.wait_for_url(f"{server}/players/{me['id']}")
    page.wait_for_selector('.rating[data-game="the-mob"] svg.rating-chart circle')
    assert page.locator(".rating svg.rating-chart polyline").count() == 1
    assert page.locator(f'#player-tables li[data-table="{table}"]').count() == 1
    assert "placed" in page.inner_text(f'#player-tables li[data-table="{table}"]')
    page.wait_for_selector("#me")  # the player's own page offers the transfer link
    assert all(urlsplit(u).netloc == urlsplit(server).netloc for u in requests if "://" in u)
    assert me["key"] not in page.content()
    # Another browser sees the public page without the player's own panel; both pages pass
    # axe-core's serious and critical checks.
    other, second, _ = new_page(browser, bypass_csp=True)
    second.goto(f"{server}/players/{me['id']}")
    second.wait_for_selector(".rating svg")
    assert second.locator("#me").count() == 0
    assert not violations(second)
    second.goto(f"{server}/games/the-mob/leaderboard")
    second.wait_for_selector("#board")
    assert not violations(second)
    assert errors == []
    context.close()
    other.close()
