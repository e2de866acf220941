// Unfinished Business: your hand, every Don's sets (top set first) and safe, the black market's
// top card, the betting office, the bank and the draw pile; the poker round's secret choice.
import { h } from "../ui.js";
import { card, cards, seatBox, stat, zone } from "./parts.js";

// Headings of the move list's groups where a move's kind is no word a player knows.
export const MOVE_GROUPS = {
  nobonus: "no starting bonus",
  giveup: "give up",
  swaptake: "take from the bank",
  swapgive: "put in the bank",
  noswap: "swap nothing",
  norevenge: "let the revenge go",
  market: "black market",
  bonus: "starting bonus",
};

// Moves that name a card of your hand first.
const FROM_HAND = ["discard", "play", "answer", "bonus", "loot", "swapgive", "pass", "launder", "invest", "market"];

export function secretChoice(view) {
  return view.decision && view.decision.kind === "poker";
}

export function draw(board, payload, ctx) {
  const v = payload.view;
  const d = v.decision || {};
  board.append(v.over ? h("p", {}, stat("Phase", "game over"))
    : h("p", {}, stat("Turn of", ctx.seatName(v.turn)), stat("Deciding", `${d.kind || "-"}`),
      d.kind === "fight" ? stat("Fight", `${ctx.seatName(d.attacker)} attacks ${ctx.seatName(d.defender)}`) : null));
  const middle = h("div", { class: "cards" });
  const top = v.black_market.top;
  const market = card(top ? top : "empty", { cls: "market", value: `black market (${v.black_market.size})`, dataset: { zone: "black market" } });
  ctx.pick(market, ctx.legal.filter((e) => e.action.kind === "market" && e.action.args[1] === top), "black market");
  middle.append(
    card("draw pile", { cls: "back", value: v.draw_pile }),
    market,
    zoneCard("betting office", v.betting_office, ctx),
    zoneCard("bank", v.bank, ctx),
    card("supply", { value: `${v.supply.action} action · ${v.supply.event} event` }));
  board.append(zone("The table", middle));
  const discard = Object.entries(v.discard || {});
  if (discard.length) board.append(zone("Discard pile", h("p", {}, discard.map(([name, count]) => h("span", { class: "tag" }, `${name} ×${count}`)))));
  const me = v.dons.find((don) => don.seat === payload.seat);
  if (me && me.hand) {
    board.append(zone("Your hand", cards(me.hand.map((name, i) => {
      const el = card(name, { dataset: { card: name } });
      const moves = ctx.legal.filter((e) => FROM_HAND.includes(e.action.kind) && e.action.args[0] === name);
      return ctx.pick(el, moves, name);
    })), me.poker_card ? h("p", {}, `You pass ${me.poker_card} in the poker round.`) : null));
  }
  board.append(h("div", { class: "families" }, v.dons.map((don) => donBox(don, payload, ctx))));
}

function zoneCard(name, z, ctx) {
  const el = card(name, { value: `${z.size} card${z.size === 1 ? "" : "s"}`, dataset: { zone: name },
    title: z.known && z.known.length ? `known: ${z.known.join(", ")}` : name });
  if (z.known && z.known.length) el.append(h("div", { class: "muted" }, z.known.join(", ")));
  return ctx.pick(el, ctx.legal.filter((e) => e.action.kind === "swaptake" && e.action.args[1] === name), name);
}

function donBox(don, payload, ctx) {
  const k = don.seat;
  const box = seatBox(k, payload, ctx, "family",
    h("div", {}, stat("hand", don.hand_size), stat("safe", `#${don.safe_number}`, "the safe's number: the lowest played first"),
      stat("in safe", don.safe_size, "cards in the safe"),
      don.godfather ? h("span", { class: "tag" }, "Godfather") : null,
      don.poker_chosen ? h("span", { class: "tag" }, "chose a card") : null),
    don.sets.length
      // The newest set lies on top, the only one that can be attacked (UB-4.1): listed first.
      ? h("div", {}, [...don.sets].reverse().map((set, i) => h("div", { class: i === 0 ? "set top-set" : "set", title: i === 0 ? "top set: the one that can be attacked" : "under the top set" },
          h("span", { class: "muted" }, i === 0 ? "top set: " : "under it: "), set.join(" + "))))
      : h("div", { class: "muted" }, "no sets"),
    safeText(don.safe),
    don.known_in_hand && don.known_in_hand.length ? h("div", { class: "muted" }, `known in hand: ${don.known_in_hand.join(", ")}`) : null);
  const attacks = ctx.legal.filter((e) => e.action.kind === "attack" && e.action.args[0] === k);
  return ctx.pick(box, attacks, `attack seat ${k}`);
}

// A safe's cards: those seen by name, the rest face down.
function safeText(safe) {
  if (!safe.length) return null;
  const seen = safe.filter(Boolean);
  const down = safe.length - seen.length;
  return h("div", { class: "muted" }, `safe: ${[...seen, down ? `${down} face down` : ""].filter(Boolean).join(", ")}`);
}
