// Scarface 1920's Chicago as a map: its 7 districts where they lie (north at the top, Lake
// Michigan to the east), each with its neighbourhoods (control marker in the owner's colour,
// shield, sale price, what it buys, Business marker) and its pieces (police cars, Angry Eliot
// Ness, trucks, thugs, Angry Bosses, home districts, and the modes' tokens and Enforcers).
// Drawn in a viewBox 520 wide with text of 18 units or more: at 340 px wide (the least the
// page.css lets it shrink to, on a phone) that is 11.8 px.
import { s } from "../ui.js";
import { icon } from "./scarface-1920-icons.js";

export const W = 520;
const LAKE = 26;
const X0 = 4;
const X1 = W - LAKE - 4;
const F = 18; // the smallest text on the map, in viewBox units
const HEAD = 28;
const TILE = 50;
const GAP = 5;
const ROW = 30; // a row of pieces
const PAD = 8;
// Where each district lies: its row (0 north .. 4 south) and its west and east edges; the
// edges between west and east jog so that every border of the rules is a border on the map
// (Central meets Southwest, West Side meets Far North and North Side).
const SPLIT = [0, 246, 232, 262, 0];
const PLACES = {
  "Far North": { rows: [0], wide: true },
  "North Side": { rows: [1], east: true },
  "West Side": { rows: [1, 2], west: true },
  Central: { rows: [2], east: true },
  Southwest: { rows: [3], west: true },
  "South Side": { rows: [3], east: true },
  "Far South": { rows: [4], wide: true },
};

const textWidth = (text, size = F) => String(text).length * size * 0.58;

// The pieces in district d, as drawings with a count or a word: [{icon, colour, text, title, ...}]
function piecesIn(d, v, ctx, gangName, extra) {
  const out = [];
  const cars = v.police.filter((p) => p === d).length;
  for (let i = 0; i < cars; i++) out.push({ icon: "police", key: `police${i}`, title: "a police car: no seizing here" });
  if (v.eliot_ness === d) out.push({ icon: "ness", key: "ness", text: "Ness", title: "Angry Eliot Ness: no sales here" });
  v.gangs.forEach((g, k) => {
    const colour = ctx.colour(k);
    if (g.gang >= 0 && g.home === d) out.push({ icon: "home", colour, key: `home${k}`, title: `home district of ${gangName(k)}` });
    if (g.truck === d) out.push({ icon: "truck", colour, key: `truck${k}`, title: `${gangName(k)}'s truck` });
    if (g.angry_boss === `d${d}`) out.push({ icon: "boss", colour, key: `boss${k}`, title: `${gangName(k)}'s Angry Boss` });
    const thugs = g.thugs.districts[d];
    if (thugs) out.push({ icon: "thug", colour, key: `thugs${k}`, text: String(thugs), cls: "thugs", data: { seat: k },
      title: `${gangName(k)}: ${thugs} thug${thugs === 1 ? "" : "s"}`, count: thugs });
  });
  return out.concat(extra);
}

// Which pieces moved since `before`: a piece's key with its count, compared.
function pieceSig(p) {
  return `${p.key}:${p.text || ""}`;
}

export function city(v, ctx, c, gangName, extraMarks, mentions) {
  const before = ctx.before && ctx.before.gangs && ctx.before.gangs.length === v.gangs.length ? ctx.before : null;
  const boxes = c.districts.map((name, d) => {
    const place = PLACES[name] || { rows: [5 + d], wide: true };
    const pieces = piecesIn(d, v, ctx, gangName, extraMarks(d));
    const was = before ? new Set(piecesIn(d, before, ctx, gangName, extraMarks(d, before)).map(pieceSig)) : null;
    for (const p of pieces) p.changed = was && !was.has(pieceSig(p));
    return { d, name, place, pieces, hoods: c.hoods_in[d] };
  });
  // widths first (the pieces wrap into rows), then each row's height from what it holds
  const rowH = {};
  for (const b of boxes) {
    const [west, east] = edges(b.place, b.place.rows[b.place.rows.length - 1]);
    b.x = west; b.w = east - west;
    b.lines = layoutPieces(b.pieces, b.w - 2 * PAD);
    const hoodRows = b.place.wide ? Math.ceil(b.hoods.length / 2) : b.hoods.length;
    b.need = HEAD + hoodRows * (TILE + GAP) + Math.max(1, b.lines.length) * ROW + PAD;
    const first = b.place.rows[0];
    if (b.place.rows.length === 1) rowH[first] = Math.max(rowH[first] || 0, b.need);
  }
  for (const b of boxes) { // a district over several rows: the last row grows if it must
    if (b.place.rows.length > 1) {
      const last = b.place.rows[b.place.rows.length - 1];
      const others = b.place.rows.slice(0, -1).reduce((t, r) => t + (rowH[r] || 0), 0);
      rowH[last] = Math.max(rowH[last] || 0, b.need - others);
    }
  }
  const rows = Object.keys(rowH).map(Number).sort((a, b) => a - b);
  const top = {};
  let y = 4;
  for (const r of rows) { top[r] = y; y += rowH[r]; }
  const height = y + 4;
  const svg = s("svg", { viewBox: `0 0 ${W} ${height}`, class: "sf-map", role: "group", "aria-label": "Chicago, district by district",
    "font-family": "'Liberation Sans Narrow', 'Arial Narrow', 'Roboto Condensed', system-ui, sans-serif", "font-size": F },
  s("rect", { x: 0, y: 0, width: W, height, rx: 8, fill: "#e9dfc4" }),
  s("rect", { x: W - LAKE, y: 0, width: LAKE, height, fill: "#8fb4d4", class: "lake" }),
  s("text", { x: W - LAKE / 2, y: height / 2, fill: "#123a5e", "text-anchor": "middle", "font-style": "italic",
    transform: `rotate(90 ${W - LAKE / 2} ${height / 2})`, "dominant-baseline": "central" }, "Lake Michigan"));
  for (const b of boxes) svg.append(district(b, v, ctx, c, gangName, top, rowH, before, mentions));
  return svg;
}

function edges(place, row) {
  if (place.wide) return [X0, X1];
  return place.west ? [X0, SPLIT[row]] : [SPLIT[row], X1];
}

// The district's outline: its rows stacked, each as wide as that row allows.
function outline(place, top, rowH) {
  const left = [];
  const right = [];
  for (const r of place.rows) {
    const [west, east] = edges(place, r);
    left.push([west, top[r]], [west, top[r] + rowH[r]]);
    right.push([east, top[r]], [east, top[r] + rowH[r]]);
  }
  return [...right, ...left.reverse()].map(([x, y]) => `${x},${y}`).join(" ");
}

function layoutPieces(pieces, width) {
  const lines = [[]];
  let x = 0;
  for (const p of pieces) {
    p.w = 22 + (p.text ? textWidth(p.text) + 3 : 0);
    if (x + p.w > width && lines[lines.length - 1].length) { lines.push([]); x = 0; }
    p.dx = x;
    lines[lines.length - 1].push(p);
    x += p.w + 6;
  }
  return lines;
}

function district(b, v, ctx, c, gangName, top, rowH, before, mentions) {
  const { d, name, place } = b;
  const y0 = top[place.rows[0]];
  const x = b.x + PAD;
  const w = b.w - 2 * PAD;
  const points = outline(place, top, rowH);
  const g = s("g", { class: "sf-district", "data-district": d, "aria-label": name, role: "group" });
  const shape = s("polygon", { points, class: "ground", fill: "#f6f0e0", stroke: "#6b5a3a", "stroke-width": 2 });
  g.append(shape, s("polygon", { points, class: "hl", fill: "none" }));
  // the district's own moves (send, move a thug, a police car, a truck there) on its name band
  const head = s("g", { class: "sf-head" },
    s("rect", { x: x - 4, y: y0 + 3, width: w + 8, height: HEAD - 2, rx: 5, class: "head-band", fill: "#e2d5b5" }),
    s("rect", { x: x - 6, y: y0 + 1, width: w + 12, height: HEAD + 2, rx: 6, class: "hl", fill: "none" }),
    s("text", { x, y: y0 + HEAD - 7, "font-weight": "700", "font-size": 19, class: "sf-name", fill: "#2b2216" }, name));
  const moves = ctx.legal.filter((e) => mentions(e.text, name, c) && !b.hoods.some((n) => mentions(e.text, c.hoods[n].name, c)));
  ctx.pick(head, moves, name);
  if (moves.length) shape.addEventListener("click", () => head.dispatchEvent(new MouseEvent("click", { bubbles: true })));
  g.append(head);
  const tileW = place.wide ? (w - GAP) / 2 : w;
  b.hoods.forEach((n, i) => {
    const col = place.wide ? i % 2 : 0;
    const row = place.wide ? Math.floor(i / 2) : i;
    g.append(hood(n, x + col * (tileW + GAP), y0 + HEAD + 4 + row * (TILE + GAP), tileW, v, ctx, c, gangName, before, mentions));
  });
  const hoodRows = place.wide ? Math.ceil(b.hoods.length / 2) : b.hoods.length;
  const py = y0 + HEAD + 4 + hoodRows * (TILE + GAP);
  b.lines.forEach((line, r) => line.forEach((p) => g.append(piece(p, x + p.dx, py + r * ROW))));
  return g;
}

function piece(p, x, y) {
  const props = { class: ["piece", p.cls, p.changed ? "changed" : ""].filter(Boolean).join(" ") };
  for (const [k, val] of Object.entries(p.data || {})) props[`data-${k}`] = val;
  const g = s("g", props, s("title", {}, p.title),
    s("rect", { x: x - 3, y: y - 1, width: p.w + 6, height: ROW - 4, rx: 5, class: "hl", fill: "none" }),
    icon(p.icon, x, y + 2, 22, p.colour));
  if (p.text) {
    g.append(s("text", { x: x + 25, y: y + 19, "font-weight": "700", fill: "#1d1b18", class: p.textCls || null }, p.text));
  }
  return p.pick ? p.pick(g) : g;
}

const BUSINESS = { speakeasy: "Speakeasy", casino: "Casino", brothel: "Brothel", nightclub: "Nightclub" };

function hood(n, x, y, w, v, ctx, c, gangName, before, mentions) {
  const info = c.hoods[n];
  const owner = v.control[n];
  const business = v.business[n];
  const changed = before && (before.control[n] !== owner || before.business[n] !== business);
  const colour = owner >= 0 ? ctx.colour(owner) : null;
  const buys = info.buys.join(" and ");
  const title = `${info.name}: shield ${info.shield}, buys ${buys} at ${info.price}`
    + `${business ? `, a ${BUSINESS[business] || business}` : ""}; ${owner >= 0 ? `controlled by ${gangName(owner)}` : "nobody's"}`;
  const g = s("g", { class: ["sf-hood", owner >= 0 ? "held" : "", changed ? "changed" : ""].filter(Boolean).join(" "),
    "data-hood": n, "data-owner": owner }, s("title", {}, title),
  s("rect", { x: x - 3, y: y - 3, width: w + 6, height: TILE + 6, rx: 7, class: "hl", fill: "none" }),
  s("rect", { x, y, width: w, height: TILE, rx: 5, fill: "#fffaf0", stroke: "#8a7a5a", "stroke-width": 1 }));
  if (colour) {
    g.append(s("rect", { x, y, width: w, height: TILE, rx: 5, fill: colour, "fill-opacity": 0.22, class: "owner-tint" }),
      s("rect", { x, y, width: 8, height: TILE, rx: 3, fill: colour, class: "owner-bar" }));
  }
  // the control marker: the owner's disc, or an empty ring
  g.append(s("circle", { cx: x + 20, cy: y + 14, r: 8, fill: colour || "none", stroke: colour ? "#fff" : "#8a7a5a",
    "stroke-width": colour ? 2 : 1.5, "stroke-dasharray": colour ? null : "3 2", class: "control" }),
  s("text", { x: x + 33, y: y + 20, "font-weight": "600", fill: "#1d1b18", class: "hood-name", "data-fit": w - 38 }, info.name));
  const ly = y + 26;
  g.append(icon("shield", x + 10, ly, 22, "#5b4a2f"),
    s("text", { x: x + 21, y: ly + 16, "text-anchor": "middle", fill: "#fff", "font-weight": "700", class: "shield" }, String(info.shield)),
    s("text", { x: x + 38, y: ly + 17, "font-weight": "700", fill: "#1e5631", class: "price" }, `$${info.price}`));
  let bx = x + 42 + textWidth(`$${info.price}`);
  for (const good of info.buys) { g.append(icon(good, bx, ly + 1, 20)); bx += 20; }
  if (business) {
    const word = BUSINESS[business] || business;
    g.append(s("g", { class: "business", "data-business": business },
      icon(business, bx + 8, ly + 1, 20),
      s("text", { x: bx + 31, y: ly + 17, fill: "#1d1b18", "data-fit": x + w - 4 - (bx + 31) }, word)));
  }
  return ctx.pick(g, ctx.legal.filter((e) => mentions(e.text, info.name, c)), info.name);
}

// Squeezes a text longer than its room (a wide font on this machine) instead of letting it
// run over its neighbour; a text that fits is left alone. Only once the map is on the page.
export function fitTexts(svg) {
  for (const t of svg.querySelectorAll("text[data-fit]")) {
    const room = Number(t.dataset.fit);
    try {
      if (room > 0 && t.getComputedTextLength() > room) {
        t.setAttribute("textLength", room);
        t.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    } catch { /* not rendered: nothing to measure */ }
  }
}
