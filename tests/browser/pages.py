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
    return open_as(browser, base, table, seat, token, 1280, 900)


def seat_payload(page) -> dict:
    """The table's payload for the seat the page holds, fetched in the page with the seat's
    token as the page keeps it (a test then changes it and draws it with the game's module)."""
    return page.evaluate(
        """async () => {
          const id = location.pathname.split('/').pop();
          const token = JSON.parse(localStorage.getItem('famiglia.seat.' + id)).token;
          const answer = await fetch('/api/tables/' + id,
            { headers: { Authorization: 'Bearer ' + token } });
          return answer.json();
        }"""
    )


def player_of(page) -> dict:
    """The player the browser keeps (its id, key and name), once the page has made it."""
    page.wait_for_function("() => JSON.parse(localStorage.getItem('famiglia.player'))?.key")
    return json.loads(page.evaluate("() => localStorage.getItem('famiglia.player')"))


def name_player(page, name: str) -> None:
    """Types `name` as the player's name on the lobby page and waits until the browser keeps it."""
    page.fill("#player-name", name)
    page.dispatch_event("#player-name", "change")
    page.wait_for_function(
        "(name) => JSON.parse(localStorage.getItem('famiglia.player'))?.name === name", arg=name
    )


def new_page(browser, bypass_csp=False, width=1280, height=900):
    """(context, page, errors) of a new browser context, its page's errors collected."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, bypass_csp=bypass_csp
    )
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


def open_as(browser, base, table, seat, token, width, height, bypass_csp=False):
    """(context, page, errors) of a browser of the given size holding `seat`, at the table
    (`bypass_csp`: a test may inject its own script, as the axe check does)."""
    context, page, errors = new_page(browser, bypass_csp, width, height)
    page.goto(base + "/")
    page.evaluate(
        "([key, value]) => localStorage.setItem(key, value)",
        [f"famiglia.seat.{table}", json.dumps({"token": token, "seat": seat})],
    )
    page.goto(f"{base}/tables/{table}")
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.n !== undefined")
    return context, page, errors


# The text of the board drawn smaller than `least` px at the page's default zoom: HTML by its
# computed font size, SVG text by its font size times the drawing's scale on screen.
SMALL_TEXT = """(least) => {
  const out = [];
  const walker = document.createTreeWalker(document.querySelector('#board'), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('title, desc, style, script')) continue;
    if (!el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none' || Number(style.opacity) === 0) continue;
    let size = parseFloat(style.fontSize);
    if (el instanceof SVGElement) {
      const m = el.getScreenCTM();
      if (m) size *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    if (size < least - 0.05) out.push(`${text.slice(0, 30)}: ${size.toFixed(1)} px`);
  }
  return [...new Set(out)];
}"""
