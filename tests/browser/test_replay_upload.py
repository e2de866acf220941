"""A record file of `famiglia simulate` opened on the site (/replays, POST /api/replays): the
viewer draws it move by move as a table's replay, each move's view the replayed state's
`view(seat)`; a broken file is refused with a sentence saying what is wrong."""

from __future__ import annotations

import json
import subprocess
import sys

from famiglia.core.record import replay

from .pages import new_page
from .test_replay import same, shown


def simulate(folder, game, players, *options):
    out = folder / f"{game}.jsonl"
    command = [sys.executable, "-m", "famiglia", "simulate", game, "--players", str(players)]
    for option in options:
        command += ["-o", option]
    subprocess.run(
        [*command, "--games", "2", "--seed", "3", "--out", str(out)],
        check=True,
        capture_output=True,
        timeout=180,
    )
    return out


def test_a_simulated_record_opens_in_the_viewer(browser, server, tmp_path):
    path = simulate(tmp_path, "cash-n-guns", 4)
    record = json.loads(path.read_text().splitlines()[1])  # the file's second game
    total = len(record["moves"])
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{server}/replays")
        page.set_input_files("#record-file", str(path))
        page.locator("#record-game").select_option("1")
        page.click("#record-open")
        page.wait_for_url("**/replays/*")
        got = shown(page, total)
        assert got["over"] and got["names"] == ["random bot"] * 4
        page.goto(page.url.split("#")[0] + "#n=3&seat=2")
        page.reload()
        got = shown(page, 3, "2")
        state = replay(record, until=3)
        assert same(got["view"], state.view(2)) and same(got["events"], state.events(2))
        page.keyboard.press("ArrowRight")
        got = shown(page, 4, "2")
        assert same(got["view"], replay(record, until=4).view(2))
        assert page.locator("#board").inner_text().strip()
        assert page.locator(".seat-chip").count() == 4
        assert page.locator("a[href='/replays']").count() == 1  # another file; no table link
        assert not errors, errors
    finally:
        context.close()


def test_a_broken_record_file_is_refused_clearly(browser, server, tmp_path):
    path = simulate(tmp_path, "scarface-1920", 2, "max_turns=2")
    record = json.loads(path.read_text().splitlines()[0])
    record["moves"][4][1] = {"kind": "fly", "args": []}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(record))
    context, page, errors = new_page(browser)
    try:
        page.goto(f"{server}/replays")
        page.set_input_files("#record-file", str(broken))
        page.click("#record-open")
        said = page.locator("#record-said")
        said.filter(has_text="Not opened").wait_for()
        assert "move 5" in said.inner_text()
        assert "/replays/" not in page.url
        assert not errors, errors
    finally:
        context.close()
