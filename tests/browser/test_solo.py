"""Scarface 1920's Solo Mode and Tequila Solo Mode in Chromium (SF-S, SF-T): a 1-player table
made from the lobby, played to its capped end through the page's buttons and board, with a
spectator watching. The solo gang is no seat: one seat chip, a row of its own among the gangs
whose figures match the payload, never marked to act; in Tequila the Target tokens stand on
their districts as the payload says; the end says whether the player beat the solo gang, as
the record's result has it (no winner among the seats: the solo gang won, SF-S.14). Every frame
and every page is checked against what its seat may know (test_tables.check_everything).

Also: one player without solo=true is refused in the lobby with the server's reason; a table
whose only human sits with bots (Blood Feud, Scarface with Tequila's Enforcers) plays to its end.
"""

from __future__ import annotations

import random
import time

import pytest

from famiglia.core.record import replay

from .test_refusal import create
from .test_tables import Seat, check_everything, play_one

GAME = "scarface-1920"
DISTRICTS = 7
MODES = {  # name: options (max_turns counts the solo gang's turns too, SF-S.12)
    "solo": {"solo": True, "max_turns": 6},
    "tequila-solo": {"solo": True, "tequila": True, "max_turns": 6},
}

SOLO_ROW = """() => {
  const row = document.querySelector('.family.solo-gang');
  return row && {text: row.innerText, turn: row.classList.contains('turn'),
    stats: Object.fromEntries([...row.querySelectorAll('.stat')].map(e => [e.title, e.querySelector('b').textContent])),
    targets: [...document.querySelectorAll('.sf-district')].map(d => {
      const t = d.querySelector('.tag.target'); return t ? t.textContent : null; }),
    token: [...document.querySelectorAll('.sf-district')].findIndex(d => d.querySelector('.solo-token'))};
}"""


def create_solo_from_lobby(page, base: str, options: dict) -> str:
    """The lobby's form: Scarface 1920, 1 player (the game's own minimum), this browser's seat."""
    page.goto(base + "/")
    page.select_option("#game", GAME)
    assert page.get_attribute("#players", "min") == "1"
    page.fill("#players", "1")
    page.dispatch_event("#players", "input")
    assert page.locator("#new-table .seats select").count() == 1
    for key, value in options.items():
        if isinstance(value, bool):
            page.set_checked(f"#option-{key}", value)
        else:
            page.fill(f"#option-{key}", str(value))
    page.select_option("#seat-0", "me")
    page.click("#new-table button[type=submit]")
    page.wait_for_url("**/tables/*")
    return page.url.rsplit("/", 1)[1]


def last_view(seat: Seat) -> dict:
    views = [f for f in seat.frames if "view" in f]
    return max(views, key=lambda f: f["n"])


def check_solo_row(seat: Seat, tequila: bool):
    """The page's solo gang row and districts against the payload the page shows."""
    n = seat.n()
    shown = seat.page.evaluate(SOLO_ROW)
    payload = next(f for f in reversed(seat.frames) if "view" in f and f["n"] == n)
    view = payload["view"]
    modes = view["solo_and_tequila"]
    gang = view["gangs"][modes["solo_gang"]]
    assert gang["solo_gang"] and shown, "the solo gang has a row of its own"
    assert not shown["turn"], "the solo gang is never marked to act"
    assert ("Tequila (" in shown["text"]) == tequila
    for key in ("money", "votes", "bullets"):
        assert shown["stats"][key] == str(gang[key]), (key, shown["stats"])
    assert shown["token"] == modes["token"], "the token (or Tequila) stands in its district"
    if tequila:
        assert shown["stats"]["Tequila tokens"] == str(gang["tequila_tokens"])
        sides = ["Target" if up else "Gunshot" for up in modes["targets"]]
        assert shown["targets"] == sides and len(sides) == DISTRICTS
    else:
        assert shown["targets"] == [None] * DISTRICTS, "no Target tokens without Tequila"
    assert seat.page.locator(".seat-chip").count() == 1, "one seat: the solo gang is no seat"


@pytest.mark.parametrize("mode", list(MODES))
def test_a_solo_game_in_the_browser(browser, server, mode):
    options = MODES[mode]
    tequila = bool(options.get("tequila"))
    rng = random.Random(mode)
    player, watcher = Seat(browser, 0), Seat(browser, None, width=390)
    try:
        table = create_solo_from_lobby(player.page, server, options)
        watcher.page.goto(f"{server}/tables/{table}?watch")
        for s in (player, watcher):
            s.wait_ready()
        assert player.page.locator("[id^=invite-]").count() == 0, "nobody to invite"
        check_solo_row(player, tequila)
        clicks, idle = 0, time.monotonic()
        while player.page.eval_on_selector(".table-page", "e => e.dataset.over") != "true":
            if play_one(player, rng):
                clicks += 1
                idle = time.monotonic()
                if clicks % 5 == 0:
                    check_solo_row(player, tequila)
                    watcher.snapshot()
            else:
                assert time.monotonic() - idle < 60, "nothing to click for a minute"
                time.sleep(0.05)
        for s in (player, watcher):
            s.page.wait_for_selector("#result:not([hidden])")
            s.page.wait_for_function(
                f"() => document.querySelector('.table-page').dataset.n == {player.n()}"
            )
            s.snapshot()
            assert not s.errors, s.errors
        check_solo_row(player, tequila)
        if tequila:
            check_enforcers(player)
        record = player.page.request.get(f"{server}/api/tables/{table}/record").json()
        result = replay(record).result()
        assert len(result.scores) == 1 and result.capped
        them = "Tequila" if tequila else "the solo gang"
        outcome = player.page.inner_text("#result .outcome")
        watched = watcher.page.inner_text("#result .outcome")
        if result.winners:
            assert outcome.startswith(f"You beat {them}.") and watched.startswith(
                f"Seat 0 beat {them}."
            )
        else:
            won = f"{them[0].upper()}{them[1:]} won"
            assert outcome.startswith(won) and watched.startswith(won), (outcome, watched)
        assert "Nobody won" not in outcome
        # a row for the seat and one for the solo gang (or Tequila), SF-S.14
        assert player.page.locator(".ranking tbody tr[data-seat]").count() == 1
        assert player.page.locator(".ranking tbody tr.no-seat").count() == 1
        check_everything(GAME, table, record, [player, watcher])
    finally:
        for s in (player, watcher):
            s.context.close()


def test_one_player_without_solo_is_refused_with_the_reason(browser, server):
    context = browser.new_context()
    try:
        page = context.new_page()
        before = {t["id"] for t in page.request.get(f"{server}/api/tables").json()}
        page.goto(server + "/")
        page.select_option("#game", GAME)
        page.fill("#players", "1")
        page.dispatch_event("#players", "input")
        page.set_checked("#option-solo", False)
        page.click("#new-table button[type=submit]")
        error = page.locator("#new-table .error")
        error.filter(has_text="refused").wait_for()
        assert "Solo Mode" in error.inner_text() and "solo=true" in error.inner_text()
        assert page.url.rstrip("/") == server, "no table was made: the lobby stays"
        tables = page.request.get(f"{server}/api/tables").json()
        assert not any(t["players"] == 1 for t in tables if t["id"] not in before)
    finally:
        context.close()


# (game, players, options): one human seat, the others bots, short but whole games.
ALONE = {
    "blood-feud": (3, {"max_rounds": 1}),
    "scarface-1920": (2, {"tequila": True, "max_turns": 4}),
}


@pytest.mark.parametrize("game", list(ALONE))
def test_the_only_human_among_bots_plays_to_the_end(browser, server, game):
    players, options = ALONE[game]
    made = create(
        server,
        {"game": game, "players": players, "options": options,
         "seats": ["human"] + ["random"] * (players - 1)},
    )  # fmt: skip
    rng = random.Random(game)
    seat = Seat(browser, 0)
    try:
        seat.page.goto(made["seats"][0]["url"])
        seat.wait_ready()
        assert seat.page.locator(".seat-chip.me").count() == 1
        assert seat.page.locator(".seat-chip").count() == players
        idle = time.monotonic()
        while seat.page.eval_on_selector(".table-page", "e => e.dataset.over") != "true":
            if play_one(seat, rng):
                idle = time.monotonic()
            else:
                assert time.monotonic() - idle < 60, f"{game}: nothing to click for a minute"
                time.sleep(0.05)
        seat.page.wait_for_selector("#result:not([hidden])")
        seat.snapshot()
        assert seat.page.locator(".ranking tbody tr[data-seat]").count() == players
        assert not seat.errors, seat.errors
        if game == "scarface-1920":
            check_enforcers(seat)
        record = seat.page.request.get(f"{server}/api/tables/{made['id']}/record").json()
        check_everything(game, made["id"], record, [seat])
    finally:
        seat.context.close()


def check_enforcers(seat: Seat):
    """Tequila's Enforcers and purse (SF-E, SF-T.1) as the last payload has them: for hire
    beside the board, hired ones on their districts (SF-T.13: against Tequila, the 3 others)."""
    view = last_view(seat)["view"]
    modes = view["solo_and_tequila"]
    page = seat.page
    title = "Tequila Solo Mode" if modes["solo"] else "Tequila and the Enforcers"
    assert title in page.locator(".zone h3").all_text_contents()
    for_hire = page.eval_on_selector_all(".enforcers .card", "l => l.map(e => +e.dataset.enforcer)")
    assert for_hire == modes["enforcers_for_hire"]
    on_board = page.eval_on_selector_all(
        ".sf-district .tag.enforcer",
        "l => l.map(e => [+e.closest('.sf-district').dataset.district, +e.dataset.enforcer])",
    )
    hired = [[g["enforcer_at"], g["enforcer"]] for g in view["gangs"] if g["enforcer"] >= 0]
    assert sorted(on_board) == sorted(hired)
    if not modes["solo"]:  # the purse is the Standard Mode's (SF-T.1)
        assert f"Tequila's purse {modes['tequila_purse']}" in page.inner_text("#board")
