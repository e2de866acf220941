// The Mob's board as the box lays it out: the investment track along the top, the city's
// illegal businesses (two spaces a kind, the cheapest first), the legal businesses, the three
// out-of-circulation spaces, the prison's three blocks and the harbour.
import { h, plural } from "../ui.js";

const KIND_COLOURS = { green: "#3f8f4f", blue: "#2f6fb0", red: "#b03a2e", yellow: "#c9a227", purple: "#7d3c98",
  orange: "#d35400", brown: "#7b5a3a", grey: "#7f8c8d", gray: "#7f8c8d", pink: "#c2577f", black: "#333", white: "#ddd" };

// Legal income by investment chip (MOB-4.2), printed under the track's steps.
const LEGAL_INCOME = [0, 10, 20, 30, 30, 40, 40, 50, 50, 60, 0];

export const who = (ctx, k) => (ctx.name ? ctx.name(k) : ctx.seatName(k));
const same = (a, b) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// The class `changed` on what differs from the view the reader last moved at.
export function mark(el, before, now) {
  if (before !== undefined && !same(before, now)) el.classList.add("changed");
  return el;
}

// A family's coloured marker: its player's initial, the full name for screen readers.
export function marker(ctx, k) {
  const name = who(ctx, k);
  return h("span", { class: "mob-marker", style: `--seat:${ctx.colour(k)}`, title: name, "aria-label": name },
    name === "you" ? "★" : name.replace(/^seat /, "").slice(0, 1).toUpperCase());
}

export function track(v, ctx, c, old) {
  const steps = [];
  for (let i = 0; i <= c.win_investment; i++) {
    const here = v.families.map((f, k) => k).filter((k) => v.families[k].investment === i);
    const moved = old && here.some((k) => old.families[k]?.investment !== i);
    const step = h("li", { class: `mob-step${i === c.win_investment ? " goal" : ""}${moved ? " changed" : ""}`, dataset: { step: i } },
      h("span", { class: "mob-step-n" }, String(i)),
      h("span", { class: "mob-step-income", title: "legal income at this step (MOB-4.2)" },
        i === c.win_investment ? "wins" : i ? `+${LEGAL_INCOME[i]}` : ""),
      h("span", { class: "mob-step-chips" }, here.map((k) => marker(ctx, k))));
    steps.push(step);
  }
  return h("section", { class: "mob-track-box", "aria-label": "investment track" },
    h("h3", {}, "Investment track ($100k a step; legal income under it)"),
    h("ol", { class: "mob-track" }, steps));
}

export function city(v, ctx, c, old) {
  return h("section", { class: "mob-city", "aria-label": "illegal businesses" }, c.kinds.map((kind, k) =>
    h("div", { class: "mob-kind", style: `--kind:${KIND_COLOURS[kind.colour] || "#777"}`, dataset: { kind: kind.name } },
      h("div", { class: "mob-kind-name" }, h("span", {}, kind.name), h("span", { class: "mob-sign" }, `$${kind.value}k`)),
      h("div", { class: "mob-spaces" }, [0, 1].map((i) => space(c.spaces[2 * k + i], 2 * k + i, v, ctx, old))))));
}

function space(name, index, v, ctx, old) {
  const held = v.illegal_businesses[name];
  const el = h("div", { class: `mob-space${held ? " held" : ""}`, dataset: { space: index },
    style: held ? `--seat:${ctx.colour(held.family)}` : "" },
    h("div", { class: "mob-space-no" }, `space ${index % 2 + 1}`),
    held ? [h("div", { class: "mob-holder" }, who(ctx, held.family)),
      h("div", { class: "mob-pieces" }, held.members.map((m) => h("span", { class: "mob-piece" }, m)),
        held.bodyguards ? h("span", { class: "mob-piece guard" }, plural(held.bodyguards, "guard")) : null),
      h("div", { class: "mob-stake" }, `stake $${held.stake}k`)] : h("div", { class: "mob-empty" }, "empty"));
  if (old) mark(el, old.illegal_businesses[name], held);
  const moves = ctx.legal.filter((e) => ["space", "takeover"].includes(e.action.kind) && e.action.args[0] === index);
  return ctx.pick(el, moves, name);
}

export function legal(v, ctx, c, old) {
  return h("section", { class: "mob-row", "aria-label": "legal businesses" }, h("h3", {}, "Legal businesses"),
    h("div", { class: "mob-legal" }, c.legal.map((name) => {
      const guard = v.legal_businesses[name];
      const el = h("div", { class: `mob-shop${guard !== undefined ? " held" : ""}`, dataset: { legal: name },
        style: guard !== undefined ? `--seat:${ctx.colour(guard)}` : "" },
        h("div", { class: "mob-shop-name" }, name),
        h("div", { class: "mob-holder" }, guard !== undefined ? `${who(ctx, guard)}'s guard` : "free"));
      return old ? mark(el, old.legal_businesses[name], guard) : el;
    })));
}

export function outOfCirculation(v, ctx, c, old) {
  return h("section", { class: "mob-row", "aria-label": "out of circulation" }, h("h3", {}, "Out of circulation"),
    h("div", { class: "mob-ooc" }, c.out_of_circulation.map((o) => {
      const found = v.out_of_circulation[o.space] || [];
      const el = h("div", { class: "mob-place", dataset: { ooc: o.space } }, h("div", { class: "mob-shop-name" }, o.space),
        found.length ? found.map(([k, m]) => h("span", { class: "mob-piece", style: `--seat:${ctx.colour(k)}` }, `${who(ctx, k)}: ${m}`))
          : h("div", { class: "mob-empty" }, "empty"));
      return old ? mark(el, old.out_of_circulation[o.space], found.length ? found : undefined) : el;
    })));
}

// The prison's blocks (a prisoner moves 3 to 2 to 1, then home: MOB-5.3) and the harbour.
export function prisonAndHarbour(v, ctx, c, old) {
  const inBlock = (view, block) => view.families.flatMap((f, k) =>
    Object.entries(f.prison).filter(([, b]) => b === block).map(([m]) => [k, m]));
  const blocks = [3, 2, 1].map((block) => {
    const here = inBlock(v, block);
    const el = h("div", { class: "mob-place", dataset: { block } }, h("div", { class: "mob-shop-name" }, `block ${block}`),
      here.length ? here.map(([k, m]) => prisoner(k, m, ctx, c)) : h("div", { class: "mob-empty" }, "empty"));
    return old ? mark(el, inBlock(old, block), here) : el;
  });
  const lost = v.families.flatMap((f, k) => f.harbour.map((m) => [k, m]));
  const harbour = h("div", { class: "mob-place harbour" }, h("div", { class: "mob-shop-name" }, "Harbour (out for good)"),
    lost.length ? lost.map(([k, m]) => h("span", { class: "mob-piece", style: `--seat:${ctx.colour(k)}` }, `${who(ctx, k)}: ${m}`))
      : h("div", { class: "mob-empty" }, "nobody"));
  if (old) mark(harbour, old.families.map((f) => f.harbour), v.families.map((f) => f.harbour));
  return h("section", { class: "mob-row", "aria-label": "prison and harbour" }, h("h3", {}, "Prison (3 → 2 → 1 → home) and harbour"),
    h("div", { class: "mob-prison" }, blocks, harbour));
}

// A prisoner; the reader's own is bailed out by a click on him (MOB-5.4).
function prisoner(k, member, ctx, c) {
  const el = h("span", { class: "mob-piece", style: `--seat:${ctx.colour(k)}` }, `${who(ctx, k)}: ${member}`);
  if (k !== ctx.seat) return el;
  const index = c.members.findIndex((m) => m.name === member);
  return ctx.pick(el, ctx.legal.filter((e) => e.action.kind === "bail" && e.action.args[0] === index), `bail out ${member}`);
}
