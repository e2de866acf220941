// Unfinished Business's cards as the page shows them: a property with its value in the corner
// (UB-1.1), a joker marked, an action or event card with its rule a tap away. Every value and
// text comes from the game's content (page_data.py, sent as /api/games/unfinished-business):
// the page keeps none of its own.
import { h } from "../ui.js";

const card = (name, content) => content?.cards?.[name] || {};

// A property card's value ($k), or 0 (action cards, the Key, a card not known).
export function value(name, content) {
  return card(name, content).value || 0;
}

// A card with its value in the corner (a property) or its text a tap away (an action card).
export function ubCard(name, ctx, { cls = "", dataset } = {}) {
  const worth = value(name, ctx.content);
  const joker = card(name, ctx.content).joker;
  const el = h("div", { class: `card ub-card${worth ? " property" : " action"}${joker ? " joker" : ""} ${cls}`,
    dataset: { ...(dataset || {}), card: name } },
  h("span", { class: "ub-card-name" }, name), worth ? h("span", { class: "ub-value" }, `$${worth}k`) : null,
  joker ? h("span", { class: "ub-joker" }, "joker") : null);
  const text = card(name, ctx.content).rule?.text;
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
