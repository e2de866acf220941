// "Waiting on you": which of the tables this browser holds a seat at wait for its move
// (POST /api/tables/waiting with the seats' tokens, at most 50; the server answers only for
// tokens that open a seat). For the lobby: `showWaiting(element)` fills it with the count and
// links, `waitingOn()` gives the server's answer.
import { api, clear, h, remember } from "./ui.js";

export const MAX_ASKED = 50;

export function heldSeats() {
  const seats = [];
  for (const t of remember.played()) {
    const held = t && t.id && !t.result && !t.over ? remember.seat(t.id) : null;
    if (held && held.token) seats.push({ table: t.id, token: held.token });
    if (seats.length >= MAX_ASKED) break;
  }
  return seats;
}

export async function waitingOn() {
  const seats = heldSeats();
  if (!seats.length) return { count: 0, tables: [] };
  return api("POST", "/api/tables/waiting", { seats });
}

export async function showWaiting(el) {
  let answer;
  try {
    answer = await waitingOn();
  } catch {
    return null;
  }
  clear(el).hidden = !answer.count;
  if (answer.count) {
    el.append(h("p", { class: "waiting-count" }, h("b", {}, `${answer.count}`),
      answer.count === 1 ? " table waits on your move: " : " tables wait on your move: "),
    h("ul", { class: "waiting" }, answer.tables.map((t) =>
      h("li", { dataset: { table: t.id } }, h("a", { href: `/tables/${t.id}` }, t.name || t.title)))));
  }
  return answer;
}
