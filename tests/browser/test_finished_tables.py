"""What the page shows of a finished game: Cash 'n Guns' teams with their envelopes and the
mercenaries each recruited, Blood Feud's last round of a capped game, and every game's words on
how the places were decided. The games are played through the API (seat 0 by random moves, the
others random bots); the page then opens at the end, as a player coming back would see it."""

from __future__ import annotations

import random
import time

import httpx

from famiglia.games.cash_n_guns.data import MERC_TITLE

from .pages import claim, new_table, open_seat


def play_to_the_end(base: str, game: str, players: int, options: dict, seed: int) -> dict:
    """A table of seat 0 (moving at random through the API) and random bots, played to its end:
    (seat 0's final payload, where its browser opens it: (table, seat 0's token))."""
    made = new_table(base, game, ["human"] + ["random"] * (players - 1), seed, **options)
    token = claim(base, made, 0)
    address, auth = f"{base}/api/tables/{made['id']}", {"Authorization": f"Bearer {token}"}
    rng = random.Random(seed)
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        payload = httpx.get(address, headers=auth, timeout=30).json()
        if payload["over"]:
            return payload, (made["id"], token)
        if payload["legal"]:
            move = rng.choice(payload["legal"])["action"]
            httpx.post(f"{address}/moves", headers=auth, json={"action": move, "n": payload["n"]})
        else:
            time.sleep(0.02)  # the bots' turn
    raise AssertionError(f"{game} did not end in 4 minutes")


def open_at_the_end(browser, base: str, seat0):
    table, token = seat0
    context, page, errors = open_seat(browser, base, table, 0, token)
    page.wait_for_selector("#result:not([hidden])", timeout=20000)
    return context, page, errors


def test_cash_n_guns_teams_show_their_envelopes_and_mercenaries(browser, opened, server):
    options = {"teams": True, "mercenaries": True, "first_game": True}
    payload, url = play_to_the_end(server, "cash-n-guns", 6, options, seed=11)
    v = payload["view"]
    assert v["recruited"], "this seed's teams recruit (CNG-12)"
    names = list(dict.fromkeys(v["teams"]))  # team number -> name, in seating order
    page, errors = opened(open_at_the_end(browser, server, url))
    for t, name in enumerate(names):
        box = page.locator(f".team[data-team='{name}']")
        text = box.inner_text()
        members = [k for k, team in enumerate(v["teams"]) if team == name]
        assert all(("you" if k == 0 else f"seat {k}") in text for k in members), text
        for team, merc in v["recruited"]:
            assert (MERC_TITLE[merc] in text) == (team == t), (name, merc, text)
        assert "envelope:" in text
    players_text = page.locator(".players").inner_text()
    assert "mercenaries" not in players_text  # a team's, never one gangster's
    assert "lying down" not in players_text and "standing" not in players_text
    assert "no loot yet" not in players_text
    assert page.locator("line.aim").count() == 0  # the last hold-up's aims are over
    # CNG-9.7, CNG-10.1: the condition named; a team wins, its members named; a row a seat
    said = page.locator("#result .condition").inner_text()
    assert "every team scored the loot of its living members" in said or "one team" in said
    won = {v["teams"][k] for k in payload["result"]["winners"]}
    outcome = page.inner_text("#result .outcome").lower()
    assert all(f"the {name} team" in outcome for name in won), outcome
    rows = page.locator("#result .ranking tbody tr[data-seat]")
    assert rows.count() == len(v["teams"])
    assert not errors, errors


def test_a_capped_blood_feud_shows_its_last_round_and_who_ranked_first(browser, opened, server):
    payload, url = play_to_the_end(server, "blood-feud", 2, {"max_rounds": 1}, seed=4)
    result = payload["result"]
    assert result["capped"] and payload["view"]["round"] == 2  # the round after the last
    page, errors = opened(open_at_the_end(browser, server, url))
    head = page.locator("#board > p").first.inner_text()
    first = ", ".join("you" if k == 0 else f"seat {k}" for k in result["winners"])
    assert "Round 1" in head and "game over" in head and f"Ranked first {first}" in head
    said = page.locator("#result").inner_text()
    assert "stopped after 1 round, the table's round limit" in said  # BF-10.1 capped
    assert "The score is the last income" in said
    lines = page.locator(".log-lines li").all_inner_texts()
    assert lines[-1] == "the game stops after 1 round", lines[-3:]
    assert not errors, errors


def test_the_mob_result_shows_investment_and_cash(browser, opened, server):
    """MOB-7.1, MOB-7.2: the score is the money invested, cash breaks its ties: both shown."""
    payload, url = play_to_the_end(server, "the-mob", 3, {"max_years": 1}, seed=2)
    cash = [f["cash"] for f in payload["view"]["families"]]
    page, errors = opened(open_at_the_end(browser, server, url))
    heads = page.locator("#result .ranking thead th").all_inner_texts()
    assert heads[:4] == ["Rank", "Player", "Invested (the score)", "Cash"]
    rows = page.locator("#result .ranking tbody tr").all()
    assert len(rows) == 3
    for row in rows:
        cells = row.locator("td").all_inner_texts()
        seat = int(row.get_attribute("data-seat"))
        assert cells[1].startswith(f"${payload['result']['scores'][seat]}k")
        assert cells[2] == f"${cash[seat]}k"
    assert "the table's year limit" in page.locator("#result .condition").inner_text()
    assert not errors, errors
