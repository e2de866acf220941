"""Thousands of malformed requests and frames: each gets a clean refusal (a 4xx with a JSON
reason, or a websocket error frame or close with a reason), and the table stays as it was.

The default run sends a few thousand; `--soak` sends ten times as many.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from .helpers import auth, create, receive

EXAMPLES = 800


def examples(request) -> int:
    return EXAMPLES * (10 if request.config.getoption("--soak") else 1)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=20,
)
# Bodies that look like the real thing, with one part wrong, and bodies that are anything.
move_bodies = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {"n": json_values | st.integers(-3, 10)},
        optional={"action": json_values, "text": st.text(max_size=600), "seat": json_values},
    ),
    st.fixed_dictionaries(
        {
            "n": st.integers(-1, 30),
            "action": st.fixed_dictionaries(
                {"kind": st.text(max_size=12)}, optional={"args": json_values}
            ),
        }
    ),
)
create_bodies = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {
            "game": st.sampled_from(["the-mob", "cash-n-guns", "blood-feud", "chess", ""])
            | st.text(max_size=50),
            "players": json_values | st.integers(-2, 30),
            "seats": st.lists(
                st.sampled_from(["human", "random", "greedy:samples=0", "ismcts:seconds=-1", "x"])
                | st.text(max_size=20),
                max_size=25,
            )
            | json_values,
        },
        optional={
            "options": json_values,
            "seed": json_values,
            "name": json_values,
            "extra": json_values,
        },
    ),
)
raw_bodies = st.binary(max_size=300) | st.text(max_size=300).map(str.encode)
tokens = (
    st.none()
    | st.text(max_size=60).map(lambda t: t.replace("\r", "").replace("\n", "").encode())
    | st.sampled_from([b"Bearer ", b"Bearer x", b"Basic abc", b"bearer", b"Bearer \xff\xfe"])
)
frames = st.one_of(
    json_values.map(json.dumps),
    st.text(max_size=200),
    st.fixed_dictionaries({"move": json_values | st.text(max_size=40), "n": json_values}).map(
        json.dumps
    ),
    st.fixed_dictionaries({"chat": json_values}, optional={"to": json_values}).map(json.dumps),
)

FUZZ = settings(
    deadline=None,
    database=None,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.function_scoped_fixture,
        HealthCheck.data_too_large,
    ],
)


class Table:
    """A table mid-game, and a snapshot of everything anyone can see of it."""

    def __init__(self, client):
        self.client = client
        made = create(client, "cash-n-guns", ["human"] * 4)
        self.id, self.tokens = made["id"], [s["token"] for s in made["seats"]]
        self.creator = made["creator_key"]
        for seat in (0, 1):
            answer = client.post(
                f"/api/tables/{self.id}/moves",
                json={"text": "load a Click", "n": seat},
                headers=auth(self.tokens[seat]),
            )
            assert answer.status_code == 200
        for token in self.tokens:  # every seat taken: their first use changes nothing more
            assert client.get(f"/api/tables/{self.id}", headers=auth(token)).status_code == 200
        self.before = self.snapshot()

    def snapshot(self):
        """Everything stored of the table, read from the server's own memory: its state, its
        seats, its moves; and how many tables there are."""
        hub = self.client.app.state.hub
        table = hub.tables[self.id]
        seats = [(s.kind, s.token_hash, s.claimed) for s in table.seats]
        return json.dumps(table.state.to_json()), table.n, seats, len(hub.tables)

    def unchanged(self):
        assert self.snapshot() == self.before


def clean_refusal(response, allowed=(400, 401, 403, 404, 405, 409, 413, 422)):
    assert response.status_code in allowed, (response.status_code, response.text)
    body = response.json()
    assert set(body) == {"error", "code", "clause"} and body["error"], body
    assert body["code"] and body["code"].isidentifier(), body  # a word a program tests
    assert "Traceback" not in response.text


@pytest.fixture(scope="module")
def table(shared_client):
    return Table(shared_client)


@pytest.mark.slow
def test_malformed_moves(shared_client, table, request):
    @settings(FUZZ, max_examples=examples(request))
    @given(
        body=move_bodies, token=tokens, raw=raw_bodies, use_raw=st.booleans(), who=st.integers(0, 4)
    )
    def check(body, token, raw, use_raw, who):
        headers = {"content-type": "application/json"}
        if who < 4:
            headers |= auth(table.tokens[who])  # real seats, mostly not to act
        elif token is not None:
            headers["Authorization"] = token
        url = f"/api/tables/{table.id}/moves"
        content = raw if use_raw else json.dumps(body).encode()
        clean_refusal(shared_client.post(url, content=content, headers=headers))
        table.unchanged()

    check()


@pytest.mark.slow
def test_malformed_requests_on_every_route(shared_client, table, request):
    routes = [
        ("POST", "/api/tables"),
        ("POST", f"/api/tables/{table.id}/join"),
        ("POST", f"/api/tables/{table.id}/seats/1"),
        ("GET", f"/api/tables/{table.id}/record"),
        ("GET", f"/api/tables/{table.id}"),
        ("POST", "/api/tables/{junk}/moves"),
        ("GET", "/api/tables/{junk}"),
        ("DELETE", f"/api/tables/{table.id}"),
    ]

    @settings(FUZZ, max_examples=examples(request))
    @given(
        route=st.sampled_from(routes),
        body=create_bodies,
        raw=raw_bodies,
        use_raw=st.booleans(),
        token=tokens,
        junk=st.text(min_size=1, max_size=40).filter(
            lambda t: "/" not in t and t not in (".", "..")
        ),
    )
    def check(route, body, raw, use_raw, token, junk):
        method, path = route
        path = path.replace("{junk}", quote(junk, safe=""))
        headers = {"content-type": "application/json"}
        if token is not None:
            headers["Authorization"] = token
        content = raw if use_raw else json.dumps(body).encode()
        response = shared_client.request(method, path, content=content, headers=headers)
        if response.status_code in (200, 201):
            # A well-formed request may be granted: a new table (its own), or the payload.
            assert method == "POST" and path == "/api/tables" or method == "GET", response.text
            table.before = table.snapshot() if path == "/api/tables" else table.before
        else:
            clean_refusal(response)
        table.unchanged()

    check()


@pytest.mark.slow
def test_malformed_frames(shared_client, table, request):
    @settings(FUZZ, max_examples=examples(request) // 2)
    @given(frame=frames, who=st.integers(0, 4))
    def check(frame, who):
        query = f"?token={table.tokens[who]}" if who < 4 else ""
        with shared_client.websocket_connect(f"/ws/tables/{table.id}{query}") as ws:
            for _ in range(3):
                receive(ws)  # payload, chat, seats
            ws.send_text(frame)
            try:
                answer = receive(ws)
                while "seats" in answer:
                    answer = receive(ws)
            except WebSocketDisconnect as closed:
                assert closed.code in (1003, 1007, 1008, 1009) and closed.reason
            else:
                if "chat" in answer:  # a well-formed chat line from a seat: it is said
                    assert who < 4 and isinstance(json.loads(frame)["chat"], str)
                else:
                    assert set(answer) == {"error", "code", "clause"} and answer["error"], answer
        table.unchanged()

    check()
