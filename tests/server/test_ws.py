"""The table's websocket: payloads on connect and after each change, moves and chat from the
client, refusals as error frames, and a closed connection with a reason for anything else."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from .helpers import PAYLOAD_KEYS, app_client, auth, create, receive, until_payload


def socket(client, table, token=None, **kw):
    query = f"?token={token}" if token else ""
    return client.websocket_connect(f"/ws/tables/{table}{query}", **kw)


def opening(ws):
    """The frames sent on connect: the payload, the chat so far, who sits where."""
    frames = [receive(ws) for _ in range(3)]
    kinds = {next(iter(f)) if "view" not in f else "payload": f for f in frames}
    assert set(kinds) == {"payload", "chat", "seats"}, frames
    return kinds


@pytest.fixture
def table(client):
    made = create(client, "cash-n-guns", ["human"] * 4)
    return made["id"], [s["token"] for s in made["seats"]]


def test_connect_sends_the_payload_chat_and_seats(client, table):
    table_id, tokens = table
    with socket(client, table_id, tokens[2]) as ws:
        first = opening(ws)
        assert set(first["payload"]) == PAYLOAD_KEYS and first["payload"]["seat"] == 2
        assert (
            first["payload"]
            == client.get(f"/api/tables/{table_id}", headers=auth(tokens[2])).json()
        )
        assert first["chat"] == {"chat": [], "more": False}
        assert first["seats"]["seats"][2] == {
            "seat": 2,
            "kind": "human",
            "free": False,
            "invited": False,
            "present": True,
            "name": None,
            "thinking": None,
        }
        assert first["seats"]["seats"][0]["free"] is False  # every seat was claimed
    with socket(client, table_id) as watcher:
        assert opening(watcher)["payload"]["seat"] is None


def test_a_move_reaches_every_listener_after_it_is_stored(client, table):
    table_id, tokens = table
    with socket(client, table_id, tokens[0]) as mover, socket(client, table_id, tokens[1]) as other:
        opening(mover)
        opening(other)
        mover.send_json({"move": "load a Click", "n": 0})
        mine = until_payload(mover, n=1)
        theirs = until_payload(other, n=1)
        assert mine["seat"] == 0 and theirs["seat"] == 1 and mine["n"] == theirs["n"] == 1
        assert mine["to_act"] == theirs["to_act"] == [1, 2, 3]
        assert mine["legal"] == [] and theirs["legal"]
        action = theirs["legal"][0]["action"]
        other.send_json({"move": action, "n": 1})
        assert until_payload(mover, n=2)["n"] == 2
    assert client.get(f"/api/tables/{table_id}").json()["n"] == 2


def test_refused_moves_come_back_as_error_frames_and_change_nothing(client, table):
    table_id, tokens = table
    with socket(client, table_id, tokens[0]) as ws:
        opening(ws)
        ws.send_json({"move": "load a Click", "n": 5})
        assert receive(ws) == {
            "error": "stale move: it was sent at move 5 but 0 moves are played; "
            "look at the table again and choose anew",
            "code": "stale",
            "clause": "",
        }
        ws.send_json({"move": "shoot the moon", "n": 0})
        refusal = receive(ws)
        assert "not a legal move" in refusal["error"] and refusal["code"] == "illegal"
        ws.send_json({"move": {"kind": "load", "args": ["nothing"]}, "n": 0})
        assert receive(ws)["error"]
        ws.send_json({"move": "load a Click", "n": 0})  # the connection is still open
        assert until_payload(ws, n=1)["n"] == 1
    with socket(client, table_id) as watcher:
        opening(watcher)
        watcher.send_json({"move": "load a Click", "n": 1})
        refusal = receive(watcher)
        assert "spectators cannot move" in refusal["error"] and refusal["code"] == "unauthorized"
        watcher.send_json({"chat": "hello"})
        refusal = receive(watcher)
        assert "spectators cannot chat" in refusal["error"] and refusal["code"] == "forbidden"
    assert client.get(f"/api/tables/{table_id}").json()["n"] == 1


def test_chat_goes_to_the_table_and_private_lines_only_to_their_seats(client, table):
    table_id, tokens = table
    with (
        socket(client, table_id, tokens[0]) as zero,
        socket(client, table_id, tokens[1]) as one,
        socket(client, table_id, tokens[2]) as two,
        socket(client, table_id) as watcher,
    ):
        for ws in (zero, one, two, watcher):
            opening(ws)
        zero.send_json({"chat": "  deal? "})
        zero.send_json({"chat": "aim at 3 with me", "to": [1]})
        two.send_json({"chat": "x" * 501})
        two.send_json({"chat": "hi", "to": [9]})
        two.send_json({"chat": "\u202eti daer"})

        def lines(ws, count):
            got = []
            while len(got) < count:
                frame = receive(ws)
                if "chat" in frame:
                    got += frame["chat"]
                elif "error" in frame:
                    got.append(frame)
            return got

        public = {"k": 0, "seat": 0, "to": None, "text": "deal?"}
        private = {"k": 1, "seat": 0, "to": [1], "text": "aim at 3 with me"}
        strip = [lambda line: {k: v for k, v in line.items() if k != "at"}][0]
        assert [strip(x) for x in lines(zero, 2)] == [public, private]
        assert [strip(x) for x in lines(one, 2)] == [public, private]
        assert [strip(x) for x in lines(watcher, 1)] == [public]
        two_got = lines(two, 4)  # the public line and three refusals, in whatever order
        assert [strip(x) for x in two_got if "text" in x] == [public]
        errors = sorted(x["error"] for x in two_got if "error" in x)
        assert "'to'" in errors[0] and "at most 500" in errors[1]
        assert "no direction overrides" in errors[2]
    # The chat is stored with the table: the history on connect, private lines kept private.
    with socket(client, table_id, tokens[2]) as again:
        assert [strip(x) for x in opening(again)["chat"]["chat"]] == [public]
    with socket(client, table_id, tokens[1]) as again:
        assert [strip(x) for x in opening(again)["chat"]["chat"]] == [public, private]


def test_private_lines_leave_no_gaps_in_what_others_read(client, table):
    """A line's number counts the lines its reader may read: the others cannot count the
    private words between two players."""
    table_id, tokens = table
    with socket(client, table_id, tokens[0]) as zero, socket(client, table_id, tokens[2]) as two:
        opening(zero), opening(two)
        zero.send_json({"chat": "just us", "to": [1]})
        zero.send_json({"chat": "hello all"})
        heard = []
        while not heard:
            heard += receive(two).get("chat", [])
        assert [(line["k"], line["text"]) for line in heard] == [(0, "hello all")]
    with socket(client, table_id, tokens[1]) as one:
        lines = opening(one)["chat"]["chat"]
        assert [(line["k"], line["text"]) for line in lines] == [(0, "just us"), (1, "hello all")]
    with socket(client, table_id) as watcher:
        assert [line["k"] for line in opening(watcher)["chat"]["chat"]] == [0]


def test_one_player_cannot_fill_the_chat(client, table, monkeypatch):
    """Each seat may write its share of the table's chat lines, so the others can still talk."""
    monkeypatch.setattr(client.app.state.settings, "chat_lines", 8)  # 4 seats: 2 lines each
    table_id, tokens = table
    with socket(client, table_id, tokens[0]) as zero, socket(client, table_id, tokens[1]) as one:
        opening(zero), opening(one)
        for text in ("one", "two", "three"):
            zero.send_json({"chat": text})
        said, refused = [], []
        while len(said) + len(refused) < 3:  # (frames of who comes and goes are skipped)
            frame = receive(zero)
            said += [line["text"] for line in frame.get("chat", ())]
            refused += [(frame["error"], frame["code"])] if "error" in frame else []
        assert said == ["one", "two"]
        share = "you have written your share of this table's chat (2 lines)"
        assert refused == [(share, "chat_full")]
        one.send_json({"chat": "my turn"})
        heard = []
        while "my turn" not in heard:
            frame = receive(one)
            assert "error" not in frame, frame
            heard += [line["text"] for line in frame.get("chat", ())]


def test_chat_and_seats_survive_a_restart(tmp_path):
    db = tmp_path / "t.db"
    with app_client(db) as client:
        made = create(client, "the-mob", ["human", "human", "random"])
        table_id, token = made["id"], made["seats"][0]["token"]
        with socket(client, table_id, token) as ws:
            opening(ws)
            ws.send_json({"chat": "remember me"})
            frame = receive(ws)
            while "chat" not in frame:
                frame = receive(ws)
            assert frame["chat"][0]["text"] == "remember me"  # stored before it was sent
    with app_client(db) as client:
        with socket(client, table_id, token) as ws:
            first = opening(ws)
            assert [line["text"] for line in first["chat"]["chat"]] == ["remember me"]
            assert [s["free"] for s in first["seats"]["seats"]] == [False, False, False]


def test_refused_connections_close_with_a_reason(client, table):
    table_id, tokens = table
    for path, words in (
        (f"/ws/tables/{table_id}?token=forged", "holds no seat"),
        ("/ws/tables/nosuch", "no table"),
    ):
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect(path) as ws:
                receive(ws)
        assert closed.value.code == 1008 and words in closed.value.reason


def test_the_origin_must_be_this_server(client, table):
    table_id, tokens = table
    with pytest.raises(WebSocketDisconnect) as closed:
        with socket(client, table_id, tokens[0], headers={"origin": "https://evil.example"}):
            pass
    assert closed.value.code == 1008 and "may not call this server" in closed.value.reason
    with socket(client, table_id, tokens[0], headers={"origin": "http://testserver"}) as ws:
        assert opening(ws)["payload"]["seat"] == 0


@pytest.mark.parametrize(
    "frame, code, words",
    [
        (b"\x00\x01", 1003, "not binary"),
        ("{not json", 1007, "must be JSON"),
        ("[1, 2]", 1008, "a frame is"),
        (json.dumps({"move": "load a Click"}), 1008, "a frame is"),
        (json.dumps({"move": "load a Click", "n": -1}), 1008, "'n'"),
        (json.dumps({"move": 5, "n": 0}), 1008, "'move'"),
        (json.dumps({"chat": "hi", "seat": 2}), 1008, "a frame is"),
        ("[" * 100_000, 1009, "at most 65536 bytes"),
        ("[" * 5_000 + "]" * 5_000, 1007, "nested"),
        ('{"move": "\\ud800", "n": 0}', 1007, "lone surrogate"),  # (no UTF-8 for it)
        ('{"chat": "hi \\udfff"}', 1007, "lone surrogate"),
    ],
)
def test_malformed_frames_close_the_connection_and_change_nothing(
    client, table, frame, code, words
):
    table_id, tokens = table
    with socket(client, table_id, tokens[0]) as ws:
        opening(ws)
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                receive(ws)
        assert closed.value.code == code and words in closed.value.reason
    assert client.get(f"/api/tables/{table_id}").json()["n"] == 0
    assert client.get("/api/tables").json()[0]["seats"][0]["present"] is False


def test_listeners_hear_who_comes_and_goes(client, table):
    table_id, tokens = table

    def seat_three(ws):
        frame = receive(ws)
        assert set(frame) == {"seats"}
        return frame["seats"][3]

    with socket(client, table_id, tokens[0]) as zero:
        opening(zero)
        with socket(client, table_id, tokens[3]) as three:
            opening(three)
            assert seat_three(zero) == {
                "seat": 3,
                "kind": "human",
                "free": False,
                "invited": False,
                "present": True,
                "name": None,
                "thinking": None,
            }
        assert seat_three(zero)["present"] is False
