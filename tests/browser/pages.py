"""What the browser tests share: a table made through the API, and a page opened on it that
collects its errors."""

from __future__ import annotations

import json

import httpx


def new_table(base: str, game: str, seats: list, seed: int = 3, **options) -> dict:
    """POST /api/tables by a creator who sits nowhere: the answer, with each human seat's
    invite link (`url`, which opens the seat in the browser that follows it, once)."""
    body = {
        "game": game,
        "players": len(seats),
        "seats": seats,
        "options": options,
        "seed": seed,
        "creator_seat": None,
    }
    return httpx.post(f"{base}/api/tables", json=body, timeout=30).raise_for_status().json()


def claim(base: str, made: dict, seat: int) -> str:
    """Claims an invited seat through the API (as a script would): its token."""
    code = made["seats"][seat]["claim"]
    answer = httpx.post(f"{base}/api/tables/{made['id']}/claim", json={"claim": code}, timeout=30)
    return answer.raise_for_status().json()["token"]


def open_seat(browser, base: str, table: str, seat: int, token: str):
    """(context, page, errors) of a browser that holds `seat`'s token, as the browser that
    claimed it would, at the table once it is drawn."""
    context, page, errors = new_page(browser)
    page.goto(base + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"famiglia.seat.{table}", json.dumps({"token": token, "seat": seat})],
    )
    page.goto(f"{base}/tables/{table}")
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.n !== undefined")
    return context, page, errors


def new_page(browser):
    """(context, page, errors) of a new browser context, its page's errors collected."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, errors


def open_page(browser, url: str):
    """(context, page, errors) of a new browser context at `url`, once the table is drawn."""
    context, page, errors = new_page(browser)
    page.goto(url)
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.n !== undefined")
    return context, page, errors
