// Scarface 1920's Solo Mode and Tequila (SF-S, SF-T, SF-E): the solo gang, which is no seat
// (no hand, no turn of its own: it acts inside the player's moves), its token or Tequila, its
// Action cubes, the Target tokens, the Enforcers. All of it is public (SF-S.3).
import { h } from "../ui.js";
import { card, cards, stat, zone } from "./parts.js";

const ABILITY = {
  guard: "its owner's figures in its district cannot be hit",
  torpedo: "seizing in its district costs 2 muscle less",
  bagman: "each sale of its owner in its district gains 5 money more",
  gunshot: "a gunshot at a rival gang in his district",
};

// The solo gang's name: Tequila in the Tequila Solo Mode (SF-T.10), else "the solo gang".
export function soloName(v) {
  const m = v.solo_and_tequila;
  return m && m.tequila ? "Tequila" : "the solo gang";
}

export function soloSeat(v) {
  const m = v.solo_and_tequila;
  return m && m.solo ? m.solo_gang : -1;
}

// The pieces a district shows on the map for the modes: the solo gang's token (or Tequila),
// its Target token, the Enforcers (descriptors for page_map.js's row of pieces).
export function districtMarks(d, v, ctx, c, gangName) {
  const m = v.solo_and_tequila;
  const marks = [];
  if (!m) return marks;
  if (m.solo && m.token === d) {
    marks.push({ icon: "solo", colour: ctx.colour(m.solo_gang), key: "solo", cls: "solo-token",
      text: m.tequila ? "Tequila" : "solo gang", title: m.tequila ? "Tequila" : "the solo gang's token" });
  }
  if (m.targets.length) {
    const up = m.targets[d] === 1; // 1: the Target side, 0: the Gunshot side (SF-T.14)
    const entries = ctx.legal.filter((e) => e.action.kind === "flip_target" && e.action.args[0] === d);
    marks.push({ icon: up ? "target" : "gunshot", key: `target${up}`, text: up ? "Target" : "Gunshot",
      textCls: `tag target ${up ? "target-up" : "gunshot-up"}`, data: { target: d },
      title: up ? "Target token: Tequila arriving turns it" : "Gunshot: Tequila arriving shoots at you",
      pick: (el) => ctx.pick(el, entries, `token in ${c.districts[d]}`) });
  }
  v.gangs.forEach((g, k) => {
    if (g.enforcer >= 0 && g.enforcer_at === d) {
      const e = c.enforcers[g.enforcer];
      marks.push({ icon: "enforcer", colour: ctx.colour(k), key: `enf${k}`, cls: "tag enforcer", data: { enforcer: g.enforcer },
        text: e.name.replace(/^The /, ""), title: `${gangName(k)}'s Enforcer ${e.name}: ${ABILITY[e.ability] || e.ability}` });
    }
  });
  return marks;
}

// The solo gang's row among the gangs: everything it holds is face up, and it never acts.
export function soloBox(g, k, v, ctx, c, gangName, details) {
  const m = v.solo_and_tequila;
  return h("div", { class: "family solo-gang", style: `--seat:${ctx.colour(k)}`, dataset: { solo: k } },
    h("div", { class: "seat-name" }, gangName(k)),
    h("div", { class: "muted" }, "played by the rules, not a seat"),
    h("div", {}, stat("money", g.money), stat("votes", g.votes), stat("bullets", g.bullets),
      m.tequila ? stat("Tequila tokens", g.tequila_tokens) : null,
      stat(m.tequila ? "Tequila in" : "token in", c.districts[m.token] ?? "-")),
    h("div", {}, "Jobs: ", g.jobs.length ? g.jobs.map((j) => h("span", { class: "tag job" }, c.jobs[j])) : "none"),
    ...details);
}

// Cubes, Tequila's tokens on Deals, Enforcers for hire, Tequila's purse, a death.
export function modesZone(v, payload, ctx, c, gangName) {
  const m = v.solo_and_tequila;
  if (!m) return null;
  const parts = [];
  if (m.solo) {
    parts.push(h("p", { class: "cubes" }, "Action cubes in the bag: ", cubeList(m.bag),
      h("br"), "set aside until its Reorganization: ", cubeList(m.cubes_set_aside)));
  }
  if (m.solo && m.tequila) {
    // Tequila's own Deals are the last Dealers of the content, in the order of tokens_on_deals.
    const first = c.dealers.length - m.tokens_on_deals.length;
    parts.push(h("p", {}, "Tequila tokens on his Deals: ",
      m.tokens_on_deals.map((count, i) => h("span", { class: "tag" }, `${c.dealers[first + i]} ${count}`))));
  }
  if (m.enforcers_for_hire.length) {
    parts.push(h("div", { class: "enforcers" }, h("h4", {}, "Enforcers for hire"),
      cards(m.enforcers_for_hire.map((e) => ctx.pick(card(c.enforcers[e].name, { dataset: { enforcer: e },
        value: `${"★".repeat(c.enforcers[e].stars)}`, title: `${c.enforcers[e].name}: ${ABILITY[c.enforcers[e].ability] || ""}` }),
      ctx.legal.filter((x) => x.action.kind === "hire_enforcer" && x.action.args[0] === e), c.enforcers[e].name)))));
  }
  if (m.tequila && !m.solo) parts.push(h("p", {}, stat("Tequila's purse", m.tequila_purse)));
  if (m.dead >= 0) {
    parts.push(h("p", { class: "dead" }, `${m.dead === payload.seat ? "You" : gangName(m.dead)} died from a gunshot.`));
  }
  const title = m.solo ? (m.tequila ? "Tequila Solo Mode" : "Solo Mode") : "Tequila and the Enforcers";
  return zone(title, parts);
}

function cubeList(list) {
  if (!list.length) return "none";
  const counts = new Map();
  for (const cube of list) counts.set(cube, (counts.get(cube) || 0) + 1);
  return [...counts].map(([cube, count]) => h("span", { class: "tag cube" }, count > 1 ? `${cube} ×${count}` : cube));
}

// The end of a Solo game: its result has one seat, and no winner means the solo gang won
// (SF-S.14, SF-T.18). A capped game compares money alone, so both purses say why.
export function soloResult(payload) {
  const v = payload.view;
  const m = v.solo_and_tequila;
  if (!m || !m.solo || !payload.result) return null;
  const you = payload.seat === 0 ? "you" : "seat 0";
  const them = soloName(v);
  const money = payload.result.capped && v.money ? ` Money: ${you} ${v.money[0]}, ${them} ${v.money[m.solo_gang]}.` : "";
  if (m.dead === 0) return `${upper(them)} won: ${you} died from a gunshot.`;
  if (payload.result.winners.includes(0)) return `${upper(you)} beat ${them}.${money}`;
  return `${upper(them)} won.${money}`;
}

// The end of a Standard Mode game at a death when Tequila's purse beat every living gang:
// no seat won, though the seats keep their own places (SF-T.4); the explanation below says why.
export function tequilaResult(payload) {
  const m = payload.view.solo_and_tequila;
  const r = payload.result;
  if (!m || m.solo || m.dead < 0 || !r || r.winners.length) return null;
  return `Tequila won with ${m.tequila_purse} in his purse.`;
}

function upper(text) {
  return text[0].toUpperCase() + text.slice(1);
}
