"""The player's panel lists their devices and signs one out, and lists the rematch seats kept
for them, whose button takes the seat (static/devices.js; docs/server.md, Devices, Rematch)."""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx

from tests.server.players_helpers import play_out

from .pages import new_page, player_of


def test_the_panel_lists_the_devices_and_signs_one_out(browser, server):
    context, page, errors = new_page(browser)
    page.goto(server + "/")
    me = player_of(page)
    mine = {"Authorization": f"Bearer {me['key']}"}
    code = httpx.post(f"{server}/api/me/transfer", json={}, headers=mine).json()["code"]
    other = httpx.post(f"{server}/api/players/transfer", json={"code": code}).json()["key"]
    page.reload()
    page.click("text=Your devices")
    page.wait_for_function("() => document.querySelectorAll('#my-devices li').length === 2")
    assert me["key"] not in page.content() and other not in page.content()
    page.click("#my-devices li:not(:has-text('This device')) button")
    page.wait_for_function("() => document.querySelectorAll('#my-devices li').length === 1")
    assert "This device" in page.inner_text("#my-devices")
    refused = httpx.get(f"{server}/api/me", headers={"Authorization": f"Bearer {other}"})
    assert refused.status_code == 401 and refused.json()["code"] == "signed_out"
    assert httpx.get(f"{server}/api/me", headers=mine).status_code == 200
    assert errors == []
    context.close()


def test_a_rematch_seat_kept_for_the_player_is_taken_from_the_panel(browser, server):
    context, page, errors = new_page(browser)
    page.goto(server + "/")
    me = player_of(page)
    with httpx.Client(base_url=server, timeout=30) as api:
        bob = api.post("/api/players", json={"name": "Bob"}).json()
        body = {
            "game": "the-mob",
            "players": 3,
            "seats": ["human", "human", "random"],
            "options": {"max_years": 1},
            "seed": 4,
        }
        made = api.post("/api/tables", json=body, headers={"X-Player": bob["key"]}).json()
        claim = {"claim": made["seats"][1]["claim"]}
        taken = api.post(
            f"/api/tables/{made['id']}/claim", json=claim, headers={"X-Player": me["key"]}
        ).json()
        tokens = {0: made["seats"][0]["token"], 1: taken["token"]}
        play_out(api, made["id"], tokens)
        again = api.post(
            f"/api/tables/{made['id']}/rematch",
            json={"seating": "swap"},
            headers={"Authorization": f"Bearer {tokens[0]}"},
        ).json()
    page.reload()
    page.click("text=Rematch seats kept for you")
    page.click("#my-rematches button")
    page.wait_for_url(f"{server}/tables/{again['id']}*")
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('famiglia.seat.{again['id']}'))?.token"
    )
    assert urlsplit(page.url).fragment == ""  # the code left the address
    listed = httpx.get(
        f"{server}/api/me/tables", headers={"Authorization": f"Bearer {me['key']}"}
    ).json()
    entry = next(t for t in listed if t["id"] == again["id"])
    assert entry["seat"] == again["order"][1]
    assert errors == []
    context.close()
