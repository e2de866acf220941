// The page's entry: the lobby at /, a table at /tables/{id}.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";

const app = document.getElementById("app");
const match = location.pathname.match(/^\/tables\/([A-Za-z0-9_-]+)\/?$/);
if (match) showTable(app, match[1]);
else showLobby(app);
