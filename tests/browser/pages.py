"""What the browser tests share: a table made through the API, and a page opened on it that
collects its errors."""

from __future__ import annotations

import httpx


def new_table(base: str, game: str, seats: list, seed: int = 3, **options) -> dict:
    """POST /api/tables: the answer, with each human seat's invite link."""
    body = {"game": game, "players": len(seats), "seats": seats, "options": options, "seed": seed}
    return httpx.post(f"{base}/api/tables", json=body, timeout=30).raise_for_status().json()


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
