// The table's chat: public lines, and private ones to chosen seats; spectators only read.
import { clear, h } from "./ui.js";

export class Chat {
  // `names`: the page's Seats (name(k), tag(k)): lines show who said them by name and colour.
  constructor(section, { seat, send, names }) {
    this.names = names;
    this.lines = new Map();
    this.list = h("ol", { class: "chat-lines", "aria-live": "polite" });
    // A new connection gets the last page of lines; older pages come when asked for.
    this.older = h("button", { type: "button", class: "link older", hidden: true,
      onclick: () => send({ chat_before: Math.min(...this.lines.keys()) }) }, "older lines");
    section.append(h("h2", { id: "chat-title" }, "Chat"), this.older, this.list);
    this.seat = seat;
    if (seat === null) {
      section.append(h("p", { class: "muted" }, "Spectators read the table's public chat."));
      return;
    }
    const input = h("input", { id: "chat-text", name: "chat", maxlength: 500, autocomplete: "off",
      placeholder: "say something", "aria-label": "chat line" });
    const to = this.to = h("select", { id: "chat-to", "aria-label": "to whom" },
      h("option", { value: "" }, "to everyone"));
    const form = h("form", { class: "chat-form" }, input, to, h("button", { type: "submit" }, "Send"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) return;
      const frame = { chat: text };
      if (to.value !== "") frame.to = [Number(to.value)];
      if (send(frame)) input.value = "";
    });
    section.append(form);
  }

  // The "to whom" choices, by name; kept as chosen when names change.
  setPlayers(players) {
    if (!this.to) return;
    const chosen = this.to.value;
    clear(this.to).append(h("option", { value: "" }, "to everyone"));
    for (let k = 0; k < players; k++) {
      if (k !== this.seat) this.to.append(h("option", { value: k }, `to ${this.names.name(k)} only`));
    }
    this.to.value = chosen;
    if (this.lines.size) this.add([]);
  }

  add(lines, frame = {}) {
    if ("more" in frame && (frame.older || !this.lines.size)) this.older.hidden = !frame.more;
    for (const line of lines) this.lines.set(line.k, line);
    clear(this.list);
    const sorted = [...this.lines.values()].sort((a, b) => a.k - b.k);
    for (const line of sorted) {
      const whom = line.to ? [" → ", line.to.map((k, i) => [i ? ", " : "", this.names.tag(k)])] : [];
      this.list.append(h("li", { class: line.to ? "private" : null },
        h("b", {}, this.names.tag(line.seat), whom, ": "), linked(line.text)));
    }
    if (!frame.older) this.list.scrollTop = this.list.scrollHeight;
  }
}

// A link to this server's own tables becomes clickable; nothing else.
function linked(text) {
  const out = [];
  const pattern = new RegExp(`${location.origin.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/tables/[A-Za-z0-9_-]+`, "g");
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    out.push(text.slice(last, match.index), h("a", { href: match[0] }, match[0]));
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return out;
}
