"""Regenerates the site's pictures in docs/screenshots: the lobby (tables with their clocks, the
bot levels with their ratings, your tables, "waiting on you"), a real-time table where a bot
plays for a friend who ran out of time, a player's page, a leaderboard and a replay, each on a
laptop (NAME.png, 1280x900) and a phone (NAME-phone.png, 390x844).

    python docs/screenshots/make_site_screenshots.py [--out docs/screenshots]

It starts `famiglia serve` and chromium as make_screenshots.py does, makes a player (Ann) in
Debian's chromium, plays two rated The Mob tables to their end through the API, starts a slow
table and a real-time one (whose friend, Bob, never moves: his 30 s run out, about half a minute
of waiting), and saves each page. With Pillow the pictures are stored with a 256-colour palette,
which keeps each under about 150 KB.
"""

from __future__ import annotations

import argparse
import json
import time
import urllib.error
from pathlib import Path

from make_screenshots import HERE, SIZES, Api, save, served_chromium


def play_out(api: Api, table: str, token: str, seconds: float = 120) -> None:
    """Plays a seat by its first legal move until the game is over (the bots play meanwhile)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        mine = api("GET", f"/api/tables/{table}", token=token)
        if mine["over"]:
            return
        if mine["legal"]:
            try:
                move = {"action": mine["legal"][0]["action"], "n": mine["n"]}
                api("POST", f"/api/tables/{table}/moves", move, token)
            except urllib.error.HTTPError:  # overtaken (stale): look again
                pass
        else:
            time.sleep(0.05)
    raise SystemExit(f"table {table} did not end")


def hold_seat(page, table: str, made: dict, seat: int, token: str, names: list) -> None:
    """What Ann's browser would keep of a seat it took: its token and the table in its list."""
    page.evaluate(
        """([table, seat, token, entry]) => {
          localStorage.setItem(`famiglia.seat.${table}`, JSON.stringify({token, seat}));
          const played = JSON.parse(localStorage.getItem('famiglia.played') || '[]');
          localStorage.setItem('famiglia.played', JSON.stringify([entry, ...played]));
        }""",
        [table, seat, token, {"id": table, "game": made["game"], "seat": seat, "names": names}],
    )


def setting(page, api: Api) -> dict:
    """Ann, her finished rated tables, a slow table and a clocked one: the ids to picture."""
    page.goto(api.base + "/")
    page.fill("#player-name", "Ann")
    page.dispatch_event("#player-name", "change")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('famiglia.player'))?.name")
    me = json.loads(page.evaluate("() => localStorage.getItem('famiglia.player')"))
    finished = []
    for seed in (4, 5):
        body = {"game": "the-mob", "players": 3, "seats": ["human", "easy", "medium"],
                "options": {"max_years": 1}, "seed": seed, "rated": True, "name": "Friday's game"}  # fmt: skip
        made = api("POST", "/api/tables", body, player=me["key"])
        play_out(api, made["id"], made["seats"][0]["token"])
        finished.append(made["id"])
    slow = api(
        "POST",
        "/api/tables",
        {
            "game": "unfinished-business",
            "players": 2,
            "seed": 3,
            "name": "Cleo and Ann, by mail",
            "seats": ["human", {"kind": "human", "name": "Cleo"}],
            "clock": {"mode": "slow", "per_move": 86400, "on_timeout": "bot:medium"},
        },  # fmt: skip
        player=me["key"],
    )
    api("POST", f"/api/tables/{slow['id']}/claim", {"claim": slow["seats"][1]["claim"]})
    hold_seat(page, slow["id"], {"game": "unfinished-business"}, 0, slow["seats"][0]["token"], [])
    clocked = api(
        "POST",
        "/api/tables",
        {
            "game": "the-mob",
            "players": 3,
            "seed": 9,
            "options": {"max_years": 2},
            "seats": ["human", {"kind": "human", "name": "Bob"}, "easy"],
            "clock": {"mode": "realtime", "bank": 30, "per_move": 5, "on_timeout": "bot:easy"},
        },  # fmt: skip
        player=me["key"],
    )
    api("POST", f"/api/tables/{clocked['id']}/claim", {"claim": clocked["seats"][1]["claim"]})
    hold_seat(page, clocked["id"], {"game": "the-mob"}, 0, clocked["seats"][0]["token"], [])
    return {"me": me, "finished": finished, "slow": slow["id"], "clocked": clocked["id"]}


def wait_for_bob_to_time_out(page, api: Api, table: str) -> None:
    """Ann plays her moves at once; Bob never moves: his clock runs out and a bot plays for
    him. Returns once that bot has made a move or two."""
    page.goto(f"{api.base}/tables/{table}")
    page.wait_for_selector("#clocks .clock")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        seen = api("GET", f"/api/tables/{table}")
        notices = seen["clock"]["notices"]
        if any(line["kind"] == "bot_moved" for line in notices) and 0 in seen["to_act"]:
            return
        buttons = page.locator("#moves button.move:not([disabled])")
        if buttons.count():
            try:
                buttons.first.click(timeout=2000)
            except Exception:  # a new payload came meanwhile
                pass
        time.sleep(0.2)
    raise SystemExit("Bob's time did not run out")


def shoot_all(page, api: Api, ids: dict, out: Path) -> None:
    base, me = api.base, ids["me"]
    pictures = {
        "clocked-table": (f"/tables/{ids['clocked']}", "#clocks .clock-log"),
        "lobby": ("/", f'#played li[data-table="{ids["slow"]}"]'),
        "player": (f"/players/{me['id']}", "svg"),
        "leaderboard": ("/games/the-mob/leaderboard", "#board tbody tr"),
        "replay": (f"/tables/{ids['finished'][0]}/replay#n=12&seat=0", ".replay-page[data-n='12']"),
    }
    for name, (address, ready) in pictures.items():
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.goto("about:blank")
            page.goto(base + address)
            page.wait_for_selector(ready)
            if name == "lobby":
                page.select_option("#game", "the-mob")  # the levels' ratings in that game
                page.wait_for_selector("#waiting li")
            print(save(page, out / f"{name}{size}.png"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args()
    with served_chromium() as (browser, base):
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        api = Api(base)
        ids = setting(page, api)
        wait_for_bob_to_time_out(page, api, ids["clocked"])
        shoot_all(page, api, ids, args.out)


if __name__ == "__main__":
    main()
