"""Details of the page a player meets between moves: the move list comes back usable after a
move, a browser keeps to one seat per table, an invite link pasted into an open tab takes its
seat, Blood Feud's pieces to pick stay readable, and Scarface's places are matched by their
whole names."""

from __future__ import annotations

import colorsys

import httpx

from .pages import claim, new_page, new_table, open_page, open_seat, seat_payload

ONE_SEAT = ["human", "random", "random"]


def test_the_moves_are_usable_again_after_a_move(browser, opened, server):
    """The Mob's exchange asks seat 0 for two cards in a row: after the first, the second's
    buttons are live, not greyed as if still sending."""
    made = new_table(server, "the-mob", ONE_SEAT)
    page, errors = opened(open_page(browser, made["seats"][0]["url"]))
    page.wait_for_selector("#moves button.move")
    before = page.eval_on_selector(".table-page", "e => Number(e.dataset.n)")
    page.locator("#moves button.move").first.click()
    page.wait_for_function(
        f"() => Number(document.querySelector('.table-page').dataset.n) > {before}"
    )
    page.wait_for_selector("#moves button.move:not([disabled])")
    assert "sending" not in (page.get_attribute("#moves", "class") or "")
    assert not errors, errors


def test_a_browser_keeps_one_seat_at_a_table(browser, opened, server):
    made = new_table(server, "cash-n-guns", ["human", "human", "human", "random"])
    page, errors = opened(open_page(browser, made["seats"][0]["url"]))
    page.goto(server + "/")
    row = page.locator(f"tr[data-table='{made['id']}']")
    row.wait_for()
    assert row.locator("text=Back to seat 0").count() == 1
    assert row.locator("button:has-text('Join seat')").count() == 0  # seats 1 and 2 are free
    assert not errors, errors


def test_an_invite_link_pasted_into_an_open_tab_takes_its_seat(browser, opened, server):
    made = new_table(server, "cash-n-guns", ["human", "human", "random", "random"])
    table = made["url"]
    page, errors = opened(open_page(browser, table))  # no seat in this browser: watching
    assert page.locator(".seat-chip.me").count() == 0  # watching
    page.evaluate("hash => { location.hash = hash; }", "claim=" + made["seats"][1]["claim"])
    page.wait_for_selector(".seat-chip.me")
    assert page.locator(".seat-chip.me").get_attribute("data-seat") == "1"
    assert "claim" not in page.url
    assert not errors, errors


def test_scarface_places_are_matched_by_whole_names(browser, opened, server):
    page, errors = opened(open_page(browser, new_table(server, "scarface-1920", ONE_SEAT)["url"]))
    found = page.evaluate(
        """async () => {
          const m = await import('/static/games/scarface-1920.js');
          const c = await (await fetch('/api/games/scarface-1920')).json();
          return [
            m.mentions('seize Near North Side', 'North Side', c),
            m.mentions('seize Near North Side', 'Near North Side', c),
            m.mentions('put a thug on job Far South Favor', 'Far South', c),
            m.mentions('send a thug to Far South', 'Far South', c),
          ];
        }"""
    )
    assert found == [False, True, False, True]
    assert not errors, errors


def test_the_creator_hands_an_away_friends_seat_to_a_bot_and_back(browser, opened, server):
    """A friend who left need not stop the game: the creator's page gives the seat to a bot, and
    later back to a friend with a new link."""
    page, errors = opened(new_page(browser))
    page.goto(server + "/")
    page.select_option("#game", "the-mob")
    page.fill("#players", "3")
    page.dispatch_event("#players", "input")
    page.select_option("#seat-0", "me")
    page.select_option("#seat-1", "human")
    page.select_option("#seat-2", "easy")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#invite-1")
    old_link = page.input_value("#invite-1")
    friend = browser.new_context()
    friend.new_page().goto(old_link)
    page.wait_for_selector("#invites :text('taken, online')")
    friend.close()  # the friend leaves
    page.click("button[data-handover='1']")
    page.wait_for_selector(".seat-chip[data-seat='1'] :text('greedy bot')")
    page.click("#invites button:has-text('back to a friend')")
    page.wait_for_selector("#invite-1")
    new_link = page.input_value("#invite-1")
    assert new_link != old_link and "#claim=" in new_link
    assert not errors, errors


def test_move_groups_are_named_for_kinds_the_games_have(browser, opened, server):
    """Each game's MOVE_GROUPS names kinds of its own moves (a typo would leave a raw kind)."""
    import famiglia
    from famiglia import rl

    page, errors = opened(open_page(browser, new_table(server, "the-mob", ONE_SEAT)["url"]))
    for game in famiglia.games():
        named = page.evaluate(
            "async (g) => Object.keys((await import(`/static/games/${g}.js`)).MOVE_GROUPS)",
            game,
        )
        kinds = {kind for kind, _first, _count in rl.catalogue(game).blocks()}
        assert named and set(named) <= kinds, (game, set(named) - kinds)
    assert not errors, errors


def test_a_number_option_left_empty_takes_its_default(browser, server):
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(server + "/")
        page.select_option("#game", "the-mob")
        page.fill("#option-max_years", "")
        page.click("#new-table button[type=submit]")
        page.wait_for_url("**/tables/*")
        table = page.url.rsplit("/", 1)[1]
        listed = httpx.get(f"{server}/api/tables").json()
        options = next(t["options"] for t in listed if t["id"] == table)
        assert options["max_years"] == 40  # The Mob's default, not a refused 0
    finally:
        context.close()


def test_quiet_text_on_the_felt_is_light(browser, opened, server):
    """Muted words on the green board (a loot list, an envelope) must stay readable."""
    page, errors = opened(
        open_page(browser, new_table(server, "cash-n-guns", ["human"] * 4)["url"])
    )
    colour = page.eval_on_selector(".board .muted", "e => getComputedStyle(e).color")
    red, green, blue = (int(x) for x in colour[colour.index("(") + 1 : -1].split(",")[:3])
    assert min(red, green, blue) > 150, colour  # light on the dark green
    assert not errors, errors


def test_seat_colours_are_told_apart(browser, opened, server):
    page, errors = opened(open_page(browser, new_table(server, "the-mob", ONE_SEAT)["url"]))
    colours = page.evaluate("async () => (await import('/static/ui.js')).SEAT_COLOURS")
    rgb = [tuple(int(c[i : i + 2], 16) for i in (1, 3, 5)) for c in colours]
    closest = min(
        sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5
        for i, a in enumerate(rgb)
        for b in rgb[i + 1 :]
    )
    assert len(colours) >= 9 and closest > 40, (closest, colours)  # nine seats, no twins
    # nor one of the yellow-gold hue that marks what may be picked (.pickable, about 48°)
    for colour, (r, g, b) in zip(colours, rgb, strict=True):
        hue, _light, saturation = colorsys.rgb_to_hls(r / 255, g / 255, b / 255)
        assert saturation < 0.3 or abs(hue * 360 - 48) > 12, colour
    assert not errors, errors


def test_a_keyboard_player_stays_in_the_move_list(browser, opened, server):
    """After a move made from the keyboard, the focus is on the next move list, not the page."""
    made = new_table(server, "the-mob", ONE_SEAT)
    page, errors = opened(open_page(browser, made["seats"][0]["url"]))
    page.wait_for_selector("#moves button.move")
    page.focus("#moves button.move")
    before = page.eval_on_selector(".table-page", "e => Number(e.dataset.n)")
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"() => Number(document.querySelector('.table-page').dataset.n) > {before}"
        " && document.querySelector('#moves button.move:not([disabled])')"
    )
    page.wait_for_function("() => document.activeElement?.matches('#moves button.move')")
    assert not errors, errors


def test_a_blood_feud_deal_waiting_for_its_answer_shows_its_terms(browser, opened, server):
    """BF-9.3: the seat asked to accept or refuse a deal sees both sides' terms on the board,
    not only in the narration. (The table's own payload, with a deal put in its view's steps,
    drawn by the game's module as the page draws it.)"""
    made = new_table(server, "blood-feud", ["human", "human"])
    page, errors = opened(open_page(browser, made["seats"][1]["url"]))
    shown = page.evaluate(
        """async (payload) => {
          const m = await import('/static/games/blood-feud.js');
          payload.view.todo = [{ k: 'answer', seat: 1, from: 0,
            give: ['money', 100], want: ['captive', 0] }];
          const ctx = { content: await (await fetch('/api/games/blood-feud')).json(),
            seat: 1, legal: [], pick: (el) => el, kinds: () => [], colour: () => '#000',
            seatName: (k) => (k === 1 ? 'you (seat 1)' : `seat ${k}`) };
          const board = document.createElement('div');
          m.draw(board, payload, ctx);
          return board.querySelector('.in-play').innerText;
        }""",
        seat_payload(page),
    )
    assert shown == (
        "seat 0 proposes a deal to you: seat 0 gives $100, you give a captive of seat 0"
    )
    assert not errors, errors


def blood_feud_after_setup(server) -> dict:
    """A Blood Feud table of two humans whose starting points are chosen (BF-1.2)."""
    made = new_table(server, "blood-feud", ["human", "human"])
    tokens = [claim(server, made, seat) for seat in (0, 1)]
    made["tokens"] = tokens
    table = f"{server}/api/tables/{made['id']}"
    for _ in range(2):
        for token in tokens:
            got = httpx.get(table, headers={"Authorization": f"Bearer {token}"}).json()
            if got["legal"]:
                move = {"action": got["legal"][0]["action"], "n": got["n"]}
                httpx.post(
                    f"{table}/moves", json=move, headers={"Authorization": f"Bearer {token}"}
                ).raise_for_status()
    return made


def test_unfinished_business_shows_the_newest_set_on_top(browser, opened, server):
    """UB-4.1: the newest set lies on top and only it can be attacked; the view lists sets
    oldest first, so the page must name the last one the top set. A Don's safe shows its number
    apart from the cards in it. (The table's own payload with two sets put in, drawn by the
    game's module as the page draws it.)"""
    made = new_table(server, "unfinished-business", ["human", "random", "random"])
    page, errors = opened(open_page(browser, made["seats"][0]["url"]))
    shown = page.evaluate(
        """async (payload) => {
          const m = await import('/static/games/unfinished-business.js');
          const don = payload.view.dons[1];
          don.sets = [['Mansion', 'Diamond'], ['Racing Horse', 'Racing Horse']];
          const ctx = { content: {}, seat: 0, legal: [], pick: (el) => el,
            kinds: () => [], colour: () => '#000', seatName: (k) => `seat ${k}` };
          const board = document.createElement('div');
          m.draw(board, payload, ctx);
          const box = board.querySelector('.family[data-seat="1"]');
          return [[...box.querySelectorAll('.set')].map((e) => e.innerText),
                  [...box.querySelectorAll('.stat')].map((e) => e.innerText),
                  don.safe_number, don.safe_size];
        }""",
        seat_payload(page),
    )
    sets, stats, number, size = shown
    assert sets == ["top set: Racing Horse + Racing Horse", "under it: Mansion + Diamond"]
    assert f"safe #{number}" in stats and f"in safe {size}" in stats, stats
    assert not errors, errors


def test_the_lobby_says_at_once_how_many_players_a_game_takes(browser, opened, server):
    """A player count out of the game's range draws no seats it cannot have, and the form says
    what the game allows (not only the browser's own pop-up at submit)."""
    page, errors = opened(new_page(browser))
    page.goto(server + "/")
    page.select_option("#game", "cash-n-guns")
    page.fill("#players", "10")
    page.dispatch_event("#players", "input")
    assert page.locator("#new-table select[id^='seat-']").count() == 9
    assert page.inner_text("#new-table .error") == "Cash 'n Guns is played by 4 to 9 players."
    page.fill("#players", "5")
    page.dispatch_event("#players", "input")
    assert page.locator("#new-table select[id^='seat-']").count() == 5
    assert page.inner_text("#new-table .error") == ""
    assert not errors, errors


def test_blood_feud_shows_the_attack_being_put_together(browser, opened, server):
    """BF-3.13: while pieces are added to an attack, the board says who has joined it so far,
    walkers and the vehicles bringing riders. (The table's payload with an attack step put in
    its view, drawn by the game's module as the page draws it.)"""
    made = blood_feud_after_setup(server)
    page, errors = opened(open_seat(browser, server, made["id"], 0, made["tokens"][0]))
    shown = page.evaluate(
        """async (payload) => {
          const m = await import('/static/games/blood-feud.js');
          const v = payload.view;
          const mine = (kind) => v.units.filter((u) => u[1] === 0 && u[2] === kind);
          const [limo] = mine('limousine');
          mine('thug')[0][6] = limo[0];  // one thug aboard the limousine
          const content = await (await fetch('/api/games/blood-feud')).json();
          v.todo = [{ k: 'attack', t: 7, seat: 0,
            chosen: [mine('hitman')[0][0], ...mine('henchman').map((u) => u[0])],
            rides: [limo[0]] }];
          const ctx = { content, seat: 0, legal: [], pick: (el) => el, kinds: () => [],
            colour: () => '#000', seatName: (k) => `seat ${k}` };
          const board = document.createElement('div');
          m.draw(board, payload, ctx);
          return [board.querySelector('.attack').innerText, content.spaces[7].name,
                  mine('henchman').length];
        }""",
        seat_payload(page),
    )
    text, target, henchmen = shown
    assert henchmen == 3  # a 2-player family starts with 3 henchmen (BF-1.2 set-up)
    assert text == (
        f"Attack on {target} so far: a hit man and 3 henchmen; a limousine carrying a thug"
    )
    assert not errors, errors


def test_the_tab_says_your_move_and_a_long_word_in_chat_wraps(browser, server):
    """The tab's title tells a player in another tab that it is their move, and stops once
    they have moved; a 500-letter chat line does not make a phone's page scroll sideways."""
    made = new_table(server, "cash-n-guns", ["human", "human", "random", "random"])
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(made["seats"][0]["url"])
        page.wait_for_selector("#moves button.move")
        assert page.title().startswith("▶ Your move · famiglia: Cash 'n Guns"), page.title()
        page.fill("#chat-text", "x" * 500)
        page.click(".chat-form button")
        page.wait_for_selector(".chat-lines li")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        wide = page.eval_on_selector(".chat-lines", "e => e.scrollWidth - e.clientWidth")
        assert wide <= 1, f"the chat is {wide} px wider than its box"
        page.locator("#moves button.move").first.click()
        page.wait_for_function("() => !document.title.startsWith('▶')")
        assert page.title() == "famiglia: Cash 'n Guns"  # waiting for the others' choices
        assert not errors, errors
    finally:
        context.close()


def test_the_letters_of_a_changed_piece_stay_unoutlined(browser, opened, server):
    """A piece that changed since the reader's last move is outlined, but its name and loot
    (12px letters) are not: an outline drawn over them made Cash 'n Guns' ring unreadable. A
    changed text alone keeps its outline, behind its letters."""
    page, errors = opened(
        open_page(browser, new_table(server, "cash-n-guns", ONE_SEAT + ["random"])["url"])
    )
    styles = page.evaluate(
        """() => {
          const ns = 'http://www.w3.org/2000/svg';
          const svg = document.createElementNS(ns, 'svg');
          const g = document.createElementNS(ns, 'g');
          g.setAttribute('class', 'gangster changed');
          const disc = document.createElementNS(ns, 'circle');
          const name = document.createElementNS(ns, 'text');
          const alone = document.createElementNS(ns, 'text');
          alone.setAttribute('class', 'changed');
          g.append(disc, name);
          svg.append(g, alone);
          document.body.append(svg);
          const of = (e) => getComputedStyle(e);
          return { group: of(g).stroke, name: of(name).stroke, alone: of(alone).stroke,
                   order: of(alone).paintOrder };
        }"""
    )
    assert styles["group"] != "none"  # the piece itself is marked
    assert styles["name"] == "none"
    assert styles["alone"] != "none" and styles["order"].startswith("stroke")
    assert not errors, errors
