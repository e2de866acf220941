// A game's leaderboard (/games/{name}/leaderboard): players and bot levels by their rating, the
// cautious number mu - 3 sigma, from GET /api/games/{name}/leaderboard.
import { api, clear, h, remember } from "./ui.js";

export async function showLeaderboard(app, name) {
  clear(app);
  document.getElementById("where").textContent = "leaderboard";
  let board;
  try {
    board = await api("GET", `/api/games/${name}/leaderboard`);
  } catch (error) {
    app.append(h("p", { class: "error", role: "alert" }, error.message));
    return;
  }
  document.title = `famiglia: ${board.title} leaderboard`;
  const me = remember.player()?.id;
  const section = h("section", { class: "panel leaderboard" },
    h("h1", {}, `${board.title}: leaderboard`),
    h("p", { class: "muted" }, "Rated tables only. The rating is mu − 3σ: it rises as a player wins and as ",
      "the games played make the estimate surer."));
  if (!board.ratings.length) {
    section.append(h("p", { class: "muted", id: "no-ratings" }, "No rated table of this game has finished yet."));
  } else {
    section.append(h("table", { class: "tables", id: "board" },
      h("thead", {}, h("tr", {}, ["#", "Who", "Rating", "mu ± σ", "Games"].map((x) => h("th", {}, x)))),
      h("tbody", {}, board.ratings.map((r) => h("tr", { class: r.id && r.id === me ? "mine" : null, dataset: { rater: r.rater } },
        h("td", {}, r.rank),
        h("td", {}, r.kind === "player" ? h("a", { href: `/players/${r.id}` }, r.name || "a player") : r.name),
        h("td", {}, r.ordinal.toFixed(1)),
        h("td", {}, `${r.mu.toFixed(1)} ± ${r.sigma.toFixed(1)}`),
        h("td", {}, r.games))))));
  }
  section.append(h("p", {}, h("a", { href: "/" }, "Back to the lobby")));
  app.append(section);
}
