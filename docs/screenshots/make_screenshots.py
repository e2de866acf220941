"""Regenerates docs/screenshots/GAME.png: each game's table (and Scarface's Tequila Solo Mode) in
Chromium, mid-game, as seat 0 sees it, on a laptop (GAME.png, 1280x900) and on a phone
(GAME-phone.png, 390x844); the README shows them.

    python docs/screenshots/make_screenshots.py [GAME ...] [--out docs/screenshots]

It starts `famiglia serve` on a free port with a throwaway database, makes one table per game
(seat 0 human, the others random bots, a fixed seed), opens seat 0's invite link in Debian's
chromium, clicks moves until the table is well under way, and saves the page (with Pillow, as a
256-colour PNG, under 150 KB).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

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


def serve(folder: Path):
    program = Path(sys.executable).with_name("famiglia")
    process = subprocess.Popen(
        [str(program), "serve", "--port", "0", "--no-browser", "--db", str(folder / "s.db")],
        stdout=subprocess.PIPE,
        text=True,
    )
    found = re.search(r"(http://127\.0\.0\.1:\d+)/", process.stdout.readline())
    if not found:
        process.kill()
        raise SystemExit("famiglia serve did not start")
    return process, found.group(1)


def create(base: str, game: str, players: int, options: dict) -> str:
    body = {"game": game, "players": players, "options": options, "seed": 11, "creator_seat": None,
            "seats": [{"kind": "human", "name": "Ann"}] + ["random"] * (players - 1)}  # fmt: skip
    request = urllib.request.Request(
        f"{base}/api/tables", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)["seats"][0]["url"]


SIZES = {"": (1280, 900), "-phone": (390, 844)}


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
    time.sleep(0.5)
    path = out / f"{picture}{size}.png"
    page.screenshot(path=str(path))
    page.close()
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
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(TABLES))
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parent)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        process, base = serve(Path(folder))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=shutil.which("chromium"), args=ARGS
                )
                for game in args.games:
                    for size in SIZES:
                        print(shoot(browser, base, game, args.out, size))
                browser.close()
        finally:
            process.terminate()
            process.wait(10)


if __name__ == "__main__":
    main()
