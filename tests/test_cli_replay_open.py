"""`famiglia replay FILE --open`: a record file's game served locally in the replay viewer."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import threading
from pathlib import Path

import httpx
import pytest

from famiglia.core.record import replay

FAMIGLIA = str(Path(sys.executable).with_name("famiglia"))


def simulate(tmp_path, game="scarface-1920", games=2) -> Path:
    out = tmp_path / "games.jsonl"
    subprocess.run(
        [FAMIGLIA, "simulate", game, "-p", "2", "-n", str(games), "--seats", "random,random"]
        + ["-o", "max_turns=2", "--out", str(out)],
        check=True,
        capture_output=True,
    )
    return out


def test_a_record_file_opens_in_the_replay_viewer(tmp_path):
    file = simulate(tmp_path)
    record = json.loads(file.read_text().splitlines()[1])
    process = subprocess.Popen(
        [FAMIGLIA, "replay", str(file), "--game", "2", "--open", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    try:
        line = process.stdout.readline()
        found = re.search(r"(http://127\.0\.0\.1:\d+)/tables/([A-Za-z0-9_-]+)/replay", line)
        assert found, line + process.stdout.read()
        threading.Thread(target=process.stdout.read, daemon=True).start()
        base, table = found.groups()
        n = len(record["moves"]) // 2
        got = httpx.get(f"{base}/api/tables/{table}/replay?n={n}&seat=1", timeout=30).json()
        state = replay(record, until=n)
        assert got["view"] == json.loads(json.dumps(state.view(1)))
        assert got["events"] == state.events(1)
        assert got["agents"] == record["agents"]
        stored = httpx.get(f"{base}/api/tables/{table}/record", timeout=30).json()
        assert stored["moves"] == record["moves"] and stored["result"] == record["result"]
        page = httpx.get(f"{base}/tables/{table}/replay", timeout=30)
        assert page.status_code == 200 and "app.js" in page.text
    finally:
        process.terminate()
        process.wait(15)


@pytest.mark.parametrize(
    "change,said",
    [
        (lambda r: r.update(moves=r["moves"][:3], result=None), "ends before the game does"),
        (lambda r: r["moves"][2].__setitem__(1, {"kind": "nonsense"}), "move 3"),
    ],
    ids=["unfinished", "broken"],
)
def test_a_record_that_cannot_be_shown_is_refused(tmp_path, change, said):
    file = simulate(tmp_path, games=1)
    record = json.loads(file.read_text())
    change(record)
    file.write_text(json.dumps(record))
    done = subprocess.run(
        [FAMIGLIA, "replay", str(file), "--open", "--no-browser"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert said in done.stderr, done.stderr
