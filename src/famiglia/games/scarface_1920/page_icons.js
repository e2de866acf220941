// Scarface 1920's pieces as small drawings (each in a 20 x 20 box), so that the map shows a
// police car, a truck or a thug the way the box does, not as a letter. Drawn here: no file is
// fetched. Each has a name for its tooltip and the legend.
import { s } from "../ui.js";

const INK = "#1d1b18";

// name -> (colour) => SVG children in a 20 x 20 box
const SHAPES = {
  thug: (c) => [s("circle", { cx: 10, cy: 5.5, r: 4.2, fill: c, stroke: INK, "stroke-width": 1.2 }),
    s("path", { d: "M2.5 19.5 Q2.5 10.5 10 10.5 Q17.5 10.5 17.5 19.5 Z", fill: c, stroke: INK, "stroke-width": 1.2 })],
  boss: (c) => [...SHAPES.thug(c),
    s("path", { d: "M3.5 3.2 H16.5 V4.6 H3.5 Z M6.5 0.2 H13.5 V3.4 H6.5 Z", fill: INK })],
  enforcer: (c) => [...SHAPES.thug(c),
    s("path", { d: "M10 11.5 l1.6 3.2 3.4 .4 -2.5 2.3 .7 3.3 -3.2 -1.7 -3.2 1.7 .7 -3.3 -2.5 -2.3 3.4 -.4 z", fill: "#f5d77a", stroke: INK, "stroke-width": .6 })],
  police: () => [s("path", { d: "M1 11 H19 V16 H1 Z M4.5 11 L6.5 6.5 H13.5 L15.5 11 Z", fill: "#1f3a93", stroke: INK, "stroke-width": 1 }),
    s("rect", { x: 8.5, y: 4, width: 3, height: 2.5, fill: "#e74c3c" }),
    s("rect", { x: 2, y: 12.4, width: 16, height: 1.6, fill: "#fff" }),
    s("circle", { cx: 5, cy: 16.5, r: 2.2, fill: INK }), s("circle", { cx: 15, cy: 16.5, r: 2.2, fill: INK })],
  ness: () => [s("path", { d: "M10 1 l2.6 5.3 5.8 .8 -4.2 4.1 1 5.8 -5.2 -2.7 -5.2 2.7 1 -5.8 -4.2 -4.1 5.8 -.8 z", fill: "#d4a017", stroke: INK, "stroke-width": 1 }),
    s("path", { d: "M4 18.5 H16 V19.8 H4 Z", fill: INK })],
  truck: (c) => [s("path", { d: "M1 5 H12 V15 H1 Z M12 8 H16 L19 12 V15 H12 Z", fill: c, stroke: INK, "stroke-width": 1 }),
    s("circle", { cx: 5, cy: 16, r: 2.3, fill: INK }), s("circle", { cx: 15.5, cy: 16, r: 2.3, fill: INK })],
  home: (c) => [s("path", { d: "M2 10 L10 2.5 L18 10 V19 H2 Z", fill: c, stroke: INK, "stroke-width": 1.2 }),
    s("rect", { x: 8, y: 13, width: 4, height: 6, fill: "#fff" })],
  shield: (c) => [s("path", { d: "M1.5 1.5 H18.5 V9 C18.5 14.5 13.5 17.5 10 19.5 C6.5 17.5 1.5 14.5 1.5 9 Z", fill: c || "#5b4a2f", stroke: INK, "stroke-width": 1 })],
  alcohol: () => [s("path", { d: "M8 1 H12 V5.5 L14.5 9 V19 H5.5 V9 L8 5.5 Z", fill: "#8b4513", stroke: INK, "stroke-width": 1 }),
    s("rect", { x: 6.5, y: 11, width: 7, height: 4, fill: "#f4e2b8" })],
  guns: () => [s("path", { d: "M1 5 H18.5 V9.5 H9.5 L8.5 11.5 H6.5 L5.5 19 H1.5 L3 9.5 H1 Z", fill: "#4a4a4a", stroke: INK, "stroke-width": 1 })],
  speakeasy: () => [s("path", { d: "M2 2 H18 L11 10 V16.5 H15 V19 H5 V16.5 H9 V10 Z", fill: "#b7950b", stroke: INK, "stroke-width": 1 })],
  casino: () => [s("rect", { x: 2, y: 2, width: 16, height: 16, rx: 3, fill: "#fff", stroke: INK, "stroke-width": 1.2 }),
    ...[[6, 6], [14, 6], [10, 10], [6, 14], [14, 14]].map(([cx, cy]) => s("circle", { cx, cy, r: 1.6, fill: "#c0392b" }))],
  brothel: () => [s("path", { d: "M10 18.5 C-4 9 3 -1 10 5.5 C17 -1 24 9 10 18.5 Z", fill: "#c2185b", stroke: INK, "stroke-width": 1 })],
  nightclub: () => [s("path", { d: "M7 4 L17 2 V14 A3 3 0 1 1 15 11.2 V6 L9 7.2 V16 A3 3 0 1 1 7 13.2 Z", fill: "#5b2c6f" })],
  solo: (c) => [s("circle", { cx: 10, cy: 10, r: 9, fill: c, stroke: INK, "stroke-width": 1.2 }),
    s("path", { d: "M10 3.5 l1.9 3.9 4.3 .6 -3.1 3 .7 4.3 -3.8 -2 -3.8 2 .7 -4.3 -3.1 -3 4.3 -.6 z", fill: "#fff" })],
  target: () => [s("circle", { cx: 10, cy: 10, r: 9, fill: "#fff", stroke: "#1e8449", "stroke-width": 2 }),
    s("circle", { cx: 10, cy: 10, r: 5, fill: "none", stroke: "#1e8449", "stroke-width": 2 }), s("circle", { cx: 10, cy: 10, r: 1.8, fill: "#1e8449" })],
  gunshot: () => [s("circle", { cx: 10, cy: 10, r: 9, fill: "#fdecea", stroke: "#a00", "stroke-width": 2 }),
    s("path", { d: "M10 0 V20 M0 10 H20", stroke: "#a00", "stroke-width": 2 }), s("circle", { cx: 10, cy: 10, r: 3, fill: "#a00" })],
};

export const ICON_NAMES = {
  thug: "thug", boss: "Angry Boss", enforcer: "Enforcer", police: "police car", ness: "Angry Eliot Ness",
  truck: "truck", home: "home district", shield: "shield value (muscle to seize)", alcohol: "buys alcohol",
  guns: "buys guns", speakeasy: "Speakeasy", casino: "Casino", brothel: "Brothel", nightclub: "Nightclub",
  solo: "the solo gang's token", target: "Target token", gunshot: "Gunshot token",
};

// The drawing `name` at (x, y), `size` units square.
export function icon(name, x, y, size, colour) {
  return s("g", { transform: `translate(${x} ${y}) scale(${size / 20})`, class: `icon icon-${name}`, "aria-hidden": "true" },
    (SHAPES[name] || SHAPES.thug)(colour));
}

// A little standalone SVG of one piece, for the legend and the cards beside the map.
export function iconSvg(name, colour, size = 18) {
  return s("svg", { viewBox: "0 0 20 20", width: size, height: size, class: "sf-icon", "aria-hidden": "true" }, SHAPES[name](colour));
}
