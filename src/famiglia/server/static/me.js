// This browser's player (docs/server.md, Players): made on the first visit, its key kept in
// localStorage and sent only as a header; its name, the one-time link that moves it to another
// device, and an optional password to log in with elsewhere.
import { api, clear, h, remember } from "./ui.js";
import { devicesAndRematches } from "./devices.js";

// The player of this browser, made now if it has none (or the server forgot its key); asked
// once per page, so a name typed meanwhile waits for the player it renames.
let ready = null;
export function ensurePlayer() {
  ready ??= findOrMake();
  return ready;
}

async function findOrMake() {
  const known = remember.player();
  if (known?.key) {
    try {
      const me = await api("GET", "/api/me", undefined, known.key);
      remember.setPlayer({ ...known, ...me });
      return remember.player();
    } catch (error) {
      if (error.status !== 401) return known; // the server is away: keep what we have
    }
  }
  const name = remember.name();
  try {
    const made = await api("POST", "/api/players", name ? { name } : {});
    remember.setPlayer({ id: made.id, key: made.key, name: made.name, password: made.password });
  } catch {
    return null; // a name the server refuses, or too many players from this address: none
  }
  return remember.player();
}

// The header that ties a seat to this player (claim, join, a new table).
export function playerHeaders() {
  const key = remember.player()?.key;
  return key ? { "x-player": key } : {};
}

export async function renamePlayer(name) {
  await ensurePlayer();
  const known = remember.player();
  if (!known?.key) return;
  try {
    const me = await api("PATCH", "/api/me", { name: name || null }, known.key);
    remember.setPlayer({ ...known, ...me });
  } catch { /* the lobby already checked the name; the seat names stay as given */ }
}

// The page a transfer link opens: takes the player onto this device, once.
export async function showTransfer(app) {
  document.title = "famiglia: your player on this device";
  clear(app);
  const code = new URLSearchParams(location.hash.slice(1)).get("code");
  history.replaceState(null, "", location.pathname); // the code leaves the address at once
  const panel = h("section", { class: "panel" }, h("h1", {}, "Your player on this device"));
  app.append(panel);
  if (!code) {
    panel.append(h("p", { class: "error" }, "This link holds no transfer code."));
    return;
  }
  try {
    const got = await api("POST", "/api/players/transfer", { code });
    remember.setPlayer({ id: got.id, key: got.key, name: got.name, password: got.password });
    if (got.name) remember.setName(got.name);
    panel.append(h("p", {}, `This browser now plays as ${got.name || "your player"}.`),
      h("a", { class: "button primary", href: "/" }, "To the lobby"));
  } catch (error) {
    panel.append(h("p", { class: "error", role: "alert" }, error.message));
  }
}

// The player's own panel: their page, a transfer link, a password, logging in as another.
export function playerPanel(onChange) {
  const box = h("section", { class: "panel me", id: "me", "aria-labelledby": "me-title" });
  const draw = () => {
    const me = remember.player();
    const out = h("p", { class: "muted", role: "status" });
    clear(box).append(h("h2", { id: "me-title" }, "Your player"));
    if (me?.id) box.append(h("p", {}, h("a", { href: `/players/${me.id}`, id: "my-page" }, "Your page"),
      " (your games, results and ratings)"));
    const move = h("button", { type: "button", id: "transfer" }, "Move to another device");
    move.addEventListener("click", async () => {
      try {
        const got = await api("POST", "/api/me/transfer", {}, remember.player()?.key);
        clear(out).append("Open this link on the other device within 15 minutes (it works once): ",
          h("input", { readonly: true, value: got.url, id: "transfer-url", size: 30, "aria-label": "transfer link",
            onfocus: (e) => e.target.select() }));
      } catch (error) { out.textContent = error.message; }
    });
    const password = h("input", { type: "password", id: "new-password", minlength: 8, maxlength: 200,
      autocomplete: "new-password" });
    const setForm = h("form", { class: "inline" },
      h("label", { for: "new-password" }, me?.password ? "New password" : "A password (to log in elsewhere)"),
      password, h("button", { type: "submit" }, "Set"));
    setForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        const got = await api("POST", "/api/me/password", { password: password.value }, remember.player()?.key);
        remember.setPlayer({ ...remember.player(), ...got });
        out.textContent = `Password set: log in elsewhere as ${got.name} with it.`;
        password.value = "";
      } catch (error) { out.textContent = error.message; }
    });
    const loginName = h("input", { id: "login-name", maxlength: 24, autocomplete: "username" });
    const loginPassword = h("input", { type: "password", id: "login-password", maxlength: 200,
      autocomplete: "current-password" });
    const loginForm = h("form", { class: "inline" },
      h("label", { for: "login-name" }, "Name"), loginName,
      h("label", { for: "login-password" }, "Password"), loginPassword,
      h("button", { type: "submit" }, "Log in"));
    loginForm.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        const got = await api("POST", "/api/login", { name: loginName.value, password: loginPassword.value });
        remember.setPlayer({ id: got.id, key: got.key, name: got.name, password: got.password });
        if (got.name) remember.setName(got.name);
        onChange?.();
        draw();
      } catch (error) { out.textContent = error.message; }
    });
    box.append(h("p", {}, move), setForm,
      h("details", {}, h("summary", {}, "Log in with a password account"), loginForm),
      devicesAndRematches(), out);
  };
  draw();
  return box;
}
