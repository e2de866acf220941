// The table's clocks (server/clocks.py): every seat's remaining time, counted down here between
// frames from what the server last said; a seat whose time ran out is marked, and its player
// may take back control. The server alone decides when time is up: at zero this only waits.
import { api, clear, h, seatColour } from "./ui.js";

export function formatTime(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400), hr = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60);
  if (d) return `${d} d ${hr} h`;
  if (hr) return `${hr} h ${String(m).padStart(2, "0")} min`;
  return `${m}:${String(s % 60).padStart(2, "0")}`;
}

export class Clocks {
  constructor(tableId, token) {
    this.tableId = tableId;
    this.token = token;
    this.clock = null;   // the payload's clock
    this.at = 0;         // Date.now() when it came
    this.el = h("section", { id: "clocks", class: "clocks", hidden: true, "aria-label": "clocks" });
    this.timer = setInterval(() => this.draw(), 1000);
  }

  setPayload(payload, names) {
    this.seat = payload.seat;
    this.names = names;
    this.over = payload.over || Boolean(payload.closed);
    if (!payload.clock) return;
    this.clock = payload.clock;
    this.at = Date.now();
    this.draw();
  }

  // The seats frame carries every seat's clock too (a time-out, a resume, a seat taken).
  setSeats(seats) {
    if (!this.clock || !seats.some((s) => s.remaining !== undefined && s.remaining !== null)) return;
    const now = Date.now();
    this.clock.seats = this.clock.seats.map((c, k) => {
      const s = seats[k];
      return s && s.remaining !== undefined && s.remaining !== null
        ? { remaining: s.remaining, running: s.running, timed_out: s.timed_out, forfeit: s.forfeit } : c;
    });
    this.at = now;
    this.draw();
  }

  left(k) {
    const c = this.clock.seats[k];
    return c.running ? c.remaining - (Date.now() - this.at) / 1000 : c.remaining;
  }

  draw() {
    if (!this.clock) return;
    if (!this.el.isConnected && this.drawn) {
      clearInterval(this.timer);
      return;
    }
    this.drawn = true;
    const c = this.clock;
    this.el.hidden = false;
    const what = c.mode === "slow" ? `slow play: ${formatTime(c.per_move)} a move`
      : `real time: ${formatTime(c.bank)} + ${c.per_move} s a move`;
    const rows = c.seats.map((s, k) => {
      const left = this.left(k);
      const flag = s.forfeit ? "forfeited" : s.timed_out ? "time out: a bot moves" : "";
      return h("li", {
        class: ["clock", s.running && !this.over ? "running" : "", left < 30 && s.running ? "low" : "",
          s.timed_out || s.forfeit ? "out" : "", k === this.seat ? "me" : ""].join(" "),
        style: `--seat:${seatColour(k)}`, dataset: { seat: k },
      }, h("span", { class: "clock-name" }, this.names ? this.names.name(k) : `seat ${k}`),
      h("b", { class: "clock-time" }, formatTime(left)),
      flag ? h("span", { class: "clock-flag" }, flag) : null);
    });
    const mine = this.seat !== null && this.seat !== undefined ? c.seats[this.seat] : null;
    const back = mine && mine.timed_out && !mine.forfeit && this.token && !this.over
      ? h("button", { type: "button", id: "resume", onclick: () => this.resume() }, "Take back my seat")
      : null;
    const notes = (c.notices || []).slice(-3).map((n) => h("li", { dataset: { seat: n.seat } }, this.noticeText(n)));
    clear(this.el).append(...[
      h("h2", { class: "clocks-title" }, c.started ? what : `${what} (starts when every seat is taken)`),
      h("ul", { class: "clock-list" }, rows), back,
      notes.length ? h("ul", { class: "clock-log", "aria-live": "polite" }, notes) : null,
    ].filter(Boolean));
  }

  // A line of the clock's log, worded here from what the server says happened (`kind`) to
  // which seat, named as elsewhere on the page (the reader's own seat: "you"). A line stored
  // before lines had a kind keeps the server's old text.
  noticeText(n) {
    const me = n.seat === this.seat;
    const who = me ? "you" : this.names ? this.names.name(n.seat) : `seat ${n.seat}`;
    const whose = me ? "your" : `${who}'s`;
    const moves = n.bot_moves === 1 ? "a move" : `${n.bot_moves} moves`;
    const text = {
      timed_out: `${whose} time ran out: the ${n.level} bot moves for ${me ? "you" : "it"}`,
      forfeit: `${whose} time ran out: ${me ? `you forfeit, the ${n.level} bot plays your seat`
        : `it forfeits, the ${n.level} bot plays it`}`,
      back: `${who} ${me ? "are" : "is"} back`,
      bot_moved: `the ${n.level} bot played ${moves} for ${who}`,
    }[n.kind] ?? n.text ?? "";
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  async resume() {
    try {
      await api("POST", `/api/tables/${this.tableId}/seats/${this.seat}/resume`, {}, this.token);
    } catch (error) {
      this.el.append(h("p", { class: "error" }, error.message));
    }
  }
}

// ----- choosing a clock in the lobby's new-table form ---------------------------------------
// `clockField()` is a fieldset for the form; `readClock(field)` the request's `clock` (undefined:
// none). The server checks the ranges and says what is allowed.
const PRESETS = [
  ["none", "no clock", null],
  ["blitz", "real time: 5 min + 5 s a move", { mode: "realtime", bank: 300, per_move: 5 }],
  ["rapid", "real time: 15 min + 10 s a move", { mode: "realtime", bank: 900, per_move: 10 }],
  ["long", "real time: 1 h + 30 s a move", { mode: "realtime", bank: 3600, per_move: 30 }],
  ["day", "slow: a day a move", { mode: "slow", per_move: 86400 }],
  ["days", "slow: three days a move", { mode: "slow", per_move: 3 * 86400 }],
];
const TIMEOUTS = [["bot:easy", "the easy bot moves for them"], ["bot:medium", "the medium bot moves for them"],
  ["bot:hard", "the hard bot moves for them"], ["forfeit", "they forfeit (ranked last)"]];

export function clockField() {
  const preset = h("select", { id: "clock", name: "clock" },
    PRESETS.map(([v, label]) => h("option", { value: v }, label)));
  const timeout = h("select", { id: "on-timeout", name: "on_timeout" },
    TIMEOUTS.map(([v, label]) => h("option", { value: v }, label)));
  return h("fieldset", { class: "clock-choice", id: "clock-choice" }, h("legend", {}, "Clock"),
    h("label", { for: "clock" }, "Time"), preset,
    h("label", { for: "on-timeout" }, "When a player's time runs out"), timeout);
}

export function readClock(field) {
  const chosen = PRESETS.find(([v]) => v === field.querySelector("#clock").value);
  if (!chosen || !chosen[2]) return undefined;
  return { ...chosen[2], on_timeout: field.querySelector("#on-timeout").value };
}
