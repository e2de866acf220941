"""The games' printed content lives in each game's page_data.py and reaches the page through
/api/games/<game>: Unfinished Business's card values (UB-1.1) and what each action and event
card does (UB-7, UB-9), Cash 'n Guns' painting scale (CNG-10.2), Jay Bond's bill (CNG-12.10),
the wedding gift (CNG-12.11) and what each mercenary and surprise does (CNG-11, CNG-12). The
pages' JavaScript keeps no such table of its own, and the values show on the table."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import httpx

import famiglia

from .pages import open_as
from .test_shell import make_table, wait_for_turn

GAMES = Path(famiglia.__file__).parent / "games"


def data(folder: str) -> dict:
    return tomllib.loads((GAMES / folder / "data.toml").read_text())


def page_js(folder: str) -> str:
    return "\n".join(p.read_text() for p in sorted((GAMES / folder).glob("page*.js")))


def test_unfinished_business_cards_come_from_the_games_data(server):
    cards = httpx.get(f"{server}/api/games/unfinished-business", timeout=30).json()["cards"]
    toml = data("unfinished_business")
    for card in toml["property"]:
        sent = cards[card["name"]]
        assert sent["value"] == card["value"], card["name"]
        assert sent["joker"] == card.get("joker", False), card["name"]
    for group in ("action", "event"):
        for card in toml[group]:
            rule = cards[card["name"]]["rule"]
            # the clause found for the card is the card's own: its words begin with its name
            assert rule["text"].startswith(f"{card['name']}:"), (card["name"], rule)
            assert "*" not in rule["text"], rule  # no markdown emphasis on the page
    assert len(cards) == sum(len(toml[g]) for g in ("property", "action", "event"))


def test_cash_n_guns_numbers_and_texts_come_from_the_games_data(server):
    content = httpx.get(f"{server}/api/games/cash-n-guns", timeout=30).json()
    toml = data("cash_n_guns")
    assert content["paintings"] == toml["paintings"]
    assert content["jay_bond_value"] == toml["jay_bond_value"]
    assert content["wedding_gift"] == toml["wedding_gift"]
    for group, rules in (("mercenaries", "mercenary_rules"), ("surprises", "surprise_rules")):
        assert set(content[rules]) == set(toml[group])
        for code, title in toml[group].items():
            assert content[rules][code]["text"].startswith(f"{title}:"), (
                code,
                content[rules][code],
            )


def test_the_pages_javascript_holds_no_card_tables():
    ub = page_js("unfinished_business")
    toml = data("unfinished_business")
    for card in toml["property"]:  # no "Mansion: 40" of its own
        assert not re.search(rf'"?{re.escape(card["name"])}"?\s*:\s*\d', ub), card["name"]
    for card in toml["action"] + toml["event"]:  # no "Hitman: 'every other Don ...'"
        said = rf'"?{re.escape(card["name"])}"?\s*:\s*["`][^"`]{{30,}}'
        assert not re.search(said, ub), card["name"]
    cng = page_js("cash_n_guns")
    toml = data("cash_n_guns")
    scale = ", ".join(str(x) for x in toml["paintings"][1:5])
    assert scale not in cng, "the painting scale is the content's"
    for code in [*toml["mercenaries"], *toml["surprises"]]:  # a title (a heading) but no text
        assert not re.search(rf'\b{code}\s*:\s*["`][^"`]{{30,}}', cng), code
    assert not re.search(r"=\s*(15|20)\s*;", cng), "Jay Bond's or the wedding's number"


CARD = """async () => {
  const m = await import('/static/games/unfinished-business-cards.js');
  const content = await (await fetch('/api/games/unfinished-business')).json();
  const texts = [];
  m.ubCard('Hitman', { content, explain: (el, title, text) => texts.push([title, text]) });
  const mansion = m.ubCard('Mansion', { content, explain: () => {} });
  return { texts, mansion: mansion.querySelector('.ub-value')?.textContent };
}"""


def test_unfinished_business_values_and_card_texts_show(browser, server):
    made = make_table(server, "unfinished-business")
    context, page, errors = open_as(
        browser, server, made["id"], 0, made["seats"][0]["token"], 1280, 900
    )
    try:
        wait_for_turn(page)
        values = {c["name"]: c["value"] for c in data("unfinished_business")["property"]}
        shown = page.eval_on_selector_all(
            ".ub-card.property",
            "els => els.map(e => [e.dataset.card, e.querySelector('.ub-value')?.textContent])",
        )
        assert shown, "no property card on the table"
        for name, value in shown:
            assert value == f"${values[name]}k", (name, value)
        # the card module draws a card from the content: an action card's rule a tap away
        drawn = page.evaluate(CARD)
        hitman = drawn["texts"][0]
        assert hitman[0] == "Hitman" and hitman[1].startswith("Hitman: every other Don"), drawn
        assert drawn["mansion"] == f"${values['Mansion']}k", drawn
        assert not errors, errors
    finally:
        context.close()
