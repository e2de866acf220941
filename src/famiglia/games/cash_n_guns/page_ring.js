// Cash 'n Guns: the gangsters round the table, each with his name and loot total, his aim as an
// arrow once the aims are seen. Drawn at its natural size (no viewBox scaling), so its 12 px
// text stays 12 px on a phone. A gangster to pick gets a dashed halo outside his disc: his own
// colour, his team's ring and his words stay as they are.
import { s } from "../ui.js";
import { movesWith } from "./parts.js";
import { lootTotal, who } from "./cash-n-guns-loot.js";

export const TEAM_COLOURS = { red: "#c0392b", green: "#1e8449", white: "#ecf0f1", brown: "#8e5b34", blue: "#2471a3", yellow: "#d4ac0d", black: "#222" };
// Standing or lying down means something only during a turn's hold-up and split.
export const OUT_OF_TURN = new Set(["powers", "over"]);

const short = (text, most = 12) => (text.length > most ? `${text.slice(0, most - 1)}…` : text);

export function ring(board, v, payload, ctx) {
  const n = v.alive.length;
  // Sized to the frame the board is seen in (the board itself may be wider than the screen);
  // the table page draws the board again when that frame changes width (a turned phone).
  const frame = board.closest(".zoom-view") || board;
  const room = frame.clientWidth ? frame.clientWidth - 30 : 460;
  const W = Math.max(300, Math.min(640, room)), H = Math.round(W * (W < 500 ? 0.9 : 0.62));
  // the middle sits high: under each disc go two lines of words
  const cx = W / 2, cy = H / 2 - 16, rx = W / 2 - 48, ry = H / 2 - 46;
  const at = (k) => {
    const a = -Math.PI / 2 + (2 * Math.PI * k) / n;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)];
  };
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "cng-ring", role: "group",
    "aria-label": "the gangsters round the table, their loot and their aims" },
  s("defs", {}, s("marker", { id: "cng-arrow", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" },
    s("path", { d: "M0 0 L10 5 L0 10 z", fill: "#ffd400" }))),
  s("ellipse", { cx, cy, rx: Math.max(60, rx - 70), ry: Math.max(30, ry - 50), fill: "#6b4423", stroke: "#3e2714", "stroke-width": 4 }),
  s("text", { x: cx, y: cy, "text-anchor": "middle", fill: "#f4f1ea", "font-size": 13 }, `${v.table.length} loot`),
  s("text", { x: cx, y: cy + 16, "text-anchor": "middle", fill: "#f4f1ea", "font-size": 12 }, "on the table"));
  if (!OUT_OF_TURN.has(v.phase)) {
    v.aims.forEach((target, k) => {
      if (target === null || target === undefined || target < 0 || !v.alive[k]) return;
      const [x1, y1] = at(k), [x2, y2] = at(target);
      const d = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ux = (x2 - x1) / d, uy = (y2 - y1) / d;
      const was = ctx.before?.aims?.[k];
      svg.append(s("line", { x1: x1 + ux * 26, y1: y1 + uy * 26, x2: x2 - ux * 30, y2: y2 - uy * 30,
        stroke: "#ffd400", "stroke-width": 3, "marker-end": "url(#cng-arrow)",
        class: `aim${ctx.before && was !== target ? " changed" : ""}`, "data-from": k, "data-to": target }));
    });
  }
  for (let k = 0; k < n; k++) svg.append(gangster(k, at(k), v, payload, ctx));
  return svg;
}

function gangster(k, [x, y], v, payload, ctx) {
  const name = who(ctx, k);
  const team = v.teams ? TEAM_COLOURS[v.teams[k]] || "#999" : "#f4f1ea";
  const down = v.alive[k] && !v.standing[k] && !OUT_OF_TURN.has(v.phase);
  const old = ctx.before;
  const changed = old && (old.alive?.[k] !== v.alive[k] || old.wounds?.[k] !== v.wounds[k]
    || old.standing?.[k] !== v.standing[k] || JSON.stringify(old.loot?.[k]) !== JSON.stringify(v.loot[k]));
  const g = s("g", { class: `gangster${changed ? " changed" : ""}`, "data-seat": k },
    // a hit area over the whole gangster, so a click anywhere on him lands on him
    s("rect", { class: "hit", x: x - 42, y: y - 30, width: 84, height: 78, rx: 8, fill: "transparent" }),
    s("circle", { class: "halo", cx: x, cy: y, r: 28, fill: "none" }),
    s("circle", { class: "disc", cx: x, cy: y, r: 22, fill: v.alive[k] ? ctx.colour(k) : "#555", stroke: team, "stroke-width": 4,
      opacity: down ? 0.5 : 1 }),
    s("text", { x, y: y + 5, "text-anchor": "middle", fill: "#fff", "font-size": 14, "font-weight": "bold" },
      v.alive[k] ? (name.startsWith("you") ? "you" : name.replace(/^seat /, "").slice(0, 2)) : "✝"),
    s("text", { class: "cng-name", x, y: y + 38, "text-anchor": "middle", fill: "#f4f1ea", "font-size": 12, "font-weight": "bold" },
      `${short(name)}${v.godfather === k ? " ★" : ""}`),
    s("text", { class: "cng-total", x, y: y + 52, "text-anchor": "middle", fill: "#ffe9a8", "font-size": 12 },
      v.alive[k] ? `$${lootTotal(v, k, ctx.content)}k${v.wounds[k] ? ` ${"✚".repeat(v.wounds[k])}` : ""}${down ? " · down" : ""}` : "dead"));
  if (v.aimed[k] && (v.aims[k] === null || v.aims[k] === undefined) && !OUT_OF_TURN.has(v.phase)) {
    g.append(s("text", { class: "cng-aimed", x: x + 22, y: y - 18, fill: "#ffd400", "font-size": 12 }, "aimed"));
  }
  ctx.pick(g, movesWith(ctx, ["aim", "order", "retarget"], 0, k), name);
  return g;
}
