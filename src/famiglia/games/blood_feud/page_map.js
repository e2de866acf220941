// Blood Feud's map, drawn to be read: the spaces where `famiglia render` puts them (read from
// its drawing), each district tinted and edged in its owner's colour, its name at a legible size,
// its building, and every family's pieces as icons with their counts. Spaces and pieces that
// stand for legal moves are clickable, ringed by a dashed outline outside their box so the
// owner's colour stays in view.
import { s } from "../ui.js";
import { NAME, PIECES, named, use } from "./blood-feud-icons.js";

const U = 11.5; // px per unit of the board's 0-100 grid, at the map's natural size
const BOX_W = 5.1 * U; // land spaces: boxes; the board's closest neighbours stay apart
const BOX_H = 4.1 * U;
const WATER_R = 1.55 * U;
const PAD = 8 + BOX_W / 2;
const FONT = 11; // no text on the map is smaller (the issue: at least 11 px at default zoom)
const ICON = 15;
const ROW = 18;
const FILL = { district: "#ece8de", park: "#b9dfae", airport: "#e2c29f", water: "#b9dcf5" };

// Moves that name a space, and which argument holds it.
const ONE_SPACE = ["step", "step-premium", "attack", "drive", "place", "shore", "site", "into", "uninvite",
  "leave", "deliver-into", "take-back", "turn-on"];
const PIECE_MOVES = ["select", "add", "bring"]; // (piece, space): the piece drawn there is clicked

let geometry = null;

// Where each space is, and which spaces touch, read once from the board's drawing.
function readGeometry(c) {
  const svg = new DOMParser().parseFromString(c.board_svg, "image/svg+xml").documentElement;
  const index = new Map(c.spaces.map((sp, i) => [sp.name, i]));
  const at = new Array(c.spaces.length);
  for (const shape of svg.querySelectorAll("rect, circle")) {
    const title = shape.querySelector("title");
    if (!title || !index.has(title.textContent)) continue;
    const round = shape.tagName === "circle";
    const x = round ? +shape.getAttribute("cx") : +shape.getAttribute("x") + +shape.getAttribute("width") / 2;
    const y = round ? +shape.getAttribute("cy") : +shape.getAttribute("y") + +shape.getAttribute("height") / 2;
    at[index.get(title.textContent)] = [x, y];
  }
  const byPoint = new Map(at.map((p, i) => [`${p[0]},${p[1]}`, i]));
  const links = [];
  for (const line of svg.querySelectorAll("line")) {
    const a = byPoint.get(`${+line.getAttribute("x1")},${+line.getAttribute("y1")}`);
    const b = byPoint.get(`${+line.getAttribute("x2")},${+line.getAttribute("y2")}`);
    if (a === undefined || b === undefined) continue;
    const stroke = line.getAttribute("stroke") || "";
    const kind = stroke.startsWith("url") ? "bridge" : line.getAttribute("stroke-dasharray") ? "shore"
      : stroke === "#4a90c8" ? "water" : "land";
    links.push([a, b, kind, line.querySelector("title")?.textContent]);
  }
  // The drawing's grid is 10 px a unit: back to units, then to this map's scale.
  const xs = at.map((p) => p[0]);
  const ys = at.map((p) => p[1]);
  const [x0, y0] = [Math.min(...xs), Math.min(...ys)];
  const place = at.map(([x, y]) => [PAD + ((x - x0) / 10) * U, PAD + ((y - y0) / 10) * U]);
  const width = Math.max(...place.map((p) => p[0])) + PAD;
  const height = Math.max(...place.map((p) => p[1])) + PAD + 2 * ROW;
  return { at: place, links, width: Math.ceil(width), height: Math.ceil(height), index };
}

// A space's name in at most three lines, none much wider than its box; a river's space is named
// by its river ("Hudson off Inwood" is the Hudson), the whole name staying in its title.
function labelLines(sp) {
  let text = sp.name;
  if (sp.type === "water" && text.includes(" off ")) text = text.split(" off ")[0];
  const words = text.replace(/-/g, "- ").split(" ");
  const lines = [];
  for (const word of words) {
    const last = lines.length ? lines[lines.length - 1] : null;
    const joined = last === null ? word : last.endsWith("-") ? last + word : `${last} ${word}`;
    if (last !== null && joined.length <= 10) lines[lines.length - 1] = joined;
    else lines.push(word);
  }
  return lines;
}

// A light tint of a colour "#rrggbb" (mixed with white).
function tint(colour, amount = 0.28) {
  const n = parseInt(colour.slice(1), 16);
  const mix = (v) => Math.round(255 - (255 - v) * amount);
  return `rgb(${mix(n >> 16)},${mix((n >> 8) & 255)},${mix(n & 255)})`;
}

// space -> owner -> kind -> count
export function piecesBySpace(view) {
  const here = new Map();
  for (const [, owner, kind, where] of view.units) {
    if (!here.has(where)) here.set(where, new Map());
    const per = here.get(where);
    if (!per.has(owner)) per.set(owner, {});
    per.get(owner)[kind] = (per.get(owner)[kind] || 0) + 1;
  }
  return here;
}

function signature(view, pieces, name) {
  const held = view.districts[name] || [-1, "", 0];
  const per = pieces.get(name);
  const units = per ? [...per].sort((a, b) => a[0] - b[0]).map(([o, k]) => `${o}:${JSON.stringify(k)}`).join("|") : "";
  return `${held[0]}/${held[1]}/${units}`;
}

export function drawMap(v, ctx, nameOf) {
  const c = ctx.content;
  if (!geometry) geometry = readGeometry(c);
  const g = geometry;
  const colour = (k) => ctx.colour(k);
  const pieces = piecesBySpace(v);
  const before = ctx.before && ctx.before.units ? ctx.before : null;
  const piecesBefore = before ? piecesBySpace(before) : null;
  const stars = new Set(Object.values(c.stars || {}));
  const svg = s("svg", { class: "bf-map", viewBox: `0 0 ${g.width} ${g.height}`, width: g.width, height: g.height,
    role: "group", "aria-label": "the map of New York", "font-family": "'Arial Narrow', 'Liberation Sans Narrow', 'Roboto Condensed', 'DejaVu Sans Condensed', sans-serif-condensed, Arial, sans-serif" });
  svg.style.width = `${g.width}px`; // the natural size: the page's shared rule would stretch it
  svg.style.height = `${g.height}px`;
  svg.append(s("defs", {}, s("pattern", { id: "bf-hatch", width: 6, height: 6, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    s("rect", { width: 6, height: 6, fill: "#f4f1ea" }), s("rect", { width: 3, height: 6, fill: "#7a6f60" }))));
  svg.append(s("rect", { width: g.width, height: g.height, fill: "#f4f1ea" }));
  const links = s("g", { class: "bf-links" });
  const STYLE = {
    land: { stroke: "#8a8275", "stroke-width": 2.5 }, water: { stroke: "#5fa3d6", "stroke-width": 3.5 },
    shore: { stroke: "#5fa3d6", "stroke-width": 1.5, "stroke-dasharray": "5 4" }, bridge: { stroke: "url(#bf-hatch)", "stroke-width": 9 },
  };
  for (const [a, b, kind, title] of g.links) {
    const line = s("line", { x1: g.at[a][0], y1: g.at[a][1], x2: g.at[b][0], y2: g.at[b][1], ...STYLE[kind] });
    if (title) line.append(s("title", {}, title));
    links.append(line);
  }
  svg.append(links);
  const spaces = s("g", { class: "bf-spaces" });
  c.spaces.forEach((sp, i) => spaces.append(space(sp, i)));
  svg.append(spaces);
  return svg;

  function space(sp, i) {
    const [x, y] = g.at[i];
    const held = v.districts[sp.name] || [-1, "", 0];
    const owner = held[0];
    const per = pieces.get(sp.name) || new Map();
    const rows = layout(per);
    const water = sp.type === "water";
    const lines = labelLines(sp);
    const group = s("g", { class: `bf-space bf-${sp.type}` });
    group.dataset.space = i;
    group.dataset.name = sp.name;
    if (owner >= 0) group.dataset.owner = owner;
    // the box grows downwards when a crowd of pieces needs more rows
    const top = water ? y - WATER_R : y - BOX_H / 2;
    const labelH = (water ? 0 : 3) + lines.length * (FONT + 1);
    const piecesTop = water ? y + WATER_R * 0.1 : top + labelH + 3;
    const bottom = Math.max(water ? y + WATER_R : y + BOX_H / 2, piecesTop + rows.length * ROW + 2);
    const box = water
      ? s("circle", { cx: x, cy: y, r: WATER_R, fill: FILL.water, stroke: "#5fa3d6", "stroke-width": 1.5, class: "bf-box" })
      : s("rect", { x: x - BOX_W / 2, y: top, width: BOX_W, height: bottom - top, rx: 5, class: "bf-box",
        fill: owner >= 0 ? tint(colour(owner)) : FILL[sp.type] || FILL.district,
        stroke: owner >= 0 ? colour(owner) : "#6f675b", "stroke-width": owner >= 0 ? 4 : 1.2 });
    const changed = piecesBefore && signature(before, piecesBefore, sp.name) !== signature(v, pieces, sp.name);
    if (changed) {
      box.classList.add("changed");
      group.classList.add("bf-changed");
    }
    group.append(box);
    const label = s("text", { class: `bf-label${water ? " bf-water-label" : ""}`, x, "text-anchor": "middle", "font-size": FONT,
      y: water ? y - (lines.length - 1) * (FONT + 1) / 2 - (rows.length ? FONT / 2 : -FONT / 3) : top + FONT + 2 });
    lines.forEach((line, n) => label.append(s("tspan", { x, dy: n ? FONT + 1 : 0 }, line)));
    group.append(label);
    if (stars.has(i)) group.append(use("star", null, x - BOX_W / 2 - 7, top - 7, 15));
    if (held[1]) {
      const building = use(held[1], null, x + BOX_W / 2 - 9, top - 8, 17);
      building.setAttribute("class", "bf-building");
      building.append(s("title", {}, `${NAME[held[1]][0]} in ${sp.name}`));
      group.append(building);
    }
    const picks = [];
    rows.forEach((row, r) => {
      let px = x - row.width / 2;
      for (const [who, kind, count] of row.items) {
        const item = s("g", { class: "bf-piece", "data-kind": kind, "data-owner": who });
        const py = piecesTop + r * ROW;
        item.append(s("title", {}, `${nameOf(who)}: ${named(kind, count)} in ${sp.name}`));
        // a white token under each piece: its colour reads the same on any district's tint
        item.append(s("rect", { class: "bf-token", x: px - 0.5, y: py - 1, width: pieceWidth(count) - 3, height: ICON + 2, rx: 3 }));
        item.append(use(kind, colour(who), px, py, ICON));
        if (count > 1) {
          item.append(s("text", { x: px + ICON + 0.5, y: py + ICON - 2.5, "font-size": FONT,
            "font-weight": "bold", class: "bf-count" }, String(count)));
        }
        const was = piecesBefore?.get(sp.name)?.get(who)?.[kind] || 0;
        if (piecesBefore && was !== count) item.classList.add("changed");
        const moves = who === ctx.seat ? ctx.legal.filter((e) => PIECE_MOVES.includes(e.action.kind)
          && e.action.args[0] === kind && e.action.args[1] === i) : [];
        if (moves.length) {
          item.prepend(s("rect", { class: "bf-piece-ring", x: px - 1.5, y: py - 2, width: pieceWidth(count) - 1, height: ICON + 4, rx: 4 }));
          ctx.pick(item, moves, `${NAME[kind][0]} in ${sp.name}`);
          picks.push(...moves);
        }
        group.append(item);
        px += pieceWidth(count);
      }
    });
    const own = ctx.legal.filter((e) => (ONE_SPACE.includes(e.action.kind) && e.action.args[0] === i)
      || (e.action.kind === "start" && c.stars && c.stars[e.action.args[0]] === i));
    // A space whose only moves pick a piece there: clicking the space offers them too.
    const moves = own.length ? own : ctx.legal.filter((e) => PIECE_MOVES.includes(e.action.kind) && e.action.args[1] === i);
    if (moves.length) {
      const ring = water ? s("circle", { cx: x, cy: y, r: WATER_R + 5, class: "bf-ring" })
        : s("rect", { x: x - BOX_W / 2 - 5, y: top - 5, width: BOX_W + 10, height: bottom - top + 10, rx: 8, class: "bf-ring" });
      group.prepend(ring);
      ctx.pick(group, moves, sp.name);
      if (!own.length) {
        // Its moves are its pieces', each a button of its own: the space stays a bigger target
        // for a pointer, but is no button around buttons for a keyboard or a screen reader.
        for (const name of ["role", "tabindex", "aria-label"]) group.removeAttribute(name);
      }
    } else {
      group.prepend(s("title", {}, owner >= 0 ? `${sp.name}: held by ${nameOf(owner)}` : sp.name));
    }
    return group;
  }
}

function pieceWidth(count) {
  return ICON + (count > 1 ? 7 * String(count).length + 1 : 0) + 4;
}

// Each owner's pieces in the order of the legend, in rows that fit the box.
function layout(per) {
  const rows = [];
  for (const [who, kinds] of [...per].sort((a, b) => a[0] - b[0])) {
    let row = null;
    for (const kind of PIECES) {
      if (!kinds[kind]) continue;
      const w = pieceWidth(kinds[kind]);
      if (!row || row.width + w > BOX_W - 2) rows.push((row = { width: 0, items: [] }));
      row.items.push([who, kind, kinds[kind]]);
      row.width += w;
    }
  }
  return rows;
}

