// A table's page: whose turn, the game's own drawing (games/NAME.js), the moves, the log, the
// chat, the result; for a seat (its token kept in this browser) or for a spectator.
import { Chat } from "./chat.js";
import { Connection } from "./connection.js";
import { rememberMade } from "./lobby.js";
import { Log } from "./log.js";
import { Moves, sameAction } from "./moves.js";
import { api, clear, gameContent, h, remember, seatColour } from "./ui.js";

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
  const got = await api("POST", `/api/tables/${id}/claim`, { claim: code });
  remember.setSeat(id, { token: got.token, seat: got.seat });
  return got;
}

class TablePage {
  constructor(app, id, token) {
    this.app = app;
    this.id = id;
    this.token = token;
    this.payload = null;
    this.seats = [];
    this.pending = null; // {action, n}: a move sent and not yet seen played
    this.created = remember.created(id);
    clear(app);
    this.status = h("p", { id: "turn", class: "turn", "aria-live": "polite" }, "connecting…");
    this.conn = h("span", { id: "connection", class: "connection" });
    this.strip = h("ul", { class: "seat-strip", "aria-label": "seats" });
    this.board = h("section", { id: "board", class: "board", "aria-label": "the table" });
    this.movesSection = h("section", { id: "moves", class: "moves panel", "aria-labelledby": "moves-title" });
    this.notice = h("div", { id: "notice", class: "notice", role: "alert" });
    this.result = h("section", { id: "result", class: "result panel", hidden: true });
    this.logSection = h("section", { id: "log", class: "log panel" });
    this.chatSection = h("section", { id: "chat", class: "chat panel" });
    this.invites = h("section", { id: "invites", class: "invites panel", hidden: true });
    this.title = h("h1", {}, "Table");
    app.append(h("div", { class: "table-page" },
      h("div", { class: "table-head" }, this.title, this.status, this.conn),
      this.strip, this.result,
      h("div", { class: "table-body" },
        this.board,
        h("div", { class: "side" }, this.notice, this.movesSection, this.logSection, this.chatSection, this.invites))));
    this.moves = new Moves(this.movesSection, (entry) => this.send(entry));
    this.log = new Log(this.logSection);
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
      this.chat?.setPlayers(frame.seats.length);
      if (this.payload) this.drawInvites();
      return this.drawStrip();
    }
    if ("chat" in frame) return this.chat?.add(frame.chat, frame);
    if ("rematch" in frame) return this.rematchStarted(frame.rematch);
    if ("error" in frame) return this.refusal(frame);
  }

  async showPayload(payload) {
    const first = this.payload === null;
    if (this.payload && payload.n < this.payload.n) return; // an older payload, overtaken
    this.payload = payload;
    if (first) await this.start(payload);
    const remembered = remember.seat(this.id);
    if (remembered && payload.seat !== null && remembered.seat !== payload.seat) {
      remember.setSeat(this.id, { ...remembered, seat: payload.seat });
    }
    this.drawStrip();
    this.status.textContent = turnText(payload, this.seats, this.game);
    // The tab says so when this seat is to move, so a player in another tab sees it.
    const mine = payload.seat !== null && payload.legal.length > 0;
    document.title = `${mine ? "▶ Your move · " : ""}famiglia: ${this.content.title}`;
    this.drawBoard();
    this.moves.show(payload, movesHeading(payload), (kind) => this.game?.MOVE_GROUPS?.[kind]);
    this.log.show(payload.events);
    if (this.pending) this.retryStale();
    this.drawResult();
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
    document.title = `famiglia: ${this.content.title}`;
    document.getElementById("where").textContent = payload.seat === null ? "watching" : `seat ${payload.seat}`;
    this.title.textContent = this.content.title;
    this.app.querySelector(".table-page").classList.add(`game-${payload.game}`);
    this.chat = new Chat(this.chatSection, {
      seat: payload.seat,
      send: (frame) => this.connection.send(frame),
    });
    this.drawInvites();
  }

  drawStrip() {
    const p = this.payload;
    if (!p) return;
    clear(this.strip);
    const count = this.seats.length || (p.result ? p.result.scores.length : 0);
    for (let k = 0; k < count; k++) {
      const info = this.seats[k] || {};
      const acting = p.to_act.includes(k);
      const who = info.kind && info.kind !== "human" ? `${info.kind} bot` : info.free ? "free seat" : "player";
      const label = [k === p.seat ? "you" : who, acting ? (p.to_act.length > 1 || secret(this.game, p) ? "owes a choice" : "to play") : null,
        info.kind === "human" && !info.free ? (info.present ? "online" : "away") : null].filter(Boolean).join(", ");
      this.strip.append(h("li", {
        class: ["seat-chip", acting ? "acting" : "", k === p.seat ? "me" : "", info.present ? "present" : ""].join(" "),
        style: `--seat:${seatColour(k)}`, dataset: { seat: k }, title: label,
      }, h("span", { class: "dot", "aria-hidden": "true" }), h("b", {}, `Seat ${k}`), " ", h("span", { class: "muted" }, label)));
    }
  }

  drawBoard() {
    clear(this.board);
    const ctx = {
      content: this.content,
      seat: this.payload.seat,
      legal: this.payload.legal,
      pick: (el, entries, label) => this.moves.pick(el, entries, label),
      kinds: (...kinds) => this.payload.legal.filter((e) => kinds.includes(e.action.kind)),
      colour: seatColour,
      seatName: (k) => (k === this.payload.seat ? `you (seat ${k})` : `seat ${k}`),
    };
    if (!this.game) {
      this.board.append(h("pre", { class: "raw" }, JSON.stringify(this.payload.view, null, 1)));
      return;
    }
    try {
      this.game.draw(this.board, this.payload, ctx);
    } catch (error) {
      console.error(error);
      this.board.append(h("p", { class: "error" }, `This table could not be drawn: ${error.message}`),
        h("pre", { class: "raw" }, JSON.stringify(this.payload.view, null, 1)));
    }
  }

  send(entry) {
    clear(this.notice);
    this.pending = { action: entry.action, n: this.payload.n, text: entry.text };
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
    const r = p.result;
    const order = [...r.scores.keys()].sort((a, b) => r.ranking[a] - r.ranking[b]);
    clear(this.result).hidden = false;
    // A game may say who won in its own words (Scarface's solo gang wins with no seat winning).
    const said = this.game?.resultNote?.(p);
    // What the score counts, and public figures the ranking also reads, in the game's words.
    const scoreLabel = this.game?.scoreLabel?.(p) || "Score";
    const extra = this.game?.resultColumns?.(p) || [];
    const won = said || (r.winners.length ? `Won by ${r.winners.map((k) => (k === p.seat ? "you" : `seat ${k}`)).join(" and ")}.` : "Nobody won.");
    this.result.append(h("h2", {}, "Game over"),
      h("p", { class: "outcome" }, won,
        r.capped ? " The game was stopped at its cap and ranked by the rules for a stopped game." : ""),
      r.how ? h("p", { class: "how muted" }, r.how) : null,
      h("table", { class: "ranking" },
        h("thead", {}, h("tr", {}, h("th", {}, "Rank"), h("th", {}, "Seat"), h("th", {}, scoreLabel),
          extra.map(([label]) => h("th", {}, label)))),
        h("tbody", {}, order.map((k) => h("tr", { class: r.winners.includes(k) ? "winner" : null },
          h("td", {}, r.ranking[k]), h("td", { style: `color:${seatColour(k)}` }, k === p.seat ? `seat ${k} (you)` : `seat ${k}`),
          h("td", {}, r.scores[k]), extra.map(([, values]) => h("td", {}, values[k])))))),
      h("p", {}, h("a", { href: `/api/tables/${this.id}/record`, download: `famiglia-${this.id}.json` }, "The game's record"),
        " · ", h("a", { href: `/tables/${this.id}/replay`, id: "replay-link" }, "Replay"),
        " · ", h("a", { href: "/" }, "Lobby")));
    if (this.created) {
      this.result.append(h("button", { type: "button", class: "primary", id: "rematch", onclick: () => this.rematch() },
        "Rematch with the same seats"));
    }
  }

  // The creator starts the same table again: the server makes it and hands each other
  // player their new seat's claim code in their own frame (never through the chat).
  async rematch() {
    try {
      const made = await api("POST", `/api/tables/${this.id}/rematch`, {}, this.created.creator_key);
      location.href = `/tables/${rememberMade(made)}`;
    } catch (error) {
      clear(this.notice).append(h("p", {}, `The rematch could not start: ${error.message}`));
    }
  }

  // A rematch was started: a seated player takes their new seat with the code sent to them
  // alone; a spectator is offered the new table.
  async rematchStarted(rematch) {
    if (rematch.claim) {
      try {
        await claimSeat(rematch.id, rematch.claim);
        location.href = `/tables/${rematch.id}`;
        return;
      } catch (error) {
        clear(this.notice).append(h("p", {}, `The rematch's seat could not be taken: ${error.message}`));
      }
    }
    clear(this.notice).append(h("p", {}, "A rematch has started: ",
      h("a", { href: `/tables/${rematch.id}${rematch.claim ? "" : "?watch"}` }, "go to the new table"), "."));
  }

  // The creator's panel: each friend's invite link (while nobody has opened it), and for a seat
  // whose player went away, the seat handed to a bot; a seat once a friend's can come back to a
  // friend with a new link.
  drawInvites() {
    const created = this.created;
    if (!created?.creator_key) return;
    const mine = remember.seat(this.id)?.seat;
    const ours = (created.seats || []).filter((s) => s.seat !== mine && (s.url || s.friend || s.open));
    if (!ours.length) return;
    clear(this.invites).hidden = false;
    const info = (k) => this.seats[k] || {};
    this.invites.append(h("h2", {}, "Your friends' seats"),
      h("p", { class: "muted" }, "Send each friend the link of their seat: it works once, for whoever opens it first."),
      h("ul", {}, ours.map((s) => {
        const now = info(s.seat);
        const parts = [h("label", { for: `invite-${s.seat}` }, `Seat ${s.seat}`)];
        if (now.kind && now.kind !== "human") {
          parts.push(h("span", { class: "muted" }, ` played by a ${now.kind} bot `),
            h("button", { type: "button", onclick: () => this.handOver(s.seat, "human") }, "back to a friend (new link)"));
        } else if (now.free) {
          parts.push(h("span", { class: "muted" }, " open to anyone in the lobby "));
        } else if (now.invited && s.url) {
          const input = h("input", { readonly: true, value: s.url, "aria-label": `invite link of seat ${s.seat}`, id: `invite-${s.seat}` });
          parts.push(input, h("button", { type: "button", onclick: async (event) => {
            input.select();
            try { await navigator.clipboard.writeText(s.url); } catch { document.execCommand?.("copy"); }
            event.target.textContent = "copied";
          } }, "copy"));
        } else {
          parts.push(h("span", { class: "muted" }, now.present ? " taken, online " : " taken, away "));
          if (!this.payload?.over) {
            parts.push(h("button", { type: "button", onclick: () => this.handOver(s.seat, "human") },
              "new link (for a new device; the old one stops)"));
          }
        }
        if (now.kind === "human" && !now.present && !this.payload?.over) {
          parts.push(h("button", { type: "button", dataset: { handover: s.seat }, onclick: () => this.handOver(s.seat, "greedy") },
            "give to a bot"));
        }
        return h("li", {}, parts);
      })),
      h("p", {}, h("a", { href: `/tables/${this.id}?watch` }, "Spectators' link")));
  }

  async handOver(seat, kind) {
    const created = this.created;
    try {
      const answer = await api("POST", `/api/tables/${this.id}/seats/${seat}`, { kind }, created.creator_key);
      created.seats = (created.seats || []).map((s) => (s.seat === seat
        ? { seat, kind: answer.kind, friend: true, url: answer.url || null } : s));
      remember.setCreated(this.id, created);
    } catch (error) {
      clear(this.notice).append(h("p", {}, h("b", {}, "Not done: "), error.message));
    }
    this.drawInvites();
  }

}

function secret(game, payload) {
  return game && game.secretChoice ? game.secretChoice(payload.view) : payload.to_act.length > 1;
}

function turnText(p, seats, game) {
  if (p.over) return "The game is over.";
  const names = (list) => list.map((k) => (k === p.seat ? "you" : `seat ${k}`)).join(", ");
  const waiting = p.to_act;
  if (secret(game, p)) {
    return `Secret choice: waiting for ${names(waiting)}${waiting.includes(p.seat) ? " (choose below)" : ""}.`;
  }
  if (waiting.includes(p.seat)) return "Your move.";
  const k = waiting[0];
  const kind = seats[k] && seats[k].kind !== "human" ? ` (${seats[k].kind} bot)` : "";
  return `Seat ${k}${kind} to play.`;
}

function movesHeading(p) {
  if (p.seat === null) return "Watching";
  if (p.over) return "No more moves";
  return p.legal.length ? "Your moves" : "Waiting for the others";
}
