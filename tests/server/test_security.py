"""Tokens, the Origin check, and logs without tokens."""

from __future__ import annotations

import hashlib
import logging

import pytest

from famiglia.server.security import (
    RedactTokens,
    bearer,
    find_seat,
    hash_token,
    new_token,
    origin_allowed,
    token_matches,
)

from .helpers import create_raw


def test_tokens_are_long_random_and_stored_as_their_hash():
    tokens = {new_token() for _ in range(200)}
    assert len(tokens) == 200 and all(len(t) == 32 for t in tokens)  # 24 bytes: 192 bits
    token = new_token()
    assert hash_token(token) == hashlib.sha256(token.encode()).hexdigest()
    assert token_matches(token, hash_token(token)) and not token_matches(token, hash_token("x"))
    assert not token_matches(token, None) and not token_matches("", None)


def test_find_seat_compares_every_seat():
    tokens = [new_token() for _ in range(4)]
    hashes = [hash_token(t) for t in tokens[:3]] + [None]
    assert [find_seat(t, hashes) for t in tokens] == [0, 1, 2, None]
    assert find_seat("-" * 64, hashes) is None  # the filler of an empty seat matches nothing


def test_bearer_header():
    assert bearer(None) is None
    assert bearer("Bearer abc") == "abc" and bearer("bearer  abc ") == "abc"
    assert bearer("Basic abc") == "" and bearer("Bearer") == ""  # present but unusable


def test_origin_must_be_this_server_or_named():
    assert origin_allowed(None, "localhost:8000")  # not a browser
    assert origin_allowed("http://localhost:8000", "localhost:8000")
    assert origin_allowed("https://Games.Example", "games.example")  # behind a TLS proxy
    assert not origin_allowed("http://evil.example", "localhost:8000")
    assert not origin_allowed("http://localhost:9999", "localhost:8000")
    assert not origin_allowed("null", "localhost:8000")
    assert origin_allowed("http://app.example", "localhost:8000", ("http://app.example",))


def test_logs_never_show_a_token():
    """uvicorn logs a websocket's address with its query; the filter hides the token."""
    token = new_token()
    record = logging.LogRecord(
        "uvicorn.error",
        logging.INFO,
        "",
        0,
        '%s - "WebSocket %s" %d',
        ("127.0.0.1:5000", f"/ws/tables/abc?token={token}&x=1", 101),
        None,
    )
    assert RedactTokens().filter(record)
    text = record.getMessage()
    assert token not in text and "token=[hidden]&x=1" in text


@pytest.mark.parametrize(
    ("method", "path", "says"),
    [
        ("post", "moves", "a move needs your seat's token"),
        ("get", "hint", "a hint needs your seat's token"),
        ("post", "seats/0/resume", "taking back a seat needs its token"),
    ],
)
def test_a_seats_request_without_a_token_is_refused_saying_how_to_send_it(
    client, method, path, says
):
    made = create_raw(client, "the-mob", seats=["human", "random", "random"])
    url = f"/api/tables/{made['id']}/{path}"
    answer = client.post(url, json={"n": 0}) if method == "post" else client.get(url)
    assert answer.status_code == 401, answer.text
    assert answer.json()["error"] == f"{says}: 'Authorization: Bearer TOKEN'"
