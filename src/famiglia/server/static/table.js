// A table's page: the seats with their names and scores, the game's own drawing (games/NAME.js)
// in a zoom frame, the action bar (whose turn, the prompt, the moves) pinned beside it or at the
// bottom of a phone, the reader's own position, the log, the chat and the end screen; for a seat
// (its token kept in this browser) or for a spectator.
import { Alerts } from "./alerts.js";
import { Chat } from "./chat.js";
import { Clocks } from "./clocks.js";
import { Connection } from "./connection.js";
import { endScreen, Rematch } from "./ending.js";
import { drawInvites } from "./invites.js";
import { Log } from "./log.js";
import { playerHeaders } from "./me.js";
import { Moves, sameAction } from "./moves.js";
import { explain } from "./popover.js";
import { Seats } from "./seats.js";
import { api, append, clear, gameContent, h, remember, seatColour } from "./ui.js";
import { Zoom } from "./zoom.js";

const WIDE = matchMedia("(min-width: 901px)"); // the action bar beside the board, not below

export async function showTable(app, id) {
  const watching = new URLSearchParams(location.search).has("watch");
  const hash = new URLSearchParams(location.hash.slice(1));
  // An invite link: its one-time code is exchanged for the seat's own token, which only this
  // browser keeps; the code leaves the address bar at once. (Links made before claim codes
  // carried "#token=": the server takes those as claim codes too.)
  const code = hash.get("claim") || hash.get("token");
  if (code) {
    history.replaceState(null, "", location.pathname);
    try {
      await claimSeat(id, code);
    } catch (error) {
      // A link used before by this very browser (a reload, a second click) leads to its seat.
      if (!watching && remember.seat(id)?.token) return showTable(app, id);
      clear(app).append(h("div", { class: "panel" },
        h("h1", {}, "This invite link does not open a seat"),
        h("p", { id: "turn", role: "alert" }, error.message),
        h("p", {}, h("a", { href: `/tables/${id}?watch` }, "Watch the table"), " or ",
          h("a", { href: "/" }, "go back to the lobby"), ".")));
      return;
    }
  }
  const token = watching ? null : remember.seat(id)?.token || null;
  const page = new TablePage(app, id, token);
  page.connect();
}

// Exchanges a claim code for the seat's token, kept in this browser (one seat a table: a new
// seat's token replaces the one kept before, as the link asked).
async function claimSeat(id, code) {
  const name = remember.name();
  let got;
  try {
    got = await claimWithWebhook(id, name ? { claim: code, name } : { claim: code });
  } catch (error) {
    // This browser's name is taken at that table (or no longer allowed): the seat all the same.
    if (!name || ![409, 422].includes(error.status) || !/name/.test(error.message)) throw error;
    got = await api("POST", `/api/tables/${id}/claim`, { claim: code }, undefined, playerHeaders());
  }
  remember.setSeat(id, { token: got.token, seat: got.seat });
  return got;
}

// The claim with this browser's webhook (lobby.js), if it gave one; a webhook the server refuses
// (it says why) leaves the seat taken without one: the code was not spent.
async function claimWithWebhook(id, body) {
  const webhook = remember.webhook();
  if (webhook) {
    try {
      return await api("POST", `/api/tables/${id}/claim`, { ...body, webhook }, undefined, playerHeaders());
    } catch (error) {
      if (error.code !== "webhook_refused") throw error;
    }
  }
  return api("POST", `/api/tables/${id}/claim`, body, undefined, playerHeaders());
}

class TablePage {
  constructor(app, id, token) {
    this.app = app;
    this.id = id;
    this.token = token;
    this.payload = null;
    this.seats = [];
    this.pending = null; // {action, n}: a move sent and not yet seen played
    this.sentAt = null;  // n when this seat last sent a move: the next payload is "after my move"
    this.mine = null;    // {view, events}: the table just after this seat's last move
    this.created = remember.created(id);
    clear(app);
    this.status = h("p", { id: "turn", class: "turn", "aria-live": "polite" }, "connecting…");
    this.conn = h("span", { id: "connection", class: "connection" });
    this.strip = h("ul", { class: "seat-strip", "aria-label": "players" });
    this.seatsView = new Seats(this.strip);
    this.clocks = new Clocks(id, token); // every seat's clock, at a table with one
    this.board = h("section", { id: "board", class: "board", "aria-label": "the table" });
    this.zoom = new Zoom(this.board, null);
    this.movesSection = h("section", { id: "moves", class: "moves", "aria-labelledby": "moves-title" });
    this.notice = h("div", { id: "notice", class: "notice", role: "alert" });
    // The coach (GET .../hint): at a practice table, the hard bot's move and two others.
    this.hintButton = h("button", { type: "button", id: "hint", class: "link", hidden: true,
      onclick: () => this.askHint() }, "Hint");
    this.hintBox = h("div", { id: "hints", class: "hints", "aria-live": "polite" });
    this.bar = h("section", { id: "bar", class: "bar", "aria-label": "your turn and moves" },
      this.status, this.notice, this.hintButton, this.hintBox, this.movesSection);
    this.ownBody = h("div", { class: "own-body" });
    // Folded or unfolded by the player (a click on its summary, or Enter/Space there): on a wide
    // screen remembered by this browser; on a phone for this page only (see fitOwn).
    this.ownChosen = null;
    this.own = h("details", { id: "own", class: "own panel", open: !remember.pref("own-closed"), hidden: true },
      h("summary", { onclick: () => this.ownToggled() }, h("h2", {}, "Your position")), this.ownBody);
    this.result = h("section", { id: "result", class: "result panel", hidden: true, "aria-labelledby": "result-title" });
    this.logSection = h("section", { id: "log", class: "log panel" });
    this.chatSection = h("section", { id: "chat", class: "chat panel", "aria-labelledby": "chat-title" });
    this.invites = h("section", { id: "invites", class: "invites panel", hidden: true });
    this.title = h("h1", {}, "Table");
    this.alerts = new Alerts();
    this.dock = h("aside", { class: "dock", "aria-label": "your turn" }, this.bar, this.own);
    this.more = h("div", { class: "more" }, this.chatSection, this.invites);
    app.append(h("div", { class: "table-page" },
      h("div", { class: "table-head" }, this.title, this.conn, this.alerts.el),
      this.strip, this.clocks.el, this.result,
      h("div", { class: "table-body" },
        h("div", { class: "board-col" }, this.zoom.el, this.more),
        this.dock)));
    this.moves = new Moves(this.movesSection, (entry) => this.send(entry),
      (k) => (k === this.seatsView.seat ? null : this.seatsView.name(k)));
    this.log = new Log(this.logSection);
    this.placeLog();
    WIDE.addEventListener("change", () => { this.placeLog(); this.fitOwn(); });
    // On a phone the bar is fixed at the bottom: the page keeps room for it below the rest.
    new ResizeObserver(() => {
      this.app.querySelector(".table-page")?.style.setProperty("--dock-h", `${this.dock.offsetHeight}px`);
    }).observe(this.dock);
    // A resized window or a turned phone: the board is drawn again for its frame's new width
    // (a game may size its drawing to it, as Cash 'n Guns' ring does).
    this.drawnWidth = 0;
    new ResizeObserver(() => {
      clearTimeout(this.resizing);
      this.resizing = setTimeout(() => this.resized(), 120);
    }).observe(this.zoom.view);
    this.timer = setInterval(() => this.tick(), 1000);
  }

  resized() {
    const width = this.zoom.view.clientWidth;
    if (!this.payload || !width || Math.abs(width - this.drawnWidth) < 16) return;
    this.drawBoard();
    this.fitOwn();
  }

  // Beside the board the log stays in sight under the bar; on a phone it goes below the board.
  placeLog() {
    if (WIDE.matches) this.dock.append(this.logSection);
    else this.more.prepend(this.logSection);
  }

  // The summary was clicked: the panel is about to change to the other state.
  ownToggled() {
    const open = !this.own.open;
    if (WIDE.matches) remember.setPref("own-closed", !open);
    else this.ownChosen = open;
  }

  // On a phone the dock (action bar and own panel) sits over the board: the own panel starts
  // folded when, unfolded, it would make the dock taller than about 35% of the screen, so that
  // the prompt, the moves and most of the board stay in sight. A player who unfolds or folds it
  // keeps it so on this page. A wide screen shows it as this browser last left it.
  fitOwn() {
    if (this.own.hidden) return;
    if (WIDE.matches) {
      this.own.open = !remember.pref("own-closed");
      return;
    }
    if (this.ownChosen !== null) {
      this.own.open = this.ownChosen;
      return;
    }
    this.own.open = true;
    const tall = this.bar.offsetHeight + this.own.offsetHeight;
    this.own.open = tall <= 0.35 * innerHeight;
  }

  connect() {
    this.connection = new Connection(this.id, this.token, {
      onFrame: (frame) => this.frame(frame),
      onStatus: (state, text) => {
        this.conn.textContent = state === "open" ? "" : text;
        this.conn.className = `connection ${state}`;
        if (state === "refused") this.refused(text);
        if (state === "lost") this.moves.release();
        if (state === "open") this.notice.querySelector(".offline")?.remove(); // back: said
      },
    });
  }

  refused(reason) {
    if (this.token && /token/.test(reason)) {
      this.status.textContent = "This seat is no longer yours: its invite link was used by someone "
        + "else, or the table's creator gave the seat to a bot or a new link. Ask the creator for "
        + "a new link, or watch.";
      this.board.append(h("p", {}, h("a", { href: `/tables/${this.id}?watch` }, "Watch the table"), " or ",
        h("a", { href: "/" }, "go back to the lobby"), "."));
    } else {
      this.status.textContent = reason;
    }
  }

  // Frames are handled one after another: the first payload waits for the game's module.
  frame(frame) {
    this.queue = (this.queue || Promise.resolve()).then(() => this.handle(frame)).catch(console.error);
  }

  handle(frame) {
    if ("view" in frame) return this.showPayload(frame);
    if ("seats" in frame) {
      this.seats = frame.seats;
      this.seatsView.setInfo(frame.seats);
      this.clocks.setSeats(frame.seats);
      if (!this.payload) return;
      this.chat?.setPlayers(frame.seats.length);
      this.showWhere(this.payload);
      drawInvites(this);
      this.drawStrip();
      this.drawTurn();
      return;
    }
    if ("chat" in frame) return this.chat?.add(frame.chat, frame);
    if ("rematch" in frame) return this.rematchStarted(frame.rematch);
    if ("error" in frame) return this.refusal(frame);
  }

  async showPayload(payload) {
    const first = this.payload === null;
    if (this.payload && payload.n < this.payload.n) return; // an older payload, overtaken
    const previous = this.payload;
    this.payload = payload;
    if (first) await this.start(payload);
    const remembered = remember.seat(this.id);
    if (remembered && payload.seat !== null && remembered.seat !== payload.seat) {
      remember.setSeat(this.id, { ...remembered, seat: payload.seat });
    }
    // What changed: since this seat's last move (a spectator, or before any: the last frame).
    if (this.sentAt !== null && payload.n > this.sentAt) {
      this.mine = { view: payload.view, events: payload.events.length };
      this.sentAt = null;
    }
    const since = payload.seat !== null && this.mine ? this.mine : previous
      ? { view: previous.view, events: previous.events.length } : null;
    this.before = previous && since ? since.view : null;
    this.seatsView.setPayload(payload, !previous || previous.n !== payload.n);
    this.clocks.setPayload(payload, this.seatsView);
    this.showWhere(payload);
    this.drawBoard();
    this.drawStrip();
    this.drawTurn();
    const mine = payload.seat !== null && payload.legal.length > 0;
    this.alerts.turn(mine, this.content.title); // the tab's title says so, and a sound if ticked
    this.bar.classList.toggle("mine", mine);
    this.showHintButton(mine, payload);
    this.moves.show(payload, movesHeading(payload), (kind) => this.game?.MOVE_GROUPS?.[kind]);
    this.fitOwn();
    const names = (payload.names || []).join("\u0000");
    this.log.show(this.logLines(payload), previous && since ? since.events : 0, (k) => this.seatsView.tag(k), names);
    if (names !== this.namesSeen) {
      this.namesSeen = names;
      this.chat?.setPlayers(this.seatsView.count(payload));
    }
    if (this.pending) this.retryStale();
    this.drawResult();
    this.rememberPlayed();
    const root = this.app.querySelector(".table-page");
    root.dataset.n = payload.n; // what this page shows: the move count, and whether it is over
    root.dataset.over = payload.over;
  }

  async start(payload) {
    this.content = await gameContent(payload.game);
    try {
      this.game = await import(`./games/${payload.game}.js`);
    } catch {
      this.game = null;
    }
    // The game's own styles (its page.css), once.
    if (!document.querySelector(`link[data-game="${payload.game}"]`)) {
      document.head.append(h("link", { rel: "stylesheet", href: `/static/games/${payload.game}.css`, dataset: { game: payload.game } }));
    }
    document.title = `famiglia: ${this.content.title}`;
    this.title.textContent = this.content.title;
    this.zoom.setGame(payload.game);
    this.app.querySelector(".table-page").classList.add(`game-${payload.game}`);
    this.chat = new Chat(this.chatSection, {
      seat: payload.seat,
      names: this.seatsView,
      send: (frame) => this.connection.send(frame),
    });
    drawInvites(this);
  }

  // The header says who reads the table: the player by name (the seat's colour beside) and
  // "you", or that this is a spectator.
  showWhere(p) {
    const where = document.getElementById("where");
    if (p.seat === null) {
      where.textContent = "watching";
      return;
    }
    const name = this.seatsView.names[p.seat];
    clear(where).append(h("span", { class: "who", style: `--seat:${seatColour(p.seat)}` },
      h("span", { class: "swatch", "aria-hidden": "true" }), name ? `${name} (you)` : "you"));
  }

  // A practice table (every other seat a bot): the player may ask the coach.
  showHintButton(mine, payload) {
    const count = this.seatsView.count(payload);
    let people = 0;
    for (let k = 0; k < count; k++) if (!this.seatsView.isBot(k)) people++;
    this.hintButton.hidden = !(mine && this.token && people <= 1 && !payload.over);
    if (this.hintFor !== payload.n) clear(this.hintBox);
  }

  async askHint() {
    const n = this.payload.n;
    this.hintButton.disabled = true;
    clear(this.hintBox).append(h("p", { class: "muted" }, "The coach is thinking…"));
    try {
      const got = await api("GET", `/api/tables/${this.id}/hint`, undefined, this.token);
      if (this.payload.n !== n) return;
      this.hintFor = n;
      clear(this.hintBox).append(h("ol", { class: "hint-list" }, got.hints.map((x, i) =>
        h("li", {}, i === 0 ? h("b", {}, this.moves.say(x)) : this.moves.say(x), ` (about ${Math.round(100 * x.chance)}% to win)`))));
    } catch (error) {
      clear(this.hintBox).append(h("p", {}, `No hint: ${error.message}`));
    } finally {
      this.hintButton.disabled = false;
    }
  }

  // The narration as the game words it for the page (Scarface names a gang with its player),
  // each line as the server sent it when the game has no say or cannot read it.
  logLines(payload) {
    const word = this.game?.logLine;
    if (!word) return payload.events;
    const ctx = this.context();
    return payload.events.map((text) => {
      try {
        return word(text, payload, ctx);
      } catch (error) {
        console.error(error);
        return text;
      }
    });
  }

  context() {
    const p = this.payload;
    return {
      content: this.content,
      seat: p.seat,
      legal: p.legal,
      pick: (el, entries, label) => this.moves.pick(el, entries, label),
      kinds: (...kinds) => p.legal.filter((e) => kinds.includes(e.action.kind)),
      colour: seatColour,
      seatName: (k) => (k === p.seat ? `you (seat ${k})` : `seat ${k}`),
      name: (k) => this.seatsView.name(k),
      before: this.before || null,
      explain,
    };
  }

  secret() {
    const p = this.payload;
    return this.game && this.game.secretChoice ? this.game.secretChoice(p.view) : p.to_act.length > 1;
  }

  drawStrip() {
    const p = this.payload;
    if (!p) return;
    let scores = null;
    try {
      scores = this.game?.scores?.(p, this.context()) || null;
    } catch (error) {
      console.error(error);
    }
    this.seatsView.draw(p, this.secret(), scores);
  }

  // Whose turn; a bot's thinking counted every second (in a part a screen reader skips).
  drawTurn() {
    const p = this.payload;
    if (!p) return;
    const [text, secs] = this.seatsView.turnText(p, this.secret());
    clear(this.status).append(text);
    this.secs = secs === null ? null : h("span", { class: "secs", "aria-hidden": "true" }, ` ${secs} s`);
    if (this.secs) this.status.append(this.secs);
    this.status.classList.toggle("mine", p.legal.length > 0);
  }

  tick() {
    if (!this.app.contains(this.status)) return clearInterval(this.timer);
    if (this.secs && this.payload && !this.payload.over) {
      const [, secs] = this.seatsView.turnText(this.payload, this.secret());
      if (secs !== null) this.secs.textContent = ` ${secs} s`;
    }
  }

  drawBoard() {
    this.drawnWidth = this.zoom.view.clientWidth;
    clear(this.board);
    const p = this.payload;
    const ctx = this.context();
    if (!this.game) {
      this.board.append(h("pre", { class: "raw" }, JSON.stringify(p.view, null, 1)));
      return;
    }
    try {
      this.game.draw(this.board, p, ctx);
    } catch (error) {
      console.error(error);
      this.board.append(h("p", { class: "error" }, `This table could not be drawn: ${error.message}`),
        h("pre", { class: "raw" }, JSON.stringify(p.view, null, 1)));
    }
    clear(this.ownBody);
    const hasOwn = typeof this.game.own === "function" && p.seat !== null;
    this.own.hidden = !hasOwn;
    if (hasOwn) {
      try {
        this.game.own(this.ownBody, p, ctx);
      } catch (error) {
        console.error(error);
        this.ownBody.append(h("p", { class: "error" }, `Your position could not be drawn: ${error.message}`));
      }
      if (!this.ownBody.childNodes.length) this.own.hidden = true;
    }
  }

  send(entry) {
    clear(this.notice);
    this.pending = { action: entry.action, n: this.payload.n, text: entry.text };
    this.sentAt = this.payload.n;
    const frame = { move: entry.action, n: this.payload.n };
    if (!this.connection.send(frame)) this.sendOverHttp(frame);
  }

  async sendOverHttp(frame) {
    try {
      await api("POST", `/api/tables/${this.id}/moves`, { action: frame.move, n: frame.n }, this.token);
    } catch (error) {
      if (error.status === undefined) { // no answer at all: the network, not the rules
        this.pending = null;
        this.moves.release();
        clear(this.notice).append(h("p", { class: "offline" }, "Not sent: the server cannot be reached. ",
          "The table comes back by itself once it can; then play your move again."));
        return;
      }
      this.refusal({ error: error.message, code: error.code, clause: error.clause });
    }
  }

  // In a simultaneous choice another seat may answer first: the move, sent at an older n, is
  // stale; if it is still legal it goes again at the new n.
  refusal(frame) {
    if (this.pending && frame.code === "stale") {
      this.pending.stale = true;
      if (this.payload.n > this.pending.n) this.retryStale();
      return;
    }
    this.pending = null;
    this.moves.release();
    clear(this.notice).append(h("p", {}, h("b", {}, "Refused: "), frame.error,
      frame.clause ? h("span", { class: "clause" }, ` (rule ${frame.clause})`) : null));
  }

  retryStale() {
    const pending = this.pending;
    // Not refused (yet): played, or overtaken with its refusal still on the way (the new payload
    // can come first); it is kept until a refusal or the next move says which.
    if (!pending.stale) return;
    this.pending = null;
    const again = this.payload.legal.find((e) => sameAction(e.action, pending.action));
    if (again) {
      this.moves.choose(again);
    }
  }

  drawResult() {
    const p = this.payload;
    if (!p.over || !p.result) {
      this.result.hidden = true;
      return;
    }
    const body = endScreen(p, this.game, this.context(), this.seatsView);
    this.resultText = body.find((x) => x?.classList?.contains("outcome"))?.textContent || "";
    clear(this.result).hidden = false;
    append(this.result, [h("h2", { id: "result-title" }, "Game over"), body,
      h("p", {}, h("a", { href: `/api/tables/${this.id}/record`, download: `famiglia-${this.id}.json` }, "The game's record"),
        " · ", h("a", { href: `/tables/${this.id}/replay`, id: "replay-link" }, "Replay"),
        " · ", h("a", { href: "/" }, "Lobby"))]);
    if (!p.closed && (this.token || this.created?.creator_key)) {
      this.rematchBox ||= new Rematch(this.id, this.token, this.created?.creator_key, (id, claim) => this.joinRematch(id, claim));
      this.result.append(this.rematchBox.el);
      this.rematchBox.look();
    }
  }

  // The lobby of this browser lists the tables it sat at, with their result once known.
  rememberPlayed() {
    const p = this.payload;
    if (p.seat === null) return;
    const names = [...Array(this.seatsView.count(p)).keys()].map((k) => this.seatsView.name(k));
    const entry = { id: this.id, game: p.game, title: this.content.title, seat: p.seat, names,
      result: p.over ? this.resultText || "over" : p.closed ? `closed: ${p.closed}` : null };
    const key = JSON.stringify(entry);
    if (key === this.playedKey) return;
    this.playedKey = key;
    remember.setPlayed({ ...entry, at: Date.now() });
  }

  // The rematch (ending.js): this seat's new seat is taken with its own one-time code.
  async joinRematch(id, claim) {
    try {
      await claimSeat(id, claim);
      location.href = `/tables/${id}`;
    } catch (error) {
      clear(this.notice).append(h("p", {}, `The rematch's seat could not be taken: ${error.message}`));
    }
  }

  // A rematch was started: a player is offered their new seat; a spectator the new table.
  rematchStarted(rematch) {
    if (this.rematchBox) return this.rematchBox.heard(rematch);
    clear(this.notice).append(h("p", {}, "A rematch has started: ",
      h("a", { href: `/tables/${rematch.id}?watch` }, "go to the new table"), "."));
  }

}

function movesHeading(p) {
  if (p.seat === null) return "Watching";
  if (p.over) return "No more moves";
  return p.legal.length ? "Your moves" : "Waiting for the others";
}
