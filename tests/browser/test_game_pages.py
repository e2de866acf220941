"""The table pages of The Mob, Unfinished Business and Cash 'n Guns read at a glance, on a laptop
(1280x900) and a phone (390x844): no board text under 11 px, each seat's public running score
on the board and in the page's scores(), every board element to pick clicked the ordinary way,
no other seat's secret in the page, and an end screen (the page's ending()) with the winner
named, the condition in words, and a row per seat whose breakdown adds up to the game's score.

The scores expected are worked out here from the rules (UB-1.1 card values, CNG-10.2 loot),
from the public payload, never from the page's own arithmetic."""

from __future__ import annotations

import random
import re
import time
import tomllib
from pathlib import Path

import httpx
import pytest

import famiglia
from famiglia.core.record import replay

from .pages import claim, open_seat
from .test_finished_tables import play_to_the_end
from .test_tables import known_names, secrets

SIZES = {"laptop": (1280, 900), "phone": (390, 844)}
# name: (game, players, options)
TABLES = {
    "the-mob": ("the-mob", 4, {"max_years": 1}),
    "unfinished-business": ("unfinished-business", 3, {}),
    "cash-n-guns": ("cash-n-guns", 5, {}),
    "cash-n-guns-teams": ("cash-n-guns", 6, {"teams": True, "mercenaries": True}),
}
GAMES = Path(famiglia.__file__).parent / "games"

# Text nodes under 11 px in the board (an SVG's text scaled by its viewBox as drawn).
SMALL_TEXT = """() => {
  const out = [];
  for (const el of document.querySelectorAll('#board *, #own *')) {
    const text = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim())
      .map((n) => n.textContent.trim()).join(' ');
    if (!text || !el.getClientRects().length) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    const svg = el.closest('svg');
    if (svg && svg.viewBox.baseVal && svg.viewBox.baseVal.width) {
      size *= svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    }
    if (size < 11) out.push([text.slice(0, 40), size]);
  }
  return out;
}"""

# Calls the game's page module as the table page would, on the reader's payload: its scores()
# and ending(), with players named (the reader is "you").
MODULE = """async ([game, table, token]) => {
  const m = await import(`/static/games/${game}.js`);
  const payload = await (await fetch(`/api/tables/${table}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} })).json();
  const content = await (await fetch(`/api/games/${game}`)).json();
  const names = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy'];
  const explained = [];
  const ctx = { content, seat: payload.seat, legal: payload.legal, pick: (el) => el, kinds: () => [],
    colour: () => '#888', seatName: (k) => `seat ${k}`, before: null,
    name: (k) => (k === payload.seat ? 'you' : names[k]),
    explain: (el, title) => explained.push(title) };
  return { payload, scores: m.scores(payload, ctx), ending: payload.over ? m.ending(payload, ctx) : null };
}"""
NAMES = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy"]


def ub_values() -> dict[str, int]:
    data = tomllib.loads((GAMES / "unfinished_business" / "data.toml").read_text())
    return {card["name"]: card["value"] for card in data["property"]}


def cng_worth(view: dict, k: int) -> int:
    """CNG-10.2 and CNG-10.5: a living gangster's loot as it scores, before the diamond bonus."""
    from famiglia.games.cash_n_guns.render import worth

    extra = view["extra_paintings"][k] + (1 if view["powers"][k] == "collector" else 0)
    return worth(view["loot"][k], extra)


def expected_scores(game: str, view: dict) -> list[str]:
    """Each seat's public running score, in the words its box shows."""
    if game == "the-mob":
        return [f"${f['investment'] * 100}k" for f in view["families"]]
    if game == "unfinished-business":
        values = ub_values()
        return [
            f"${sum(values.get(c, 0) for s in d['sets'] for c in s)}k in sets" for d in view["dons"]
        ]
    return [f"${cng_worth(view, k)}k" if alive else "dead" for k, alive in enumerate(view["alive"])]


def seat_page(browser, server, table: str, size: str, seed: int):
    """(context, page, errors, table id, seat 0's token) of seat 0, with random bots beside."""
    game, players, options = TABLES[table]
    body = {
        "game": game,
        "players": players,
        "seats": ["human"] + ["random"] * (players - 1),
        "options": options,
        "seed": seed,
        "creator_seat": None,
    }
    made = httpx.post(f"{server}/api/tables", json=body, timeout=30).raise_for_status().json()
    token = claim(server, made, 0)
    context, page, errors = open_seat(browser, server, made["id"], 0, token)
    page.set_viewport_size(dict(zip(("width", "height"), SIZES[size], strict=True)))
    page.reload()  # drawn again at this width
    page.wait_for_function("() => document.querySelector('.table-page')?.dataset.n !== undefined")
    return context, page, errors, made["id"], token


def page_n(page) -> int:
    return int(page.eval_on_selector(".table-page", "e => e.dataset.n"))


def settle(page, server, table, token) -> dict:
    """The reader's payload once the page shows it (the bots may still be moving)."""
    for _ in range(200):
        payload = httpx.get(
            f"{server}/api/tables/{table}", headers={"authorization": f"Bearer {token}"}
        ).json()
        if page_n(page) == payload["n"] and (payload["legal"] or payload["over"]):
            return payload
        time.sleep(0.05)
    return payload


def unfold_own(page):
    """Opens the own panel (a phone shows it folded) as a player would: a tap on its summary."""
    if page.evaluate(
        "() => { const o = document.querySelector('#own'); return !o.hidden && !o.open; }"
    ):
        page.click("#own summary")
        page.wait_for_function("() => document.querySelector('#own').open")


def play(page, rng, moves: int, check=None, server=None, table=None, token=None):
    """Plays up to `moves` of seat 0's moves by ordinary clicks: on the board when it offers a
    pick (half the time), else a move button. `check(payload)` runs before each move."""
    for _ in range(moves):
        payload = settle(page, server, table, token)
        if payload["over"] or not payload["legal"]:
            return payload
        unfold_own(page)
        if check:
            check(payload)
        before = page_n(page)
        board = page.locator("#board .pickable, #own .pickable")
        if board.count() and rng.random() < 0.5:
            board.nth(rng.randrange(board.count())).click(timeout=5000)
            choice = page.locator("#moves .choice:not([hidden]) button.move")
            if choice.count():
                choice.first.click(timeout=5000)
        else:
            buttons = page.locator("#moves button.move:not([disabled])")
            buttons.nth(rng.randrange(buttons.count())).click(timeout=5000)
        page.wait_for_function(
            f"() => Number(document.querySelector('.table-page').dataset.n) > {before}"
            " || document.querySelector('#notice p')",
            timeout=15000,
        )
    return settle(page, server, table, token)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("table", list(TABLES))
def test_board_text_is_readable_and_running_scores_shown(browser, server, table, size):
    game = TABLES[table][0]
    context, page, errors, tid, token = seat_page(browser, server, table, size, seed=5)
    try:
        payload = play(page, random.Random(table), 14, server=server, table=tid, token=token)
        small = page.evaluate(SMALL_TEXT)
        assert not small, f"{table} at {size}: text under 11 px: {small[:8]}"
        view = payload["view"]
        for k, score in enumerate(expected_scores(game, view)):
            box = page.locator(f"#board div[data-seat='{k}']").first.inner_text()
            assert score in box, f"{table}: seat {k}'s box does not show {score}: {box!r}"
        shown = page.evaluate(MODULE, [game, tid, token])["scores"]
        assert len(shown) == len(expected_scores(game, view))
        for k, score in enumerate(expected_scores(game, view)):
            assert score in shown[k], f"{table}: scores() for seat {k} is {shown[k]!r}, not {score}"
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= SIZES[size][0], f"{table} at {size} scrolls sideways ({wide} px)"
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("table", list(TABLES))
def test_every_pickable_takes_an_ordinary_click(browser, server, table, size):
    """Each element to pick passes Playwright's checks for a real click (visible, stable, not
    covered, receiving the pointer) with no force; one of them is then clicked for real."""
    context, page, errors, tid, token = seat_page(browser, server, table, size, seed=7)
    tried = 0

    def every_pickable(payload):
        nonlocal tried
        picks = page.locator("#board .pickable, #own .pickable")
        for i in range(picks.count()):
            picks.nth(i).click(trial=True, timeout=5000)
            tried += 1

    try:
        play(page, random.Random(size + table), 16, every_pickable, server, tid, token)
        assert tried, f"{table}: nothing to pick on the board in 16 moves"
        assert not errors, errors
    finally:
        context.close()


def test_a_cash_n_guns_target_keeps_its_words_and_colours(browser, server):
    """A gangster to aim at is ringed by a halo outside his disc: his name and total are not
    stroked over (no yellow blobs), his disc keeps the seat's colour."""
    context, page, errors, tid, token = seat_page(browser, server, "cash-n-guns", "phone", seed=3)
    try:
        rng = random.Random(3)
        for _ in range(30):
            if page.locator("svg .gangster.pickable").count():
                break
            play(page, rng, 1, server=server, table=tid, token=token)
        targets = page.locator("svg .gangster.pickable")
        assert targets.count(), "no gangster to pick in 30 moves"
        look = targets.first.evaluate(
            """g => ({texts: [...g.querySelectorAll('text')].map(t => getComputedStyle(t).stroke),
                      disc: getComputedStyle(g.querySelector('.disc')).fill,
                      halo: getComputedStyle(g.querySelector('.halo')).visibility})"""
        )
        assert all(stroke == "none" for stroke in look["texts"]), look
        assert look["disc"] not in ("rgb(255, 212, 0)", "none"), look
        assert look["halo"] == "visible", look
        targets.first.click()  # an ordinary click plays the aim (or offers its moves)
        assert not errors, errors
    finally:
        context.close()


DOM_TEXT = """() => document.body.innerText + [...document.querySelectorAll('[title],[aria-label]')]
  .map(e => ' ' + (e.getAttribute('title') || '') + ' ' + (e.getAttribute('aria-label') || '')).join('')"""


def finish_by_api(server, table, token, rng):
    """Seat 0 plays on at random through the API until the game is over (the bots play too)."""
    address, auth = f"{server}/api/tables/{table}", {"Authorization": f"Bearer {token}"}
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        payload = httpx.get(address, headers=auth, timeout=30).json()
        if payload["over"]:
            return
        if payload["legal"]:
            move = rng.choice(payload["legal"])["action"]
            httpx.post(f"{address}/moves", headers=auth, json={"action": move, "n": payload["n"]})
        else:
            time.sleep(0.02)
    raise AssertionError("the game did not end in 4 minutes")


@pytest.mark.parametrize("table", list(TABLES))
def test_no_hidden_information_in_the_dom(browser, server, table):
    """At every move of seat 0's page: none of the other seats' secrets (hands, cards set
    aside, a Surprise, a Cash 'n Guns loaded bullet) in its text, titles or labels. The game is
    then played out, and each page snapshot checked against the record's state at its move."""
    game = TABLES[table][0]
    context, page, errors, tid, token = seat_page(browser, server, table, "laptop", seed=11)
    snapshots = []

    def snapshot(payload):
        boxes = []
        if game == "cash-n-guns":
            boxes = page.eval_on_selector_all(
                "#board .player[data-seat]",
                "els => els.map(e => [Number(e.dataset.seat), e.innerText])",
            )
        snapshots.append((payload["n"], page.evaluate(DOM_TEXT), boxes))

    try:
        play(page, random.Random(table), 20, snapshot, server, tid, token)
        finish_by_api(server, tid, token, random.Random(1))
        record = httpx.get(f"{server}/api/tables/{tid}/record", timeout=30).json()
        for n, dom, boxes in snapshots:
            state = replay(record, until=n)
            known = known_names(game, state, 0)
            for other in range(1, state.players):
                view = state.view(other)
                leaked = {x for x in secrets(game, view, other) if x not in known and x in dom}
                assert not leaked, f"{table}: seat {other}'s {leaked} on seat 0's page at {n}"
            for k, text in boxes:  # another gangster's loaded bullet is never named
                assert k == 0 or not re.search(r"BANG|Click", text), (n, k, text)
        assert len(snapshots) >= 5, len(snapshots)
        assert not errors, errors
    finally:
        context.close()


# Draws the board again as the table page would with ctx.before: the view as it was, with one
# public thing changed back (a family's cash, a Don's sets, a gangster's loot).
REDRAW = """async ([game, table, token]) => {
  const m = await import(`/static/games/${game}.js`);
  const payload = await (await fetch(`/api/tables/${table}`,
    { headers: { authorization: `Bearer ${token}` } })).json();
  const content = await (await fetch(`/api/games/${game}`)).json();
  const before = JSON.parse(JSON.stringify(payload.view));
  if (game === 'the-mob') before.families[1].cash += 10;
  else if (game === 'unfinished-business') before.dons[1].sets.push(['Weapons', 'Weapons']);
  else before.loot[1] = [...before.loot[1], 'b5'];
  const board = document.createElement('section');
  document.body.append(board);
  const ctx = { content, seat: payload.seat, legal: payload.legal, pick: (el) => el, kinds: () => [],
    colour: () => '#888', seatName: (k) => `seat ${k}`, name: (k) => `P${k}`, before };
  m.draw(board, payload, ctx);
  const changed = [...board.querySelectorAll('.changed')].map((el) => el.closest('[data-seat]')?.dataset.seat ?? '-');
  const calm = document.createElement('section');
  m.draw(calm, payload, { ...ctx, before: payload.view });
  board.remove();
  return { changed, calm: calm.querySelectorAll('.changed').length };
}"""


@pytest.mark.parametrize("table", ["the-mob", "unfinished-business", "cash-n-guns"])
def test_what_changed_since_the_last_move_is_marked(browser, server, table):
    """With ctx.before, what differs (seat 1's cash, sets or loot) gets the class `changed` in
    seat 1's box; with nothing changed, nothing is marked."""
    game = TABLES[table][0]
    context, page, errors, tid, token = seat_page(browser, server, table, "laptop", seed=2)
    try:
        settle(page, server, tid, token)
        seen = page.evaluate(REDRAW, [game, tid, token])
        assert "1" in seen["changed"], seen
        assert seen["calm"] == 0, seen
        assert not errors, errors
    finally:
        context.close()


def cells_money(cell: str) -> int:
    found = re.match(r"\+?\$(-?\d+)k", cell)
    return int(found.group(1)) if found else 0


@pytest.mark.parametrize("table", list(TABLES))
def test_the_end_screen(browser, opened, server, table):
    """ending(): the winners by name, why the game ended, a row per seat whose breakdown adds up
    to the score the game gave, and the same names on the page's own result."""
    game, players, options = TABLES[table]
    final, seat0 = play_to_the_end(server, game, players, options, seed=4)
    result, view = final["result"], final["view"]
    page, errors = opened(open_seat(browser, server, seat0[0], 0, seat0[1]))
    page.wait_for_selector("#result:not([hidden])")
    end = page.evaluate(MODULE, [game, *seat0])["ending"]
    named = ["you"] + NAMES[1:players]
    for k in result["winners"]:
        assert named[k] in end["winner"], (end["winner"], k)
    assert len(end["condition"]) > 20 and re.search(r"\(\w+-[\d.]+", end["condition"]), end
    rows = {row["seat"]: row for row in end["rows"] if row["seat"] is not None}
    assert sorted(rows) == list(range(players)), end["rows"]
    for k, row in rows.items():
        assert named[k] in row["name"], row
        assert len(row["cells"]) == len(end["columns"]), row
        assert row["winner"] == (k in result["winners"]) and row["rank"] == result["ranking"][k]
    column = {name: i for i, name in enumerate(end["columns"])}
    for k, row in rows.items():
        cells, score = row["cells"], result["scores"][k]
        if game == "the-mob":  # MOB-7.1: the score is the money invested
            assert cells[0].startswith(f"${score}k"), row
            assert cells[column["Cash"]] == f"${view['families'][k]['cash']}k"
        elif game == "unfinished-business":  # UB-11.5: sets and safe, office bonus included
            total = cells_money(cells[column["Sets"]]) + cells_money(cells[column["Safe"]])
            assert total == score == cells_money(cells[column["Total"]]), row
        elif not view["teams"] and view["alive"][k]:  # CNG-10.2, CNG-10.3
            parts = ["Bills", "Diamonds (cards)", "Paintings (count)", "Diamond bonus"]
            assert sum(cells_money(cells[column[p]]) for p in parts) == score, row
            assert cells_money(cells[column["Total"]]) == score, row
        elif view["teams"]:  # CNG-9.7: the team's score on each of its rows
            assert cells_money(cells[column["Team's score"]]) == score, row
    if view.get("teams"):  # CNG-9.7: the units of a team add up to its score
        # grouped by the team each row names: two teams may tie on their score
        totals, said = {}, {}
        for row in end["rows"]:
            team, cells = row["team"], row["cells"]
            assert team in view["teams"], row
            said.setdefault(team, set()).add(cells[column["Team's score"]])
            if cells[column["Total"]]:
                totals[team] = totals.get(team, 0) + cells_money(cells[column["Total"]])
        for k, team in enumerate(view["teams"]):
            assert said[team] == {f"${result['scores'][k]}k"}, (team, said)
            assert totals[team] == result["scores"][k], (team, totals)
    assert page.locator("#result tbody tr").count() >= players
    assert not errors, errors
