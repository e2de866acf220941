// Cash 'n Guns: what loot is worth. The running total of a gangster's loot (bills and diamonds
// at face value, paintings by the set: CNG-10.2, the Collector's extra painting: CNG-10.5), and
// the end's tally by scoring unit (a living gangster, a married couple, a new team member) with
// the diamond bonus (CNG-10.3) and the mercenaries (CNG-12), as the rules score it.
import { h } from "../ui.js";

// Printed numbers the game's content does not carry (data.toml; the test compares them).
export const PAINTINGS = [0, 4, 12, 30, 60, 100, 150, 200, 300, 400, 500];
export const JAY_BOND_VALUE = 15;
export const WEDDING_GIFT = 20;

// The mercenaries and surprises in our words (CNG-11, CNG-12), a tap away on the page.
export const MERCENARY_TEXTS = {
  agent48: "The team wounds one living player of its choice, even one of its own (CNG-12.6).",
  catgirl: "One living member steals opponents' loot, card by card, until he has 3 bills, 2 diamonds or 1 painting (CNG-12.7).",
  dre_gray: "The team may bring a dead teammate back to life (CNG-12.8).",
  hot_mail: "A new team member whose loot is every card of every envelope (CNG-12.9).",
  jay_bond: "The team's $5k bills are worth $15k (CNG-12.10).",
  fake_elvis: "Two living members marry: their loot counts as one player's, plus $20k (CNG-12.11).",
  lady_diamonds: "The team raises or lowers the diamond bonus by $30k (CNG-12.12).",
  miss_pencilhands: "One living member adds a painting to his collection (CNG-12.13).",
  zombie_boy: "A new team member whose loot is all the loot of a dead opponent (CNG-12.14).",
};
export const SURPRISE_TEXTS = {
  flash_bang: "This turn the others aim and choose their courage blind; only its player sees the guns (CNG-11.3).",
  jammed: "This turn nobody fires: the loaded cards are discarded unseen (CNG-11.4).",
  parcel_bomb: "At the split its player puts a wound on one share; its taker takes the wound (CNG-11.5).",
};

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
const paintingValue = (count) => PAINTINGS[Math.min(count, PAINTINGS.length - 1)];

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
  const five = jayTeams(v).has(team) ? JAY_BOND_VALUE : face("b5", c);
  let bills = 0, diamonds = 0, count = 0, paintings = extraPaintings;
  for (const code of cards) {
    const k = kind(code, c);
    if (k === "painting") paintings += 1;
    else if (k === "diamond") { diamonds += face(code, c); count += 1; }
    else if (k === "bill") bills += code === "b5" ? five : face(code, c);
  }
  return { bills, diamonds, diamondCards: count, paintings, paintingValue: paintingValue(paintings) };
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
      ...unitWorth([...v.loot[a], ...v.loot[b]], extra, team[a], v, c), gift: WEDDING_GIFT });
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
