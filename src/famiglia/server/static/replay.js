// A finished table's replay: the same drawn table as live play, after any move, as any seat saw
// it or with everything revealed; its narration up to that move. The address's #n=123 (and
// &seat=2) names what is shown, so a link leads back to it.
import { Log } from "./log.js";
import { api, clear, gameContent, h, seatColour } from "./ui.js";

const SPEEDS = [0.5, 1, 2, 4, 10]; // moves a second when playing

export function showReplay(app, id) {
  if (!document.querySelector('link[href="/static/replay.css"]')) {
    document.head.append(h("link", { rel: "stylesheet", href: "/static/replay.css" }));
  }
  const page = new ReplayPage(app, id);
  page.start();
  return page;
}

class ReplayPage {
  constructor(app, id) {
    this.app = app;
    this.id = id;
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
    this.strip = h("ul", { class: "seat-strip", "aria-label": "seats" });
    this.root = h("div", { class: "table-page replay-page" },
      h("div", { class: "table-head" }, this.title, this.status),
      h("div", { class: "replay-controls panel", role: "group", "aria-label": "replay controls" },
        h("div", { class: "replay-buttons" }, this.first, this.back, this.playButton, this.forward, this.last, this.speed),
        h("div", { class: "replay-jump" }, this.slider,
          h("label", { class: "replay-number" }, "move ", this.number, this.total)),
        h("div", { class: "replay-who" }, h("label", { for: "replay-seat" }, "View: "), this.seatSelect,
          " ", h("a", { href: `/tables/${id}`, class: "muted" }, "the table"),
          " · ", h("a", { href: `/api/tables/${id}/record`, download: `famiglia-${id}.json`, class: "muted" }, "record"))),
      this.moveText, this.strip, this.result,
      h("div", { class: "table-body" },
        h("div", { class: "replay-main" }, this.board, this.views),
        h("div", { class: "side" }, this.logSection)));
    app.append(this.root);
    this.log = new Log(this.logSection);
    this.first.addEventListener("click", () => this.go(0));
    this.back.addEventListener("click", () => this.go(this.n() - 1));
    this.forward.addEventListener("click", () => this.go(this.n() + 1));
    this.last.addEventListener("click", () => this.go(this.moves()));
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
      this.board.append(h("p", {}, h("a", { href: `/tables/${this.id}` }, "The table"), " · ",
        h("a", { href: "/" }, "the lobby")));
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

  async fetch(n, seat) {
    const asked = ++this.asked;
    const query = new URLSearchParams();
    if (n !== null && n !== undefined) query.set("n", n);
    if (seat !== null && seat !== undefined) query.set("seat", seat);
    const payload = await api("GET", `/api/tables/${this.id}/replay?${query}`);
    if (asked !== this.asked) return; // overtaken by a newer request
    await this.show(payload);
  }

  async show(payload) {
    const first = this.payload === null;
    this.payload = payload;
    if (first) await this.begin(payload);
    const seatValue = payload.everything ? "all" : payload.seat === null ? "spectator" : String(payload.seat);
    this.seatSelect.value = seatValue;
    this.slider.value = payload.n;
    this.number.value = payload.n;
    this.total.textContent = ` of ${payload.moves}`;
    this.back.disabled = this.first.disabled = payload.n === 0;
    this.forward.disabled = this.last.disabled = payload.n === payload.moves;
    this.status.textContent = statusText(payload);
    this.moveText.textContent = payload.move
      ? `Move ${payload.move.n}: seat ${payload.move.seat} (${payload.agents[payload.move.seat] || "player"}) played ${payload.move.text}`
      : "The start: no move played yet.";
    this.drawStrip();
    this.board.replaceChildren();
    this.drawView(this.board, payload, payload.view);
    this.drawViews();
    this.log.show(payload.events);
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
    document.title = `famiglia: replay of ${this.content.title}`;
    document.getElementById("where").textContent = "replay";
    this.title.textContent = `${this.content.title}: replay`;
    this.root.classList.add(`game-${payload.game}`);
    this.slider.max = payload.moves;
    this.number.max = payload.moves;
    this.seatSelect.append(h("option", { value: "all" }, "everything revealed"),
      h("option", { value: "spectator" }, "a spectator"),
      ...payload.agents.map((agent, k) => h("option", { value: String(k) }, `seat ${k} (${agent})`)));
  }

  // The game's own drawing of one view, as the table page draws it (no moves to pick).
  drawView(into, payload, view) {
    const shown = { ...payload, view, legal: [] };
    const ctx = {
      content: this.content,
      seat: payload.seat,
      legal: [],
      pick: () => {},
      kinds: () => [],
      colour: seatColour,
      seatName: (k) => (k === payload.seat ? `seat ${k} (this view)` : `seat ${k}`),
    };
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
        h("summary", { style: `color:${seatColour(k)}` }, `Seat ${k} (${p.agents[k]})`), body);
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
    clear(this.strip);
    p.agents.forEach((agent, k) => {
      const acting = p.to_act.includes(k);
      this.strip.append(h("li", {
        class: ["seat-chip", acting ? "acting" : "", k === p.seat ? "me" : ""].join(" "),
        style: `--seat:${seatColour(k)}`, dataset: { seat: k },
      }, h("b", {}, `Seat ${k}`), " ", h("span", { class: "muted" }, [agent, acting ? "to play" : null].filter(Boolean).join(", "))));
    });
  }

  drawResult() {
    const p = this.payload;
    clear(this.result).hidden = !(p.over && p.result);
    if (this.result.hidden) return;
    const r = p.result;
    const order = [...r.scores.keys()].sort((a, b) => r.ranking[a] - r.ranking[b]);
    const said = this.game?.resultNote?.(p);
    const won = said || (r.winners.length ? `Won by ${r.winners.map((k) => `seat ${k}`).join(" and ")}.` : "Nobody won.");
    this.result.append(h("h2", {}, "Game over"), h("p", { class: "outcome" }, won),
      r.how ? h("p", { class: "how muted" }, r.how) : null,
      h("p", {}, order.map((k) => h("span", { class: "replay-rank", style: `color:${seatColour(k)}` },
        `${r.ranking[k]}. seat ${k}: ${r.scores[k]}`))));
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

function statusText(p) {
  const where = `Move ${p.n} of ${p.moves}.`;
  if (p.over) return `${where} The game is over.`;
  const names = p.to_act.map((k) => `seat ${k}`).join(", ");
  return `${where} ${p.to_act.length > 1 ? "Waiting for" : "To play:"} ${names}.`;
}
