// Who sits where, as the table page shows it: each seat's name ("you" for the reader's own),
// the seat chips with their running scores, the line saying whose turn it is, and how long a bot
// has been thinking.
import { clear, h, seatColour } from "./ui.js";

export class Seats {
  constructor(strip) {
    this.strip = strip;
    this.info = [];       // the seats frame: kind, free, present, name, thinking
    this.names = [];      // the payload's names
    this.seat = null;
    this.thinkingFrom = new Map(); // seat -> Date.now() when its turn began
    this.lastScores = [];
    this.replay = false;  // a replay: nobody thinks there, a bot to act is "to play"
  }

  // The seats frame: `thinking` is how long (server time) a bot to act has thought.
  setInfo(seats) {
    this.info = seats;
    const at = Date.now();
    for (const s of seats) {
      if (s.thinking !== null && s.thinking !== undefined) this.thinkingFrom.set(s.seat, at - s.thinking * 1000);
      if (s.name !== undefined && s.name !== null) this.names[s.seat] = s.name;
    }
  }

  // A payload: a new move starts every bot's turn anew.
  setPayload(payload, moved) {
    this.seat = payload.seat;
    if (payload.names) this.names = payload.names;
    if (moved) this.thinkingFrom.clear();
    for (const k of payload.to_act) {
      if (this.isBot(k) && !this.thinkingFrom.has(k)) this.thinkingFrom.set(k, Date.now());
    }
  }

  count(payload) {
    return Math.max(this.info.length, this.names.length, payload?.result ? payload.result.scores.length : 0);
  }

  isBot(k) {
    const kind = this.info[k]?.kind;
    return kind ? kind !== "human" : / bot$/.test(this.names[k] || "");
  }

  // The player's name; "you" for the reader's seat; a bot by its level (with its seat when two
  // bots share a level); "seat k" when no name was given.
  name(k) {
    if (k === this.seat) return "you";
    const raw = this.names[k];
    if (!raw) return `seat ${k}`;
    const twice = this.names.filter((x) => x === raw).length > 1;
    return twice ? `${raw} (seat ${k})` : raw;
  }

  // A name with the seat's colour beside it (a dot), for log and chat lines and results.
  tag(k) {
    return h("span", { class: "who", style: `--seat:${seatColour(k)}` },
      h("span", { class: "swatch", "aria-hidden": "true" }), this.name(k));
  }

  thinking(k) {
    const from = this.thinkingFrom.get(k);
    return from === undefined ? 0 : Math.max(0, Math.round((Date.now() - from) / 1000));
  }

  draw(payload, secret, scores) {
    const p = payload;
    clear(this.strip);
    const count = this.count(p);
    for (let k = 0; k < count; k++) {
      const info = this.info[k] || {};
      const acting = p.to_act.includes(k);
      const bot = this.isBot(k);
      const state = [
        acting ? (p.to_act.length > 1 || secret ? "owes a choice" : bot && !this.replay ? "thinking" : "to play") : null,
        info.kind === "human" && !info.free && !info.invited ? (info.present ? "online" : "away") : null,
        info.free ? "open seat" : info.invited ? "invited" : null,
        info.forfeit ? "forfeited: a bot plays" : info.timed_out ? "time out: a bot plays" : null,
      ].filter(Boolean).join(", ");
      const score = scores?.[k];
      const changed = score && this.lastScores[k] !== undefined && this.lastScores[k] !== score;
      const label = `${this.name(k)}${k === p.seat && this.names[k] ? ` (${this.names[k]})` : ""}`;
      this.strip.append(h("li", {
        class: ["seat-chip", acting ? "acting" : "", k === p.seat ? "me" : "", info.present ? "present" : ""].join(" "),
        style: `--seat:${seatColour(k)}`, dataset: { seat: k },
      }, h("span", { class: "dot", title: info.present ? "connected" : "not connected", "aria-hidden": "true" }),
      h("b", { class: "chip-name" }, label),
      state ? h("span", { class: "chip-state" }, state) : null,
      score ? h("span", { class: `chip-score${changed ? " changed" : ""}` }, score) : null));
    }
    this.lastScores = scores ? [...scores] : [];
  }

  // Whose turn, in words: [text, seconds a bot to act has thought (null: no bot)].
  turnText(p, secret) {
    if (p.over) return ["The game is over.", null];
    if (p.closed) return [`This table was closed: ${p.closed}`, null];
    const waiting = p.to_act;
    const list = (ks) => ks.map((k) => this.name(k)).join(", ");
    const bots = waiting.filter((k) => this.isBot(k));
    const secs = bots.length ? Math.max(...bots.map((k) => this.thinking(k))) : null;
    if (secret) {
      const mine = waiting.includes(p.seat) ? " Choose yours." : "";
      const think = bots.length ? ` ${list(bots)} ${bots.length > 1 ? "are" : "is"} thinking…` : "";
      return [`Secret choice: waiting for ${list(waiting)}.${mine}${think}`, secs];
    }
    if (waiting.includes(p.seat)) return ["Your move.", null];
    const k = waiting[0];
    if (k === undefined) return ["", null];
    if (this.isBot(k)) return [`${this.name(k)} is thinking…`, this.thinking(k)];
    return [`${this.name(k)} to play.`, null];
  }
}
