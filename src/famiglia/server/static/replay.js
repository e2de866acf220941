// A finished table's replay: the same drawn table as live play, after any move, as any seat saw
// it or with everything revealed; its narration up to that move; the players by their names as
// at the table. The address's #n=123 (and &seat=2) names what is shown, so a link leads back to
// it. A record file uploaded (POST /api/replays) is shown the same way at /replays/{id}.
import { endScreen } from "./ending.js";
import { Log } from "./log.js";
import { explain } from "./popover.js";
import { Seats } from "./seats.js";
import { api, append, clear, gameContent, h, seatColour } from "./ui.js";

const SPEEDS = [0.5, 1, 2, 4, 10]; // moves a second when playing

// `uploaded`: the id is an uploaded record's (GET /api/replays/{id}), not a table's.
export function showReplay(app, id, uploaded = false) {
  styles();
  const page = new ReplayPage(app, id, uploaded);
  page.start();
  return page;
}

function styles() {
  if (!document.querySelector('link[href="/static/replay.css"]')) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/replay.css" }));
  }
}

class ReplayPage {
  constructor(app, id, uploaded) {
    this.app = app;
    this.id = id;
    this.uploaded = uploaded;
    this.source = uploaded ? `/api/replays/${id}` : `/api/tables/${id}/replay`;
    this.payload = null;
    this.asked = 0; // requests sent: only the newest one's answer is drawn
    this.timer = null;
    this.openViews = new Set(); // seats whose view is unfolded (everything revealed)
    clear(app);
    this.title = h("h1", {}, "Replay");
    this.status = h("p", { id: "turn", class: "turn", "aria-live": "polite" }, "loading…");
    this.first = h("button", { type: "button", id: "replay-first", title: "the start (Home)", "aria-label": "the start" }, "|◀");
    this.back = h("button", { type: "button", id: "replay-back", title: "one move back (←)", "aria-label": "one move back" }, "◀");
    this.playButton = h("button", { type: "button", id: "replay-play", class: "primary", title: "play (space)" }, "Play");
    this.forward = h("button", { type: "button", id: "replay-forward", title: "one move on (→)", "aria-label": "one move on" }, "▶");
    this.last = h("button", { type: "button", id: "replay-last", title: "the end (End)", "aria-label": "the end" }, "▶|");
    // A seat's turn: its moves in a row (the server says where each begins).
    this.turnBack = h("button", { type: "button", id: "replay-turn-back", title: "the turn before (Page Up)", "aria-label": "the turn before" }, "« turn");
    this.turnOn = h("button", { type: "button", id: "replay-turn-on", title: "the next turn (Page Down)", "aria-label": "the next turn" }, "turn »");
    this.turnText = h("span", { id: "replay-turn", class: "muted" });
    this.turns = [];
    this.speed = h("select", { id: "replay-speed", "aria-label": "speed" },
      SPEEDS.map((s) => h("option", { value: s, selected: s === 2 }, `${s} moves/s`)));
    this.slider = h("input", { type: "range", id: "replay-slider", min: 0, max: 0, value: 0, "aria-label": "move" });
    this.number = h("input", { type: "number", id: "replay-n", min: 0, max: 0, value: 0, "aria-label": "move number", inputmode: "numeric" });
    this.total = h("span", { class: "replay-total muted" });
    this.seatSelect = h("select", { id: "replay-seat", "aria-label": "whose view" });
    this.moveText = h("p", { id: "replay-move", class: "replay-move" });
    this.board = h("section", { id: "board", class: "board", "aria-label": "the table" });
    this.views = h("section", { id: "replay-views", class: "replay-views", hidden: true });
    this.result = h("section", { id: "result", class: "result panel", hidden: true });
    this.logSection = h("section", { id: "log", class: "log panel" });
    this.strip = h("ul", { class: "seat-strip", "aria-label": "players" });
    this.seatsView = new Seats(this.strip); // names as the live table gives them
    this.seatsView.replay = true;
    this.ownBody = h("div", { class: "own-body" });
    this.own = h("details", { id: "own", class: "own panel", open: true, hidden: true },
      h("summary", {}, h("h2", {}, "This seat's position")), this.ownBody);
    this.root = h("div", { class: "table-page replay-page" },
      h("div", { class: "table-head" }, this.title, this.status),
      h("div", { class: "replay-controls panel", role: "group", "aria-label": "replay controls" },
        h("div", { class: "replay-buttons" }, this.first, this.turnBack, this.back, this.playButton, this.forward, this.turnOn, this.last, this.speed, this.turnText),
        h("div", { class: "replay-jump" }, this.slider,
          h("label", { class: "replay-number" }, "move ", this.number, this.total)),
        h("div", { class: "replay-who" }, h("label", { for: "replay-seat" }, "View: "), this.seatSelect,
          uploaded ? [" ", h("a", { href: "/replays", class: "muted" }, "another record file")]
            : [" ", h("a", { href: `/tables/${id}`, class: "muted" }, "the table"),
              " · ", h("a", { href: `/api/tables/${id}/record`, download: `famiglia-${id}.json`, class: "muted" }, "record"),
              " · ", h("a", { href: "/replays", class: "muted" }, "open a record file")])),
      this.moveText, this.strip, this.result,
      h("div", { class: "table-body" },
        h("div", { class: "replay-main" }, this.board, this.own, this.views),
        h("div", { class: "side" }, this.logSection)));
    app.append(this.root);
    this.log = new Log(this.logSection);
    this.first.addEventListener("click", () => this.go(0));
    this.back.addEventListener("click", () => this.go(this.n() - 1));
    this.forward.addEventListener("click", () => this.go(this.n() + 1));
    this.last.addEventListener("click", () => this.go(this.moves()));
    this.turnBack.addEventListener("click", () => this.go(this.turnBefore()));
    this.turnOn.addEventListener("click", () => this.go(this.turnAfter()));
    this.playButton.addEventListener("click", () => this.toggle());
    this.speed.addEventListener("change", () => { if (this.timer) { this.pause(); this.play(); } });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value), { keepPlaying: false, soon: true }));
    this.number.addEventListener("change", () => this.go(Number(this.number.value)));
    this.seatSelect.addEventListener("change", () => this.go(this.n(), { keepPlaying: true }));
    document.addEventListener("keydown", (event) => this.key(event));
    window.addEventListener("hashchange", () => {
      const wanted = fromHash(); // a link followed in this tab: what it names (no seat: all)
      const seat = [...this.seatSelect.options].some((o) => o.value === wanted.seat) ? wanted.seat : "all";
      const n = wanted.n ?? this.moves();
      if (seat !== this.seatSelect.value || n !== this.n()) {
        this.seatSelect.value = seat;
        this.go(n);
      }
    });
  }

  // The move shown, or the one last asked for (keys pressed quickly each count).
  n() { return this.target ?? (this.payload ? this.payload.n : 0); }
  moves() { return this.payload ? this.payload.moves : 0; }

  async start() {
    const wanted = fromHash();
    try {
      try {
        await this.fetch(wanted.n, wanted.seat ?? "all");
      } catch (error) { // a link to a move or seat the game has not: its end, everything shown
        if (error.status !== 400 || (wanted.n === null && wanted.seat === null)) throw error;
        await this.fetch(null, "all");
      }
    } catch (error) {
      this.status.textContent = error.message;
      this.status.setAttribute("role", "alert");
      this.root.dataset.error = error.status || "network";
      this.root.querySelector(".replay-controls").hidden = true;
      this.board.append(h("p", {}, this.uploaded ? h("a", { href: "/replays" }, "Open a record file")
        : h("a", { href: `/tables/${this.id}` }, "The table"), " · ", h("a", { href: "/" }, "the lobby")));
    }
  }

  async go(n, { keepPlaying = false, soon = false } = {}) {
    if (!this.payload) return;
    if (!keepPlaying && this.timer) this.pause();
    const target = Math.max(0, Math.min(this.moves(), Math.round(Number.isFinite(n) ? n : 0)));
    if (soon) { // a slider dragged: ask once it rests a moment, not for every position passed
      clearTimeout(this.soon);
      this.slider.value = target;
      this.number.value = target;
      this.soon = setTimeout(() => this.go(target), 120);
      return;
    }
    this.target = target;
    try {
      await this.fetch(target, this.seatSelect.value);
    } catch (error) {
      this.status.textContent = `Not shown: ${error.message}`;
    } finally {
      if (this.target === target) this.target = null;
    }
  }

  // The move count where the turn before (after) the one shown begins; 0 (the end) past them.
  turnBefore() { return this.turns.filter((t) => t < this.n()).at(-1) ?? 0; }
  turnAfter() { return this.turns.find((t) => t > this.n()) ?? this.moves(); }

  async fetch(n, seat) {
    const asked = ++this.asked;
    const query = new URLSearchParams();
    if (n !== null && n !== undefined) query.set("n", n);
    if (seat !== null && seat !== undefined) query.set("seat", seat);
    if (this.payload === null) query.set("turns", "1"); // once: where each turn begins
    const payload = await api("GET", `${this.source}?${query}`);
    if (asked !== this.asked) return; // overtaken by a newer request
    await this.show(payload);
  }

  async show(payload) {
    const first = this.payload === null;
    if (payload.turns) this.turns = payload.turns;
    this.payload = payload;
    if (first) await this.begin(payload);
    const seatValue = payload.everything ? "all" : payload.seat === null ? "spectator" : String(payload.seat);
    this.seatSelect.value = seatValue;
    this.slider.value = payload.n;
    this.number.value = payload.n;
    this.total.textContent = ` of ${payload.moves}`;
    this.back.disabled = this.first.disabled = payload.n === 0;
    this.forward.disabled = this.last.disabled = this.turnOn.disabled = payload.n === payload.moves;
    this.turnBack.disabled = payload.n === 0;
    const turn = this.turns.filter((t) => t <= payload.n).length;
    this.turnText.textContent = this.turns.length ? `turn ${turn} of ${this.turns.length}` : "";
    // Everyone by name, as at the table, the view's own seat included (no "you" here).
    this.seatsView.setPayload({ ...payload, seat: null }, true);
    this.status.textContent = this.statusText(payload);
    clear(this.moveText).append(...(payload.move
      ? [`Move ${payload.move.n}: `, this.seatsView.tag(payload.move.seat), ` played ${payload.move.text}`]
      : ["The start: no move played yet."]));
    this.drawStrip();
    this.board.replaceChildren();
    this.drawView(this.board, payload, payload.view);
    this.drawOwn();
    this.drawViews();
    this.log.show(this.logLines(payload), 0, (k) => this.seatsView.tag(k), (payload.names || []).join("\u0000"));
    this.drawResult();
    const hash = `#n=${payload.n}${seatValue === "all" ? "" : `&seat=${seatValue}`}`;
    if (location.hash !== hash) history.replaceState(null, "", hash);
    window.famigliaReplay = payload; // what this page drew (the browser tests read it)
    this.root.dataset.n = payload.n;
    this.root.dataset.seat = seatValue;
    this.root.dataset.over = payload.over;
  }

  async begin(payload) {
    this.content = await gameContent(payload.game);
    try {
      this.game = await import(`./games/${payload.game}.js`);
    } catch {
      this.game = null;
    }
    if (!document.querySelector(`link[data-game="${payload.game}"]`)) { // the game's page.css, as live
      document.head.append(h("link", { rel: "stylesheet", href: `/static/games/${payload.game}.css`, dataset: { game: payload.game } }));
    }
    document.title = `famiglia: replay of ${this.content.title}`;
    document.getElementById("where").textContent = "replay";
    this.title.textContent = `${this.content.title}: replay`;
    this.root.classList.add(`game-${payload.game}`);
    this.slider.max = payload.moves;
    this.number.max = payload.moves;
    this.seatSelect.append(h("option", { value: "all" }, "everything revealed"),
      h("option", { value: "spectator" }, "a spectator"),
      ...payload.agents.map((agent, k) => h("option", { value: String(k) }, this.seatLabel(payload, k))));
  }

  // "Anna (seat 0)"; a seat with no name by its agent.
  seatLabel(p, k) {
    const name = p.names?.[k];
    return name ? `${name} (seat ${k})` : `seat ${k} (${p.agents[k]})`;
  }

  context(payload, seat) {
    return {
      content: this.content,
      seat,
      legal: [],
      pick: () => {},
      kinds: () => [],
      colour: seatColour,
      seatName: (k) => (k === seat ? `${this.seatsView.name(k)} (this view)` : this.seatsView.name(k)),
      name: (k) => this.seatsView.name(k),
      before: null,
      explain,
    };
  }

  // The narration as the game words it for the page (as the table page does).
  logLines(payload) {
    const word = this.game?.logLine;
    if (!word) return payload.events;
    const ctx = this.context(payload, payload.seat);
    return payload.events.map((text) => {
      try {
        return word(text, payload, ctx);
      } catch (error) {
        console.error(error);
        return text;
      }
    });
  }

  statusText(p) {
    const where = `Move ${p.n} of ${p.moves}.`;
    if (p.over) return `${where} The game is over.`;
    const names = p.to_act.map((k) => this.seatsView.name(k)).join(", ");
    return `${where} ${p.to_act.length > 1 ? "Waiting for" : "To play:"} ${names}.`;
  }

  // The game's own drawing of one view, as the table page draws it (no moves to pick).
  drawView(into, payload, view) {
    const shown = { ...payload, view, legal: [] };
    const ctx = this.context(shown, payload.seat);
    if (!this.game) {
      into.append(h("pre", { class: "raw" }, JSON.stringify(view, null, 1)));
      return;
    }
    try {
      this.game.draw(into, shown, ctx);
    } catch (error) {
      console.error(error);
      into.append(h("p", { class: "error" }, `This table could not be drawn: ${error.message}`),
        h("pre", { class: "raw" }, JSON.stringify(view, null, 1)));
    }
  }

  // Everything revealed: each seat's own view, unfolded on demand (drawn only when open).
  drawViews() {
    const p = this.payload;
    clear(this.views).hidden = !p.everything;
    if (!p.everything) return;
    this.views.append(h("h2", {}, "What each seat saw"));
    p.views.forEach((view, k) => {
      const body = h("div", { class: "board replay-seat-board" });
      const details = h("details", { class: "replay-seat-view", dataset: { seat: k }, open: this.openViews.has(k) },
        h("summary", { style: `color:${seatColour(k)}` }, `What ${this.seatLabel(p, k)} saw`), body);
      const fill = () => {
        if (!details.open || body.firstChild) return;
        this.drawView(body, { ...p, seat: k }, view);
      };
      details.addEventListener("toggle", () => {
        if (details.open) this.openViews.add(k); else this.openViews.delete(k);
        fill();
      });
      fill();
      this.views.append(details);
    });
  }

  drawStrip() {
    const p = this.payload;
    let scores = null;
    try {
      scores = this.game?.scores?.(p, this.context(p, p.seat)) || null;
    } catch (error) {
      console.error(error);
    }
    const secret = this.game?.secretChoice ? this.game.secretChoice(p.view) : p.to_act.length > 1;
    this.seatsView.draw({ ...p, seat: null }, secret, scores);
    this.strip.querySelector(`.seat-chip[data-seat="${p.seat}"]`)?.classList.add("me");
  }

  // The seat's own position (its hand), drawn by the game as at the table.
  drawOwn() {
    const p = this.payload;
    clear(this.ownBody);
    this.own.hidden = !(typeof this.game?.own === "function" && p.seat !== null);
    if (this.own.hidden) return;
    try {
      this.game.own(this.ownBody, p, this.context(p, p.seat));
    } catch (error) {
      console.error(error);
    }
    if (!this.ownBody.childNodes.length) this.own.hidden = true;
  }

  // The end screen of the live table, by name.
  drawResult() {
    const p = this.payload;
    clear(this.result).hidden = !(p.over && p.result);
    if (this.result.hidden) return;
    append(this.result, [h("h2", {}, "Game over"), endScreen(p, this.game, this.context(p, p.seat), this.seatsView)]);
  }

  toggle() {
    if (this.timer) this.pause(); else this.play();
  }

  play() {
    if (!this.payload) return;
    if (this.n() >= this.moves()) this.go(0, { keepPlaying: true });
    const every = 1000 / Number(this.speed.value);
    this.playButton.textContent = "Pause";
    this.playButton.setAttribute("aria-pressed", "true");
    this.timer = setInterval(() => {
      if (this.n() >= this.moves()) { this.pause(); return; }
      this.go(this.n() + 1, { keepPlaying: true });
    }, every);
  }

  pause() {
    clearInterval(this.timer);
    if (this.timer) this.asked++; // a step already asked for would land after the pause: drop it
    this.timer = null;
    this.playButton.textContent = "Play";
    this.playButton.setAttribute("aria-pressed", "false");
  }

  key(event) {
    const target = event.target;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (target instanceof HTMLElement && target.matches("input, select, textarea")) return;
    const keys = {
      ArrowLeft: () => this.go(this.n() - 1),
      ArrowRight: () => this.go(this.n() + 1),
      Home: () => this.go(0),
      End: () => this.go(this.moves()),
      PageUp: () => this.go(this.turnBefore()),
      PageDown: () => this.go(this.turnAfter()),
    };
    if (keys[event.key]) {
      event.preventDefault();
      keys[event.key]();
    } else if (event.key === " " && !(target instanceof HTMLElement && target.matches("button, a, summary"))) {
      event.preventDefault();
      this.toggle();
    }
  }
}

function fromHash() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const n = hash.get("n");
  return {
    n: n !== null && /^\d+$/.test(n) ? Number(n) : null,
    seat: hash.get("seat"),
  };
}

// ----- a record file opened in the viewer (POST /api/replays) ------------------------------
// A file of `famiglia simulate --out` holds one game a line; a table's record is one object.
export function showUpload(app) {
  styles();
  clear(app);
  document.getElementById("where").textContent = "replay a record";
  document.title = "famiglia: open a record file";
  const file = h("input", { type: "file", id: "record-file", accept: ".json,.jsonl,application/json" });
  const game = h("select", { id: "record-game", "aria-label": "which game of the file", hidden: true });
  const open = h("button", { type: "button", class: "primary", id: "record-open", disabled: true }, "Replay it");
  const said = h("p", { id: "record-said", role: "alert" });
  let games = [];
  file.addEventListener("change", async () => {
    clear(said);
    games = splitRecords(await file.files[0].text());
    clear(game).append(...games.map((g, i) => h("option", { value: i }, g.label)));
    game.hidden = games.length < 2;
    open.disabled = !games.length;
    if (!games.length) said.textContent = "This file holds no record.";
  });
  open.addEventListener("click", async () => {
    const chosen = games[Number(game.value) || 0];
    open.disabled = true;
    said.textContent = "Checking the record…";
    try {
      const response = await fetch("/api/replays", { method: "POST", headers: { "content-type": "application/json" }, body: chosen.text });
      const data = await response.json().catch(() => null);
      if (!response.ok) throw new Error(data?.error || `the server answered ${response.status}`);
      location.href = `/replays/${data.id}`;
    } catch (error) {
      said.textContent = `Not opened: ${error.message}`;
      open.disabled = false;
    }
  });
  app.append(h("div", { class: "panel replay-upload" },
    h("h1", {}, "Replay a record file"),
    h("p", {}, "A game recorded by ", h("code", {}, "famiglia simulate --out FILE"),
      " (one game a line) or a finished table's record opens here move by move, for about an hour; ",
      "nothing else of the file is kept."),
    h("p", {}, h("label", { for: "record-file" }, "Record file: "), file, " ", game, " ", open),
    said, h("p", {}, h("a", { href: "/" }, "The lobby"))));
}

// The records of a file: the whole text as one JSON record, else one a line (each line's own
// text is sent, so that the server names what is wrong with a broken one).
function splitRecords(text) {
  const label = (record, i) => {
    const moves = Array.isArray(record?.moves) ? `${record.moves.length} moves` : "unreadable";
    return `game ${i + 1}: ${record?.game ?? "?"} (${moves})`;
  };
  try {
    return [{ text, label: label(JSON.parse(text), 0) }];
  } catch {
    return text.split("\n").filter((line) => line.trim()).map((line, i) => {
      let record = null;
      try { record = JSON.parse(line); } catch { /* the server says what is wrong */ }
      return { text: line, label: label(record, i) };
    });
  }
}
