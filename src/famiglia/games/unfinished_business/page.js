// Unfinished Business: the middle of the table (draw pile, black market, betting office, bank),
// every Don's sets laid in front of his safe with their values, his safe and running score;
// your hand in own(); the poker round's secret choice.
import { h, plural } from "../ui.js";
import { cards, seatBox, stat, zone } from "./parts.js";
import { back, ubCard, value } from "./unfinished-business-cards.js";

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

// What is being decided, in words.
const DECIDING = { act: "choosing the turn's option", fight: "a fight", bonus: "the starting bonus", loot: "the looting bonus",
  launder: "Money Laundry", plan: "Planning: a discard", poker: "the Poker Round", revenge: "Revenge",
  swaptake: "a swap: what to take", swapgive: "a swap: what to give" };

// Moves that name a card of your hand first.
const FROM_HAND = ["discard", "play", "answer", "bonus", "loot", "swapgive", "pass", "launder", "invest", "market"];

const who = (ctx, k) => (ctx.name ? ctx.name(k) : ctx.seatName(k));
const ownShown = (ctx) => typeof ctx.name === "function";
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function ensureStyle() {
  if (document.querySelector('link[href$="/static/games/unfinished-business.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/games/unfinished-business.css" }));
}

export function secretChoice(view) {
  return view.decision && view.decision.kind === "poker";
}

// The value of the sets in front of a Don's safe at face value ($k): public.
export function setsValue(don, content) {
  return don.sets.flat().reduce((sum, name) => sum + value(name, content), 0);
}

export function draw(board, payload, given) {
  const ctx = withPick(given);
  ensureStyle();
  const v = payload.view;
  const d = v.decision || {};
  const old = ctx.before || null;
  board.append(v.over ? h("p", {}, stat("Phase", "game over"))
    : h("p", {}, stat("Turn of", who(ctx, v.turn)), stat("Now", DECIDING[d.kind] || d.kind || "-"),
      d.kind === "fight" ? stat("Fight", `${who(ctx, d.attacker)} attacks ${who(ctx, d.defender)}`) : null));
  board.append(middle(v, ctx, old));
  board.append(h("div", { class: "ub-dons" }, v.dons.map((don) => donBox(don, payload, ctx, old?.dons?.[don.seat]))));
  if (!ownShown(ctx)) {
    const me = v.dons.find((don) => don.seat === payload.seat);
    if (me && me.hand) board.append(hand(me, ctx));
  }
}

function middle(v, ctx, old) {
  const top = v.black_market.top;
  const market = top ? ubCard(top, ctx, { cls: "market", dataset: { zone: "black market" } }) : h("div", { class: "card ub-card" }, "empty");
  ctx.pick(market, ctx.legal.filter((e) => e.action.kind === "market" && e.action.args[1] === top), "black market");
  const pile = (title, el, note, changed) => h("div", { class: `ub-pile${changed ? " changed" : ""}` }, h("div", { class: "ub-pile-title" }, title), el, h("div", { class: "ub-pile-note" }, note));
  const discard = Object.entries(v.discard || {});
  return h("section", { class: "ub-middle", "aria-label": "the middle of the table" },
    pile("Draw pile", back(String(v.draw_pile)), plural(v.draw_pile, "card"), old && old.draw_pile !== v.draw_pile),
    pile("Black market", market, `${plural(v.black_market.size, "card")}`, old && !same(old.black_market, v.black_market)),
    pile("Betting office", zoneCards("betting office", v.betting_office, ctx), "raises its kinds' value at the end", old && !same(old.betting_office, v.betting_office)),
    pile("Bank", zoneCards("bank", v.bank, ctx), "goes to the holder of the key at the end", old && !same(old.bank, v.bank)),
    discard.length ? h("details", { class: "ub-pile ub-discard", open: matchMedia("(min-width: 700px)").matches },
      h("summary", { class: "ub-pile-title" }, `Discard pile (${plural(discard.reduce((s, [, n]) => s + n, 0), "card")})`),
      h("div", { class: "ub-tags" }, discard.map(([name, count]) => h("span", { class: "tag" }, `${name} ×${count}`)))) : null);
}

// The bank or the betting office: its known cards by name, the rest face down.
function zoneCards(name, z, ctx) {
  const known = z.known || [];
  const el = h("div", { class: "ub-zone", dataset: { zone: name } },
    known.map((card) => ubCard(card, ctx, { cls: "small" })),
    z.size > known.length ? back(`${z.size - known.length} face down`) : null,
    !z.size ? h("span", { class: "muted" }, "empty") : null);
  return ctx.pick(el, ctx.legal.filter((e) => e.action.kind === "swaptake" && e.action.args[1] === name), name);
}

function donBox(don, payload, ctx, was) {
  const k = don.seat;
  const sets = [...don.sets].reverse(); // the newest set lies on top, the one that can be attacked (UB-4.1)
  const oldSets = was ? [...was.sets].reverse() : null;
  const score = h("div", { class: "ub-score" }, h("b", {}, `$${setsValue(don, ctx.content)}k`), " in sets");
  if (was && setsValue(was, ctx.content) !== setsValue(don, ctx.content)) score.classList.add("changed");
  const box = seatBox(k, payload, ctx, "family ub-don",
    score,
    h("div", { class: "ub-facts" }, stat("hand", don.hand_size), stat("safe", `#${don.safe_number}`, "the safe's number: the lowest played first"),
      stat("in safe", don.safe_size, "cards in the safe"),
      don.godfather ? h("span", { class: "tag" }, "under the Godfather") : null,
      don.poker_chosen ? h("span", { class: "tag" }, "chose a card") : null),
    // The newest set lies on top, the only one that can be attacked (UB-4.1): listed first,
    // each with its value.
    h("div", { class: "ub-sets" }, sets.length ? sets.map((set, i) => {
      const el = h("div", { class: `ub-set${i === 0 ? " top" : ""}` },
        h("span", { class: i === 0 ? "set top-set" : "set", title: i === 0 ? "top set: the one that can be attacked" : "under the top set" },
          h("span", { class: "ub-set-head" }, i === 0 ? "top set: " : "under it: "), set.join(" + ")),
        h("span", { class: "ub-set-value" }, `$${set.reduce((sum, name) => sum + value(name, ctx.content), 0)}k`));
      if (oldSets && !oldSets.some((o) => same(o, set))) el.classList.add("changed");
      return el;
    }) : h("div", { class: "muted" }, "no set yet")),
    safe(don, ctx, was),
    don.known_in_hand && don.known_in_hand.length ? h("div", { class: "muted" }, `known in hand: ${don.known_in_hand.join(", ")}`) : null);
  box.querySelector(".seat-name").textContent = who(ctx, k) + (payload.to_act.includes(k) ? " ◀" : "");
  const attacks = ctx.legal.filter((e) => e.action.kind === "attack" && e.action.args[0] === k);
  return ctx.pick(box, attacks, `attack ${who(ctx, k)}`);
}

// A safe's cards: those the reader knows by name (with values), the rest face down.
function safe(don, ctx, was) {
  if (!don.safe.length) return h("div", { class: "ub-safe muted" }, "safe empty");
  const seen = don.safe.filter(Boolean);
  const down = don.safe.length - seen.length;
  const el = h("div", { class: "ub-safe" }, h("span", { class: "ub-safe-title" }, "safe "),
    h("div", { class: "ub-set-cards" }, seen.map((name) => ubCard(name, ctx, { cls: "small" })), down ? back(`${down} face down`) : null));
  if (was && !same(was.safe, don.safe)) el.classList.add("changed");
  return el;
}

function hand(me, ctx) {
  return zone("Your hand", cards(me.hand.map((name) => {
    const moves = ctx.legal.filter((e) => FROM_HAND.includes(e.action.kind) && e.action.args[0] === name);
    return ctx.pick(ubCard(name, ctx), moves, name);
  })), me.poker_card ? h("p", {}, `You pass ${me.poker_card} in the Poker Round.`) : null);
}

// The reader's own position: hand (to click), safe, sets' value.
export function own(panel, payload, given) {
  const ctx = withPick(given);
  ensureStyle();
  const me = payload.view.dons.find((don) => don.seat === payload.seat);
  if (!me || !me.hand) return;
  panel.append(h("div", { class: "ub-own" }, hand(me, ctx),
    h("p", {}, stat("sets", `$${setsValue(me, ctx.content)}k`), stat("your safe", me.safe.length ? me.safe.join(", ") : "empty"))));
}

// Running public scores: the sets in front of each safe at face value, and the safe's size.
export function scores(payload, ctx) {
  return payload.view.dons.map((don) => `$${setsValue(don, ctx?.content)}k in sets · ${don.safe_size} in safe`);
}

// The end: betting-office multipliers (UB-11.4) on the sets and the safe (UB-11.5); the
// richest wins, then the most property cards (UB-11.6).
export function ending(payload, ctx) {
  const v = payload.view, r = payload.result;
  if (!r) return null;
  const office = v.betting_office.known || [];
  const times = (name) => 1 + office.filter((x) => x === name).length;
  const worth = (names) => names.reduce((sum, name) => sum + (name ? value(name, ctx.content) * times(name) : 0), 0);
  const count = (names) => names.filter((name) => name && value(name, ctx.content)).length;
  const rows = v.dons.map((don) => {
    const setCards = don.sets.flat();
    const face = setsValue(don, ctx.content) + don.safe.reduce((s, n) => s + (n ? value(n, ctx.content) : 0), 0);
    const total = worth(setCards) + worth(don.safe);
    return { name: who(ctx, don.seat), seat: don.seat, rank: r.ranking[don.seat], winner: r.winners.includes(don.seat),
      cells: [`$${worth(setCards)}k (${plural(don.sets.length, "set")})`, `$${worth(don.safe)}k (${plural(don.safe.length, "card")})`,
        `+$${total - face}k`, `$${r.scores[don.seat]}k`, String(count(setCards) + count(don.safe))] };
  }).sort((a, b) => a.rank - b.rank);
  const names = r.winners.map((k) => who(ctx, k));
  const kinds = [...new Set(office)].map((name) => `${name} ×${times(name)}`).join(", ");
  const notes = [office.length ? `The betting office held ${office.join(", ")}: those kinds score for everyone at ${kinds} (UB-11.4).`
    : "The betting office was empty: every card scores its face value."];
  notes.push(v.bank.size ? `Nobody held the Key: the bank (${plural(v.bank.size, "card")}) was not scored (UB-11.2).`
    : "The Key's holder moved the bank into his safe (UB-11.2).");
  const best = Math.max(...r.scores);
  const level = r.scores.map((s, k) => k).filter((k) => r.scores[k] === best);
  if (level.length > 1) {
    notes.push(`${level.map((k) => who(ctx, k)).join(" and ")} tied on $${best}k: ${r.winners.length > 1 ? "with as many property cards too, they share the win" : "the most property cards decided"} (UB-11.6).`);
  }
  return { winner: `${names.join(" and ") || "Nobody"} won.`,
    condition: "The draw pile ran out and a Don had no card left in his hand (UB-11.1).",
    columns: ["Sets", "Safe", "Betting office bonus", "Total", "Property cards"], rows, notes };
}

// A drawing whose pick gives nothing back (the replay's) keeps the element all the same.
function withPick(ctx) {
  return { ...ctx, pick: (el, entries, label) => ctx.pick(el, entries, label) || el };
}
