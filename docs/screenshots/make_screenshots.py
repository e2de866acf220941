"""Regenerates docs/screenshots/GAME.png: each game's table (and Scarface's Tequila Solo Mode) in
Chromium, mid-game, as seat 0 sees it, on a laptop (GAME.png, 1280x900) and on a phone
(GAME-phone.png, 390x844); the README shows them.

    python docs/screenshots/make_screenshots.py [GAME ...] [--out docs/screenshots]

It starts `famiglia serve` on a free port with a throwaway database (bench/serverkit.py, as the
benches do), makes one table per game (seat 0 human, the others random bots, a fixed seed), opens
seat 0's invite link in Debian's chromium, clicks moves until the table is well under way, and
saves the page (with Pillow, as a 256-colour PNG, under 150 KB).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))  # for serverkit
from serverkit import start_server, stop_server  # noqa: E402

TABLES = {  # game: (players, options, moves played before the picture)
    "the-mob": (4, {}, 14),
    "unfinished-business": (3, {}, 30),
    "cash-n-guns": (5, {"surprises": True}, 30),
    "blood-feud": (3, {}, 12),
    "scarface-1920": (3, {}, 12),
    "scarface-1920-solo": (1, {"solo": True, "tequila": True}, 40),  # against Tequila (SF-T.10)
}
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]  # fmt: skip


SIZES = {"": (1280, 900), "-phone": (390, 844)}  # a picture's suffix: its viewport
HERE = Path(__file__).resolve().parent


@contextmanager
def served_chromium():
    """A `famiglia serve` with a throwaway database and Debian's chromium, both ended after:
    (the browser, the server's address). Shared with make_site_screenshots.py."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        process, base = start_server(folder, "--db", str(Path(folder) / "s.db"))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=shutil.which("chromium"), args=ARGS
                )
                try:
                    yield browser, base
                finally:
                    browser.close()
        finally:
            stop_server(process)


class Api:
    """The server's JSON API at `base`: api(method, path, body, token, player) is its answer."""

    def __init__(self, base: str) -> None:
        self.base = base

    def __call__(self, method: str, path: str, body=None, token=None, player=None) -> dict:
        headers = {"content-type": "application/json"}
        if token:
            headers["authorization"] = f"Bearer {token}"
        if player:
            headers["x-player"] = player
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)


def create(base: str, game: str, players: int, options: dict) -> str:
    body = {"game": game, "players": players, "options": options, "seed": 11, "creator_seat": None,
            "seats": [{"kind": "human", "name": "Ann"}] + ["random"] * (players - 1)}  # fmt: skip
    return Api(base)("POST", "/api/tables", body)["seats"][0]["url"]


def shoot(browser, base: str, picture: str, out: Path, size: str = "") -> Path:
    players, options, moves = TABLES[picture]
    game = picture.removesuffix("-solo")  # a picture's name is its game's, or the game's -solo
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(create(base, game, players, options))
    page.wait_for_selector(".table-page[data-n]")
    played = 0
    deadline = time.monotonic() + 120
    while played < moves and time.monotonic() < deadline:
        buttons = page.locator("#moves button.move:not([disabled])")
        if buttons.count():
            n = page.eval_on_selector(".table-page", "e => e.dataset.n")
            buttons.nth(played % buttons.count()).click()
            page.wait_for_function(
                f"() => document.querySelector('.table-page').dataset.n !== '{n}'", timeout=20000
            )
            played += 1
        else:
            time.sleep(0.1)
    path = save(page, out / f"{picture}{size}.png")
    page.close()
    return path


def save(page, path: Path) -> Path:
    page.wait_for_timeout(500)  # fonts and the last frame drawn
    page.screenshot(path=str(path))
    return shrink(path)


def shrink(path: Path) -> Path:
    """With Pillow, the picture as a 256-colour PNG: a third of the size or less, the same to
    the eye (without it, the plain PNG stays)."""
    try:
        from PIL import Image
    except ImportError:
        return path
    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.FASTOCTREE)
    small.save(path, optimize=True)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(TABLES))
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    with served_chromium() as (browser, base):
        for game in args.games:
            for size in SIZES:
                print(shoot(browser, base, game, args.out, size))


if __name__ == "__main__":
    main()
