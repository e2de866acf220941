// The Mob: the board (investment track, illegal and legal businesses, out-of-circulation
// spaces, prison and harbour), each family's photo, cash and hand size; your hand in own().
import { h, plural } from "../ui.js";
import { card, cards, seatBox, stat, zone } from "./parts.js";
import { city, legal, mark, outOfCirculation, prisonAndHarbour, track, who } from "./the-mob-board.js";

// Headings of the move list's groups where a move's kind is no word a player knows.
export const MOVE_GROUPS = {
  unused: "lay a card down unused",
  space: "choose a space",
  add: "add to the placement",
  done: "finish placing",
  last: "place the last piece",
  ooc: "out of circulation",
  offer: "remove pieces",
  takeover: "take over",
  bail: "bail out",
  undo: "undo an investment",
  rehire: "hire back bodyguards",
  stop: "end investing",
};

const PHASES = { exchange: "exchanging cards", play: "playing cards", rehire: "hiring back bodyguards",
  invest: "investing", over: "game over" };

// The page's own styles, until the table page links them itself (page contract).
function ensureStyle() {
  if (document.querySelector('link[href$="/static/games/the-mob.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/games/the-mob.css" }));
}

// Whether the table page draws own() beside the moves (a table page that names players does).
const ownShown = (ctx) => typeof ctx.name === "function";

export function draw(board, payload, given) {
  const ctx = withPick(given);
  ensureStyle();
  const v = payload.view;
  const c = ctx.content;
  const old = ctx.before || null;
  board.append(h("p", { class: "mob-head" }, stat("Year", v.year), stat("Now", PHASES[v.phase] || v.phase),
    stat("Cards played", `${v.cards_played} / ${v.cards_per_year}`), stat("Dealer", who(ctx, v.dealer)),
    stat("Stock", v.stock), v.last_card ? h("span", { class: "tag" }, "last card of the year") : null));
  if (v.in_play) board.append(inPlay(v.in_play, ctx));
  board.append(h("div", { class: "mob-board" }, track(v, ctx, c, old), city(v, ctx, c, old),
    h("div", { class: "mob-rows" }, legal(v, ctx, c, old), outOfCirculation(v, ctx, c, old), prisonAndHarbour(v, ctx, c, old))));
  if (v.played.length) {
    board.append(zone("Cards played this year", h("div", { class: "mob-played" },
      v.played.map((name, i) => h("span", { class: `mob-played-card${old && i >= (old.played || []).length ? " changed" : ""}` }, name)))));
  }
  board.append(h("div", { class: "families" }, v.families.map((f, k) => family(f, k, payload, ctx, c, old))));
  if (!ownShown(ctx) && payload.seat !== null && v.hand) board.append(hand(payload, ctx, c));
}

function inPlay(p, ctx) {
  const name = who(ctx, p.seat);
  return h("p", { class: "in-play mob-in-play" }, h("b", {}, `${name} ${name === "you" ? "play" : "plays"} ${p.card}`),
    p.space ? ` on ${p.space}: ${(p.members || []).join(", ") || "nobody yet"}, ${plural(p.bodyguards, "bodyguard")}, needs $${p.needed}k` : "");
}

function family(f, k, payload, ctx, c, old) {
  const was = old?.families?.[k];
  const cash = stat("cash", `$${f.cash}k`);
  const invested = stat("invested", `$${f.investment * 100}k`);
  if (was) {
    mark(cash, was.cash, f.cash);
    mark(invested, was.investment, f.investment);
  }
  const box = seatBox(k, payload, ctx, "family",
    h("div", {}, cash, invested, stat("hand", plural(f.hand_size, "card"))),
    h("div", { class: "mob-photo" }, h("span", { class: "muted" }, "Photo: "),
      f.photo.map((m) => memberTag(m, k, payload, ctx, c)), h("span", { class: "tag" }, plural(f.bodyguards, "bodyguard"))));
  box.querySelector(".seat-name").textContent = who(ctx, k) + (payload.to_act.includes(k) ? " ◀" : "");
  const aimed = ctx.legal.filter((e) => ["jail", "ooc"].includes(e.action.kind) && e.text.includes(`seat ${k}'s`));
  return ctx.pick(box, aimed, `${who(ctx, k)}'s family`);
}

function memberTag(name, k, payload, ctx, c) {
  const tag = h("span", { class: "tag member" }, name);
  if (k !== payload.seat) return tag;
  const index = c.members.findIndex((m) => m.name === name);
  return ctx.pick(tag, ctx.legal.filter((e) => ["add", "bail"].includes(e.action.kind) && e.action.args[0] === index), name);
}

function hand(payload, ctx, c) {
  const v = payload.view;
  const moves = (name) => ctx.legal.filter((e) => ["play", "unused", "return"].includes(e.action.kind) && c.cards[e.action.args[0]] === name);
  return zone("Your hand", cards(v.hand.map((name) => ctx.pick(card(name, { dataset: { card: name },
    cls: v.returning.includes(name) ? "returning" : "" }), moves(name), name))),
    v.returning.length ? h("p", {}, `to give back: ${v.returning.join(", ")}`) : null,
    v.my_set_aside.length ? h("p", { class: "muted" }, `set aside by you: ${v.my_set_aside.join(", ")}`) : null);
}

// The reader's own position: hand (the cards to click), cash, chip, photo, prisoners.
export function own(panel, payload, given) {
  const ctx = withPick(given);
  ensureStyle();
  const v = payload.view;
  if (payload.seat === null || !v.hand) return;
  const f = v.families[payload.seat];
  const jailed = Object.entries(f.prison).map(([m, b]) => `${m} (block ${b})`);
  panel.append(h("div", { class: "mob-own" },
    hand(payload, ctx, ctx.content),
    h("p", {}, stat("cash", `$${f.cash}k`), stat("invested", `$${f.investment * 100}k`),
      stat("on the photo", `${f.photo.length ? f.photo.join(", ") : "nobody"}, ${plural(f.bodyguards, "bodyguard")}`),
      jailed.length ? stat("in prison", jailed.join(", ")) : null)));
}

// Running public scores: the investment (the score) and the cash (its first tie-break).
export function scores(payload) {
  return payload.view.families.map((f) => `$${f.investment * 100}k invested · $${f.cash}k cash`);
}

// The members' value still in the family (photo, board, prison; not the harbour): MOB-7.1's
// second tie-break.
function familyValue(f, c) {
  const lost = new Set(f.harbour);
  return c.members.filter((m) => !lost.has(m.name)).reduce((sum, m) => sum + m.value, 0);
}

export function ending(payload, ctx) {
  const v = payload.view, r = payload.result, c = ctx.content;
  if (!r) return null;
  const n = v.families.length;
  const names = (list) => list.map((k) => who(ctx, k)).join(" and ");
  const won = r.winners.length ? `${names(r.winners)} won` : "Nobody won";
  const top = v.families.filter((f) => f.investment >= c.win_investment).length;
  const condition = r.capped
    ? `Nobody's chip reached ${c.win_investment} ($${c.win_investment * 100}k) by the end of year ${v.year}, the table's year limit: the ranking goes by investment, then cash, then family value (MOB-7.2).`
    : `${top > 1 ? `${top} families` : names(r.winners)} reached $${c.win_investment * 100}k invested at the end of year ${v.year} (MOB-7.1).`;
  const rows = [...Array(n).keys()].map((k) => {
    const f = v.families[k];
    const held = Object.values(v.illegal_businesses).filter((b) => b.family === k).length;
    return { name: who(ctx, k), seat: k, rank: r.ranking[k], winner: r.winners.includes(k),
      cells: [`$${f.investment * 100}k (chip on ${f.investment})`, `$${f.cash}k`, `$${familyValue(f, c)}k`,
        f.harbour.length ? f.harbour.join(", ") : "none", String(held)] };
  }).sort((a, b) => a.rank - b.rank);
  return { winner: `${won}.`, condition, rows, notes: tieNotes(v, r, ctx, c),
    columns: ["Invested (the score)", "Cash", "Family value", "Lost in the harbour", "Businesses held"] };
}

// How seats level on investment were told apart: cash first, then family value (MOB-7.1/7.2).
function tieNotes(v, r, ctx, c) {
  const notes = [];
  const byChip = new Map();
  v.families.forEach((f, k) => byChip.set(f.investment, [...(byChip.get(f.investment) || []), k]));
  for (const [chip, seats] of byChip) {
    if (seats.length < 2) continue;
    const cash = seats.map((k) => v.families[k].cash);
    const list = seats.map((k) => who(ctx, k)).join(", ");
    if (new Set(cash).size === seats.length) {
      notes.push(`${list} all invested $${chip * 100}k: the most cash ranks first (${seats.map((k) => `${who(ctx, k)} $${v.families[k].cash}k`).join(", ")}).`);
    } else {
      const values = seats.map((k) => `${who(ctx, k)} $${familyValue(v.families[k], c)}k`).join(", ");
      notes.push(`${list} invested $${chip * 100}k; level cash goes to the family value (${values}); what is still level shares the place.`);
    }
  }
  return notes;
}

// The generic result table's columns (kept for a table page without ending()).
export function scoreLabel() {
  return "Invested ($k)";
}

export function resultColumns(payload) {
  return [["Cash ($k)", payload.view.families.map((f) => f.cash)]];
}

// A drawing whose pick gives nothing back (the replay's) keeps the element all the same.
function withPick(ctx) {
  return { ...ctx, pick: (el, entries, label) => ctx.pick(el, entries, label) || el };
}
