// Unfinished Business's cards as the box prints them: each property's value (UB-1.1), the two
// jokers, and what each action and event card does, in our words. The game's content from the
// server carries none of it yet, so the page keeps this table (tests/browser/test_game_pages.py
// checks it against the game's data.toml); content.cards, once the server sends it, wins.
import { h } from "../ui.js";

export const VALUES = {
  Diamond: 100, Gold: 50, Mansion: 40, "Night Club": 30, Restaurant: 30, "Racing Horse": 20,
  "Luxury Car": 20, "Motor Boat": 20, "Money Bag": 10, Alcohol: 10, Weapons: 10,
};
export const JOKERS = new Set(["Diamond", "Gold"]);

export const TEXTS = {
  Hitman: "Every other Don discards the jokers in his hand (UB-7.3).",
  Burglary: "Take the oldest card of another Don's safe into your hand (UB-7.4).",
  "Money Laundry": "Move up to 2 property cards from your hand into your safe (UB-7.5).",
  Godfather: "Until your next turn nobody may attack you or aim an action card at you (UB-7.6).",
  Funeral: "Another Don discards his top set (UB-7.7).",
  Interrogation: "Look at another Don's hand and take one card from it (UB-7.8).",
  "Horse Betting": "Look at the betting office; you may swap one of its cards with a property card of your hand (UB-7.9).",
  Accountant: "Look at the bank; you may swap one of its cards with a property card of your hand (UB-7.10).",
  Key: "Never played: at the end its holder moves the whole bank into his safe (UB-7.11).",
  Raid: "Event: every Don discards the alcohol and weapons in his hand (UB-9.1).",
  "Drive By": "Event: every Don discards one random card of his hand (UB-9.2).",
  Robbery: "Event: the drawer takes a random hand card from every other Don (UB-9.3).",
  "Poker Round": "Event: every Don secretly passes one hand card to his left (UB-9.4).",
  "Mamas Dinner": "Event: every Don draws a card (UB-9.5).",
  "New Hand": "Event: every Don discards his hand and draws 4 (UB-9.6).",
  Revenge: "Event: the drawer may attack at once (UB-9.7).",
  "Fake Money": "Event: every Don discards the money bags in his hand (UB-9.8).",
};

// A property card's value ($k), or 0 (action cards, the Key, a card not known).
export function value(name, content) {
  const given = content?.cards?.[name]?.value;
  return given ?? VALUES[name] ?? 0;
}

// (The texts name no other card with its capital: a page that shows them must not seem to
// name a card some other Don holds.)
// A card with its value in the corner (a property) or its text a tap away (an action card).
export function ubCard(name, ctx, { cls = "", dataset } = {}) {
  const worth = value(name, ctx.content);
  const el = h("div", { class: `card ub-card${worth ? " property" : " action"}${JOKERS.has(name) ? " joker" : ""} ${cls}`,
    dataset: { ...(dataset || {}), card: name } },
  h("span", { class: "ub-card-name" }, name), worth ? h("span", { class: "ub-value" }, `$${worth}k`) : null,
  JOKERS.has(name) ? h("span", { class: "ub-joker" }, "joker") : null);
  const text = ctx.content?.cards?.[name]?.text || TEXTS[name];
  if (text) explain(ctx, el, name, text);
  return el;
}

// The card's text by tap, click or key where the table page offers it; a tooltip otherwise.
export function explain(ctx, el, title, text) {
  if (ctx.explain) ctx.explain(el, title, text);
  else el.title = `${title}: ${text}`;
  return el;
}

// A face-down card (a safe's unknown card).
export function back(label) {
  return h("div", { class: "card ub-card back" }, h("span", { class: "ub-card-name" }, label));
}
