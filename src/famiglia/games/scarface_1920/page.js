// Scarface 1920: the city's districts and neighbourhoods (controller, business), police cars,
// Angry Eliot Ness, trucks and thugs; the crime tracks; your hand, Jobs, Street Gangs and plan;
// every gang's thugs in HQ, slums, hospital and prison. The Solo Mode and Tequila: page_modes.js.
import { h } from "../ui.js";
import { card, cards, seatBox, stat, zone } from "./parts.js";
import { districtMarks, modesZone, soloBox, soloName, soloResult, soloSeat, tequilaResult } from "./scarface-1920-modes.js";

// Headings of the move list's groups where a move's kind is no word a player knows.
export const MOVE_GROUPS = {
  plan_done: "carry out actions",
  play_sg: "play a street gang",
  activate: "jobs",
  activate_boss: "jobs",
  fulfil: "fulfil a job",
  ness_votes: "spend votes",
  end_actions: "end actions",
  reorg_good: "reorganization",
  reorg_hood: "reorganization",
  reorg_confirm: "reorganization",
  draw_job: "draw a job",
  draw_dealer: "draw a dealer",
  decontrol: "remove a control marker",
  reduce_crime: "reduce crime",
  add_business: "add a business",
  free_prison: "retrieve from prison",
  sell_auth: "sell to the authorities",
  move_car: "move a police car",
  move_truck: "move your truck",
  deal: "get supply",
  order_done: "finish the order",
  hit_pick: "hit",
  kill_pick: "kill",
  heal_to: "heal",
  ness_to: "Angry Eliot Ness",
  thug_move: "move a thug",
  police_move: "move a police car",
  bus_place: "business marker",
  bus_remove: "business marker",
  bus_exchange: "business marker",
  mw_pick: "Most Wanted reward",
  sg_discard: "discard a street gang",
  sg_effect: "street gang effect",
  sg_no_hit: "street gang hit",
  opp_card: "opportunity",
  opp_sg: "opportunity",
  opp_pass: "opportunity",
  tequila_flip: "Target tokens",
  flip_target: "Target tokens",
  attack_tequila: "attack Tequila",
  hire_enforcer: "hire an Enforcer",
  enforcer_move: "move your Enforcer",
  gunshot: "Tequila's gunshot",
};

const LAYOUT = { "Far North": [2, 1], "North Side": [3, 2], "West Side": [1, 2], Central: [2, 3],
  Southwest: [1, 4], "South Side": [3, 4], "Far South": [2, 5] }; // [column, row] on a 3-wide grid
const CARD_MOVES = ["lay", "skill", "match", "discard", "snitch", "hire", "buy", "fire"];

export function draw(board, payload, ctx) {
  const v = payload.view;
  const c = ctx.content;
  const solo = soloSeat(v);
  const gangName = (k) => {
    const name = v.gangs[k].gang >= 0 ? c.gangs[v.gangs[k].gang] : `seat ${k}`;
    return k === solo ? `${soloName(v)} (${name})` : name;
  };
  const player = v.turn_seat === solo ? soloName(v) : ctx.seatName(v.turn_seat);
  board.append(h("p", {}, stat("Turn", v.turns), stat("Player", player), stat("Phase", v.phase),
    stat("Time", `${v.time} / ${c.time_boxes}`), stat("Ness level", v.ness_level), stat("G-Men level", v.gmen_level),
    stat("Decks", `jobs ${v.decks.jobs} · associates ${v.decks.associates} · street gangs ${v.decks.street_gangs}`),
    // SF-8.6, SF-9.7: the General Supply's Votes and bullets lie open on the table
    v.supply ? stat("General Supply", `votes ${v.supply.votes} · bullets ${v.supply.bullets}`) : null));
  if (v.order && v.order.length) { // an order under way: what its muscle and influence have left
    board.append(h("p", { class: "in-play" }, stat("Order", c.orders[v.order[0]] || v.order[0]), stat("muscle left", v.order[1]),
      stat("influence left", v.order[2])));
  }
  board.append(city(v, ctx, c, gangName));
  const modes = modesZone(v, payload, ctx, c, gangName);
  if (modes) board.append(modes);
  board.append(zone("Crime tracks", h("div", { class: "tracks" }, v.gangs.map((g, k) =>
    h("div", { class: "track-row", style: `--seat:${ctx.colour(k)}` }, h("b", {}, gangName(k)), " ",
      stat("crime", g.crime), stat("alcohol", g.alcohol), stat("guns", g.guns), stat("boss row", g.boss_row),
      h("span", { class: "bar", style: `width:${Math.min(100, 10 * g.crime)}%` }))))));
  board.append(zone("Market", cards(v.market.map((i) => cardOf(i, c, ctx)))));
  const me = payload.seat !== null ? v.gangs[payload.seat] : null;
  if (me && me.hand) {
    board.append(zone("Your hand", cards(me.hand.map((i) => cardOf(i, c, ctx)))));
    board.append(zone("Your Jobs", cards(me.jobs.map((j) => ctx.pick(card(c.jobs[j], { dataset: { job: j }, ...does(c.job_texts[j]) }),
      ctx.legal.filter((e) => e.action.args[0] === j && ["activate", "activate_boss", "job"].includes(e.action.kind)), c.jobs[j])))));
    board.append(zone("Your Street Gangs", cards(me.street_gangs.map((g) => ctx.pick(card(c.street_gangs[g], { dataset: { gang: g }, ...does(c.street_gang_texts[g]) }),
      ctx.legal.filter((e) => e.action.args[0] === g && ["play_sg", "sg_effect", "sg_no_hit"].includes(e.action.kind)), c.street_gangs[g])))));
    board.append(h("p", {}, `Money ${me.money} · votes ${me.votes} · bullets ${me.bullets} · deck ${me.deck.length} card(s)`));
  }
  board.append(h("div", { class: "families" }, v.gangs.map((g, k) => (k === solo
    ? soloBox(g, k, v, ctx, c, gangName, figures(g, c))
    : gangBox(g, k, v, payload, ctx, c, gangName)))));
}

// The page's result line: in the Solo Mode, whether the player beat the solo gang; at a
// death with Tequila, that he won when no seat did.
export function resultNote(payload) {
  return soloResult(payload) ?? tequilaResult(payload);
}

// A Job's or Street Gang's terminal text ("Name: needs -> reward") shown on its card and in
// its tooltip, so that a player can weigh it without the rulebook.
function does(text) {
  return { value: text.slice(text.indexOf(": ") + 2), title: text };
}

function cardOf(i, c, ctx) {
  const info = c.cards[i];
  const el = card(info.name, { dataset: { card: i }, value: `${"★".repeat(info.stars)} muscle ${info.muscle} · influence ${info.influence}`,
    title: `${info.name}: ${info.role}, crimes ${info.crimes.map((x) => c.crimes[x]).join(", ")}\n${c.card_texts[i]}` });
  return ctx.pick(el, ctx.legal.filter((e) => CARD_MOVES.includes(e.action.kind) && e.action.args[0] === i), info.name);
}

// Whether a move's text names a place: whole words, and not inside a longer name that holds it
// ("North Side" is not in "Near North Side", nor "Far South" in the job "Far South Favor").
export function mentions(text, name, c) {
  for (const other of longerNames(c, name)) text = text.replaceAll(other, " ");
  return new RegExp(`(^|[^A-Za-z])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`).test(text);
}

const LONGER = new Map(); // name -> the content's longer names that hold it
function longerNames(c, name) {
  if (!LONGER.has(name)) {
    const names = [...c.districts, ...c.hoods.map((x) => x.name), ...c.jobs, ...c.street_gangs,
      ...c.cards.map((x) => x.name)];
    LONGER.set(name, [...new Set(names)].filter((n) => n !== name && n.includes(name)));
  }
  return LONGER.get(name);
}

function city(v, ctx, c, gangName) {
  const grid = h("div", { class: "sf-city", role: "group", "aria-label": "the city" });
  c.districts.forEach((name, d) => {
    const [col, row] = LAYOUT[name] || [1, d + 1];
    const marks = [];
    const cars = v.police.filter((p) => p === d).length;
    if (cars) marks.push(h("span", { class: "tag police" }, `${cars} police car${cars === 1 ? "" : "s"}`));
    if (v.eliot_ness === d) marks.push(h("span", { class: "tag ness" }, "Angry Eliot Ness"));
    v.gangs.forEach((g, k) => { if (g.truck === d) marks.push(h("span", { class: "tag", style: `border:2px solid ${ctx.colour(k)}` }, `${gangName(k)} truck`)); });
    const thugs = v.gangs.map((g, k) => [g.thugs.districts[d] + (g.angry_boss === `d${d}` ? 1 : 0), k]).filter(([count]) => count);
    marks.push(...districtMarks(d, v, ctx, c, gangName));
    const box = h("div", { class: "sf-district", style: `grid-column:${col};grid-row:${row}`, dataset: { district: d } },
      h("div", { class: "sf-name" }, name), h("div", {}, marks),
      h("ul", { class: "hoods" }, c.hoods_in[d].map((n) => hood(n, v, ctx, c, gangName))),
      h("div", { class: "thugs" }, thugs.map(([count, k]) => h("span", { class: "chip", style: `background:${ctx.colour(k)}`, title: `${gangName(k)}: ${count} thug(s)` }, String(count)))));
    const moves = ctx.legal.filter((e) => mentions(e.text, name, c) && !c.hoods_in[d].some((n) => mentions(e.text, c.hoods[n].name, c)));
    grid.append(ctx.pick(box, moves, name));
  });
  return grid;
}

function hood(n, v, ctx, c, gangName) {
  const info = c.hoods[n];
  const owner = v.control[n];
  const li = h("li", { style: owner >= 0 ? `--seat:${ctx.colour(owner)}` : "", class: owner >= 0 ? "held" : "", dataset: { hood: n } },
    h("b", {}, info.name), ` shield ${info.shield} · buys ${info.buys.join("/")} at ${info.price}`,
    v.business[n] ? h("span", { class: "tag" }, v.business[n]) : null,
    owner >= 0 ? h("span", { class: "muted" }, ` · ${gangName(owner)}`) : null);
  return ctx.pick(li, ctx.legal.filter((e) => mentions(e.text, info.name, c)), info.name);
}

function gangBox(g, k, v, payload, ctx, c, gangName) {
  return seatBox(k, payload, ctx, "family",
    h("div", {}, h("b", {}, gangName(k))),
    h("div", {}, stat("money", (v.money || [])[k] ?? g.money ?? "?"), stat("votes", (v.votes || [])[k] ?? g.votes ?? "?"),
      stat("hand", g.hand_count), stat("deck", g.deck_count), stat("jobs", g.jobs_count), stat("street gangs", g.street_gang_count)),
    ...figures(g, c));
}

// Where a gang's Angry Boss stands, in words (its view's `angry_boss`: "d3", "hq", "deal1", ...).
const BOSS_AT = { hq: "in headquarters", hospital: "in the hospital", prison: "in prison",
  underworld: "in the Underworld", authorities: "with the Authorities", job: "on a job" };

function bossAt(loc, c) {
  if (/^d\d+$/.test(loc)) return `in ${c.districts[Number(loc.slice(1))]}`;
  if (/^deal\d*$/.test(loc)) return "on a deal";
  return BOSS_AT[loc] || loc;
}

// What every gang shows, the solo gang too: its Angry Boss and figures off the board, Plan,
// active Jobs, Enforcer.
function figures(g, c) {
  const t = g.thugs;
  return [
    g.angry_boss ? h("div", {}, stat("Angry Boss", bossAt(g.angry_boss, c))) : null,
    h("div", {}, ["headquarters", "slums", "hospital", "prison", "underworld", "authorities", "jobs"].map((where) =>
      h("span", { class: "tag", title: `thugs in ${where}` }, `${where} ${t[where]}`))),
    g.plan.length ? h("div", {}, "Plan: ", g.plan.map((i) => h("span", { class: "tag" }, c.cards[i] ? c.cards[i].name : i))) : null,
    g.active_jobs.length ? h("div", {}, "Active jobs: ", g.active_jobs.map((j) => h("span", { class: "tag" }, c.jobs[j] || j))) : null,
    g.enforcer >= 0 ? h("div", {}, "Enforcer: ", h("span", { class: "tag" }, `${c.enforcers[g.enforcer].name} in ${c.districts[g.enforcer_at]}`)) : null,
  ];
}
