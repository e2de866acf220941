// The reader's own position in Scarface 1920, kept next to the action bar: money, Votes,
// bullets and goods behind the screen, the Plan, the hand, the Jobs and the Street Gangs. Each
// card shows its name and numbers, and what it does opens by tap, click or key (ctx.explain).
import { h } from "../ui.js";

export const CARD_MOVES = ["lay", "skill", "match", "discard", "snitch", "hire", "buy", "fire"];
const JOB_MOVES = ["activate", "activate_boss", "job", "fulfil"];
const SG_MOVES = ["play_sg", "sg_effect", "sg_no_hit", "sg_discard", "opp_sg", "tequila_flip"];

// A popover of the card's text where the shell offers none (an older table page).
function explainer(ctx) {
  if (ctx.explain) return ctx.explain;
  return (el, title, text) => {
    el.addEventListener("click", () => {
      const open = el.parentElement.querySelector(".sf-pop");
      if (open) { open.remove(); return; }
      el.after(h("div", { class: "sf-pop", role: "note" }, h("b", {}, title), h("br"), text));
    });
  };
}

// A card with an "i" button that tells what it does; the card itself picks its moves.
function infoCard(ctx, name, value, text, full, props) {
  const info = h("button", { type: "button", class: "sf-info", "aria-label": `what ${name} does` }, "i");
  info.addEventListener("click", (event) => event.stopPropagation()); // the text, not the card's move
  explainer(ctx)(info, name, full);
  return h("div", { class: `card sf-card ${props.cls || ""}`, title: full, dataset: props.dataset },
    h("span", { class: "sf-card-name" }, name), value ? h("span", { class: "value" }, value) : null,
    text ? h("span", { class: "sf-card-text" }, text) : null, info);
}

const after = (text) => text.slice(text.indexOf(": ") + 2);

export function cardOf(i, c, ctx, fresh) {
  const info = c.cards[i];
  const crimes = info.crimes.map((x) => c.crimes[x]).join(", ");
  const full = `${info.name}: ${info.role}, crimes ${crimes}. ${c.card_texts[i]}`;
  const value = `${info.stars ? `${"★".repeat(info.stars)} ` : ""}M${info.muscle} I${info.influence}`;
  const text = (c.card_texts[i].match(/: (skill .*)$/) || [])[1] || "";
  const el = infoCard(ctx, info.name, value, text, full, { dataset: { card: i }, cls: fresh ? "changed" : "" });
  return ctx.pick(el, ctx.legal.filter((e) => CARD_MOVES.includes(e.action.kind) && e.action.args[0] === i), info.name);
}

export function jobCard(j, c, ctx, fresh) {
  const el = infoCard(ctx, c.jobs[j], null, after(c.job_texts[j]), c.job_texts[j], { dataset: { job: j }, cls: fresh ? "changed" : "" });
  return ctx.pick(el, ctx.legal.filter((e) => e.action.args[0] === j && JOB_MOVES.includes(e.action.kind)), c.jobs[j]);
}

export function streetGangCard(g, c, ctx, fresh) {
  const el = infoCard(ctx, c.street_gangs[g], null, after(c.street_gang_texts[g]), c.street_gang_texts[g],
    { dataset: { gang: g }, cls: fresh ? "changed" : "" });
  return ctx.pick(el, ctx.legal.filter((e) => e.action.args[0] === g && SG_MOVES.includes(e.action.kind)), c.street_gangs[g]);
}

function row(title, list, empty) {
  return h("div", { class: "sf-own-row" }, h("h4", {}, title),
    list.length ? h("div", { class: "cards" }, list) : h("p", { class: "sf-none" }, empty));
}

// what the reader held before its last move, to mark what is new
function wasMine(ctx, seat) {
  const b = ctx.before;
  return b && b.gangs && b.gangs[seat] && b.gangs[seat].hand ? b.gangs[seat] : null;
}

export function own(panel, payload, ctx) {
  const v = payload.view;
  const seat = payload.seat;
  if (seat === null || seat === undefined || !v.gangs[seat] || v.gangs[seat].hand === undefined) return;
  const c = ctx.content;
  const me = v.gangs[seat];
  const was = wasMine(ctx, seat);
  const fresh = (list, old) => (x) => Boolean(old) && !old.includes(x);
  const figure = (label, value, key) => h("span", { class: `stat${was && was[key] !== me[key] ? " changed" : ""}` },
    `${label} `, h("b", {}, value));
  const gang = me.gang >= 0 ? c.gangs[me.gang] : "no gang yet";
  panel.append(h("section", { class: "sf-own", "aria-label": "your gang" },
    h("p", { class: "sf-own-figs" }, h("b", { class: "sf-own-gang who", style: `--seat:${ctx.colour(seat)}` }, h("span", { class: "swatch", "aria-hidden": "true" }), `${gang} (you)`), " ",
      figure("money", `$${me.money}`, "money"), figure("votes", me.votes, "votes"), figure("bullets", me.bullets, "bullets"),
      figure("alcohol", me.alcohol, "alcohol"), figure("guns", me.guns, "guns"),
      h("span", { class: "stat" }, "deck ", h("b", {}, me.deck.length))),
    me.plan.length ? row("Your Plan", me.plan.map((i) => cardOf(i, c, ctx, false)), "") : null,
    row("Your hand", me.hand.map((i) => cardOf(i, c, ctx, fresh(me.hand, was && was.hand)(i))), "no cards in hand"),
    row("Your Jobs", me.jobs.map((j) => jobCard(j, c, ctx, fresh(me.jobs, was && was.jobs)(j))), "no Jobs"),
    row("Your Street Gangs", me.street_gangs.map((g) => streetGangCard(g, c, ctx, fresh(me.street_gangs, was && was.street_gangs)(g))),
      "no Street Gangs")));
}
