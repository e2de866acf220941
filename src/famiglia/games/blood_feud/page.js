// Blood Feud in New York: the board `famiglia render` draws (games/blood_feud/render.py), with
// this view's owners, buildings and pieces laid over it; click a space or a piece to pick a
// move. Money, pieces and captives per family; the last battle's dice.
import { h, remember, s } from "../ui.js";
import { seatBox, stat, zone } from "./parts.js";

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

const LETTER = { boss: "B", family: "F", hitman: "M", henchman: "H", thug: "T", limousine: "L", speedboat: "S", helicopter: "C" };
const ORDER = Object.keys(LETTER);
// A piece's name in the rulebook's words, one and many.
const NAME = {
  boss: ["Boss", "Bosses"], family: ["family member", "family members"], hitman: ["hit man", "hit men"],
  henchman: ["henchman", "henchmen"], thug: ["thug", "thugs"], limousine: ["limousine", "limousines"],
  speedboat: ["speedboat", "speedboats"], helicopter: ["helicopter", "helicopters"],
};
const named = (kind, count) => `${count} ${(NAME[kind] || [kind, kind])[count === 1 ? 0 : 1]}`;
const BUILDING = { illicit: "$", precinct: "P", penthouse: "♛" };
// Moves that name a board space, and which argument holds it.
const SPACE_ARG = { select: 1, into: 0, step: 0, drive: 0, leave: 0, "take-back": 0, "deliver-into": 0 };

let parsed = null;
// The map may be drawn larger than its column, scrolled in its frame: how large, and where the
// frame was scrolled to (the board is drawn afresh at every move, the view should stay put).
const ZOOMS = [1, 1.5, 2, 2.5, 3];
let scrolled = [0, 0];

export function draw(board, payload, ctx) {
  const v = payload.view;
  const c = ctx.content;
  const r = payload.result;
  if (v.over && r) {
    // A capped game stops as the round after its last begins (BF-10.2): that one is not played.
    board.append(h("p", {}, stat("Round", r.capped ? v.round - 1 : v.round), stat("Phase", "game over"),
      stat(r.capped ? "Ranked first" : "Winners", r.winners.map((k) => ctx.seatName(k)).join(", "))));
  } else {
    if (v.phase === "setup") {
      // BF-1.2: the seats choose their starting points in the order their dice ranked them
      board.append(h("p", {}, stat("Set-up", v.turn === payload.seat ? "you choose a starting point" : `${ctx.seatName(v.turn)} chooses a starting point`),
        stat("Choosing order", v.ranking.map((k) => ctx.seatName(k)).join(", "))));
    } else {
      board.append(h("p", {}, stat("Round", v.round), stat("Turn", ctx.seatName(v.turn)), stat("Phase", v.phase)));
    }
  }
  const deal = (v.todo || []).find((step) => step.k === "answer");
  if (deal) { // BF-9.3: a deal waiting for its answer, both sides' terms in view
    const gives = (k) => (k === payload.seat ? "you give" : `${ctx.seatName(k)} gives`);
    const to = deal.seat === payload.seat ? "you" : ctx.seatName(deal.seat);
    board.append(h("p", { class: "in-play" }, h("b", {}, `${ctx.seatName(deal.from)} proposes a deal to ${to}: `),
      `${gives(deal.from)} ${terms(deal.give)}, ${gives(deal.seat)} ${terms(deal.want)}`));
  }
  const attack = attackSoFar(v, c);
  if (attack) board.append(h("p", { class: "in-play attack" }, attack));
  board.append(map(v, ctx, c));
  const dice = payload.events.slice(-40).filter((e) => / rolls \d/.test(e));
  if (dice.length) board.append(zone("Dice", h("div", { class: "dice" }, dice.slice(-8).map((e) => h("span", { class: "die", title: e }, e)))));
  board.append(h("div", { class: "families" }, v.homes.map((home, k) => familyBox(k, home, v, payload, ctx))));
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
  for (const k of ORDER) for (const kind of kinds) if (kind === k) counts.set(k, (counts.get(k) || 0) + 1);
  const parts = [...counts].map(([k, n]) => (n > 1 ? named(k, n) : k === "boss" ? "the Boss" : `a ${NAME[k][0]}`));
  return parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
}

// A side of a deal, as the narration words it (family.describe_terms).
function terms([what, value]) {
  if (what === "money") return `$${value}`;
  return what === "captive" ? `a captive of seat ${value}` : "nothing";
}

function map(v, ctx, c) {
  if (!parsed) parsed = new DOMParser().parseFromString(c.board_svg, "image/svg+xml").documentElement;
  const svg = document.importNode(parsed, true);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  svg.setAttribute("class", "bf-map");
  svg.setAttribute("role", "group");
  svg.setAttribute("aria-label", "the board of New York");
  const index = new Map(c.spaces.map((sp, i) => [sp.name, i]));
  const centre = new Map();
  for (const shape of svg.querySelectorAll("rect, circle")) {
    const title = shape.querySelector("title");
    if (!title || !index.has(title.textContent)) continue;
    const i = index.get(title.textContent);
    const x = shape.tagName === "circle" ? +shape.getAttribute("cx") : +shape.getAttribute("x") + +shape.getAttribute("width") / 2;
    const y = shape.tagName === "circle" ? +shape.getAttribute("cy") : +shape.getAttribute("y") + +shape.getAttribute("height") / 2;
    centre.set(i, [x, y, shape]);
    shape.dataset.space = i;
    const held = v.districts[title.textContent];
    if (held && held[0] >= 0) {
      shape.setAttribute("stroke", c.colours[held[0] % c.colours.length]);
      shape.setAttribute("stroke-width", 4);
    }
    const moves = ctx.legal.filter((e) => (e.action.kind in SPACE_ARG && e.action.args[SPACE_ARG[e.action.kind]] === i && e.action.kind !== "select")
      || (e.action.kind === "start" && c.stars && c.stars[e.action.args[0]] === i));
    ctx.pick(shape, moves, title.textContent);
  }
  const layer = s("g", { class: "overlay" });
  for (const [name, [, building]] of Object.entries(v.districts)) {
    const at = centre.get(index.get(name));
    if (at && building) layer.append(s("text", { x: at[0] + 18, y: at[1] + 14, "font-size": 10, "font-weight": "bold" }, BUILDING[building] || building));
  }
  const here = new Map(); // space -> owner -> kind -> count
  for (const [, owner, kind, where] of v.units) {
    const i = index.get(where);
    if (!here.has(i)) here.set(i, new Map());
    const per = here.get(i);
    if (!per.has(owner)) per.set(owner, {});
    per.get(owner)[kind] = (per.get(owner)[kind] || 0) + 1;
  }
  for (const [i, owners] of here) {
    const at = centre.get(i);
    if (!at) continue;
    [...owners.entries()].sort((a, b) => a[0] - b[0]).forEach(([owner, kinds], row) => {
      const line = s("text", { x: at[0], y: at[1] + 3 + 9 * row, "font-size": 8, "font-weight": "bold",
        "text-anchor": "middle", fill: c.colours[owner % c.colours.length], class: "pieces" });
      for (const kind of ORDER) {
        if (!kinds[kind]) continue;
        const piece = s("tspan", { "data-kind": kind, "data-space": i }, LETTER[kind] + (kinds[kind] > 1 ? kinds[kind] : "") + " ");
        piece.append(s("title", {}, `${ctx.seatName(owner)}: ${named(kind, kinds[kind])} in ${c.spaces[i].name}`));
        const picks = ctx.legal.filter((e) => e.action.kind === "select" && e.action.args[0] === kind && e.action.args[1] === i);
        if (picks.length) {
          piece.setAttribute("class", "pickable");
          ctx.pick(piece, picks, `${(NAME[kind] || [kind])[0]} in ${c.spaces[i].name}`);
        }
        line.append(piece);
      }
      layer.append(line);
    });
  }
  // A space whose only moves pick a piece there: clicking the space offers them too.
  for (const [i, [, , shape]] of centre) {
    if (shape.classList.contains("pickable")) continue;
    const picks = ctx.legal.filter((e) => e.action.kind === "select" && e.action.args[1] === i);
    ctx.pick(shape, picks, c.spaces[i].name);
  }
  svg.append(layer);
  return zoomable(svg);
}

// The map in a scrolling frame, with buttons that draw it larger or smaller.
function zoomable(svg) {
  let zoom = ZOOMS.includes(remember.mapZoom()) ? remember.mapZoom() : 1;
  svg.style.width = `${zoom * 100}%`;
  const wrap = h("div", { class: "bf-wrap", onscroll: () => { scrolled = [wrap.scrollLeft, wrap.scrollTop]; } }, svg);
  const shown = h("span", { class: "zoom-level" }, `${zoom * 100}%`);
  const step = (by) => () => {
    const next = ZOOMS[Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(zoom) + by))];
    if (next === zoom) return;
    const ratio = next / zoom;  // keep the middle of the frame where it is
    const [midX, midY] = [wrap.scrollLeft + wrap.clientWidth / 2, wrap.scrollTop + wrap.clientHeight / 2];
    zoom = next;
    remember.setMapZoom(zoom);
    svg.style.width = `${zoom * 100}%`;
    shown.textContent = `${zoom * 100}%`;
    wrap.scrollLeft = midX * ratio - wrap.clientWidth / 2;
    wrap.scrollTop = midY * ratio - wrap.clientHeight / 2;
  };
  requestAnimationFrame(() => { [wrap.scrollLeft, wrap.scrollTop] = scrolled; });
  return h("div", {},
    h("div", { class: "zoom-bar" }, "map ",
      h("button", { type: "button", class: "zoom-out", title: "draw the map smaller", "aria-label": "zoom the map out", onclick: step(-1) }, "−"),
      shown,
      h("button", { type: "button", class: "zoom-in", title: "draw the map larger", "aria-label": "zoom the map in", onclick: step(1) }, "+")),
    wrap);
}

function familyBox(k, home, v, payload, ctx) {
  const mine = v.units.filter((u) => u[1] === k);
  const counts = {};
  for (const u of mine) counts[u[2]] = (counts[u[2]] || 0) + 1;
  const held = Object.values(v.districts).filter((d) => d[0] === k).length;
  const captives = v.captives.filter((cap) => cap[0] === k);
  const held_of_them = v.captives.filter((cap) => cap[1] === k);
  return seatBox(k, payload, ctx, "family",
    h("div", {}, stat("home", home || "to choose"), v.alive[k] ? null : h("span", { class: "tag" }, "Boss dead")),
    h("div", {}, stat("money", `$${v.money[k]}`), stat("income", `$${v.income[k]}`), stat("districts", held)),
    h("div", {}, ORDER.filter((kind) => counts[kind]).map((kind) => h("span", { class: "tag" }, named(kind, counts[kind])))),
    h("div", { class: "muted" }, `captives held: ${captives.length}; of theirs held by others: ${held_of_them.length}`));
}
