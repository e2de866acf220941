// The legal moves: buttons grouped by kind (the move's text on hover), keys 1-9 for the first
// nine, and board elements made clickable for the moves they stand for. A move that names
// another seat ("aim at seat 1") names its player instead, as the log does.
import { append, clear, h } from "./ui.js";

export class Moves {
  // `name(k)`: how seat k is called on this page, or null to keep "seat k" (the reader's own
  // seat: "you takes part" would read wrong).
  constructor(section, play, name = () => null) {
    this.section = section;
    this.play = play;
    this.name = name;
    this.legal = [];
    this.busy = false;
    document.addEventListener("keydown", (event) => this.key(event));
  }

  key(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT")) return;
    if (!/^[1-9]$/.test(event.key)) return;
    const button = this.section.querySelector(`button[data-key="${event.key}"]`);
    if (button && !button.disabled) {
      event.preventDefault();
      button.click();
    }
  }

  // `groupName(kind)`: the heading of a group of moves, where the game names it (MOVE_GROUPS).
  show(payload, heading, groupName = () => null) {
    this.legal = payload.legal;
    this.busy = false;
    this.section.classList.remove("sending");  // fresh buttons: nothing is being sent
    // A keyboard player who moved from this list stays in it, not thrown back to the page's top.
    const focused = this.section.contains(document.activeElement) || this.moved;
    clear(this.section);
    this.section.append(h("h2", { id: "moves-title" }, heading));
    this.moved = focused && !payload.legal.length; // (kept until this seat has moves again)
    if (!payload.legal.length) return;
    this.choice = h("div", { class: "choice", hidden: true, "aria-live": "polite" });
    this.section.append(this.choice);
    const groups = new Map();
    payload.legal.forEach((entry, index) => {
      const kind = entry.action.kind;
      if (!groups.has(kind)) groups.set(kind, []);
      groups.get(kind).push(this.button(entry, index));
    });
    let count = 0;
    for (const [kind, buttons] of groups) {
      for (const b of buttons) if (++count <= 9) b.prepend(h("kbd", {}, String(count))), b.dataset.key = String(count);
      this.section.append(h("div", { class: "move-group", dataset: { kind } },
        groups.size > 1 ? h("h3", {}, groupName(kind) || kind.replaceAll(/[-_]/g, " ")) : null, buttons));
    }
    if (focused) this.section.querySelector("button.move")?.focus({ preventScroll: true });
  }

  // The move's text as the reader reads it: each "seat k" of another seat is its player's name.
  say(entry) {
    return entry.text.replace(/\bseat (\d+)\b/g, (seat, k) => this.name(Number(k)) ?? seat);
  }

  button(entry, index) {
    const text = this.say(entry);
    return h("button", {
      type: "button", class: "move", title: text, dataset: { index },
      onclick: () => this.choose(entry),
    }, h("span", {}, text));
  }

  choose(entry) {
    if (this.busy) return;
    this.busy = true;
    this.moved = this.section.contains(document.activeElement);
    for (const b of this.section.querySelectorAll("button.move")) b.disabled = true;
    this.section.classList.add("sending");
    this.play(entry);
  }

  // A refused or unsent move: the buttons work again.
  release() {
    this.busy = false;
    this.section.classList.remove("sending");
    for (const b of this.section.querySelectorAll("button.move")) b.disabled = false;
  }

  // Makes a board element pick among `entries` (legal moves it stands for): one is played at
  // once, several are offered next to the move list.
  pick(el, entries, label) {
    if (!entries.length) return el;
    el.classList.add("pickable");
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    const texts = entries.map((e) => this.say(e));
    const text = texts.join("\n");
    // Its name starts with what it shows, so that a voice command saying that text finds it.
    const shown = (el.textContent || "").replace(/\s+/g, " ").trim().slice(0, 80);
    const said = (label ? label + ": " : "") + texts.join("; ");
    el.setAttribute("aria-label", shown && !said.toLowerCase().startsWith(shown.toLowerCase()) ? `${shown} (${said})` : said);
    if (el instanceof SVGElement) {
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = text;
      el.prepend(title);
    } else {
      el.title = text;
    }
    const go = (event) => {
      event.preventDefault();
      event.stopPropagation();
      if (entries.length === 1) this.choose(entries[0]);
      else this.offer(entries, label);
    };
    el.addEventListener("click", go);
    el.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") go(event);
    });
    return el;
  }

  offer(entries, label) {
    if (!this.choice) return;
    clear(this.choice).hidden = false;
    append(this.choice, [h("h3", {}, label || "Choose"),
      entries.map((entry) => {
        const text = this.say(entry);
        return h("button", { type: "button", class: "move", title: text,
          onclick: () => this.choose(entry) }, text);
      }),
      h("button", { type: "button", class: "link", onclick: () => { this.choice.hidden = true; } }, "cancel")]);
    this.choice.querySelector("button")?.focus();
  }
}

export function sameAction(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
