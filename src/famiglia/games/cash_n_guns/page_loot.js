// Cash 'n Guns: what loot is worth. The running total of a gangster's loot (bills and diamonds
// at face value, paintings by the set: CNG-10.2, the Collector's extra painting: CNG-10.5), and
// the end's tally by scoring unit (a living gangster, a married couple, a new team member) with
// the diamond bonus (CNG-10.3) and the mercenaries (CNG-12), as the rules score it.
import { h } from "../ui.js";

// Every number and text printed on the game's material comes from its content (page_data.py,
// sent as /api/games/cash-n-guns): the painting scale, Jay Bond's bill, the wedding gift, and
// the mercenaries' and surprises' rules.

// What a mercenary or a surprise does (its clause's words), a tap away on the page.
export const mercenaryText = (code, c) => c.mercenary_rules?.[code]?.text || "";
export const surpriseText = (code, c) => c.surprise_rules?.[code]?.text || "";

export const who = (ctx, k) => (ctx.name ? ctx.name(k) : ctx.seatName(k));

export function explain(ctx, el, title, text) {
  if (!text) return el;
  if (ctx.explain) ctx.explain(el, title, text);
  else el.title = `${title}: ${text}`;
  // a power read inside a gangster to pick is read, not a pick
  el.addEventListener("click", (event) => event.stopPropagation());
  el.addEventListener("keydown", (event) => { if (event.key === "Enter" || event.key === " ") event.stopPropagation(); });
  return el;
}

const kind = (code, c) => c.loot?.[code]?.kind;
const face = (code, c) => c.loot?.[code]?.value || 0;
const paintingValue = (count, c) => (c.paintings?.length ? c.paintings[Math.min(count, c.paintings.length - 1)] : 0);

// The team index of each seat: teams are numbered in the order of their first seat (A, B, ...).
export function teamIndex(v) {
  if (!v.teams) return v.alive.map((_, k) => k);
  const order = [...new Set(v.teams)];
  return v.teams.map((name) => order.indexOf(name));
}

function jayTeams(v) {
  return new Set((v.recruited || []).filter(([, m]) => m === "jay_bond").map(([t]) => t));
}

// A scoring unit's worth: bills (Jay Bond's $5k), diamonds, paintings by the set, extra money.
export function unitWorth(cards, extraPaintings, team, v, c) {
  const five = jayTeams(v).has(team) ? c.jay_bond_value : face("b5", c);
  let bills = 0, diamonds = 0, count = 0, paintings = extraPaintings;
  for (const code of cards) {
    const k = kind(code, c);
    if (k === "painting") paintings += 1;
    else if (k === "diamond") { diamonds += face(code, c); count += 1; }
    else if (k === "bill") bills += code === "b5" ? five : face(code, c);
  }
  return { bills, diamonds, diamondCards: count, paintings, paintingValue: paintingValue(paintings, c) };
}

const extraOf = (v, k) => (v.extra_paintings?.[k] || 0) + (v.powers[k] === "collector" ? 1 : 0);

// A gangster's loot as it would score now ($k), before the diamond bonus: public.
export function lootTotal(v, k, c) {
  const w = unitWorth(v.loot[k], extraOf(v, k), teamIndex(v)[k], v, c);
  return w.bills + w.diamonds + w.paintingValue;
}

// The end's scoring units, as CNG-10.2 and CNG-12.11 count them.
export function units(v, ctx) {
  const c = ctx.content, team = teamIndex(v), out = [];
  const married = new Set((v.couples || []).flat());
  for (const [a, b] of v.couples || []) {
    if (!v.alive[a] && !v.alive[b]) continue;
    const extra = [a, b].filter((t) => v.alive[t]).reduce((sum, t) => sum + extraOf(v, t), 0);
    out.push({ seats: [a, b], team: team[a], name: `${who(ctx, a)} and ${who(ctx, b)}, married`,
      ...unitWorth([...v.loot[a], ...v.loot[b]], extra, team[a], v, c), gift: c.wedding_gift });
  }
  v.alive.forEach((alive, k) => {
    if (alive && !married.has(k)) out.push({ seats: [k], team: team[k], name: who(ctx, k), ...unitWorth(v.loot[k], extraOf(v, k), team[k], v, c), gift: 0 });
  });
  for (const [t, cards] of v.extra_members || []) {
    out.push({ seats: [], team: t, name: `a new member of the ${teamName(v, t)} team`, ...unitWorth(cards, 0, t, v, c), gift: 0 });
  }
  const most = Math.max(0, ...out.map((u) => u.diamondCards));
  const leaders = out.filter((u) => u.diamondCards === most);
  for (const u of out) {
    u.bonus = most > 0 && leaders.length === 1 && leaders[0] === u ? v.diamond_bonus : 0;
    u.total = u.bills + u.diamonds + u.paintingValue + u.bonus + u.gift;
  }
  return out;
}

export function teamName(v, t) {
  return [...new Set(v.teams || [])][t] || `team ${t}`;
}

// A loot card with its value: a chip in a gangster's box.
export function lootChip(code, c, cls = "") {
  const loot = c.loot?.[code];
  const label = loot ? loot.name : c.tokens?.[code] || code;
  return h("span", { class: `cng-loot ${loot ? loot.kind : "token"} ${cls}`, dataset: { loot: code } }, label);
}
