// Cash 'n Guns: the gangsters round the table (standing, lying down, wounded, dead), their aims
// as arrows, the loot in the middle, your bullet cards, powers, teams and mercenaries.
import { h, s } from "../ui.js";
import { card, cards, movesWith, seatBox, stat, zone } from "./parts.js";

// Headings of the move list's groups where a move's kind is no word a player knows.
export const MOVE_GROUPS = {
  keep_power: "keep a power",
  hustle_give: "give back (Hustler)",
  retarget: "turn your gun",
  cunning: "the Cunning",
  professional: "the Professional",
  lucky: "Lucky Man",
  bomb: "parcel bomb",
  twin: "evil twin",
  stealthy: "the Stealthy",
  dictate: "the Dictator",
  greedy: "the Greedy",
  junk: "the Junk Dealer",
  sh_mate: "Shadow Trading: partner",
  sh_type: "Shadow Trading: what",
  sh_give: "Shadow Trading: offer",
  sh_get: "Shadow Trading: ask",
  sh_answer: "Shadow Trading: answer",
  sh_dead: "Shadow Trading: hand over",
  merc_tie: "who recruits first",
  agent48: "Agent 48",
  thief: "the Thief",
  steal: "steal",
  dre_gray: "Dre Gray",
  fake_elvis: "Fake Elvis",
  lady: "Lady Diamonds",
  pencil: "Miss Pencilhands",
  zombie: "Zombie Boy",
};

const TEAM_COLOURS = { red: "#c0392b", green: "#1e8449", white: "#ecf0f1", brown: "#8e5b34", blue: "#2471a3", yellow: "#d4ac0d", black: "#222" };
const SECRET = new Set(["bullet", "aim", "courage", "powers"]);

export function secretChoice(view) {
  return SECRET.has(view.phase);
}

export function draw(board, payload, ctx) {
  const v = payload.view;
  const c = ctx.content;
  const n = v.alive.length;
  const lootName = (code) => (c.loot[code] ? c.loot[code].name : c.tokens[code] || code);
  board.append(h("p", {}, stat("Turn", `${v.turn} / ${c.turns}`), stat("Phase", c.stages?.[v.phase] || v.phase),
    v.godfather !== null ? stat("Godfather", ctx.seatName(v.godfather)) : null,
    stat("Diamond bonus", `$${v.diamond_bonus}k`, "to whoever holds the most diamonds at the end"),
    v.jammed ? h("span", { class: "tag" }, "Jammed Weapons") : null,
    v.flash_bang !== null ? h("span", { class: "tag" }, `Flash Bang by seat ${v.flash_bang}`) : null,
    v.parcel_bomb ? h("span", { class: "tag" }, `Parcel Bomb by seat ${v.parcel_bomb.user}`) : null));
  board.append(tableDrawing(v, payload, ctx, n, lootName));
  board.append(zone("Loot on the table", cards(v.table.map((code) => {
    const el = card(lootName(code), { dataset: { loot: code } });
    return ctx.pick(el, movesWith(ctx, ["take"], 0, code), `take ${lootName(code)}`);
  }))));
  if (v.tokens.length) board.append(zone("Tokens on the table", cards(v.tokens.map((t) => card(lootName(t))))));
  if (v.mercenaries.length) {
    const title = v.phase === "over" ? "Mercenaries not recruited" : "Mercenaries on offer";
    board.append(zone(title, cards(v.mercenaries.map((m) => card(c.mercenaries[m] || m)))));
  }
  if (payload.seat !== null && v.hand) board.append(myCards(v, ctx, c));
  board.append(h("div", { class: "players" }, [...Array(n).keys()].map((k) => gangster(k, v, payload, ctx, lootName))));
  if (v.teams) board.append(teams(v, ctx, lootName));
}

// Team play: each team's members, and once mercenaries are on offer its envelope (public),
// the mercenaries it recruited and what they brought (CNG-12). A team's number is its place in
// order of first seat, as the teams are seated (ABC...).
function teams(v, ctx, lootName) {
  const c = ctx.content;
  const names = [...new Set(v.teams)];
  const lootList = (codes) => (codes.length ? codes.map(lootName).join(", ") : "empty");
  return zone("Teams", h("div", { class: "teams" }, names.map((name, t) => {
    const seats = v.teams.map((team, k) => (team === name ? k : -1)).filter((k) => k >= 0);
    const recruited = v.recruited.filter(([team]) => team === t).map(([, m]) => c.mercenaries[m] || m);
    const members = v.extra_members.filter(([team]) => team === t);
    const couples = v.couples.filter(([a]) => seats.includes(a));
    return h("div", { class: "team", dataset: { team: name } },
      h("b", { style: `border-bottom:3px solid ${TEAM_COLOURS[name] || "#999"}` }, `team ${name}`),
      ": ", seats.map((k) => ctx.seatName(k)).join(", "),
      v.mercenaries.length || v.recruited.length ? h("div", { class: "muted" }, `envelope: ${lootList(v.envelopes[t] || [])}`) : null,
      recruited.length ? h("div", {}, `mercenaries: ${recruited.join(", ")}`) : null,
      ...members.map(([, loot]) => h("div", {}, `a new member with loot: ${lootList(loot)}`)),
      ...couples.map(([a, b]) => h("div", {}, `married: ${ctx.seatName(a)} and ${ctx.seatName(b)}, their loot counted as one`)));
  })));
}

// A power's name, its rule in words on hover (and for screen readers), the clause beside it.
function powerName(code, title, c) {
  const rule = c.power_rules?.[code];
  if (!rule) return h("b", {}, title);
  return h("span", { class: "power", title: rule.text }, h("b", {}, title), h("span", { class: "clause" }, ` (${rule.clause})`));
}

// Standing or lying down means something only during a turn's hold-up and split.
const OUT_OF_TURN = new Set(["powers", "over"]);

function state(v, k) {
  if (!v.alive[k]) return "dead";
  if (OUT_OF_TURN.has(v.phase)) return "";
  // Down after standing up to the guns: hit, out of the hold-up (CNG-7.1), not lying down.
  const parts = [v.standing[k] ? "standing" : v.courage[k] === "stand" ? "hit, out of the split" : "lying down"];
  if (v.wounds[k]) parts.push(`${v.wounds[k]} wound${v.wounds[k] > 1 ? "s" : ""}`);
  return parts.join(", ");
}

function gangster(k, v, payload, ctx, lootName) {
  const c = ctx.content;
  const loot = v.loot[k];
  const power = v.powers[k] ? c.powers[v.powers[k]] || v.powers[k] : "";
  const box = seatBox(k, payload, ctx, "player",
    h("div", {}, state(v, k) ? h("span", { class: "tag" }, state(v, k)) : null,
      v.teams ? h("span", { class: "tag", style: `border:2px solid ${TEAM_COLOURS[v.teams[k]] || "#999"}` }, `team ${v.teams[k]}`) : null,
      v.godfather === k ? h("span", { class: "tag" }, "Godfather") : null,
      v.evil_twins.includes(k) ? h("span", { class: "tag" }, "evil twin") : null),
    power ? h("div", {}, "Power: ", powerName(v.powers[k], power, c), v.powers_spent.includes(k) ? " (spent)" : "") : null,
    h("div", {}, stat("cards", v.hand_size[k]), stat("loaded", v.loaded[k] ? "yes" : "no"),
      v.courage[k] ? stat("chose", v.courage[k]) : v.chose_courage[k] ? stat("chose", "secretly") : null,
      v.holds_surprise[k] ? h("span", { class: "tag" }, "holds a Surprise") : null),
    h("div", { class: "muted" }, loot.length ? `loot: ${loot.map(lootName).join(", ")}` : v.phase === "over" ? "no loot" : "no loot yet",
      v.extra_paintings[k] ? ` · ${v.extra_paintings[k]} painting by Miss Pencilhands` : ""));
  return ctx.pick(box, movesWith(ctx, ["aim", "order", "retarget"], 0, k), ctx.seatName(k));
}

// The gangsters in a ring; an arrow from each gun to its target once the aims are seen.
function tableDrawing(v, payload, ctx, n) {
  const W = 460, H = 300, cx = W / 2, cy = H / 2, rx = 180, ry = 105;
  const at = (k) => {
    const a = -Math.PI / 2 + (2 * Math.PI * k) / n;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)];
  };
  const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, class: "cng-ring", role: "img", "aria-label": "the gangsters and their aims", width: "100%", style: "max-width:560px" },
    s("defs", {}, s("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto-start-reverse" },
      s("path", { d: "M0 0 L10 5 L0 10 z", fill: "#ffd400" }))),
    s("ellipse", { cx, cy, rx: rx - 40, ry: ry - 30, fill: "#6b4423", stroke: "#3e2714", "stroke-width": 4 }),
    s("text", { x: cx, y: cy + 5, "text-anchor": "middle", fill: "#f4f1ea", "font-size": 14 }, `${v.table.length} loot on the table`));
  v.aims.forEach((target, k) => {
    if (OUT_OF_TURN.has(v.phase)) return;  // the last hold-up's aims are history by then
    if (target === null || target === undefined || target < 0 || !v.alive[k]) return;
    const [x1, y1] = at(k), [x2, y2] = at(target);
    const d = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / d, uy = (y2 - y1) / d;
    svg.append(s("line", { x1: x1 + ux * 24, y1: y1 + uy * 24, x2: x2 - ux * 26, y2: y2 - uy * 26,
      stroke: "#ffd400", "stroke-width": 3, "marker-end": "url(#arrow)", class: "aim", "data-from": k, "data-to": target }));
  });
  for (let k = 0; k < n; k++) {
    const [x, y] = at(k);
    const team = v.teams ? TEAM_COLOURS[v.teams[k]] || "#999" : "#222";
    const g = s("g", { class: "gangster", "data-seat": k },
      s("circle", { cx: x, cy: y, r: 22, fill: v.alive[k] ? ctx.colour(k) : "#555", stroke: team, "stroke-width": 5,
        opacity: v.alive[k] && !v.standing[k] ? 0.55 : 1 }),
      s("text", { x, y: y + 5, "text-anchor": "middle", fill: "#fff", "font-size": 14, "font-weight": "bold" }, v.alive[k] ? String(k) : "✝"),
      s("text", { x, y: y + 38, "text-anchor": "middle", fill: "#f4f1ea", "font-size": 11 },
        `${k === payload.seat ? "you" : `seat ${k}`}${v.wounds[k] ? ` ✚${v.wounds[k]}` : ""}${v.godfather === k ? " ★" : ""}`));
    if (v.aimed[k] && (v.aims[k] === null || v.aims[k] === undefined)) {
      g.append(s("text", { x: x + 24, y: y - 16, fill: "#ffd400", "font-size": 12 }, "aimed"));
    }
    ctx.pick(g, movesWith(ctx, ["aim", "order", "retarget"], 0, k), `seat ${k}`);
    svg.append(g);
  }
  return svg;
}

function myCards(v, ctx, c) {
  const [clicks, bangs] = v.hand;
  const bullet = (kind, label) => ctx.pick(card(label, { cls: "bullet", dataset: { bullet: kind } }), movesWith(ctx, ["load"], 0, kind), `load ${label}`);
  const hand = [];
  for (let i = 0; i < bangs; i++) hand.push(bullet("bang", "BANG!"));
  for (let i = 0; i < clicks; i++) hand.push(bullet("click", "Click"));
  return zone("Your cards", h("div", { class: "mine" },
    cards(hand),
    h("p", {}, v.my_bullet ? `Loaded: ${v.my_bullet === "bang" ? "BANG!" : "Click"}` : "Nothing loaded",
      v.my_face_down_discards ? ` · discarded face down: ${v.my_face_down_discards[0]} Click, ${v.my_face_down_discards[1]} BANG!` : "",
      v.my_surprise ? ` · your Surprise: ${c.surprises[v.my_surprise] || v.my_surprise}` : "")));
}

// The result: in team play a team wins (CNG-9.7), its score the loot of its living members.
export function resultNote(payload) {
  const v = payload.view, r = payload.result;
  if (!v.teams || !r.winners.length) return null;
  const teams = [...new Set(r.winners.map((k) => v.teams[k]))];
  const who = (name) => v.teams.map((team, k) => (team === name ? (k === payload.seat ? "you" : `seat ${k}`) : null)).filter(Boolean).join(" and ");
  return `Won by ${teams.map((name) => `the ${name} team (${who(name)})`).join(" and ")}.`;
}

export function scoreLabel(payload) {
  return payload.view.teams ? "Team's loot ($k)" : "Loot ($k)";
}
