// The creator's panel on a table page: each friend's invite link, seats handed to a bot and
// back, a new link for a friend's new device.
import { api, clear, h, remember } from "./ui.js";

// The creator's panel: each friend's invite link (while nobody has opened it), and for a seat
// whose player went away, the seat handed to a bot; a seat once a friend's can come back to a
// friend with a new link.
export function drawInvites(page) {
  const created = page.created;
  if (!created?.creator_key) return;
  const mine = remember.seat(page.id)?.seat;
  const ours = (created.seats || []).filter((s) => s.seat !== mine && (s.url || s.friend || s.open));
  if (!ours.length) return;
  clear(page.invites).hidden = false;
  const info = (k) => page.seats[k] || {};
  page.invites.append(h("h2", {}, "Your friends' seats"),
    h("p", { class: "muted" }, "Send each friend the link of their seat: it works once, for whoever opens it first."),
    h("ul", {}, ours.map((s) => {
      const now = info(s.seat);
      const parts = [h("label", { for: `invite-${s.seat}` }, page.seatsView.tag(s.seat))];
      if (now.kind && now.kind !== "human") {
        parts.push(h("span", { class: "muted" }, ` played by a ${now.kind} bot `),
          h("button", { type: "button", onclick: () => handOver(page, s.seat, "human") }, "back to a friend (new link)"));
      } else if (now.free) {
        parts.push(h("span", { class: "muted" }, " open to anyone in the lobby "));
      } else if (now.invited && s.url) {
        const input = h("input", { readonly: true, value: s.url, "aria-label": `invite link of ${page.seatsView.name(s.seat)}`, id: `invite-${s.seat}` });
        parts.push(input, h("button", { type: "button", onclick: async (event) => {
          input.select();
          try { await navigator.clipboard.writeText(s.url); } catch { document.execCommand?.("copy"); }
          event.target.textContent = "copied";
        } }, "copy"));
      } else {
        parts.push(h("span", { class: "muted" }, now.present ? " taken, online " : " taken, away "));
        if (!page.payload?.over) {
          parts.push(h("button", { type: "button", onclick: () => handOver(page, s.seat, "human") },
            "new link (for a new device; the old one stops)"));
        }
      }
      if (now.kind === "human" && !now.present && !page.payload?.over) {
        parts.push(h("button", { type: "button", dataset: { handover: s.seat }, onclick: () => handOver(page, s.seat, "greedy") },
          "give to a bot"));
      }
      return h("li", {}, parts);
    })),
    h("p", {}, h("a", { href: `/tables/${page.id}?watch` }, "Spectators' link")));
}

async function handOver(page, seat, kind) {
  const created = page.created;
  try {
    const answer = await api("POST", `/api/tables/${page.id}/seats/${seat}`, { kind }, created.creator_key);
    created.seats = (created.seats || []).map((s) => (s.seat === seat
      ? { seat, kind: answer.kind, friend: true, url: answer.url || null } : s));
    remember.setCreated(page.id, created);
  } catch (error) {
    clear(page.notice).append(h("p", {}, h("b", {}, "Not done: "), error.message));
  }
  drawInvites(page);
}
