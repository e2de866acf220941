// A player's page (/players/{id}): their ratings, a small chart of each game's rating history
// (inline SVG, drawn here), their finished tables with results. Public: no running table, no key.
import { playerPanel } from "./me.js";
import { api, clear, h, remember, s } from "./ui.js";

export async function showPlayer(app, id) {
  clear(app);
  document.getElementById("where").textContent = "player";
  let data;
  try {
    data = await api("GET", `/api/players/${id}`);
  } catch (error) {
    app.append(h("p", { class: "error", role: "alert" }, error.message));
    return;
  }
  const who = data.name || "a player without a name";
  document.title = `famiglia: ${who}`;
  const section = h("section", { class: "panel player-page" }, h("h1", {}, who));
  const mine = remember.player()?.id === data.id;
  if (!data.ratings.length) section.append(h("p", { class: "muted", id: "no-ratings" }, "No rated game yet."));
  for (const r of data.ratings) {
    const history = data.history.filter((x) => x.game === r.game);
    section.append(h("div", { class: "rating", dataset: { game: r.game } },
      h("h2", {}, h("a", { href: `/games/${r.game}/leaderboard` }, r.title || r.game), `: rating ${r.ordinal.toFixed(1)}`),
      h("p", { class: "muted" }, `mu ${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)} after ${r.games} rated game${r.games === 1 ? "" : "s"}`),
      chart(history, r.game)));
  }
  section.append(h("h2", {}, "Finished tables"));
  if (!data.tables.length) section.append(h("p", { class: "muted" }, "None yet."));
  else {
    section.append(h("ul", { class: "played", id: "player-tables" }, data.tables.map((t) => h("li", { dataset: { table: t.id } },
      h("a", { href: `/tables/${t.id}/replay` }, t.name || t.game), t.rated ? " (rated)" : "",
      " · ", t.names.map((n, i) => (t.players[i] && t.players[i] !== data.id
        ? h("a", { href: `/players/${t.players[i]}` }, n || "a player") : (n || "?"))).reduce((a, b) => [a, ", ", b]),
      " · ", h("span", { class: "result-note" }, t.place ? `placed ${t.place} of ${t.names.length}` : "over")))));
  }
  app.append(section);
  if (mine) app.append(playerPanel());
}

// The rating (mu - 3 sigma) after each rated table, oldest to newest, as a line.
function chart(history, game) {
  const W = 320, H = 100, PAD = 24;
  if (!history.length) return null;
  const values = history.map((x) => x.ordinal);
  const low = Math.min(...values, 0), high = Math.max(...values, 1);
  const x = (i) => PAD + (history.length === 1 ? (W - 2 * PAD) / 2 : (i * (W - 2 * PAD)) / (history.length - 1));
  const y = (v) => H - PAD / 2 - ((v - low) / (high - low || 1)) * (H - PAD);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
  const label = `${game}: rating after each of ${history.length} rated tables, from ${values[0].toFixed(1)} to ${values.at(-1).toFixed(1)}`;
  return s("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": label, class: "rating-chart" },
    s("title", { text: label }),
    s("line", { x1: PAD, x2: W - PAD, y1: y(0), y2: y(0), stroke: "currentColor", "stroke-opacity": 0.3 }),
    s("polyline", { points, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
    ...values.map((v, i) => s("circle", { cx: x(i), cy: y(v), r: 3, fill: "currentColor" },
      s("title", { text: `${history[i].at.slice(0, 10)}: ${v.toFixed(1)} (placed ${history[i].place})` }))),
    s("text", { x: 2, y: y(high) + 4, "font-size": 10, fill: "currentColor", text: high.toFixed(0) }),
    s("text", { x: 2, y: y(low) + 4, "font-size": 10, fill: "currentColor", text: low.toFixed(0) }));
}
