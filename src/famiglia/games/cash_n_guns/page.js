// Cash 'n Guns: the gangsters round the table with their loot totals and aims, the turn's loot,
// each gangster's box (power, state, loot), the teams and mercenaries; your bullet cards in
// own(); the running loot in scores(); the end's tally in ending() (page_loot.js).
import { h } from "../ui.js";
import { card, cards, movesWith, seatBox, stat, zone } from "./parts.js";
import { explain, mercenaryText, surpriseText, lootChip, lootTotal, teamIndex, who } from "./cash-n-guns-loot.js";
import { OUT_OF_TURN, TEAM_COLOURS, ring } from "./cash-n-guns-ring.js";

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

const SECRET = new Set(["bullet", "aim", "courage", "powers"]);

export function secretChoice(view) {
  return SECRET.has(view.phase);
}

const ownShown = (ctx) => typeof ctx.name === "function";

function ensureStyle() {
  if (document.querySelector('link[href$="/static/games/cash-n-guns.css"]')) return;
  document.head.append(h("link", { rel: "stylesheet", href: "/static/games/cash-n-guns.css" }));
}

export function draw(board, payload, given) {
  const ctx = withPick(given);
  ensureStyle();
  const v = payload.view;
  const c = ctx.content;
  const n = v.alive.length;
  board.append(h("p", { class: "cng-head" }, stat("Turn", `${v.turn} / ${c.turns}`), stat("Now", c.stages?.[v.phase] || v.phase),
    v.godfather !== null ? stat("Godfather", who(ctx, v.godfather)) : null,
    stat("Diamond bonus", `$${v.diamond_bonus}k`, "to whoever holds the most diamonds at the end"),
    v.jammed ? explain(ctx, h("span", { class: "tag", tabindex: "0" }, "Jammed Weapons"), "Jammed Weapons", surpriseText("jammed", ctx.content)) : null,
    v.flash_bang !== null ? explain(ctx, h("span", { class: "tag", tabindex: "0" }, `Flash Bang by ${who(ctx, v.flash_bang)}`), "Flash Bang", surpriseText("flash_bang", ctx.content)) : null,
    v.parcel_bomb ? explain(ctx, h("span", { class: "tag", tabindex: "0" }, `Parcel Bomb by ${who(ctx, v.parcel_bomb.user)}`), "Parcel Bomb", surpriseText("parcel_bomb", ctx.content)) : null));
  board.append(h("div", { class: "cng-table" }, ring(board, v, payload, ctx), tableLoot(v, ctx)));
  if (v.mercenaries.length) {
    const title = v.phase === "over" ? "Mercenaries not recruited" : "Mercenaries on offer";
    board.append(zone(title, cards(v.mercenaries.map((m) => mercenary(m, ctx)))));
  }
  if (!ownShown(ctx) && payload.seat !== null && v.hand) board.append(myCards(v, ctx, c));
  board.append(h("div", { class: "players cng-players" }, [...Array(n).keys()].map((k) => gangster(k, v, payload, ctx))));
  if (v.teams) board.append(teams(v, ctx));
}

function mercenary(code, ctx) {
  const title = ctx.content.mercenaries[code] || code;
  const text = mercenaryText(code, ctx.content);
  return explain(ctx, card(title, { cls: "cng-merc", title: text ? `${title}: ${text}` : title }), title, text);
}

// The turn's loot and tokens in the middle, each with its value; a share to take is picked here.
function tableLoot(v, ctx) {
  const c = ctx.content;
  const old = ctx.before;
  const money = v.table.reduce((sum, code) => sum + (["bill", "diamond"].includes(c.loot[code]?.kind) ? c.loot[code].value : 0), 0);
  const paintings = v.table.filter((code) => c.loot[code]?.kind === "painting").length;
  const fresh = old && JSON.stringify(old.table) !== JSON.stringify(v.table);
  return h("section", { class: `cng-middle${fresh ? " changed" : ""}`, "aria-label": "the loot on the table" },
    h("h3", {}, `On the table: $${money}k${paintings ? ` and ${paintings} painting${paintings > 1 ? "s" : ""}` : ""}`),
    h("div", { class: "cng-shares" }, v.table.map((code) => ctx.pick(lootChip(code, c, "share"), movesWith(ctx, ["take"], 0, code), `take ${c.loot[code]?.name || code}`)),
      v.tokens.map((t) => ctx.pick(lootChip(t, c, "share"), movesWith(ctx, ["take"], 0, t), `take ${c.tokens[t] || t}`)),
      !v.table.length && !v.tokens.length ? h("span", { class: "muted" }, "nothing") : null));
}

// Team play: each team named by its colour with its players, its running loot, its envelope
// (public), the mercenaries it recruited and what they brought (CNG-12).
function teams(v, ctx) {
  const c = ctx.content;
  const index = teamIndex(v);
  const order = [...new Set(v.teams)];
  return zone("Teams", h("div", { class: "teams" }, order.map((name, t) => {
    const seats = index.map((team, k) => (team === t ? k : -1)).filter((k) => k >= 0);
    const living = seats.filter((k) => v.alive[k]);
    const running = living.reduce((sum, k) => sum + lootTotal(v, k, c), 0);
    const recruited = v.recruited.filter(([team]) => team === t).map(([, m]) => mercenary(m, ctx));
    const members = v.extra_members.filter(([team]) => team === t);
    const couples = v.couples.filter(([a]) => seats.includes(a));
    return h("div", { class: "team", dataset: { team: name }, style: `--team:${TEAM_COLOURS[name] || "#999"}` },
      h("div", { class: "cng-team-name" }, `The ${name} team`, h("span", { class: "cng-team-total" }, ` $${running}k`)),
      h("div", {}, seats.map((k) => `${who(ctx, k)}${v.alive[k] ? "" : " (dead)"}`).join(", ")),
      v.mercenaries.length || v.recruited.length ? h("div", { class: "cng-envelope" }, "envelope: ",
        (v.envelopes[t] || []).length ? v.envelopes[t].map((code) => lootChip(code, c)) : "empty") : null,
      recruited.length ? h("div", { class: "cards" }, recruited) : null,
      ...members.map(([, loot]) => h("div", {}, "a new member with ", loot.length ? loot.map((code) => lootChip(code, c)) : "no loot")),
      ...couples.map(([a, b]) => h("div", {}, `married: ${who(ctx, a)} and ${who(ctx, b)}, their loot counted as one`)));
  })));
}

// A power's name; its rule opens by tap, click or key (ctx.explain), the clause beside it.
function powerName(code, title, ctx) {
  const rule = ctx.content.power_rules?.[code];
  const el = h("span", { class: "power", tabindex: "0" }, h("b", {}, title), rule ? h("span", { class: "clause" }, ` (${rule.clause})`) : null);
  return rule ? explain(ctx, el, title, rule.text) : el;
}

function state(v, k) {
  if (!v.alive[k]) return "dead";
  if (OUT_OF_TURN.has(v.phase)) return "";
  // Down after standing up to the guns: hit, out of the hold-up (CNG-7.1), not lying down.
  const parts = [v.standing[k] ? "standing" : v.courage[k] === "stand" ? "hit, out of the split" : "lying down"];
  if (v.wounds[k]) parts.push(`${v.wounds[k]} wound${v.wounds[k] > 1 ? "s" : ""}`);
  return parts.join(", ");
}

function gangster(k, v, payload, ctx) {
  const c = ctx.content;
  const loot = v.loot[k];
  const power = v.powers[k] ? c.powers[v.powers[k]] || v.powers[k] : "";
  const old = ctx.before;
  const lootChanged = old && JSON.stringify(old.loot?.[k]) !== JSON.stringify(loot);
  const box = seatBox(k, payload, ctx, "player cng-gangster",
    h("div", { class: "cng-total-line" + (lootChanged ? " changed" : "") }, h("b", {}, v.alive[k] ? `$${lootTotal(v, k, c)}k` : "dead"),
      v.alive[k] ? " in loot" : ": scores nothing"),
    h("div", {}, state(v, k) ? h("span", { class: "tag" }, state(v, k)) : null,
      v.teams ? h("span", { class: "tag cng-team-tag", style: `--team:${TEAM_COLOURS[v.teams[k]] || "#999"}` }, `${v.teams[k]} team`) : null,
      v.godfather === k ? h("span", { class: "tag" }, "Godfather ★") : null,
      v.evil_twins.includes(k) ? h("span", { class: "tag" }, "evil twin") : null),
    power ? h("div", {}, "Power: ", powerName(v.powers[k], power, ctx), v.powers_spent.includes(k) ? " (spent)" : "") : null,
    // a teammate's two dealt powers, seen while he chooses (CNG-9.3)
    k !== payload.seat && v.dealt?.[k] ? h("div", {}, "Dealt: ", v.dealt[k].map((code, i) =>
      [i ? " or " : "", powerName(code, c.powers[code] || code, ctx)])) : null,
    h("div", {}, stat("bullet cards", v.hand_size[k]), stat("loaded", v.loaded[k] ? "yes" : "no"),
      v.courage[k] ? stat("chose", v.courage[k] === "stand" ? "to stand" : "to lie down") : v.chose_courage[k] ? stat("chose", "secretly") : null,
      v.holds_surprise[k] ? h("span", { class: "tag" }, "holds a Surprise") : null),
    h("div", { class: "cng-loot-list" }, loot.length ? loot.map((code) => lootChip(code, c)) : h("span", { class: "muted" }, v.phase === "over" ? "no loot" : "no loot yet"),
      v.extra_paintings[k] ? h("span", { class: "cng-loot painting" }, `+${v.extra_paintings[k]} painting (Miss Pencilhands)`) : null));
  box.querySelector(".seat-name").textContent = who(ctx, k) + (payload.to_act.includes(k) ? " ◀" : "");
  // Aims and orders are picked on the ring (one target per gangster): the box is to read, its
  // power's rule a tap away.
  return box;
}

function myCards(v, ctx, c) {
  const [clicks, bangs] = v.hand;
  const bullet = (kind, label) => ctx.pick(card(label, { cls: `bullet ${kind}`, dataset: { bullet: kind } }), movesWith(ctx, ["load"], 0, kind), `load ${label}`);
  const hand = [];
  for (let i = 0; i < bangs; i++) hand.push(bullet("bang", "BANG!"));
  for (let i = 0; i < clicks; i++) hand.push(bullet("click", "Click"));
  const surprise = v.my_surprise ? explain(ctx, h("span", { class: "tag", tabindex: "0" }, `your Surprise: ${c.surprises[v.my_surprise] || v.my_surprise}`),
    c.surprises[v.my_surprise] || v.my_surprise, surpriseText(v.my_surprise, c)) : null;
  return zone("Your bullet cards", h("div", { class: "mine" },
    cards(hand),
    h("p", {}, v.my_bullet ? `Loaded: ${v.my_bullet === "bang" ? "BANG!" : "Click"}` : "Nothing loaded",
      v.my_face_down_discards ? ` · discarded face down: ${v.my_face_down_discards[0]} Click, ${v.my_face_down_discards[1]} BANG!` : "",
      surprise ? " · " : "", surprise),
    powerChoice(v, ctx)));
}

// The two powers dealt in team play (CNG-9.3): the reader's to keep, a teammate's to see.
function powerChoice(v, ctx) {
  if (v.phase !== "powers" || !v.dealt || !v.dealt[v.seat]) return null;
  return h("div", {}, "Powers dealt to you: ", v.dealt[v.seat].map((code) => {
    const title = ctx.content.powers[code] || code;
    const pick = movesWith(ctx, ["keep_power"], 0, code);
    const rule = ctx.content.power_rules?.[code];
    // the card to keep is picked; its rule opens from the button beside it
    return h("span", { class: "cng-power-choice" }, ctx.pick(h("span", { class: "tag cng-power-pick" }, h("b", {}, title)), pick, `keep ${title}`),
      rule ? explain(ctx, h("button", { type: "button", class: "cng-rule", "aria-label": `${title}: what it does` }, "?"), title, rule.text) : null);
  }), v.my_power_pick ? ` · you keep ${ctx.content.powers[v.my_power_pick] || v.my_power_pick}` : "");
}

// The reader's own position: bullet cards (to load), the loaded card, the Surprise, own loot.
export function own(panel, payload, given) {
  const ctx = withPick(given);
  ensureStyle();
  const v = payload.view;
  if (payload.seat === null || !v.hand) return;
  panel.append(h("div", { class: "cng-own" }, myCards(v, ctx, ctx.content),
    h("p", {}, stat("your loot", `$${lootTotal(v, payload.seat, ctx.content)}k`))));
}

// Running public scores: each gangster's loot as it would score (before the diamond bonus).
export function scores(payload, ctx) {
  const v = payload.view;
  return v.alive.map((alive, k) => (alive ? `$${lootTotal(v, k, ctx?.content || {})}k loot` : "dead"));
}

export { ending, resultNote, scoreLabel } from "./cash-n-guns-ending.js";

// A drawing whose pick gives nothing back (the replay's) keeps the element all the same.
function withPick(ctx) {
  return { ...ctx, pick: (el, entries, label) => ctx.pick(el, entries, label) || el };
}
