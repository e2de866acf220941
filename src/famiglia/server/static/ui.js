// Small helpers shared by every module: building elements, the JSON API, what this browser
// remembers of its seats (tokens stay in localStorage, never in a page's address).

export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const SVG = "http://www.w3.org/2000/svg";
export function s(tag, props = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value);
  }
  append(el, children);
  return el;
}

export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
  return el;
}

export async function api(method, path, body, token, extra = {}) {
  const headers = { ...extra };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const error = new Error((data && data.error) || `${method} ${path}: ${response.status}`);
    error.clause = data && data.clause;
    error.code = data && data.code;
    error.status = response.status;
    throw error;
  }
  return data;
}

const contents = new Map();
export function gameContent(name) {
  if (!contents.has(name)) contents.set(name, api("GET", `/api/games/${name}`));
  return contents.get(name);
}

// ----- what this browser remembers ---------------------------------------------------------
const KEY = "famiglia.";

function read(key) {
  try { return JSON.parse(localStorage.getItem(KEY + key)); } catch { return null; }
}
function write(key, value) {
  try { localStorage.setItem(KEY + key, JSON.stringify(value)); } catch { /* private mode */ }
}

export const remember = {
  seat: (table) => read(`seat.${table}`),            // {token, seat}
  setSeat: (table, value) => write(`seat.${table}`, value),
  created: (table) => read(`created.${table}`),      // {creator_key, seats}
  setCreated: (table, value) => write(`created.${table}`, value),
  name: () => read("name") || "",                    // the name this player gives tables
  setName: (value) => write("name", value),
  // The webhook this player's seats call when their turn comes (a secret URL; sent on claim and join).
  webhook: () => read("webhook") || "",
  setWebhook: (value) => write("webhook", value),
  mapZoom: () => read("map-zoom") || 1,               // how large Blood Feud's map is drawn
  setMapZoom: (value) => write("map-zoom", value),
  zoom: (game) => read(`zoom.${game}`) || 1,          // how large a game's board is drawn
  setZoom: (game, value) => write(`zoom.${game}`, value),
  pref: (key) => read(`pref.${key}`) || false,       // sound, notifications: off unless ticked
  setPref: (key, value) => write(`pref.${key}`, value),
  // The tables this browser took part in, newest first: {id, game, title, seat, names, result}.
  played: () => (Array.isArray(read("played")) ? read("played") : []),
  // This browser's player: {id, key, name}; the key is a secret (me.js), sent as a header only.
  player: () => read("player"),
  setPlayer: (value) => write("player", value),
  setPlayed: (entry) => {
    const others = remember.played().filter((t) => t && t.id !== entry.id);
    write("played", [{ ...(remember.played().find((t) => t?.id === entry.id) || {}), ...entry }, ...others].slice(0, 50));
  },
};

export const SEAT_COLOURS = ["#c0392b", "#2471a3", "#1e8449", "#6d4c41", "#7d3c98", "#ca6f1e",
  "#17a589", "#d81b60", "#5d6d7e"];

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

export function plural(count, word, many = word + "s") {
  return `${count} ${count === 1 ? word : many}`;
}
