"""Telling a player it is their turn, and the board's zoom: the tab's title, the optional beep
(AudioContext stubbed in the page) and the optional browser notification (permission granted to
the context, Notification stubbed) while the tab is hidden; a slow bot's seat chip saying it is
thinking, with a time that grows; the zoom by ctrl+wheel, by pinch, and by its buttons clicked or
pressed from the keyboard."""

from __future__ import annotations

import json
import re

import pytest

from .pages import new_page, new_table
from .test_shell import make_table, wait_for_turn

# Counts the tones started and the notifications raised; `window.__hidden` says whether the tab
# is hidden, as document.hidden and visibilityState report it.
STUBS = """
window.__tones = 0; window.__notes = []; window.__hidden = false;
Object.defineProperty(Document.prototype, 'hidden', { get: () => window.__hidden, configurable: true });
Object.defineProperty(Document.prototype, 'visibilityState',
  { get: () => (window.__hidden ? 'hidden' : 'visible'), configurable: true });
class FakeAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() {
    return { frequency: {}, connect: (g) => g, start: () => { window.__tones += 1; }, stop: () => {} };
  }
  createGain() {
    return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d };
  }
}
window.AudioContext = FakeAudio;
class FakeNotification {
  constructor(title, options) { window.__notes.push([title, options && options.body]); }
}
FakeNotification.permission = 'granted';
FakeNotification.requestPermission = () => Promise.resolve('granted');
window.Notification = FakeNotification;
"""


def alerted_page(browser, server, table, seat, token, sound, notify):
    """A browser whose every page starts hidden, with this seat and these preferences kept."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.grant_permissions(["notifications"], origin=server)
    context.add_init_script(STUBS)
    context.add_init_script("window.__hidden = true;")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    prefs = {
        f"famiglia.seat.{table}": json.dumps({"token": token, "seat": seat}),
        "famiglia.pref.sound": json.dumps(sound),
        "famiglia.pref.notify": json.dumps(notify),
    }
    page.evaluate("(p) => { for (const k in p) localStorage.setItem(k, p[k]); }", prefs)
    return context, page, errors


@pytest.fixture
def mob_turn(browser, server, opened):
    """Opens The Mob at seat 0 (the others random bots) in an alerted_page with the given
    preferences, and waits for the seat's turn: (page, errors). Closed after the test."""

    def open_table(sound: bool, notify: bool):
        made = make_table(server, "the-mob")
        table, token = made["id"], made["seats"][0]["token"]
        page, errors = opened(alerted_page(browser, server, table, 0, token, sound, notify))
        page.goto(f"{server}/tables/{table}")
        assert wait_for_turn(page)
        return page, errors

    return open_table


def test_a_hidden_tab_beeps_and_notifies_when_the_turn_comes(mob_turn):
    page, errors = mob_turn(sound=True, notify=True)
    assert page.title().startswith("▶ Your move · famiglia: The Mob"), page.title()
    page.wait_for_function("() => window.__tones >= 1 && window.__notes.length === 1")
    title, body = page.evaluate("() => window.__notes[0]")
    assert title == "Your move: The Mob" and body == "famiglia", (title, body)
    assert page.is_checked("#pref-sound") and page.is_checked("#pref-notify")
    # In sight again: the next turn beeps, but raises no notification.
    tones = page.evaluate("() => window.__tones")
    page.evaluate("() => { window.__hidden = false; }")
    for _ in range(12):  # play on until the turn comes back to this seat after the others'
        if not wait_for_turn(page) or page.evaluate("() => window.__tones") > tones:
            break
        n = int(page.eval_on_selector(".table-page", "e => e.dataset.n"))
        page.locator("#moves button.move:not([disabled])").first.click()
        page.wait_for_function(
            f"() => Number(document.querySelector('.table-page').dataset.n) > {n}"
        )
    assert page.evaluate("() => window.__tones") > tones, "no beep on the next turn"
    assert page.evaluate("() => window.__notes.length") == 1, "a notification in sight"
    assert not errors, errors


def test_no_beep_and_no_notification_unless_ticked(mob_turn):
    page, errors = mob_turn(sound=False, notify=False)
    assert page.title().startswith("▶ Your move")
    page.wait_for_timeout(500)
    assert page.evaluate("() => [window.__tones, window.__notes.length]") == [0, 0]
    assert not errors, errors


def test_a_slow_bot_is_shown_thinking_with_a_growing_time(browser, opened, server):
    made = new_table(server, "unfinished-business", ["ismcts:seconds=2", "ismcts:seconds=2"])
    page, errors = opened(new_page(browser))
    page.goto(f"{server}/tables/{made['id']}?watch")
    # the chip of the bot to act says so, and the action bar counts its seconds
    page.wait_for_function(
        "() => [...document.querySelectorAll('.seat-chip.acting .chip-state')]"
        ".some(e => e.textContent.includes('thinking'))"
        " && /is thinking/.test(document.querySelector('#turn').textContent)"
        " && Number((document.querySelector('#turn .secs')?.textContent || '').trim()"
        ".replace(' s', '')) >= 1",
        timeout=30000,
    )
    secs = page.inner_text("#turn .secs")
    assert re.fullmatch(r"\d+ s", secs.strip()), secs
    assert not errors, errors


def zoom(page) -> int:
    return int(page.inner_text(".zoom-pct").rstrip("%"))


PINCH = """([from, to]) => {
  const view = document.querySelector('.zoom-view');
  const r = view.getBoundingClientRect();
  const y = r.top + 60, x = r.left + r.width / 2;
  const fire = (type, id, dx) => view.dispatchEvent(new PointerEvent(type,
    { pointerId: id, pointerType: 'touch', clientX: x + dx, clientY: y, bubbles: true, isPrimary: id === 1 }));
  fire('pointerdown', 1, -from / 2); fire('pointerdown', 2, from / 2);
  fire('pointermove', 2, to - from / 2);
  fire('pointerup', 1, -from / 2); fire('pointerup', 2, to - from / 2);
}"""


def test_the_board_zooms_by_wheel_pinch_and_buttons(browser, opened, server):
    made = make_table(server, "blood-feud")
    page, errors = opened(new_page(browser))
    page.goto(f"{server}/tables/{made['id']}?watch")
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.n")
    assert zoom(page) == 100
    box = page.locator(".zoom-view").bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 80)
    page.mouse.wheel(0, -300)  # a plain wheel scrolls; it does not zoom
    page.wait_for_timeout(200)
    assert zoom(page) == 100
    page.keyboard.down("Control")
    page.mouse.wheel(0, -100)
    page.keyboard.up("Control")
    page.wait_for_function("() => document.querySelector('.zoom-pct').textContent !== '100%'")
    assert zoom(page) > 100
    page.keyboard.down("Control")
    for _ in range(3):
        page.mouse.wheel(0, 100)
    page.keyboard.up("Control")
    page.wait_for_function("() => parseInt(document.querySelector('.zoom-pct').textContent) < 100")
    # two fingers moved apart to twice their distance: twice the size (up to the maximum)
    page.click(".zoom-tools button[title='actual size']")
    assert zoom(page) == 100
    page.evaluate(PINCH, [100, 200])
    assert zoom(page) == 200
    page.click(".zoom-tools button[title='actual size']")
    # the buttons by click and from the keyboard
    page.click(".zoom-tools button[title='zoom in']")
    assert zoom(page) == 125
    page.focus(".zoom-tools button[title='zoom out']")
    page.keyboard.press("Enter")
    assert zoom(page) == 100
    page.keyboard.press("Space")
    assert zoom(page) == 80
    page.focus(".zoom-tools button[title='actual size']")
    page.keyboard.press("Enter")
    assert zoom(page) == 100
    scale = page.eval_on_selector(".zoom-inner", "e => e.style.zoom")
    assert scale in ("", "1")
    assert not errors, errors
