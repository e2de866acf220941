// The narration: the seat's events as a log, newest at the bottom; the lines since the reader's
// last move marked; "seat N" shown as the player's name with the seat's colour.
import { clear, h } from "./ui.js";

const SHOWN = 400; // older lines stay on the server; a page need not hold a whole long game

export class Log {
  constructor(section) {
    // A live region: a screen reader hears each new line as it comes.
    this.list = h("ol", { class: "log-lines", "aria-live": "polite", "aria-relevant": "additions",
      "aria-labelledby": "log-title", tabindex: "0" });
    section.append(h("h2", { id: "log-title" }, "What happened"), this.list);
    this.seen = 0;
  }

  // `since`: the first event not yet seen at the reader's last move; `tag(k)`: seat k's name;
  // `sig`: changes when a name does (the lines are drawn again).
  show(events, since, tag, sig = "") {
    const stick = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 30;
    const first = Math.max(0, events.length - SHOWN);
    const line = (i) => h("li", { class: i >= since && since > 0 ? "fresh" : null, value: i + 1 }, named(events[i], tag));
    if (first === this.first && since === this.since && sig === this.sig && events.length >= this.seen) {
      for (let i = this.seen; i < events.length; i++) this.list.append(line(i)); // only the new lines
    } else {
      clear(this.list);
      for (let i = first; i < events.length; i++) this.list.append(line(i));
    }
    Object.assign(this, { first, since, sig, seen: events.length });
    if (stick || this.list.scrollHeight <= this.list.clientHeight + 30) this.list.scrollTop = this.list.scrollHeight;
  }
}

// "seat 2" (not "seat 2's" cut short) becomes seat 2's name, coloured.
export function named(text, tag) {
  if (!tag) return text;
  const out = [];
  let last = 0;
  for (const m of text.matchAll(/\bseat (\d+)\b/g)) {
    out.push(text.slice(last, m.index), tag(Number(m[1])));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}
