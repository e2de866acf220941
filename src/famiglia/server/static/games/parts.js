// Pieces the games' drawings share: zones, cards, a seat's box.
import { h } from "../ui.js";

export function zone(title, ...children) {
  return h("section", { class: "zone" }, h("h3", {}, title), ...children);
}

export function card(text, { value, cls, title, dataset } = {}) {
  return h("div", { class: `card ${cls || ""}`, title: title || text, dataset },
    h("span", {}, text), value !== undefined ? h("span", { class: "value" }, value) : null);
}

export function cards(list) {
  return h("div", { class: "cards" }, list);
}

// A seat's box: name, colour, marked when it is to act.
export function seatBox(k, payload, ctx, cls, ...children) {
  const acting = payload.to_act.includes(k);
  return h("div", {
    class: `${cls} ${acting ? "turn" : ""}`, style: `--seat:${ctx.colour(k)}`, dataset: { seat: k },
  }, h("div", { class: "seat-name" }, ctx.seatName(k), acting ? " ◀" : ""), ...children);
}

export function stat(label, value, title) {
  return h("span", { class: "stat", title: title || label }, `${label} `, h("b", {}, value));
}

// The legal moves whose action is `kind` and whose args[i] equals value.
export function movesWith(ctx, kinds, i, value) {
  return ctx.legal.filter((e) => kinds.includes(e.action.kind) && e.action.args[i] === value);
}
