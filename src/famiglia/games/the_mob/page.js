// The Mob: the city board (illegal businesses two spaces a kind, legal businesses, the spaces
// out of circulation), who stands where with what stake, the families' cash, investment chips,
// prison blocks and harbour; your hand.
import { h, plural } from "../ui.js";
import { card, cards, seatBox, stat, zone } from "./parts.js";

// Headings of the move list's groups where a move's kind is no word a player knows.
export const MOVE_GROUPS = {
  unused: "lay a card down unused",
  space: "choose a space",
  add: "add to the placement",
  done: "finish placing",
  last: "place the last piece",
  ooc: "out of circulation",
  offer: "remove pieces",
  takeover: "take over",
  bail: "bail out",
  undo: "undo an investment",
  rehire: "hire back bodyguards",
  stop: "end investing",
};

const KIND_COLOURS = { green: "#3f8f4f", blue: "#2f6fb0", red: "#b03a2e", yellow: "#c9a227", purple: "#7d3c98",
  orange: "#d35400", brown: "#7b5a3a", grey: "#7f8c8d", gray: "#7f8c8d", pink: "#c2577f", black: "#333", white: "#ddd" };

export function draw(board, payload, ctx) {
  const v = payload.view;
  const c = ctx.content;
  board.append(h("p", {}, stat("Year", v.year), stat("Phase", v.phase),
    stat("Cards played", `${v.cards_played} / ${v.cards_per_year}`), stat("Dealer", ctx.seatName(v.dealer)),
    stat("Stock", v.stock), v.last_card ? h("span", { class: "tag" }, "last card of the year") : null));
  if (v.in_play) {
    const p = v.in_play;
    board.append(h("p", { class: "in-play" }, h("b", {}, p.seat === payload.seat ? `you play ${p.card}` : `${ctx.seatName(p.seat)} plays ${p.card}`),
      p.space ? ` on ${p.space}: ${(p.members || []).join(", ") || "nobody yet"}, ${plural(p.bodyguards, "bodyguard")}, needs ${p.needed}` : ""));
  }
  board.append(zone("Illegal businesses", h("div", { class: "mob-board" }, c.kinds.map((kind, k) =>
    h("div", { class: "mob-kind", style: `--kind:${KIND_COLOURS[kind.colour] || "#777"}` },
      h("div", { class: "mob-kind-name" }, kind.name, h("span", { class: "muted" }, ` sign $${kind.value}k`)),
      [0, 1].map((i) => space(c.spaces[2 * k + i], 2 * k + i, v, ctx)))))));
  board.append(zone("Legal businesses", h("div", { class: "cards" }, c.legal.map((name) => {
    const guard = v.legal_businesses[name];
    return card(name, { cls: guard !== undefined ? "held" : "", value: guard !== undefined ? `guarded by seat ${guard}` : "free",
      dataset: { legal: name } });
  }))));
  board.append(zone("Out of circulation", h("div", { class: "cards" }, c.out_of_circulation.map((o) => {
    const found = v.out_of_circulation[o.space] || [];
    return card(o.space, { value: found.length ? found.map(([k, m]) => `seat ${k}'s ${m}`).join(", ") : "empty" });
  }))));
  board.append(zone("Investment track", investment(v, ctx, c)));
  board.append(h("div", { class: "families" }, v.families.map((f, k) => family(f, k, v, payload, ctx, c))));
  if (payload.seat !== null && v.hand) {
    const mine = (name) => ctx.legal.filter((e) => ["play", "unused", "return"].includes(e.action.kind) && c.cards[e.action.args[0]] === name);
    board.append(zone("Your hand", cards(v.hand.map((name) => ctx.pick(card(name, { dataset: { card: name },
      cls: v.returning.includes(name) ? "returning" : "" }), mine(name), name))),
      v.returning.length ? h("p", {}, `to return: ${v.returning.join(", ")}`) : null,
      v.my_set_aside.length ? h("p", { class: "muted" }, `set aside by you: ${v.my_set_aside.join(", ")}`) : null));
  }
  if (v.played.length) board.append(zone("Cards played this year", h("p", {}, v.played.join(" · "))));
}

function space(name, index, v, ctx) {
  const held = v.illegal_businesses[name];
  const el = h("div", { class: `mob-space ${held ? "held" : ""}`, dataset: { space: index },
    style: held ? `--seat:${ctx.colour(held.family)}` : "" },
    h("div", { class: "space-name" }, name),
    held ? [h("div", {}, h("b", {}, ctx.seatName(held.family))),
      h("div", {}, held.members.join(", ") || "no member"),
      h("div", {}, `${plural(held.bodyguards, "bodyguard")} · stake $${held.stake}k`)] : h("div", { class: "muted" }, "empty"));
  const moves = ctx.legal.filter((e) => ["space", "takeover"].includes(e.action.kind) && e.action.args[0] === index);
  return ctx.pick(el, moves, name);
}

function investment(v, ctx, c) {
  const steps = [];
  for (let i = 0; i <= c.win_investment; i++) {
    const here = v.families.map((f, k) => [f, k]).filter(([f]) => f.investment === i);
    steps.push(h("div", { class: "track-step", title: `$${i * 100}k invested` }, h("span", { class: "muted" }, String(i)),
      here.map(([, k]) => h("span", { class: "chip", style: `background:${ctx.colour(k)}`, title: `seat ${k}` }, String(k)))));
  }
  return h("div", { class: "track" }, steps);
}

function family(f, k, v, payload, ctx, c) {
  const prison = [1, 2, 3].map((block) => Object.entries(f.prison).filter(([, b]) => b === block).map(([m]) => m));
  const box = seatBox(k, payload, ctx, "family",
    h("div", {}, stat("cash", `$${f.cash}k`), stat("invested", `$${f.investment * 100}k`), stat("hand", f.hand_size)),
    h("div", {}, "Photo: ", f.photo.map((m) => memberTag(m, k, payload, ctx, c)), h("span", { class: "tag" }, plural(f.bodyguards, "bodyguard"))),
    h("div", { class: "prison" }, "Prison: ", prison.map((members, i) =>
      h("span", { class: "tag", title: `block ${i + 1}` }, `block ${i + 1}: ${members.join(", ") || "-"}`))),
    f.harbour.length ? h("div", {}, `Harbour: ${f.harbour.join(", ")}`) : null);
  const aimed = ctx.legal.filter((e) => ["jail", "ooc"].includes(e.action.kind) && e.text.includes(`seat ${k}'s`));
  return ctx.pick(box, aimed, `seat ${k}'s family`);
}

function memberTag(name, k, payload, ctx, c) {
  const tag = h("span", { class: "tag member" }, name);
  if (k !== payload.seat) return tag;
  const index = c.members.findIndex((m) => m.name === name);
  return ctx.pick(tag, ctx.legal.filter((e) => ["add", "bail"].includes(e.action.kind) && e.action.args[0] === index), name);
}

// The result table: the score is the investment chip (MOB-7.1); cash breaks its ties (MOB-7.2).
export function scoreLabel() {
  return "Invested ($k)";
}

export function resultColumns(payload) {
  return [["Cash ($k)", payload.view.families.map((f) => f.cash)]];
}
