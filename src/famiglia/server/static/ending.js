// The end screen: who won, by name, why the game ended, a row per seat (and rows for what is no
// seat, such as Scarface's solo gang), and the notes; drawn from the game's own ending() when it
// has one, else from the result's scores and places.
import { api, clear, h, remember } from "./ui.js";

// `names`: the Seats of the page (name(k), tag(k)); `game`: the game's page module.
export function endScreen(p, game, ctx, names) {
  const r = p.result;
  let ending = null;
  try {
    ending = game?.ending?.(p, ctx) || null;
  } catch (error) {
    console.error(error);
  }
  return [forfeitNote(r, names), ...(ending ? fromGame(ending, r, names) : generic(p, game, r, names))];
}

// A table whose creator chose forfeit for time-outs (clocks.py): the seats that forfeited are
// ranked last, whatever the game's own end says; this says so first.
function forfeitNote(r, names) {
  const out = r.forfeit || [];
  if (!out.length) return null;
  const who = out.map((k) => names.name(k));
  return h("p", { class: "forfeit-note" }, `${capital(list(who))} forfeited when the clock ran out: ranked last.`);
}

function fromGame(e, r, names) {
  const rows = e.rows || [];
  return [
    h("p", { class: "outcome" }, e.winner || ""),
    e.condition ? h("p", { class: "condition" }, e.condition) : null,
    r.capped ? h("p", { class: "muted" }, "The game was stopped at its cap and ranked by the rules for a stopped game.") : null,
    h("div", { class: "ranking-wrap" }, h("table", { class: "ranking" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Rank"), h("th", { scope: "col" }, "Player"),
        (e.columns || []).map((c) => h("th", { scope: "col" }, c)))),
      h("tbody", {}, rows.map((row) => {
        const seat = row.seat === null || row.seat === undefined ? null : row.seat;
        return h("tr", {
          class: [row.winner ? "winner" : "", seat === null ? "no-seat" : ""].join(" ").trim() || null,
          dataset: seat === null ? {} : { seat },
        }, h("td", {}, row.rank ?? ""),
        h("th", { scope: "row" }, seat === null ? row.name : names.tag(seat), row.winner ? h("span", { class: "crown" }, " ★ won") : null),
        (row.cells || []).map((c) => h("td", {}, c ?? "")));
      })))),
    (e.notes || []).length ? h("ul", { class: "notes" }, e.notes.map((n) => h("li", {}, n))) : null,
  ];
}

function generic(p, game, r, names) {
  const order = [...r.scores.keys()].sort((a, b) => r.ranking[a] - r.ranking[b]);
  // A game may say who won in its own words (Scarface's solo gang wins with no seat winning).
  const said = game?.resultNote?.(p);
  // What the score counts, and public figures the ranking also reads, in the game's words.
  const scoreLabel = game?.scoreLabel?.(p) || "Score";
  const extra = game?.resultColumns?.(p) || [];
  const who = r.winners.map((k) => names.name(k));
  const won = said || (who.length ? `${capital(list(who))} won.` : "Nobody won.");
  return [
    h("p", { class: "outcome" }, won,
      r.capped ? " The game was stopped at its cap and ranked by the rules for a stopped game." : ""),
    r.how ? h("p", { class: "how muted" }, r.how) : null,
    h("div", { class: "ranking-wrap" }, h("table", { class: "ranking" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Rank"), h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col" }, scoreLabel), extra.map(([label]) => h("th", { scope: "col" }, label)))),
      h("tbody", {}, order.map((k) => h("tr", { class: r.winners.includes(k) ? "winner" : null, dataset: { seat: k } },
        h("td", {}, r.ranking[k]),
        h("th", { scope: "row" }, names.tag(k), r.winners.includes(k) ? h("span", { class: "crown" }, " ★ won") : null),
        h("td", {}, r.scores[k]), extra.map(([, values]) => h("td", {}, values[k]))))))),
  ];
}

export function list(words) {
  return words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ----- the rematch (POST/GET /api/tables/{id}/rematch) -------------------------------------
// A player seated here (or the creator) starts the same table again once, seated the same,
// swapped or shuffled; each player then fetches, with their own seat's token, the one-time code
// of their new seat ("Rematch ready: join"). `join(id, claim)` takes the seat and goes there.
const SEATINGS = [["same", "the same seats"], ["swap", "seats swapped"], ["shuffle", "seats shuffled"]];

export class Rematch {
  constructor(id, token, creatorKey, join) {
    this.id = id;
    this.token = token;
    this.creatorKey = creatorKey;
    this.join = join;
    this.looked = false;
    this.seating = h("select", { id: "rematch-seating", "aria-label": "seating at the rematch" },
      SEATINGS.map(([value, text]) => h("option", { value }, text)));
    this.button = h("button", { type: "button", class: "primary", id: "rematch", onclick: () => this.start() }, "Rematch");
    this.said = h("p", { class: "rematch-said", "aria-live": "polite" });
    this.el = h("div", { class: "rematch", id: "rematch-box" });
    if (token || creatorKey) this.el.append(h("p", {}, this.button, " with ", this.seating));
    this.el.append(this.said);
  }

  // Once the end is shown: a rematch someone started already (before a reload) is offered.
  async look() {
    if (this.looked || !this.token) return;
    this.looked = true;
    try {
      await this.ready(await api("GET", `/api/tables/${this.id}/rematch`, undefined, this.token));
    } catch (error) {
      if (error.code !== "no_rematch" || error.status === 410) this.say(error.message);
    }
  }

  // The table's frame {"rematch": {id, url}}: someone started it.
  async heard(rematch) {
    if (!this.token) return this.watch(rematch.id);
    this.looked = false;
    return this.look();
  }

  async start() {
    this.button.disabled = true;
    try {
      const made = await api("POST", `/api/tables/${this.id}/rematch`, { seating: this.seating.value },
        this.token || this.creatorKey);
      await this.keepKey(made);
      if (made.claim) await this.join(made.id, made.claim, made);
      else this.watch(made.id);
    } catch (error) {
      this.button.disabled = false;
      this.say(`The rematch could not start: ${error.message}`);
    }
  }

  async ready(made) {
    await this.keepKey(made);
    this.button.disabled = true;
    this.seating.disabled = true;
    if (!made.claim) return this.watch(made.id);
    clear(this.said).append("Rematch ready (", seatingWord(made.seating), "): ",
      h("button", { type: "button", class: "primary", id: "rematch-join", onclick: () => this.join(made.id, made.claim, made) }, "join"),
      ` your seat there is seat ${made.seat}.`);
  }

  watch(id) {
    clear(this.said).append("A rematch has started: ", h("a", { href: `/tables/${id}?watch`, id: "rematch-watch" }, "watch it"), ".");
  }

  // The new table's creator key reaches the old table's creator only: kept as a made table's
  // (asked with this browser's creator key when its seat's token did not bring it).
  async keepKey(made) {
    let key = made.creator_key;
    if (!key && this.creatorKey && this.token) {
      key = (await api("GET", `/api/tables/${this.id}/rematch`, undefined, this.creatorKey).catch(() => null))?.creator_key;
    }
    if (key) remember.setCreated(made.id, { creator_key: key, seats: [] });
  }

  say(text) {
    clear(this.said).append(text);
  }
}

function seatingWord(seating) {
  return (SEATINGS.find(([value]) => value === seating) || [null, seating])[1];
}
