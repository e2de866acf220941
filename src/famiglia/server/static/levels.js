// The bot levels of the game chosen in the lobby: each level's line and its rating in that
// game (GET /api/levels, written by bench/rate_levels.py), shown under the seats.
import { api, h } from "./ui.js";

const known = new Map(); // game -> levels, asked for once per page

function rating(level) {
  const r = level.rating;
  if (!r) return "not rated in this game yet";
  // mu with two sigmas either side: about a 95% interval on the openskill scale
  const low = (r.mu - 2 * r.sigma).toFixed(1);
  const high = (r.mu + 2 * r.sigma).toFixed(1);
  return `rated ${r.mu.toFixed(1)} (${low} to ${high}, ${r.games} games)`;
}

export async function showLevels(after, game) {
  let box = document.getElementById("bot-levels");
  if (!box) {
    box = h("div", { id: "bot-levels", class: "bot-levels", "aria-live": "polite" });
    after.after(box);
  }
  box.dataset.game = game;
  let levels = known.get(game);
  if (!levels) {
    try {
      levels = await api("GET", `/api/levels?game=${encodeURIComponent(game)}`);
    } catch (error) {
      box.replaceChildren();
      return; // the picker works without the ratings
    }
    known.set(game, levels);
  }
  if (box.dataset.game !== game) return; // another game was chosen meanwhile
  box.replaceChildren(
    h("p", { class: "muted" }, "Bot levels in this game:"),
    h("ul", { class: "levels" }, levels.map((level) => h("li", { dataset: { level: level.name } },
      h("b", {}, level.name), ` (${level.spec.split(":")[0]}): ${level.about}; `,
      h("span", { class: "muted" }, rating(level))))));
}
