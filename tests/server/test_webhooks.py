"""Webhooks (server/webhooks.py): delivered to a local receiver when it becomes the seat's turn
at a slow table; refused at claim time for anything but a public http(s) address; redirects
not followed; failures retried; never a secret in the message."""

from __future__ import annotations

import json
import queue
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from famiglia.server import webhooks

from .helpers import app_client, auth, create_raw, play_first, wait_until
from .test_clocks import SLOW, FakeTime


class Receiver:
    """A local HTTP server that answers with the statuses given, in turn, and keeps what came."""

    def __init__(self, statuses=(204,), port: int = 0) -> None:
        self.got: queue.Queue = queue.Queue()
        self.statuses = list(statuses)
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                outer.got.put((self.path, dict(self.headers), json.loads(body or b"null")))
                status = outer.statuses.pop(0) if len(outer.statuses) > 1 else outer.statuses[0]
                self.send_response(status)
                if status in (301, 302, 307, 308):
                    self.send_header("Location", f"http://127.0.0.1:{outer.port}/elsewhere")
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/hook?k=1"

    def next(self, timeout: float = 20.0):
        return self.got.get(timeout=timeout)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver():
    r = Receiver()
    yield r
    r.close()


@pytest.fixture
def loopback_client(tmp_path):
    with app_client(tmp_path / "famiglia.db", time_source=FakeTime(), webhook_loopback=True) as c:
        yield c


@pytest.fixture(autouse=True)
def quick_retries(monkeypatch):
    monkeypatch.setattr(webhooks, "RETRY_DELAYS", (0.0, 0.0, 0.0))


def slow_pair(client, hook: str | None):
    """A slow 2-seat table: the creator at seat 0, seat 1 claimed with `hook` as its webhook."""
    made = create_raw(client, "unfinished-business", seats=["human", "human"], clock=SLOW)
    body = {"claim": made["seats"][1]["claim"]}
    if hook is not None:
        body["webhook"] = hook
    answer = client.post(f"/api/tables/{made['id']}/claim", json=body)
    return made, answer


def play_until_turn_of(client, made, tokens, seat):
    """Moves for whoever is to act until `seat` is to act (at most 20 moves)."""
    for _ in range(20):
        seen = client.get(f"/api/tables/{made['id']}").json()
        if seat in seen["to_act"]:
            return seen
        mover = seen["to_act"][0]
        answer = play_first(client, made["id"], tokens[mover])
        assert answer is not None, f"seat {mover} is to act but has no move"
        assert answer.status_code == 200, answer.text
    raise AssertionError("the seat never came to act")


def test_a_webhook_is_called_when_it_becomes_the_seats_turn(loopback_client, receiver):
    client = loopback_client
    made, answer = slow_pair(client, receiver.url)
    assert answer.status_code == 200, answer.text
    tokens = {0: made["seats"][0]["token"], 1: answer.json()["token"]}
    seen = client.get(f"/api/tables/{made['id']}").json()
    if 1 in seen["to_act"]:  # seat 1 first: let it move so the turn comes round to it again
        play_first(client, made["id"], tokens[1])
    play_until_turn_of(client, made, tokens, 1)
    path, headers, message = receiver.next()
    assert path == "/hook?k=1"
    assert headers["Host"] == f"127.0.0.1:{receiver.port}"
    assert message["table"] == made["id"] and message["seat"] == 1
    assert message["game"] == "unfinished-business"
    assert message["url"].endswith(f"/tables/{made['id']}")
    assert made["id"] in message["content"] and message["text"] == message["content"]
    text = json.dumps(message)
    for secret in (tokens[0], tokens[1], made["creator_key"], receiver.url):
        assert secret not in text
    # the webhook itself never shows: not in any payload, the lobby or the seats
    for token in (None, tokens[0], tokens[1]):
        headers = auth(token) if token else {}
        assert receiver.url not in client.get(f"/api/tables/{made['id']}", headers=headers).text
    assert receiver.url not in client.get("/api/tables").text


@pytest.mark.parametrize(
    ("hook", "says"),
    [
        ("ftp://example.com/hook", "http:// or https://"),
        ("javascript:alert(1)", "http:// or https://"),
        ("http://10.0.0.1/hook", "not a public address"),
        ("http://192.168.1.20/hook", "not a public address"),
        ("http://169.254.169.254/latest/meta-data", "not a public address"),
        ("http://224.0.0.1/hook", "not a public address"),
        ("http://240.0.0.1/hook", "not a public address"),
        ("http://0.0.0.0/hook", "not a public address"),
        ("http://[fc00::1]/hook", "not a public address"),
        ("http://[::ffff:10.0.0.1]/hook", "not a public address"),
        ("http://user:pw@example.com/hook", "user name or password"),
        ("http:///hook", "names a host"),
    ],
)
def test_private_and_non_http_webhooks_are_refused_at_claim_time(loopback_client, hook, says):
    made, answer = slow_pair(loopback_client, hook)
    assert answer.status_code == 400, answer.text
    assert answer.json()["code"] == "webhook_refused"
    assert says in answer.json()["error"]
    # the claim code was not spent: the same link still opens the seat
    again = loopback_client.post(
        f"/api/tables/{made['id']}/claim", json={"claim": made["seats"][1]["claim"]}
    )
    assert again.status_code == 200


def test_loopback_is_refused_unless_the_setting_allows_it(client, receiver):
    for hook in (receiver.url, "http://localhost/hook", "http://[::1]/hook"):
        _made, answer = slow_pair(client, hook)
        assert answer.status_code == 400 and answer.json()["code"] == "webhook_refused"


def test_join_takes_a_webhook_and_checks_it_too(loopback_client, receiver):
    client = loopback_client
    made = create_raw(client, "unfinished-business", seats=["human", "open"], clock=SLOW)
    url = f"/api/tables/{made['id']}/join"
    bad = client.post(url, json={"webhook": "http://127.0.0.2.nip.invalid/"})
    assert bad.status_code == 400 and bad.json()["code"] == "webhook_refused"
    assert client.post(url, json={"webhook": receiver.url}).status_code == 200


def run_delivery(client, url):
    hub = client.app.state.hub
    message = {"content": "x", "text": "x", "table": "t", "game": "g", "seat": 0, "url": "u"}
    return client.portal.call(hub.notifier.deliver, url, message)


def test_a_failed_delivery_is_retried_and_a_redirect_is_not_followed(loopback_client):
    failing = Receiver([500, 503, 204])
    try:
        assert run_delivery(loopback_client, failing.url) is True
        assert [failing.next()[0] for _ in range(3)] == ["/hook?k=1"] * 3
    finally:
        failing.close()
    moving = Receiver([302])
    try:
        assert run_delivery(loopback_client, moving.url) is False
        assert moving.next()[0] == "/hook?k=1"
        with pytest.raises(queue.Empty):
            moving.next(timeout=0.5)  # /elsewhere never asked
    finally:
        moving.close()
    down = Receiver([204])
    dead_url = down.url
    down.close()
    assert run_delivery(loopback_client, dead_url) is False  # 4 attempts, then given up


def test_a_seat_handed_on_loses_its_webhook(loopback_client, receiver):
    client = loopback_client
    made, answer = slow_pair(client, receiver.url)
    hub = client.app.state.hub
    table = client.portal.call(hub.get, made["id"])
    assert 1 in table.webhooks
    changed = client.post(
        f"/api/tables/{made['id']}/seats/1",
        json={"kind": "human"},
        headers=auth(made["creator_key"]),
    )
    assert changed.status_code == 200, changed.text
    assert 1 not in table.webhooks
    wait_until(client, made["id"], lambda p: True)


def test_in_real_time_only_an_away_player_is_called(loopback_client, receiver):
    client = loopback_client
    clock = {"mode": "realtime", "bank": 600, "per_move": 5, "on_timeout": "bot:easy"}
    made = create_raw(client, "unfinished-business", seats=["human", "human"], clock=clock)
    claimed = client.post(
        f"/api/tables/{made['id']}/claim",
        json={"claim": made["seats"][1]["claim"], "webhook": receiver.url},
    )
    tokens = {0: made["seats"][0]["token"], 1: claimed.json()["token"]}

    def turn_round():
        """Seat 1 moves if it is its turn, then seat 0 until seat 1 is to act again."""
        seen = client.get(f"/api/tables/{made['id']}").json()
        if 1 in seen["to_act"]:
            play_first(client, made["id"], tokens[1])
        play_until_turn_of(client, made, tokens, 1)

    wait_until(client, made["id"], lambda p: p["clock"]["started"])
    try:  # the clocks' start begins a turn too: seat 1's, if it is first
        receiver.next(timeout=1.0)
    except queue.Empty:
        pass
    with client.websocket_connect(f"/ws/tables/{made['id']}?token={tokens[1]}"):
        turn_round()  # present: no call
        with pytest.raises(queue.Empty):
            receiver.next(timeout=1.0)
    turn_round()  # away now: called
    assert receiver.next()[2]["seat"] == 1
