"""Scarface 1920's table read at a glance (issue 37): Chicago drawn as a map of its 7 districts
and 18 neighborhoods (SF board: shields, prices, what each buys, Business markers, control in
the owner's colour, police cars, Angry Eliot Ness, trucks, thugs); no text on the board under
11 px at 1280x900 nor at 390x844; the map's picks take an ordinary click and their highlight
leaves the owner's colour; the reader's own hand, Jobs and Street Gangs in the panel by the
moves, each card's text opened by a click; nothing of another seat's hand in the page; the end
of a Solo game ranks the solo gang in a row of its own (SF-S.14), the end of a death with
Tequila ranks Tequila's purse beside the seats (SF-T.4); an order under way names the figure
carrying it out (SF-13.5)."""

from __future__ import annotations

import random

import httpx
import pytest

from famiglia.core.record import replay
from famiglia.server.gamedata import content

from .pages import claim, new_table, open_page, open_seat

GAME = "scarface-1920"
C = content(GAME)

# Every text on the board and in the reader's panel, with the size it is drawn at: an SVG
# text's font size times the map's scale on the screen.
SMALL_TEXT = """() => {
  const roots = [document.querySelector('#board'), ...document.querySelectorAll('.sf-own')];
  const out = [];
  for (const root of roots) {
    if (!root) continue;
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const el = node.parentElement;
      if (!node.textContent.trim() || !el || el.closest('title')) continue;
      if (!el.getClientRects().length) continue;  // not drawn (a closed popover)
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el.ownerSVGElement) { const m = el.getScreenCTM(); size *= Math.hypot(m.a, m.b); }
      if (size < 11) out.push([node.textContent.trim().slice(0, 30), Math.round(size * 10) / 10]);
    }
  }
  return out;
}"""

# The page's own module drawn into a detached box with a ctx of the test's making.
HARNESS = """async ([seat, names, change]) => {
  const id = location.pathname.split('/').pop();
  const kept = JSON.parse(localStorage.getItem('famiglia.seat.' + id) || 'null');
  const headers = kept ? { Authorization: 'Bearer ' + kept.token } : {};
  const payload = await (await fetch('/api/tables/' + id, { headers })).json();
  const m = await import('/static/games/scarface-1920.js');
  const c = await (await fetch('/api/games/scarface-1920')).json();
  const before = JSON.parse(JSON.stringify(payload.view));
  if (change !== null) before.control[change] = before.control[change] === 0 ? 1 : 0;
  const ctx = { content: c, seat, legal: [], pick: (el) => el, kinds: () => [],
    colour: (k) => ['#c0392b', '#2471a3', '#1e8449', '#6d4c41'][k], seatName: (k) => `seat ${k}`,
    name: (k) => (k === seat ? 'you' : names[k]), before, explain: () => {} };
  const board = document.createElement('div');
  document.body.append(board);
  m.draw(board, payload, ctx);
  const text = board.textContent;
  const changed = [...board.querySelectorAll('.sf-hood.changed')].map((e) => +e.dataset.hood);
  const ending = payload.over ? m.ending(payload, ctx) : null;
  const log = payload.events.map((line) => m.logLine(line, payload, ctx));
  board.remove();
  return { text, changed, ending, log, view: payload.view, scores: m.scores(payload, ctx) };
}"""


def play_to_end(base, made, tokens, rng, stop=lambda got: False):
    """Random legal moves through the API for the human seats (bots play themselves)."""
    table = f"{base}/api/tables/{made['id']}"
    for _ in range(5000):
        moved = False
        for token in tokens:
            got = httpx.get(table, headers={"Authorization": f"Bearer {token}"}, timeout=30).json()
            if got["over"] or stop(got):
                return got
            if got["legal"]:
                move = {"action": rng.choice(got["legal"])["action"], "n": got["n"]}
                answer = httpx.post(f"{table}/moves", json=move, timeout=30,
                                    headers={"Authorization": f"Bearer {token}"})  # fmt: skip
                moved = moved or answer.status_code == 200
        if not moved:
            import time

            time.sleep(0.05)
    raise AssertionError("the game did not end")


def after_setup(got) -> bool:
    return got["view"]["phase"] not in ("setup", "start") and bool(got["legal"])


def test_chicago_is_a_map_of_every_district_with_readable_text(browser, opened, server):
    made = new_table(server, GAME, ["human", "random", "random"], seed=4)
    token = claim(server, made, 0)
    play_to_end(server, made, [token], random.Random(1), stop=after_setup)
    page, errors = opened(open_seat(browser, server, made["id"], 0, token))
    page.wait_for_selector(".sf-map")
    districts = page.eval_on_selector_all(
        ".sf-map .sf-district",
        "l => l.map(d => [+d.dataset.district, d.querySelector('.sf-name').textContent,"
        " [...d.querySelectorAll('.sf-hood .hood-name')].map(t => t.textContent)])",
    )
    assert [d[0] for d in districts] == list(range(7))
    for d, name, hoods in districts:
        assert name == C["districts"][d]
        assert hoods == [C["hoods"][n]["name"] for n in C["hoods_in"][d]]
    # the state of each neighborhood as the view has it: owner's colour, Business marker
    view = page.evaluate(HARNESS, [0, ["you", "Bob", "Cy"], None])["view"]
    shown = page.eval_on_selector_all(
        ".sf-map .sf-hood",
        "l => l.map(e => [+e.dataset.hood, +e.dataset.owner,"
        " e.querySelector('.business')?.dataset.business || ''])",
    )
    assert sorted(shown) == [[n, view["control"][n], view["business"][n]] for n in range(18)]
    cars = page.eval_on_selector_all(
        ".sf-map .icon-police", "l => l.map(e => +e.closest('.sf-district').dataset.district)"
    )
    assert sorted(cars) == sorted(view["police"])
    ness = page.eval_on_selector(
        ".sf-map .icon-ness", "e => +e.closest('.sf-district').dataset.district"
    )
    assert ness == view["eliot_ness"]
    for width, height in ((1280, 900), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        assert page.evaluate(SMALL_TEXT) == [], (width, page.evaluate(SMALL_TEXT))
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= width, f"the page is {wide} px wide at {width}"
    assert not errors, errors


def test_the_maps_picks_take_an_ordinary_click_and_keep_the_owners_colour(browser, opened, server):
    """SF-1.2: the starting neighborhood is chosen on the map, by a plain click."""
    made = new_table(server, GAME, ["human", "random", "random"], seed=5)
    token = claim(server, made, 0)
    page, errors = opened(open_seat(browser, server, made["id"], 0, token))
    page.wait_for_selector("#moves button.move:not([disabled])", timeout=30000)
    page.locator("#moves button.move").first.click()  # a gang: then its starting point
    page.wait_for_selector(".sf-map .sf-hood.pickable")
    for pick in page.locator(".sf-map .pickable").all():
        pick.click(trial=True, timeout=5000)  # visible, stable, not covered
    n = int(page.eval_on_selector(".table-page", "e => e.dataset.n"))
    free = page.locator(".sf-map .sf-hood.pickable").first
    hood = int(free.get_attribute("data-hood"))
    free.click()
    page.wait_for_function(f"() => +document.querySelector('.table-page').dataset.n > {n}")
    page.wait_for_selector(f".sf-map .sf-hood[data-hood='{hood}'][data-owner='0']")
    # the highlight is a ring outside: the owner's colour stays as drawn
    for held in page.locator(".sf-map .sf-hood.held").all():
        owner = int(held.get_attribute("data-owner"))
        fill = held.locator(".owner-bar").evaluate("e => e.getAttribute('fill')")
        assert fill == ["#c0392b", "#2471a3", "#1e8449", "#6d4c41"][owner]
        assert held.locator(".hl").evaluate("e => getComputedStyle(e).fill") == "none"
    assert not errors, errors


def test_your_hand_jobs_and_street_gangs_are_beside_the_moves(browser, opened, server):
    made = new_table(server, GAME, ["human", "random", "random"], seed=6)
    token = claim(server, made, 0)
    play_to_end(server, made, [token], random.Random(2), stop=after_setup)
    page, errors = opened(open_seat(browser, server, made["id"], 0, token))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.url)
    # a phone shows "Your position" folded under the moves: one tap on it, no scrolling
    page.wait_for_selector("#own summary")
    if page.evaluate("() => !document.querySelector('#own').open"):
        page.click("#own summary")
    page.wait_for_selector(".sf-own .sf-card")
    assert page.evaluate("() => scrollY") == 0
    box = page.locator(".sf-own").bounding_box()
    assert box["y"] < 844 and box["y"] + box["height"] > 0, "your cards are on the screen"
    view = page.evaluate(HARNESS, [0, ["you", "Bob", "Cy"], None])["view"]
    mine = view["gangs"][0]
    hand = page.eval_on_selector_all(".sf-own [data-card]", "l => l.map(e => +e.dataset.card)")
    assert sorted(hand) == sorted(mine["plan"] + mine["hand"])
    for title, held in (
        ("Your Jobs", mine["jobs"]),
        ("Your Street Gangs", mine["street_gangs"]),
    ):
        row = page.locator(".sf-own-row", has=page.locator(f"h4:text-is('{title}')"))
        assert row.locator(".sf-card").count() == len(held)
        if not held:
            assert row.locator(".sf-none").inner_text().startswith("no ")
    # what a card does: a tap on its "i", not a hover
    first = page.locator(".sf-own .sf-card[data-card]").first
    card = int(first.get_attribute("data-card"))
    first.locator(".sf-info").click()
    effect = C["card_texts"][card].split(": ", 1)[1]
    page.get_by_text(effect).last.wait_for(state="visible")
    assert not errors, errors


def test_no_other_seats_hand_jobs_or_street_gangs_in_the_page(browser, opened, server):
    made = new_table(server, GAME, ["human", "human", "random"], seed=7)
    tokens = [claim(server, made, k) for k in (0, 1)]
    got = play_to_end(server, made, tokens, random.Random(3), stop=after_setup)
    table = f"{server}/api/tables/{made['id']}"
    theirs = httpx.get(table, headers={"Authorization": f"Bearer {tokens[1]}"}).json()["view"]
    other = theirs["gangs"][1]
    page, errors = opened(open_seat(browser, server, made["id"], 0, tokens[0]))
    page.wait_for_selector(".sf-map")
    mine = page.evaluate(HARNESS, [0, ["you", "Bob", "Cy"], None])["view"]
    public = {
        c
        for g in mine["gangs"]
        for c in g["plan"] + g["discard"] + g.get("hand", []) + g.get("deck", [])
    }
    public |= set(mine["market"])
    hidden = {C["cards"][c]["name"] for c in other["hand"] + other["deck"] if c not in public}
    known_jobs = {j for g in mine["gangs"] for j in g["active_jobs"] + g.get("jobs", [])}
    hidden |= {C["jobs"][j] for j in other["jobs"] if j not in known_jobs}
    hidden |= {
        C["street_gangs"][g]
        for g in other["street_gangs"]
        if g not in mine["gangs"][0]["street_gangs"]
    }
    html = page.content()
    assert hidden and not [name for name in hidden if name in html]
    assert got["n"] >= 0 and not errors, errors


def test_names_and_what_changed_since_your_last_move(browser, opened, server):
    made = new_table(server, GAME, ["human", "random"], seed=8)
    token = claim(server, made, 0)
    play_to_end(server, made, [token], random.Random(4), stop=after_setup)
    page, errors = opened(open_seat(browser, server, made["id"], 0, token))
    shown = page.evaluate(HARNESS, [0, ["you", "Bob"], 5])
    gangs = [C["gangs"][g["gang"]] for g in shown["view"]["gangs"]]
    assert f"{gangs[0]} (you)" in shown["text"] and f"{gangs[1]} (Bob)" in shown["text"]
    assert shown["changed"] == [5], "the neighborhood whose owner changed is marked"
    said = [line for line in shown["log"] if gangs[1] in line]
    assert said and all(f"{gangs[1]} (Bob)" in line for line in said)
    assert not any(
        f"{gangs[0]} " in line and f"{gangs[0]} (you)" not in line for line in shown["log"]
    )
    # the running figures: the reader's own money beside its holdings; the rival's hidden
    assert shown["scores"][0].startswith(f"${shown['view']['gangs'][0]['money']} ")
    assert "$" not in shown["scores"][1]
    assert not errors, errors


@pytest.mark.parametrize("options", [{"solo": True}, {"solo": True, "tequila": True}])
def test_the_end_of_a_solo_game_ranks_the_solo_gang_in_its_own_row(
    browser, opened, server, options
):
    made = new_table(server, GAME, ["human"], seed=9, max_turns=6, **options)
    token = claim(server, made, 0)
    play_to_end(server, made, [token], random.Random(5))
    page, errors = opened(open_seat(browser, server, made["id"], 0, token))
    page.wait_for_selector("#result:not([hidden])")
    end = page.evaluate(HARNESS, [0, ["you"], None])["ending"]
    record = page.request.get(f"{server}/api/tables/{made['id']}/record").json()
    state = replay(record)
    result = state.result()
    them = "Tequila" if options.get("tequila") else "the solo gang"
    rows = {row["name"].split(" (")[0]: row for row in end["rows"]}
    assert set(rows) == {C["gangs"][state.gang[0]], them}
    gang = rows[them]
    assert gang["seat"] is None and rows[C["gangs"][state.gang[0]]]["seat"] == 0
    won = bool(result.winners)
    assert gang["winner"] is not won and gang["rank"] == (2 if won else 1)
    assert end["winner"] == ("You beat " + them if won else them[0].upper() + them[1:] + " won")
    assert gang["cells"][end["columns"].index("Money")] == state.money[state.automa]
    assert end["condition"]
    # the end screen itself: the gang's row among the seats'
    assert gang["name"] in page.inner_text("#result")
    assert not errors, errors


def test_a_death_with_tequila_ranks_his_purse_beside_the_seats(browser, opened, server):
    """SF-T.3, SF-T.4: the payload of a game ended by a death, drawn by the module."""
    made = new_table(server, GAME, ["human", "random"], seed=10, tequila=True, max_turns=2)
    token = claim(server, made, 0)
    play_to_end(server, made, [token], random.Random(6))
    page, errors = opened(open_page(browser, f"{server}/tables/{made['id']}?watch"))
    end = page.evaluate(
        """async () => {
          const id = location.pathname.split('/').pop();
          const payload = await (await fetch('/api/tables/' + id)).json();
          const m = await import('/static/games/scarface-1920.js');
          const c = await (await fetch('/api/games/scarface-1920')).json();
          payload.view.solo_and_tequila.dead = 1;
          payload.view.solo_and_tequila.tequila_purse = 1000;
          payload.result = { ...payload.result, winners: [], ranking: [1, 2] };
          const ctx = { content: c, seat: null, legal: [], pick: (el) => el, kinds: () => [],
            colour: () => '#000', seatName: (k) => `seat ${k}`, name: (k) => ['Ann', 'Bob'][k] };
          return m.ending(payload, ctx);
        }"""
    )
    tequila = [row for row in end["rows"] if row["seat"] is None]
    assert len(tequila) == 1 and tequila[0]["name"] == "Tequila" and tequila[0]["rank"] == 1
    assert tequila[0]["winner"] and end["winner"] == "Tequila won with $1000 in his purse"
    assert "(Bob)" in end["condition"] and "died" in end["condition"]
    assert any("last" in note for note in end["notes"])
    assert not errors, errors


def test_the_order_under_way_names_its_figure(browser, opened, server):
    """SF-13.5: while an order is carried out, the board says which figure carries it out (a
    thug or the Angry Boss) beside the points it has left."""
    made = new_table(server, GAME, ["human", "random"], seed=3)
    token = claim(server, made, 0)

    def mine(got) -> bool:  # the reader's own order: the table waits for the reader
        return got["view"]["phase"] == "order" and got["view"]["turn_seat"] == 0

    got = play_to_end(server, made, [token], random.Random(2), stop=mine)
    assert mine(got), "the game ended before the reader gave an order"
    page, errors = opened(open_seat(browser, server, made["id"], 0, token))
    shown = page.evaluate(HARNESS, [0, ["you", "Bob"], None])
    figure = shown["view"]["order_figure"]
    assert figure in ("thug", "boss")
    said = "carried out by" + (" the Angry Boss" if figure == "boss" else " a thug")
    assert said in shown["text"]
    assert not errors, errors
