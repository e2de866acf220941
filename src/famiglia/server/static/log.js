// The narration: the seat's events as a log, newest at the bottom, new lines marked.
import { clear, h } from "./ui.js";

const SHOWN = 400; // older lines stay on the server; a page need not hold a whole long game

export class Log {
  constructor(section) {
    this.list = h("ol", { class: "log-lines", "aria-live": "polite", "aria-relevant": "additions" });
    section.append(h("h2", {}, "What happened"), this.list);
    this.seen = 0;
  }

  show(events) {
    const stick = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 30;
    const first = Math.max(0, events.length - SHOWN);
    clear(this.list);
    events.slice(first).forEach((text, i) => {
      const fresh = first + i >= this.seen && this.seen > 0;
      this.list.append(h("li", { class: fresh ? "fresh" : null, value: first + i + 1 }, text));
    });
    this.seen = events.length;
    if (stick) this.list.scrollTop = this.list.scrollHeight;
  }
}
