// Blood Feud's pieces and buildings as small drawings (SVG symbols, drawn here: nothing is
// fetched), their names in the rulebook's words, and what each can do (BF-3 to BF-7, in our
// words) for the legend's popovers.
import { h, s } from "../ui.js";

export const PIECES = ["boss", "family", "hitman", "henchman", "thug", "limousine", "speedboat", "helicopter"];
export const BUILDINGS = ["illicit", "precinct", "penthouse"];

// A name, one and many.
export const NAME = {
  boss: ["Boss", "Bosses"], family: ["family member", "family members"], hitman: ["hit man", "hit men"],
  henchman: ["henchman", "henchmen"], thug: ["thug", "thugs"], limousine: ["limousine", "limousines"],
  speedboat: ["speedboat", "speedboats"], helicopter: ["helicopter", "helicopters"],
  illicit: ["illicit activity", "illicit activities"], precinct: ["corrupt precinct", "corrupt precincts"],
  penthouse: ["penthouse palace", "penthouse palaces"], star: ["starting point", "starting points"],
};
export const named = (kind, count) => `${count} ${(NAME[kind] || [kind, kind])[count === 1 ? 0 : 1]}`;

// What a player of the box asks of each piece: how far it goes, what it hits on, what it costs
// and what it does beyond that.
export const POWERS = {
  boss: "Walks 1 space and hits on 5 or more. Hit last of your side. New pieces you buy are placed"
    + " with him. He cannot be kidnapped; if he dies your family is out, and whoever killed him takes"
    + " your money and your captives. His district counts for income like a family member's.",
  family: "Walks 1 space and hits on 5 or more; wounded just before the Boss. Your income is your"
    + " assets times the number of your districts that hold at least one member of the family"
    + " (Boss included). Falling in a battle he may be kidnapped by the winner instead of killed.",
  hitman: "Walks 2 spaces and hits on 4 or more. In the first round of an attack he shoots before"
    + " anyone else: whoever he hits dies at once, with no parting shot. Costs $450.",
  henchman: "Walks 2 spaces (so he can take two districts in a turn) and hits on 6 or more."
    + " Costs $250.",
  thug: "Walks 1 space and hits on 7 or more. The first of your side to be wounded. Costs $100.",
  limousine: "Carries 5 people up to 4 spaces, from district to district only. Stopped on the way"
    + " by enemy limousines, helicopters and corrupt precincts. Left alone it can be stolen."
    + " Costs $300.",
  speedboat: "Carries 5 people up to 5 spaces on the water; leaving the shore and touching a shore"
    + " each cost a space. Docked at a waterside district, facing one water. Stopped by enemy"
    + " speedboats. Costs $150.",
  helicopter: "Carries 3 people and flies up to 9 spaces over anything. Lands only in a district"
    + " of its owner or at an airport ($20 fee). Corrupt precincts do not stop it; enemy"
    + " helicopters can. Costs $550.",
  illicit: "Adds $40 to the district's assets at every income. Costs $200; one building per"
    + " district.",
  precinct: "Attackers need 1 more to hit here and pay a $50 bribe to attack. Stops every enemy"
    + " piece entering (helicopters excepted); taking the district costs a premium of $100 over"
    + " its last price ($230 the first time). Costs $130.",
  penthouse: "Attackers need 3 more to hit here. Adds $20 to the assets, and new pieces may be"
    + " placed here once you have held it since before the turn. Costs $900.",
  star: "A borough's starting point: families begin on one, with the Boss and the family.",
};

// Each drawing fits 20 x 20; it is filled with the owner's colour and outlined in dark ink.
const SHAPES = {
  boss: [["path", { d: "M2.5 16 L2.5 6 L6.5 10 L10 3 L13.5 10 L17.5 6 L17.5 16 Z" }],
    ["rect", { x: 2.5, y: 16, width: 15, height: 2.2, rx: 0.6 }]],
  family: [["circle", { cx: 10, cy: 6, r: 3.6 }], ["path", { d: "M3 18.5 C3 11 17 11 17 18.5 Z" }]],
  hitman: [["path", { "fill-rule": "evenodd",
    d: "M10 2.5 A7.5 7.5 0 1 1 9.99 2.5 Z M10 5.5 A4.5 4.5 0 1 0 10.01 5.5 Z" }],
  ["rect", { x: 9, y: 0.5, width: 2, height: 19 }], ["rect", { x: 0.5, y: 9, width: 19, height: 2 }]],
  henchman: [["path", { d: "M4 7.5 L16 7.5 L16 9 L4 9 Z M6.5 7.5 L7.3 3 L12.7 3 L13.5 7.5 Z" }],
    ["circle", { cx: 10, cy: 11.2, r: 2.6 }], ["path", { d: "M3.5 19 C3.5 13.5 16.5 13.5 16.5 19 Z" }]],
  thug: [["path", { d: "M3.5 18.8 L2 17.3 L12.5 4.3 Q15 1.3 17.2 2.8 Q18.7 5 15.7 7.5 Z" }],
    ["circle", { cx: 3, cy: 18, r: 1.6 }]],
  limousine: [["path", { d: "M1 13.5 L1 10.5 L4 10 L6.5 6.5 L13.5 6.5 L16 10 L19 10.5 L19 13.5 Z" }],
    ["circle", { cx: 5, cy: 14, r: 2.3 }], ["circle", { cx: 15, cy: 14, r: 2.3 }]],
  speedboat: [["path", { d: "M1 10.5 L19 10.5 L16 15.5 L3.5 15.5 Z" }],
    ["path", { d: "M6 10.5 L8 6.5 L12.5 6.5 L13.5 10.5 Z" }],
    ["path", { d: "M1 18 Q4 16.5 7 18 T13 18 T19 18 L19 19.3 Q16 17.8 13 19.3 T7 19.3 T1 19.3 Z" }]],
  helicopter: [["rect", { x: 1, y: 2.5, width: 15, height: 1.8, rx: 0.6 }], ["rect", { x: 7.6, y: 3.5, width: 1.8, height: 3 }],
    ["ellipse", { cx: 8.5, cy: 10.5, rx: 5.5, ry: 4 }], ["path", { d: "M13.5 9.5 L19.5 8.5 L19.5 11 L13.5 11.5 Z" }],
    ["path", { d: "M4 16.5 L14 16.5 L14 18 L4 18 Z M6 14 L7 14 L7 16.5 L6 16.5 Z M10.5 14 L11.5 14 L11.5 16.5 L10.5 16.5 Z" }]],
  illicit: [["rect", { x: 1, y: 5, width: 18, height: 10.5, rx: 1.5 }],
    ["path", { fill: "#fff", d: "M10 6.8 A3 3 0 1 1 9.99 6.8 Z" }],
    ["path", { fill: "#1b1b1b", stroke: "none", d: "M9.4 8 L10.6 8 L10.6 14 L9.4 14 Z" }]],
  precinct: [["path", { d: "M10 1.5 L17.5 4.5 Q17.5 14 10 18.5 Q2.5 14 2.5 4.5 Z" }],
    ["path", { fill: "#fff", d: "M10 5.5 L11.3 9 L15 9 L12 11.2 L13.1 14.8 L10 12.6 L6.9 14.8 L8 11.2 L5 9 L8.7 9 Z" }]],
  penthouse: [["path", { d: "M4 19 L4 7 L10 2 L16 7 L16 19 Z" }],
    ["path", { fill: "#fff", d: "M6.5 9 L8.5 9 L8.5 11 L6.5 11 Z M11.5 9 L13.5 9 L13.5 11 L11.5 11 Z M6.5 13 L8.5 13 L8.5 15 L6.5 15 Z M11.5 13 L13.5 13 L13.5 15 L11.5 15 Z" }]],
  star: [["path", { d: "M10 1 L12.6 7.2 L19.2 7.6 L14.1 11.8 L15.7 18.3 L10 14.7 L4.3 18.3 L5.9 11.8 L0.8 7.6 L7.4 7.2 Z" }]],
};
// Buildings and the star keep colours of their own (they belong to a district, not a family).
export const OWN_FILL = { illicit: "#3d8b3d", precinct: "#2c4f9e", penthouse: "#8a6d1f", star: "#e0a800" };

// The symbols, once per document, in a sprite every icon of the page refers to.
export function ensureSprite() {
  if (document.getElementById("bf-sprite")) return;
  const defs = s("defs", {});
  for (const [kind, parts] of Object.entries(SHAPES)) {
    defs.append(s("symbol", { id: `bf-${kind}`, viewBox: "0 0 20 20" }, parts.map(([tag, attrs]) => s(tag, attrs))));
  }
  const sprite = s("svg", { id: "bf-sprite", width: 0, height: 0, "aria-hidden": "true", focusable: "false",
    style: "position:absolute;width:0;height:0;overflow:hidden" }, defs);
  document.body.append(sprite);
}

// An icon inside an SVG drawing, at (x, y), `size` px square.
export function use(kind, colour, x, y, size) {
  return s("use", { href: `#bf-${kind}`, x, y, width: size, height: size, fill: colour || OWN_FILL[kind] || "#555",
    stroke: "#1b1b1b", "stroke-width": 1.3, "stroke-linejoin": "round" });
}

// An icon in HTML text (the legend, the family boxes).
export function icon(kind, colour, size = 20) {
  return s("svg", { class: "bf-icon", width: size, height: size, viewBox: "0 0 20 20", "aria-hidden": "true", focusable: "false" },
    use(kind, colour, 0, 0, 20));
}

// The legend beside the map: each icon with its name; a click, tap or Enter opens its powers.
export function legend(ctx) {
  const item = (kind) => {
    const title = NAME[kind][0];
    const text = POWERS[kind];
    // the list item stays a list item; what opens the powers is the button inside it
    const el = h("span", { class: "bf-legend-button" }, icon(kind, kind in OWN_FILL ? null : "#9a9a9a"),
      h("span", {}, title[0].toUpperCase() + title.slice(1)));
    if (ctx.explain) ctx.explain(el, title, text);
    else Object.assign(el, { title: text, tabIndex: 0 });
    return h("li", { class: "bf-legend-item", dataset: { kind } }, el);
  };
  return h("aside", { class: "bf-legend", "aria-label": "legend of the map" },
    h("h3", {}, "Pieces"), h("ul", {}, PIECES.map(item)),
    h("h3", {}, "Buildings"), h("ul", {}, [...BUILDINGS, "star"].map(item)),
    h("p", { class: "bf-legend-note" }, "A piece is drawn in its family's colour, its count beside it;"
      + " a district's border and tint are its owner's. Tap a name for its powers."));
}
