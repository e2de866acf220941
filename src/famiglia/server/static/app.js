// The page's entry: the lobby at /, a table at /tables/{id}, its replay at /tables/{id}/replay;
// a record file opened at /replays, its replay at /replays/{id}; leaderboards and players.
import { showLeaderboard } from "./leaderboard.js";
import { showLobby } from "./lobby.js";
import { showTransfer } from "./me.js";
import { showPlayer } from "./player.js";
import { showReplay, showUpload } from "./replay.js";
import { showTable } from "./table.js";

const app = document.getElementById("app");
const match = location.pathname.match(/^\/tables\/([A-Za-z0-9_-]+)\/?$/);
const replay = location.pathname.match(/^\/tables\/([A-Za-z0-9_-]+)\/replay\/?$/);
const uploaded = location.pathname.match(/^\/replays\/([A-Za-z0-9_-]+)\/?$/);
// Players and ratings (me.js, player.js, leaderboard.js).
const board = location.pathname.match(/^\/games\/([a-z0-9-]+)\/leaderboard\/?$/);
const player = location.pathname.match(/^\/players\/([A-Za-z0-9_-]+)\/?$/);
if (match) showTable(app, match[1]);
else if (replay) showReplay(app, replay[1]);
else if (uploaded) showReplay(app, uploaded[1], true);
else if (/^\/replays\/?$/.test(location.pathname)) showUpload(app);
else if (board) showLeaderboard(app, board[1]);
else if (player && player[1] === "transfer") showTransfer(app);
else if (player) showPlayer(app, player[1]);
else showLobby(app);

// An invite link pasted into a tab already at that table changes only the address's #claim:
// start again, so that the page takes the new seat (showTable claims it, clears the address).
window.addEventListener("hashchange", () => {
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.has("claim") || hash.has("token")) location.reload();
});
