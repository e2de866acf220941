"""A move the rules refuse, as the page shows it: the reason and the rule's clause id, and the
table unchanged. The page only offers legal moves, so the refused one is made on the way: the
page's websocket is routed, and its first aim (at seat 1, which the button names by its
player, "random bot (seat 1)": three random bots sit there) reaches the server as an aim at the
player himself, which Cash 'n Guns forbids (CNG-5.2). Then the connection drops, and the page
connects again by itself and plays on."""

from __future__ import annotations

import json
import re
import time
import urllib.request

AIM_AT_ONESELF = {"kind": "aim", "args": [0]}


def create(base: str, body: dict) -> dict:
    """A table whose creator sits nowhere: each human seat's `url` is its invite link."""
    body = {"creator_seat": None, **body}
    request = urllib.request.Request(
        f"{base}/api/tables", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.load(answer)


def test_a_refused_move_shows_its_reason_and_clause(browser, server):
    made = create(
        server, {"game": "cash-n-guns", "players": 4, "seats": ["human"] + ["random"] * 3}
    )
    sent: list[dict] = []
    sockets = []

    def route(ws):
        sockets.append(ws)
        to_server = ws.connect_to_server()

        def from_page(message):
            frame = json.loads(message)
            if "move" in frame and frame["move"].get("kind") == "aim" and not sent:
                frame["move"] = AIM_AT_ONESELF
                sent.append(frame)
            to_server.send(json.dumps(frame))

        ws.on_message(from_page)

    context = browser.new_context()
    try:
        page = context.new_page()
        page.route_web_socket(re.compile(r"/ws/tables/"), route)
        page.goto(made["seats"][0]["url"])
        aim = page.locator("#moves button.move", has_text="aim at random bot (seat 1)")
        deadline = time.monotonic() + 60
        while not aim.count():  # load a card first, as often as the game asks
            assert time.monotonic() < deadline, "seat 0 was never asked to aim"
            first = page.locator("#moves button.move:not([disabled])").first
            if first.count() and "aim" not in first.inner_text():
                first.click()
            time.sleep(0.1)
        n = page.eval_on_selector(".table-page", "e => e.dataset.n")
        # the moves name the other players as the seats strip does, never by a bare number
        assert not page.locator(
            "#moves button.move", has_text=re.compile(r"seat \d\b(?!\))")
        ).count()
        aim.click()
        notice = page.locator("#notice p")
        notice.wait_for()
        assert sent and sent[0]["move"] == AIM_AT_ONESELF
        assert "Refused" in notice.inner_text() and "(rule CNG-5.2)" in notice.inner_text()
        assert page.eval_on_selector(".table-page", "e => e.dataset.n") == n, "nothing changed"
        assert page.locator(
            "#moves button.move:not([disabled])", has_text="aim at random bot (seat 1)"
        ).count()
        sockets[-1].close(code=4000, reason="dropped")  # a network drop, not a refusal
        page.wait_for_selector(".connection.lost", state="attached")
        assert "connection lost" in page.inner_text(".connection.lost")
        page.wait_for_selector(".connection.open", state="attached")
        aim.click()  # sent as it is, over the new connection
        page.wait_for_function(f"() => document.querySelector('.table-page').dataset.n !== '{n}'")
        assert len(sockets) == 2 and not page.locator("#notice p").count()
    finally:
        context.close()
