// The lobby: the tables being played, a form to start one, and the seats this browser holds.
import { ensurePlayer, playerHeaders, playerPanel, renamePlayer } from "./me.js";
import { api, clear, h, plural, remember } from "./ui.js";
import { clockField, formatTime, readClock } from "./clocks.js";
import { showLevels } from "./levels.js";
import { showWaiting } from "./waiting.js";

// The bot levels of agents/levels.toml, by name: the rating shown for a level is that bot's.
export const BOTS = [
  ["easy", "bot, easy (random)"],
  ["medium", "bot, medium (greedy)"],
  ["hard", "bot, hard (ismcts, about 1 s a move)"],
];

export async function showLobby(app) {
  document.title = "famiglia: lobby";
  document.getElementById("where").textContent = "lobby";
  clear(app);
  const list = h("section", { class: "panel lobby-tables", "aria-labelledby": "tables-title" });
  const form = h("section", { class: "panel lobby-new", "aria-labelledby": "new-title" });
  const played = h("section", { class: "panel", id: "played", "aria-labelledby": "played-title" });
  const filters = h("div", { class: "filters", role: "group", "aria-label": "Show tables" });
  const mine = h("div", { class: "lobby-me" });
  const waiting = h("div", { class: "panel waiting-panel", id: "waiting", "aria-live": "polite", hidden: true });
  app.append(h("h1", { class: "lobby-title" }, "famiglia: tables"),
    h("div", { class: "lobby" }, h("div", {}, nameField(), form, mine), h("div", {}, waiting, played, filters, list)));
  playedList(played);
  showWaiting(waiting);
  ensurePlayer().then(() => {
    mine.append(playerPanel(() => playedList(played)));
    playedList(played);
  });
  let games = [];
  try {
    games = await api("GET", "/api/games");
  } catch (error) {
    form.append(h("p", { class: "error" }, `The server did not answer: ${error.message}`));
    return;
  }
  newTableForm(form, games);
  filterControls(filters, games, () => tableList(list, games));
  await tableList(list, games);
  const timer = setInterval(() => {
    if (!list.isConnected) clearInterval(timer);
    else {
      tableList(list, games);
      showWaiting(waiting);
    }
  }, 4000);
}

async function tableList(section, games) {
  let tables;
  try {
    tables = await api("GET", "/api/tables");
  } catch (error) {
    return; // keeps the last list; the next refresh tries again
  }
  const focused = document.activeElement && section.contains(document.activeElement)
    ? document.activeElement.dataset.key : null;
  clear(section);
  section.append(h("h2", { id: "tables-title" }, "Tables"));
  const all = tables.length;
  tables = tables.filter(shown);
  if (!tables.length) {
    section.append(h("p", { class: "muted" }, all ? "No table fits these filters." : "No table is open: start one."));
    return;
  }
  for (const t of tables) {
    const mine = remember.seat(t.id);
    const known = remember.played().find((x) => x?.id === t.id);
    if (mine && t.over && known && !known.over) remember.setPlayed({ ...known, over: true });
  }
  // Tables every player left long ago (the server says which) are not "playing": they go in
  // a section of their own, folded (kept open while this browser has it open).
  const grid = (list) => h("table", { class: "tables" },
    h("thead", {}, h("tr", {}, ["Table", "Players", "Seats", "Status", ""].map((x) => h("th", {}, x)))),
    h("tbody", {}, list.map((t) => tableRow(t))));
  const left = tables.filter((t) => t.abandoned);
  const live = tables.filter((t) => !t.abandoned);
  section.append(live.length ? grid(live) : h("p", { class: "muted" }, "No table is being played: start one."));
  if (left.length) {
    const wasOpen = section.dataset.abandonedOpen === "1";
    section.append(h("details", { class: "abandoned", id: "abandoned", open: wasOpen,
      ontoggle: (e) => { section.dataset.abandonedOpen = e.target.open ? "1" : ""; } },
    h("summary", {}, `Abandoned (${left.length}): every player away for a long while`), grid(left)));
  }
  if (focused) section.querySelector(`[data-key="${focused}"]`)?.focus();
}

// ----- filters: by game, and the tables that need players (a seat open to the lobby) ----------
const filter = { game: "", needs: false };

function shown(t) {
  return (!filter.game || t.game === filter.game) && (!filter.needs || t.seats.some((s) => s.free));
}

function filterControls(box, games, redraw) {
  const game = h("select", { id: "filter-game", name: "filter-game" },
    h("option", { value: "" }, "all games"), games.map((g) => h("option", { value: g.name }, g.title)));
  const needs = h("input", { type: "checkbox", id: "filter-needs", name: "filter-needs" });
  const board = h("a", { id: "leaderboard-link", hidden: true }, "Leaderboard");
  game.addEventListener("change", () => {
    filter.game = game.value;
    board.hidden = !game.value;
    board.href = game.value ? `/games/${game.value}/leaderboard` : "#";
    redraw();
  });
  needs.addEventListener("change", () => { filter.needs = needs.checked; redraw(); });
  clear(box).append(h("label", { for: "filter-game" }, "Game "), game, " ",
    h("label", { for: "filter-needs" }, needs, " needs players"), " ", board);
}

function tableRow(t) {
  const mine = remember.seat(t.id);
  const free = t.seats.filter((s) => s.free);
  const seatsText = t.seats.map((s) => {
    const who = s.name || (s.kind === "human" ? "" : s.kind);
    const state = s.kind !== "human" ? "" : s.forfeit ? "forfeited" : s.timed_out ? "time out, a bot moves"
      : s.free ? "open" : s.invited ? "invited" : s.present ? "here" : "away";
    return `${s.seat}: ${[who, state].filter(Boolean).join(", ")}`;
  }).join(" · ");
  const actions = h("td", { class: "actions" });
  if (mine) {
    actions.append(h("a", { class: "button primary", href: `/tables/${t.id}`, "data-key": `go-${t.id}` },
      mine.seat === null || mine.seat === undefined ? "Back to your seat" : `Back to seat ${mine.seat}`));
  }
  // One seat per browser at a table: joining another would leave this one empty for good.
  for (const seat of mine ? [] : free) {
    actions.append(h("button", {
      type: "button", "data-key": `join-${t.id}-${seat.seat}`,
      onclick: () => join(t.id, seat.seat),
    }, `Join seat ${seat.seat}`));
  }
  actions.append(h("a", { class: "button", href: `/tables/${t.id}?watch`, "data-key": `watch-${t.id}` }, "Watch"));
  if (t.over) {
    actions.append(h("a", { class: "button", href: `/tables/${t.id}/replay`, "data-key": `replay-${t.id}` }, "Replay"));
  }
  return h("tr", { dataset: { table: t.id } },
    h("td", {}, h("strong", {}, t.title), t.name !== t.title ? h("div", { class: "muted" }, t.name) : null,
      t.rated ? h("div", { class: "rated" }, "rated") : null),
    h("td", {}, t.players, h("span", { class: "phone-only" }, " players")), // its heading is hidden on a phone
    h("td", { class: "seats-cell" }, seatsText, free.length ? h("div", { class: "muted" }, `${plural(free.length, "seat")} free`) : null),
    h("td", {}, t.over ? "over" : t.abandoned ? `abandoned at move ${t.n}` : (t.n ? `playing, move ${t.n}` : "starting"),
      t.clock && !t.over ? clockNote(t) : null),
    actions);
}

// The table's time control and the time left of each seat whose clock runs now (the server's
// figure when the lobby was read: the list is read again every few seconds).
function clockNote(t) {
  const what = t.clock.mode === "slow" ? `slow: ${formatTime(t.clock.per_move)} a move`
    : `real time: ${formatTime(t.clock.bank)} + ${t.clock.per_move} s`;
  const running = t.seats.filter((s) => s.running).map((s) =>
    h("span", { class: "lobby-clock-time", dataset: { seat: s.seat } },
      `${s.name || `seat ${s.seat}`}: ${formatTime(s.remaining)} left`));
  return h("div", { class: "lobby-clock muted" }, what, ...running.flatMap((x) => [" · ", x]));
}

async function join(tableId, seat) {
  const name = readName();
  if (name === undefined) return;
  try {
    const joined = await joinWithWebhook(tableId, name ? { seat, name } : { seat });
    remember.setSeat(tableId, { token: joined.token, seat: joined.seat });
    location.href = `/tables/${tableId}`;
  } catch (error) {
    alert(`Could not join: ${error.message}`);
  }
}

// The join with this browser's webhook, if it gave one; one the server refuses (it says why)
// leaves the seat joined without it.
async function joinWithWebhook(tableId, body) {
  const webhook = remember.webhook();
  if (webhook) {
    try {
      return await api("POST", `/api/tables/${tableId}/join`, { ...body, webhook }, undefined, playerHeaders());
    } catch (error) {
      if (error.code !== "webhook_refused") throw error;
    }
  }
  return api("POST", `/api/tables/${tableId}/join`, body, undefined, playerHeaders());
}

// The name typed in the lobby (kept in this browser); undefined when it cannot be a name.
let nameInput = null;
function readName() {
  const text = (nameInput ? nameInput.value : remember.name()).trim().replace(/ {2,}/g, " ");
  if (text.length > 24 || /[\p{C}]/u.test(text) || /^you$/i.test(text)) {
    nameInput?.focus();
    nameInput?.setAttribute("aria-invalid", "true");
    const help = document.getElementById("player-name-help");
    if (help) help.textContent = "A name is 1 to 24 letters, digits, signs or single spaces; not \"you\".";
    return undefined;
  }
  nameInput?.removeAttribute("aria-invalid");
  remember.setName(text);
  return text;
}

// The name this player gives at every table, remembered by this browser.
function nameField() {
  nameInput = h("input", { id: "player-name", name: "player-name", maxlength: 24, autocomplete: "nickname",
    value: remember.name(), placeholder: "how the others see you", "aria-describedby": "player-name-help",
    onchange: () => { const name = readName(); if (name !== undefined) renamePlayer(name); } });
  return h("div", { class: "player-name panel" },
    h("label", { for: "player-name" }, h("b", {}, "Your name")), nameInput,
    h("span", { class: "help muted", id: "player-name-help" }, "Shown to the others at your tables (optional)."),
    webhookField());
}

// A webhook (a Discord or Slack incoming webhook's address) the server calls when it is this
// player's turn at a slow table: kept in this browser, given with each seat it takes from now on.
function webhookField() {
  const input = h("input", { id: "player-webhook", name: "player-webhook", type: "url", maxlength: 500,
    value: remember.webhook(), placeholder: "https://...", autocomplete: "off", "aria-describedby": "player-webhook-help" });
  input.addEventListener("change", () => {
    const url = input.value.trim();
    const fine = !url || /^https?:\/\/\S+$/i.test(url);
    input.toggleAttribute("aria-invalid", !fine);
    if (fine) remember.setWebhook(url);
  });
  return h("details", { class: "webhook", open: Boolean(remember.webhook()) },
    h("summary", {}, "Tell me when it is my turn (webhook)"),
    h("label", { for: "player-webhook" }, "Webhook address"), input,
    h("span", { class: "help muted", id: "player-webhook-help" },
      "A Discord or Slack incoming webhook: the server posts to it when a table waits on you. Given to the seats you take from now on; shown to nobody."));
}

// The tables this player sat at: first the server's list for this browser's player (with
// whose turn it is), then those this browser remembers (seats taken without a player).
async function playedList(section) {
  let fromServer = [];
  const key = remember.player()?.key;
  if (key) {
    try { fromServer = await api("GET", "/api/me/tables", undefined, key); } catch { fromServer = []; }
  }
  const ids = new Set(fromServer.map((t) => t.id));
  const local = remember.played().filter((t) => t && t.id && !ids.has(t.id));
  clear(section).hidden = !(fromServer.length || local.length);
  if (section.hidden) return;
  const items = [
    ...fromServer.map((t) => h("li", { dataset: { table: t.id, from: "player" } },
      h("a", { href: `/tables/${t.id}` }, t.title || t.game),
      t.rated ? " (rated)" : null,
      " · ", t.names.map((n) => n || "?").join(", "),
      " · ", h("span", { class: t.your_turn ? "result-note" : "muted" }, serverStatus(t)),
      t.clock && t.clock.running && !t.over ? [" · ", h("span", { class: "my-clock" }, `${formatTime(t.clock.remaining)} left`)] : null,
      t.over ? [" · ", h("a", { href: `/tables/${t.id}/replay` }, "replay")] : null)),
    ...local.map((t) => h("li", { dataset: { table: t.id, from: "browser" } },
      h("a", { href: `/tables/${t.id}` }, t.title || t.game || "a table"),
      " · ", (t.names || []).join(", "),
      " · ", h("span", { class: t.result ? "result-note" : "muted" }, t.result || (t.over ? "over" : "not finished")),
      t.result || t.over ? [" · ", h("a", { href: `/tables/${t.id}/replay` }, "replay")] : null)),
  ];
  section.append(h("h2", { id: "played-title" }, "Your tables"), h("ul", { class: "played" }, items.slice(0, 30)));
}

function serverStatus(t) {
  if (t.closed) return "closed";
  if (t.over) {
    const place = t.result?.ranking?.[t.seat];
    return place ? `over: you placed ${place}` : "over";
  }
  if (t.clock?.forfeit) return "you forfeited: the easy bot plays your seat";
  if (t.clock?.timed_out) return "your time ran out: a bot moves for you until you take your seat back";
  if (t.your_turn) return "your move";
  return t.to_act.length ? `waiting on ${t.to_act.map((s) => t.names[s] || `seat ${s}`).join(", ")}` : "not finished";
}

// ----- a new table -------------------------------------------------------------------------
function newTableForm(section, games) {
  const error = h("p", { class: "error", role: "alert" });
  const gameSelect = h("select", { id: "game", name: "game" },
    games.map((g) => h("option", { value: g.name }, `${g.title} (${g.min_players}-${g.max_players})`)));
  const players = h("input", { id: "players", name: "players", type: "number", required: true });
  const options = h("fieldset", { class: "options" });
  const seats = h("fieldset", { class: "seats" });
  const name = h("input", { id: "table-name", name: "name", maxlength: 80, placeholder: "optional" });  // the table's
  const rated = h("input", { type: "checkbox", id: "rated", name: "rated" });
  const clock = clockField();
  const form = h("form", { id: "new-table", class: "new-table" },
    h("h2", { id: "new-title" }, "New table"),
    h("label", { for: "game" }, "Game"), gameSelect,
    h("label", { for: "players" }, "Players"), players,
    options, seats,
    h("label", { for: "table-name" }, "Table name"), name,
    clock,
    h("label", { for: "rated", class: "check" }, rated, " Rated (ratings change at the end; no hints; friends join as players)"),
    h("button", { type: "submit", class: "primary" }, "Start the table"),
    error);
  section.append(form);

  const game = () => games.find((g) => g.name === gameSelect.value);
  function drawOptions() {
    const g = game();
    clear(options).append(h("legend", {}, "Options"));
    const entries = Object.entries(g.options);
    if (!entries.length) options.append(h("p", { class: "muted" }, "This game has no options."));
    for (const [key, option] of entries) {
      const id = `option-${key}`;
      let input;
      if (option.choices && option.choices.every((c) => typeof c === "boolean")) {
        input = h("input", { id, type: "checkbox", name: key, checked: option.default, dataset: { kind: "bool" } });
      } else if (option.choices) {
        input = h("select", { id, name: key, dataset: { kind: "choice" } },
          option.choices.map((c) => h("option", { value: c, selected: c === option.default }, String(c))));
      } else {
        input = h("input", { id, type: "number", name: key, min: option.min, max: option.max,
          value: option.default, dataset: { kind: "int" } });
      }
      options.append(h("div", { class: "option" },
        h("label", { for: id }, key.replaceAll("_", " ")), input,
        h("span", { class: "help", id: `${id}-help` }, option.help)));
      input.setAttribute("aria-describedby", `${id}-help`);
    }
  }
  function drawSeats() {
    // Seats for a count the game allows; a count out of its range is said at once, by the form.
    const g = game();
    const typed = Number(players.value);
    const count = Math.max(g.min_players, Math.min(typed || g.min_players, g.max_players));
    error.textContent = typed === count ? "" : `${g.title} is played by ${g.min_players} to ${g.max_players} players.`;
    const before = [...seats.querySelectorAll("select")].map((x) => x.value);
    clear(seats).append(h("legend", {}, "Seats"));
    for (let i = 0; i < count; i++) {
      const value = before[i] || (i === 0 ? "me" : "medium");
      const select = h("select", { id: `seat-${i}`, name: `seat-${i}` },
        [["me", "you"], ["human", "a friend (invite link)"], ["open", "anyone from the lobby"], ...BOTS].map(([v, label]) =>
          h("option", { value: v, selected: v === value }, label)));
      seats.append(h("div", { class: "seat-choice" }, h("label", { for: `seat-${i}` }, `Seat ${i}`), select));
    }
  }
  gameSelect.addEventListener("change", () => {
    const g = game();
    players.min = g.min_players;
    players.max = g.max_players;
    players.value = Math.min(Math.max(Number(players.value) || g.min_players, g.min_players), g.max_players);
    drawOptions();
    drawSeats();
    showLevels(seats, g.name);
  });
  players.addEventListener("input", drawSeats);
  gameSelect.dispatchEvent(new Event("change"));

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const chosen = [...seats.querySelectorAll("select")].map((x) => x.value);
    if (chosen.filter((x) => x === "me").length > 1) {
      error.textContent = "Only one seat can be yours; the other people get invite links.";
      return;
    }
    const opts = {};
    for (const input of options.querySelectorAll("[name]")) {
      const kind = input.dataset.kind;
      if (kind === "int" && input.value.trim() === "") continue; // left empty: the default
      opts[input.name] = kind === "bool" ? input.checked
        : kind === "int" ? Number(input.value)
        : game().options[input.name].choices.find((c) => String(c) === input.value);
    }
    const me = readName();
    if (me === undefined) return;
    const request = {
      game: gameSelect.value,
      players: Number(players.value),
      options: opts,
      seats: chosen.map((x) => (x === "me" ? (me ? { kind: "human", name: me } : "human") : x)),
      creator_seat: chosen.includes("me") ? chosen.indexOf("me") : null,
    };
    if (name.value.trim()) request.name = name.value.trim();
    if (rated.checked) request.rated = true;
    const timeControl = readClock(clock);
    if (timeControl) request.clock = timeControl;
    try {
      const id = await startTable(request);
      location.href = `/tables/${id}`;
    } catch (e) {
      // The game's own limits are the server's: its reason says what is allowed.
      error.textContent = `The server refused this table: ${e.message}${e.clause ? ` (rule ${e.clause})` : ""}`;
    }
  });
}

// Creates a table; this browser sits at the creator's seat (if any) and keeps the invite links
// of the other human seats, to show them on the table's page.
export async function startTable(request) {
  return rememberMade(await api("POST", "/api/tables", request, undefined, playerHeaders()));
}

// What this browser keeps of a table it made (by the lobby or by a rematch): its own seat's
// token, the creator key, and each friend's invite link (which holds a one-time claim code).
export function rememberMade(made) {
  remember.setCreated(made.id, {
    creator_key: made.creator_key,
    seats: made.seats.map(({ seat, kind, url, claim, open }) => ({
      seat, kind, open: !!open, url: claim ? url : null })),
  });
  const mine = made.creator_seat;
  if (mine !== null && mine !== undefined) {
    remember.setSeat(made.id, { token: made.seats[mine].token, seat: mine });
  }
  return made.id;
}
