// The player's devices and rematch seats on their own panel (docs/server.md, Devices and
// Rematch): each device signed in as this player, with when it was made and last used, this
// one marked, and a button to sign one out; the rematch seats kept for the player, each with a
// button that fetches that seat's one-time code and takes the seat (the table page claims it).
import { api, clear, h, remember } from "./ui.js";

const when = (iso) => (iso ? new Date(iso).toLocaleString() : "never");

export function devicesAndRematches() {
  const box = h("div", { class: "devices" });
  const key = remember.player()?.key;
  if (!key) return box;
  const out = h("p", { class: "muted", role: "status" });
  const seats = h("ul", { id: "my-rematches" });
  const devices = h("ul", { id: "my-devices" });
  const load = async () => {
    try {
      const [rematches, listed] = await Promise.all([
        api("GET", "/api/me/rematches", undefined, key),
        api("GET", "/api/me/devices", undefined, key),
      ]);
      clear(seats);
      for (const r of rematches) {
        const take = h("button", { type: "button", class: "primary" }, "Take your seat");
        take.addEventListener("click", async () => {
          try {
            const got = await api("POST", `/api/me/rematches/${encodeURIComponent(r.id)}`, {}, key);
            location.assign(`/tables/${encodeURIComponent(got.id)}#claim=${encodeURIComponent(got.claim)}`);
          } catch (error) { out.textContent = error.message; }
        });
        seats.append(h("li", {}, `Rematch of ${r.name} (${r.game}), seat ${r.seat} `, take));
      }
      clear(devices);
      for (const d of listed) {
        const label = `${d.this ? "This device" : "A device"}: signed in ${when(d.created_at)}, last seen ${when(d.last_seen)} `;
        const off = h("button", { type: "button" }, d.this ? "Sign out here" : "Sign out");
        off.addEventListener("click", async () => {
          try {
            await api("DELETE", `/api/me/devices/${encodeURIComponent(d.id)}`, {}, key);
            if (d.this) { remember.setPlayer(null); location.assign("/"); return; }
            load();
          } catch (error) { out.textContent = error.message; }
        });
        devices.append(h("li", {}, label, off));
      }
    } catch (error) { out.textContent = error.message; }
  };
  box.append(
    h("details", {}, h("summary", {}, "Rematch seats kept for you"), seats),
    h("details", {}, h("summary", {}, "Your devices"), devices),
    out,
  );
  load();
  return box;
}
