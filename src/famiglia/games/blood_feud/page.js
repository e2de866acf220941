// Blood Feud in New York: the map with every family's pieces as icons and a legend beside it;
// click a space or a piece to pick a move. Your own family next to the action bar (own), each
// family's public figures (scores), and the end in words (ending). Blood Feud hides nothing but
// the dice to come: every purse, piece and captive is on the table.
import { h } from "../ui.js";
import { seatBox, stat, zone } from "./parts.js";
import { NAME, PIECES, ensureSprite, icon, legend, named } from "./blood-feud-icons.js";
import { drawMap } from "./blood-feud-map.js";

// Headings of the move list's groups where a move's kind is no word a player knows.
export const MOVE_GROUPS = {
  "end-battle": "end the battle phase",
  "end-move": "end movement",
  "end-turn": "end the turn",
  "no-premium": "leave the district",
  "let-pass": "let it pass",
  "step-premium": "step in paying the premium",
  "turn-on": "turn on your guest",
  "hand-over": "hand over",
  "deliver-into": "deliver into",
  "take-back": "take back",
  uninvite: "withdraw an invitation",
  shore: "to the shore",
  site: "building site",
  start: "starting point",
};

const PHASE = { setup: "set-up", battle: "battle phase", move: "movement phase", buy: "purchases" };
const WIN_INCOME = 6000; // BF-5.4
const ASSETS = { district: 10, illicit: 40, penthouse: 20 }; // BF-5.1

const nameFor = (ctx) => (k) => (ctx.name ? ctx.name(k) : ctx.seatName(k));

// The game's stylesheet: the shell links it; a shell that does not gets it here.
function ensureStyle() {
  if (document.querySelector('link[href*="/static/games/blood-feud.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/games/blood-feud.css" }));
}

export function draw(board, payload, ctx) {
  ensureStyle();
  ensureSprite();
  const v = payload.view;
  const c = ctx.content;
  const r = payload.result;
  const nameOf = nameFor(ctx);
  if (v.over && r) {
    // A capped game stops as the round after its last begins (BF-10.2): that one is not played.
    board.append(h("p", {}, stat("Round", r.capped ? v.round - 1 : v.round), stat("Phase", "game over"),
      stat(r.capped ? "Ranked first" : "Winners", r.winners.map(nameOf).join(", "))));
  } else if (v.phase === "setup") {
    // BF-1.2: the seats choose their starting points in the order their dice ranked them
    board.append(h("p", {}, stat("Set-up", v.turn === payload.seat ? "you choose a starting point" : `${nameOf(v.turn)} chooses a starting point`),
      stat("Choosing order", v.ranking.map(nameOf).join(", "))));
  } else {
    board.append(h("p", {}, stat("Round", v.round), stat("Turn", nameOf(v.turn)), stat("Phase", PHASE[v.phase] || v.phase)));
  }
  const deal = (v.todo || []).find((step) => step.k === "answer");
  if (deal) { // BF-9.3: a deal waiting for its answer, both sides' terms in view
    const gives = (k) => (k === payload.seat ? "you give" : `${nameOf(k)} gives`);
    const to = deal.seat === payload.seat ? "you" : nameOf(deal.seat);
    board.append(h("p", { class: "in-play" }, h("b", {}, `${nameOf(deal.from)} proposes a deal to ${to}: `),
      `${gives(deal.from)} ${terms(deal.give, nameOf)}, ${gives(deal.seat)} ${terms(deal.want, nameOf)}`));
  }
  const attack = attackSoFar(v, c);
  if (attack) board.append(h("p", { class: "in-play attack" }, attack));
  // (its frame scrolls from the first drawing, even before the game's stylesheet has loaded)
  const frame = h("div", { class: "bf-frame", style: "overflow:auto;max-height:82vh", onscroll: () => { panned = { table: payload.id, at: [frame.scrollLeft, frame.scrollTop] }; } },
    drawMap(v, ctx, nameOf));
  board.append(h("div", { class: "bf-layout" }, frame, legend(ctx)));
  placeView(frame, payload);
  const dice = payload.events.slice(-40).filter((e) => / rolls \d/.test(e));
  if (dice.length) board.append(zone("Dice", h("div", { class: "dice" }, dice.slice(-8).map((e) => h("span", { class: "die", title: e }, e)))));
  board.append(h("div", { class: "families" }, v.homes.map((home, k) => familyBox(k, home, v, payload, ctx))));
}

// The board is drawn afresh at every move: the map stays where the reader panned it. On the
// reader's move, if nothing to click is in sight, it is brought to the middle; so is the
// reader's Boss when the table is first opened.
let panned = null;
function placeView(frame, payload) {
  if (!frame.isConnected) return; // drawn aside (a replay's folded view): nothing to place yet
  const first = !panned || panned.table !== payload.id;
  if (!first) [frame.scrollLeft, frame.scrollTop] = panned.at;
  const mine = payload.legal.length > 0;
  if (!first && !mine) return;
  const targets = [...frame.querySelectorAll(".bf-space.pickable, .bf-piece.pickable")];
  const boss = frame.querySelector(`.bf-piece[data-kind="boss"][data-owner="${payload.seat}"]`);
  const boxes = (targets.length ? targets : boss ? [boss] : []).map((el) => el.getBBox());
  if (!boxes.length) return;
  const seen = (b) => b.x >= frame.scrollLeft && b.y >= frame.scrollTop
    && b.x + b.width <= frame.scrollLeft + frame.clientWidth && b.y + b.height <= frame.scrollTop + frame.clientHeight;
  if (!first && boxes.some(seen)) return;
  const b = boxes[0];
  frame.scrollLeft = b.x + b.width / 2 - frame.clientWidth / 2;
  frame.scrollTop = b.y + b.height / 2 - frame.clientHeight / 2;
  panned = { table: payload.id, at: [frame.scrollLeft, frame.scrollTop] };
}

// The attack being put together (BF-3.13): its target and who has joined it so far, as the
// terminal words it (render.attack_so_far).
function attackSoFar(v, c) {
  const step = [...(v.todo || [])].reverse().find((st) => st.k === "attack");
  if (!step) return null;
  const kind = new Map(v.units.map((u) => [u[0], u[2]]));
  const joined = step.chosen.length ? [listed(step.chosen.map((uid) => kind.get(uid)))] : [];
  for (const vid of [...step.rides, ...("ride" in step ? [step.ride] : [])]) {
    const riders = v.units.filter((u) => u[6] === vid).map((u) => u[2]);
    joined.push(`a ${NAME[kind.get(vid)][0]}${riders.length ? ` carrying ${listed(riders)}` : ""}`);
  }
  return `Attack on ${c.spaces[step.t].name} so far: ${joined.join("; ") || "nobody yet"}`;
}

// Pieces in words, most important first: "the Boss, 2 thugs and a hit man".
function listed(kinds) {
  const counts = new Map();
  for (const k of PIECES) for (const kind of kinds) if (kind === k) counts.set(k, (counts.get(k) || 0) + 1);
  const parts = [...counts].map(([k, n]) => (n > 1 ? named(k, n) : k === "boss" ? "the Boss" : `a ${NAME[k][0]}`));
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
}

// A side of a deal, as the narration words it (family.describe_terms).
function terms([what, value], nameOf) {
  if (what === "money") return `$${value}`;
  return what === "captive" ? `a captive of ${nameOf ? nameOf(value) : `seat ${value}`}` : "nothing";
}

// ----- a family's figures, all public ------------------------------------------------------
function figures(v, k) {
  const mine = v.units.filter((u) => u[1] === k);
  const counts = {};
  for (const u of mine) counts[u[2]] = (counts[u[2]] || 0) + 1;
  const held = Object.entries(v.districts).filter(([, d]) => d[0] === k);
  let assets = 0;
  for (const [, [, building]] of held) assets += ASSETS.district + (ASSETS[building] || 0);
  // BF-5.2: districts of his own holding a family member on foot (not aboard, not afloat)
  const heldNames = new Set(held.map(([name]) => name));
  const ifm = new Set(mine.filter((u) => (u[2] === "boss" || u[2] === "family") && u[6] < 0 && heldNames.has(u[3])).map((u) => u[3])).size;
  return {
    counts, held: held.length, assets, ifm,
    captives: v.captives.filter((cap) => cap[0] === k).length, // captives he holds
    taken: v.captives.filter((cap) => cap[1] === k).length, // of his family, held by others
  };
}

function pieceTags(counts, colour) {
  return h("div", { class: "bf-pieces" }, PIECES.filter((kind) => counts[kind]).map((kind) =>
    h("span", { class: "tag", dataset: { kind } }, icon(kind, colour, 16), named(kind, counts[kind]))));
}

function familyBox(k, home, v, payload, ctx) {
  const f = figures(v, k);
  return seatBox(k, payload, ctx, "family",
    h("div", {}, stat("home", home || "to choose"), v.alive[k] ? null : h("span", { class: "tag" }, "Boss dead")),
    h("div", {}, stat("money", `$${v.money[k]}`), stat("last income", `$${v.income[k]}`), stat("districts", f.held)),
    pieceTags(f.counts, ctx.colour(k)),
    h("div", { class: "muted" }, `captives held: ${f.captives}; of theirs held by others: ${f.taken}`));
}

// The reader's own family beside the action bar: purse, what the next income would bring
// (BF-5.3), pieces on the board, captives.
export function own(panel, payload, ctx) {
  ensureSprite();
  const k = payload.seat;
  const v = payload.view;
  if (k === null || k === undefined || !v.homes) return;
  const f = figures(v, k);
  const changed = ctx.before && ctx.before.money && ctx.before.money[k] !== v.money[k];
  panel.append(h("div", { class: "bf-own", style: `--seat:${ctx.colour(k)}` },
    h("h3", {}, `Your family${v.homes[k] ? ` (${v.homes[k]})` : ""}`, v.alive[k] ? "" : " — Boss dead"),
    h("div", {}, h("span", { class: `stat${changed ? " changed" : ""}` }, "money ", h("b", {}, `$${v.money[k]}`)),
      stat("last income", `$${v.income[k]}`), stat("districts", f.held)),
    h("div", { class: "muted" }, `next income: assets $${f.assets} × ${f.ifm} independent family member${f.ifm === 1 ? "" : "s"} = $${f.assets * f.ifm}`
      + ` (${WIN_INCOME.toLocaleString("en")} wins)`),
    pieceTags(f.counts, ctx.colour(k)),
    f.captives || f.taken ? h("div", { class: "muted" }, `captives you hold: ${f.captives}; of your family held by others: ${f.taken}`) : null));
}

// Each family's running figures, all public: money, districts, last income.
export function scores(payload) {
  const v = payload.view;
  if (!v.homes) return [];
  return v.homes.map((_, k) => {
    if (!v.alive[k]) return "Boss dead";
    const f = figures(v, k);
    return `$${v.money[k]} · ${f.held} district${f.held === 1 ? "" : "s"} · income $${v.income[k]}`;
  });
}

// Why the game ended, read from the public end position (BF-5.4, BF-8.10, BF-10.1, BF-10.2).
function condition(payload, nameOf) {
  const v = payload.view;
  const r = payload.result;
  const who = (list) => list.map(nameOf).join(" and ");
  const living = v.alive.map((a, k) => (a ? k : -1)).filter((k) => k >= 0);
  if (r.capped) {
    const rounds = v.round - 1;
    return `The game was stopped after ${rounds} round${rounds === 1 ? "" : "s"}, the table's round limit,`
      + " before anyone won: living families rank first, then the last income, then money.";
  }
  if (living.length === 0) {
    return `The last two Bosses, ${who(r.winners)}, killed each other in one battle: they share the win.`;
  }
  if (living.length === 1 && r.winners.length === 1 && r.winners[0] === living[0]) {
    return `Every other Boss was killed: ${who(r.winners)} ${r.winners[0] === payload.seat ? "are" : "is"} the last Boss standing.`;
  }
  const rich = r.winners.filter((k) => v.income[k] >= WIN_INCOME);
  if (rich.length) {
    return `${cap(who(rich))} earned $${Math.max(...rich.map((k) => v.income[k])).toLocaleString("en")} in one income phase:`
      + ` $${WIN_INCOME.toLocaleString("en")} or more wins at once.`;
  }
  return `${cap(who(r.winners))} began a turn holding every district of Manhattan, which wins the Take Manhattan scenario.`;
}

const cap = (text) => text.charAt(0).toUpperCase() + text.slice(1);

function winnerLine(payload, nameOf) {
  const r = payload.result;
  const names = r.winners.map(nameOf);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  if (!names.length) return "Nobody won.";
  if (r.capped) return `${cap(list)} ranked first.`;
  return cap(names.length > 1 ? `${list} shared the win.` : `${list} won.`);
}

export function ending(payload, ctx) {
  const r = payload.result;
  if (!r) return null;
  const v = payload.view;
  const nameOf = nameFor(ctx);
  const rows = v.homes.map((home, k) => {
    const f = figures(v, k);
    return {
      name: nameOf(k), seat: k, rank: r.ranking[k], winner: r.winners.includes(k),
      cells: [home || "-", v.alive[k] ? "alive" : "dead", `$${v.income[k]}`, `$${v.money[k]}`, f.held,
        v.units.filter((u) => u[1] === k).length],
    };
  }).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const notes = ["The score is the last income. Below the winners, living families rank first, then by last income, then by money."];
  const byRank = new Map();
  for (const row of rows) byRank.set(row.rank, [...(byRank.get(row.rank) || []), row.name]);
  for (const [rank, names] of byRank) {
    if (names.length > 1) notes.push(`${names.join(" and ")} tie for place ${rank}: same Boss fate, last income and money.`);
  }
  return {
    winner: winnerLine(payload, nameOf),
    condition: condition(payload, nameOf),
    columns: ["Home", "Boss", "Last income", "Money", "Districts", "Pieces on the board"],
    rows,
    notes,
  };
}

// For a shell without ending(): who won and why, in one line.
export function resultNote(payload) {
  if (!payload.result) return null;
  const nameOf = (k) => (k === payload.seat ? "you" : `seat ${k}`);
  return `${winnerLine(payload, nameOf)} ${condition(payload, nameOf)}`;
}

// For a shell without ending(): the score's name and the figures beside it.
export const scoreLabel = () => "Last income ($)";
export function resultColumns(payload) {
  const v = payload.view;
  return [["Boss", v.alive.map((a) => (a ? "alive" : "dead"))], ["Money ($)", v.money],
    ["Districts", v.homes.map((_, k) => figures(v, k).held)]];
}
