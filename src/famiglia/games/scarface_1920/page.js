// Scarface 1920: Chicago as a map (page_map.js) with the crime tracks beside it, the market,
// each gang's board; the reader's own hand, Jobs and Street Gangs beside the action bar
// (page_own.js); running figures and the end screen (page_end.js). The Solo Mode and
// Tequila: page_modes.js.
import { h } from "../ui.js";
import { cards, seatBox, stat, zone } from "./parts.js";
import { ending, gangNamer, scores, seats } from "./scarface-1920-end.js";
import { ICON_NAMES, iconSvg } from "./scarface-1920-icons.js";
import { city, fitTexts } from "./scarface-1920-map.js";
import { districtMarks, modesZone, soloBox, soloResult, soloSeat, tequilaResult } from "./scarface-1920-modes.js";
import { cardOf, own } from "./scarface-1920-own.js";

export { ending, own, scores };

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

const STYLE = "/static/games/scarface-1920.css";

export function draw(board, payload, ctx) {
  // the table page links the game's styles; an older one did not: the page links them itself
  if (!document.querySelector(`link[href="${STYLE}"]`)) document.head.append(h("link", { rel: "stylesheet", href: STYLE }));
  const v = payload.view;
  const c = ctx.content;
  const solo = soloSeat(v);
  const gangName = gangNamer(v, ctx, c);
  const before = ctx.before && ctx.before.gangs ? ctx.before : null;
  const changed = (key) => (before && JSON.stringify(before[key]) !== JSON.stringify(v[key]) ? "changed" : null);
  const turnOf = v.turn_seat === solo ? gangName(solo) : gangName(v.turn_seat);
  const wrap = h("div", { class: "sf-board" });
  board.append(wrap);
  fitFrame(board, wrap);
  wrap.append(h("p", { class: "sf-status" }, stat("Turn", v.turns), stat("Gang", turnOf), stat("Phase", v.phase),
    h("span", { class: changed("time") }, stat("Time", `${v.time} / ${c.time_boxes}`)),
    // SF-8.6, SF-9.7: the General Supply's Votes and bullets lie open on the table
    v.supply ? stat("General Supply", `votes ${v.supply.votes} · bullets ${v.supply.bullets}`) : null));
  if (v.order && v.order.length) { // an order under way: what its muscle and influence have left
    wrap.append(h("p", { class: "in-play" }, stat("Order", c.orders[v.order[0]] || v.order[0]),
      v.order_figure ? stat("carried out by", v.order_figure === "boss" ? "the Angry Boss" : "a thug") : null, // SF-13.5
      stat("muscle left", v.order[1]), stat("influence left", v.order[2])));
  }
  const map = city(v, ctx, c, gangName, (d, view = v) => districtMarks(d, view, ctx, c, gangName), mentions);
  wrap.append(h("div", { class: "sf-layout" },
    h("figure", { class: "sf-map-wrap" }, map),
    h("div", { class: "sf-aside" }, crimeTracks(v, ctx, c, gangName, before), legend(v, ctx, gangName),
      h("p", { class: "sf-more" }, stat("Candidates", v.candidates.map((k) => c.candidates[k]).join(" vs ")),
        stat("Decks", `jobs ${v.decks.jobs} · associates ${v.decks.associates} · street gangs ${v.decks.street_gangs}`)))));
  fitTexts(map);
  const modes = modesZone(v, payload, ctx, c, gangName);
  if (modes) wrap.append(modes);
  const market = new Set(before ? before.market : v.market);
  wrap.append(zone("Market", cards(v.market.map((i) => cardOf(i, c, ctx, !market.has(i))))));
  // an older table page has no panel beside its moves: the reader's own cards go on the board
  if (!ctx.explain) {
    const panel = h("div", { class: "sf-own-fallback" });
    own(panel, payload, ctx);
    if (panel.firstChild) wrap.append(panel);
  }
  wrap.append(h("div", { class: "families" }, v.gangs.map((g, k) => (k === solo
    ? soloBox(g, k, v, ctx, c, gangName, figures(g, c))
    : gangBox(g, k, v, payload, ctx, c, gangName, before)))));
}

// The table page draws the board at its natural size in a zoom frame (as wide as its content):
// the board is made as wide as the frame, so that the map, the tracks and the cards wrap in it
// rather than run off to the side; zoomed in, it grows past the frame and pans.
const watched = new WeakSet();
function fitFrame(board, wrap) {
  const frame = board.closest(".zoom-view");
  if (!frame) return;
  const fit = (el) => {
    const style = getComputedStyle(board);
    const room = frame.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    if (room > 0) el.style.width = `${Math.max(300, Math.floor(room))}px`;
  };
  fit(wrap);
  if (!watched.has(frame) && window.ResizeObserver) {
    watched.add(frame);
    new ResizeObserver(() => { const now = frame.querySelector(".sf-board"); if (now) fit(now); }).observe(frame);
  }
}

// The page's result line (the shell's older end screen): in the Solo Mode, whether the player
// beat the solo gang; at a death with Tequila, that he won when no seat did.
export function resultNote(payload) {
  return soloResult(payload) ?? tequilaResult(payload);
}

// A line of the narration with each gang named with its player, as everywhere on the page:
// "Black Wolves (Ann) seizes The Loop", "Seven Gems (you) lays out ...".
export function logLine(text, payload, ctx) {
  const v = payload.view;
  const c = ctx.content;
  const gangName = gangNamer(v, ctx, c);
  const names = new Map();
  v.gangs.forEach((g, k) => {
    if (g.gang >= 0) names.set(c.gangs[g.gang], gangName(k));
    else if (k < seats(v) && ctx.name && ctx.name(k) !== `seat ${k}`) names.set(`seat ${k}`, `seat ${k} (${ctx.name(k)})`);
  });
  if (!names.size) return text;
  const alternatives = [...names.keys()].sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return text.replace(new RegExp(`(^|[^A-Za-z])(${alternatives.join("|")})(?![A-Za-z0-9]| \\()`, "g"),
    (all, pre, name) => pre + names.get(name));
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

// The crime tracks (1-11, RAID! at 11; its areas 1-4, 5-6, 7-8, 9-11), each gang's marker on
// its row, Eliot Ness's floor and the G-Men marker on theirs (SF-7).
function crimeTracks(v, ctx, c, gangName, before) {
  const area = (x) => (x <= 4 ? 1 : x <= 6 ? 2 : x <= 8 ? 3 : 4);
  const steps = [...Array(11).keys()].map((i) => i + 1);
  const line = (label, at, colour, cls, title) => h("tr", { class: cls },
    h("th", { scope: "row" }, label),
    steps.map((x) => h("td", { class: `area${area(x)}` }, x === at ? h("span", { class: "marker", style: `background:${colour}`, title }) : null)));
  return h("section", { class: "sf-tracks", "aria-label": "crime tracks" }, h("h3", {}, "Crime tracks (RAID! at 11)"),
    h("table", { class: "sf-crime" },
      h("thead", {}, h("tr", {}, h("th", {}, ""), steps.map((x) => h("th", { class: `area${area(x)}` }, String(x))))),
      h("tbody", {}, v.gangs.map((g, k) => line(h("span", { class: "who", style: `--seat:${ctx.colour(k)}` }, h("span", { class: "swatch", "aria-hidden": "true" }), gangName(k)), g.crime, ctx.colour(k),
        before && before.gangs[k] && before.gangs[k].crime !== g.crime ? "changed" : null, `${gangName(k)}: crime rate ${g.crime}`)),
      line("Eliot Ness", v.ness_level, "#d4a017", before && before.ness_level !== v.ness_level ? "changed" : null,
        `Eliot Ness at ${v.ness_level}: no crime rate below it`),
      line("G-Men", v.gmen_level, "#1f3a93", before && before.gmen_level !== v.gmen_level ? "changed" : null, `G-Men at ${v.gmen_level}`))));
}

// What each drawing on the map stands for, and whose colour is whose.
function legend(v, ctx, gangName) {
  const gangs = v.gangs.map((g, k) => h("li", {}, h("span", { class: "swatch", style: `background:${ctx.colour(k)}` }), gangName(k)));
  const pieces = ["police", "ness", "thug", "boss", "truck", "home", "shield", "alcohol", "guns", "speakeasy", "casino", "brothel", "nightclub"]
    .map((name) => h("li", {}, iconSvg(name, name === "shield" ? "#5b4a2f" : "#9b9181"), ICON_NAMES[name]));
  return h("section", { class: "sf-legend", "aria-label": "legend" }, h("h3", {}, "Legend"),
    h("ul", { class: "sf-gang-keys" }, gangs), h("ul", { class: "sf-keys" }, pieces));
}

function gangBox(g, k, v, payload, ctx, c, gangName, before) {
  const was = before && before.gangs[k];
  const figure = (label, key, value) => h("span", { class: was && was[key] !== g[key] ? "changed" : null }, stat(label, value ?? g[key] ?? "?"));
  const box = seatBox(k, payload, ctx, "family",
    h("div", {}, figure("money", "money", (v.money || [])[k]), figure("votes", "votes", (v.votes || [])[k]),
      figure("alcohol", "alcohol"), figure("guns", "guns"), figure("hand", "hand_count"), figure("deck", "deck_count"),
      figure("jobs", "jobs_count"), figure("street gangs", "street_gang_count"), figure("boss row", "boss_row"), figure("upgrades", "upgrades")),
    ...figures(g, c));
  box.querySelector(".seat-name").firstChild.textContent = gangName(k);
  return box;
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
