"""A record file uploaded to the replay viewer (POST /api/replays, GET /api/replays/{id}): a
`famiglia simulate` record replays at move n exactly as `replay(record, until=n)`; a broken or
unfinished record is refused saying what is wrong; sizes and rates are bounded; an upload's id
reaches no table."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from famiglia.core.record import replay
from famiglia.server.limits import PerClient
from famiglia.server.uploads import KEEP_SECONDS, MAX_RECORD_BYTES, Uploads

from .helpers import app_client, create


def simulated(tmp_path, game, players, *options):
    """One record written by `famiglia simulate`, as a person runs it."""
    out = tmp_path / f"{game}.jsonl"
    command = [sys.executable, "-m", "famiglia", "simulate", game, "--players", str(players)]
    for option in options:
        command += ["-o", option]
    command += ["--games", "1", "--seed", "2", "--out", str(out)]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    return out.read_text()


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("records")
    return {
        "scarface-1920": simulated(folder, "scarface-1920", 2, "max_turns=2"),
        "cash-n-guns": simulated(folder, "cash-n-guns", 4),
    }


def upload(client, text, limited=False):
    state = client.app.state
    if not limited and getattr(state, "uploads", None) is None:  # many uploads from one test
        state.uploads, state.upload_limit = Uploads(), PerClient(10_000, "uploads")
    return client.post(
        "/api/replays", content=text.encode(), headers={"content-type": "application/json"}
    )


def test_a_simulated_record_replays_move_by_move(shared_client, records):
    client = shared_client
    for game, text in records.items():
        record = json.loads(text)
        answer = upload(client, text)
        assert answer.status_code == 201, answer.text
        made = answer.json()
        assert made["game"] == game and made["moves"] == len(record["moves"])
        assert made["url"].endswith(f"/replays/{made['id']}")
        total = len(record["moves"])
        for n in sorted({0, 1, total // 2, total}):
            for seat in range(record["players"]):
                got = client.get(f"/api/replays/{made['id']}", params={"n": n, "seat": seat})
                assert got.status_code == 200, got.text
                body = got.json()
                state = replay(record, until=n)
                assert body["view"] == json.loads(json.dumps(state.view(seat)))
                assert body["events"] == state.events(seat)
                assert body["id"] == made["id"] and body["n"] == n
        names = client.get(f"/api/replays/{made['id']}").json()["names"]
        assert names == [f"{a} bot" for a in record["agents"]]
        page = client.get(f"/replays/{made['id']}")
        assert page.status_code == 200 and "text/html" in page.headers["content-type"]


def test_a_broken_record_is_refused_saying_what_is_wrong(shared_client, records):
    client = shared_client
    good = json.loads(records["scarface-1920"])
    cases = {
        "not json {": "not JSON",
        "[1, 2]": "must be a JSON object",
        json.dumps({**good, "game": "chess"}): "chess",
        json.dumps({k: v for k, v in good.items() if k != "moves"}): "moves",
        json.dumps({**good, "moves": good["moves"][:-3]}): "",  # ends early, or its result differs
        json.dumps({**good, "moves": [[0, {"kind": "fly", "args": []}]] + good["moves"]}): "move 1",
        json.dumps({**good, "result": {**good["result"], "ranking": [9, 9]}}): "result",
    }
    for text, said in cases.items():
        answer = upload(client, text)
        assert answer.status_code == 422, (text[:60], answer.text)
        body = answer.json()
        assert set(body) == {"error", "code", "clause"} and said in body["error"], body
        assert "Traceback" not in body["error"]


def test_an_upload_is_bounded_in_size_and_rate(tmp_path, records):
    with app_client(tmp_path / "f.db") as client:
        big = json.dumps({"game": "the-mob", "pad": "x" * (MAX_RECORD_BYTES + 1)})
        answer = upload(client, big, True)
        assert answer.status_code == 413 and str(MAX_RECORD_BYTES) in answer.json()["error"]
        small = client.post(
            "/api/tables",
            content=b"{" + b" " * 70_000 + b"}",
            headers={"content-type": "application/json"},
        )
        assert small.status_code == 413  # other routes keep the small limit
        answers = [upload(client, records["scarface-1920"], True) for _ in range(8)]
        codes = [a.status_code for a in answers]
        assert codes[:6] == [201] * 6 and codes[6] == 429, codes
        assert int(answers[6].headers["retry-after"]) >= 1
        assert "uploads a minute" in answers[6].json()["error"]


def test_an_upload_is_kept_for_a_while_and_reaches_no_table(client, records):
    made = create(client, "cash-n-guns", ["human"] * 4)  # a live table with secrets
    for where in [made["id"], "nosuch", "x" * 60]:
        got = client.get(f"/api/replays/{where}")
        assert got.status_code == 404 and "upload it again" in got.json()["error"]
    uploaded = upload(client, records["cash-n-guns"]).json()
    assert uploaded["id"] != made["id"]
    assert client.get(f"/api/tables/{uploaded['id']}/replay").status_code == 404
    now = [0.0]
    store = Uploads(clock=lambda: now[0])
    key = store.add({"moves": []})
    assert store.get(key) == {"moves": []}
    now[0] = KEEP_SECONDS + 1
    with pytest.raises(Exception, match="upload it again"):
        store.get(key)


def test_bad_arguments_to_an_upload_replay_are_refused(shared_client, records):
    made = upload(shared_client, records["scarface-1920"]).json()
    for query, said in [("n=-1", "n is"), ("n=99999", "n is"), ("seat=7", "seat is")]:
        got = shared_client.get(f"/api/replays/{made['id']}?{query}")
        assert got.status_code == 400 and said in got.json()["error"], got.text
