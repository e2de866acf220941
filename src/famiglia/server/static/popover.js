// A card's or a power's text, opened by a click, a tap or Enter/Space (not hover only): one
// popover at a time, closed by Escape, its close button or a click elsewhere.
import { h } from "./ui.js";

let open = null;

function close() {
  if (!open) return;
  const { box, el } = open;
  open = null;
  box.remove();
  el.setAttribute("aria-expanded", "false");
}

document.addEventListener("keydown", (e) => {
  if (e.key === "Escape" && open) {
    const el = open.el;
    close();
    el.focus();
  }
});
document.addEventListener("click", (e) => {
  if (open && !open.box.contains(e.target) && !open.el.contains(e.target)) close();
});

export function explain(el, title, text) {
  if (!el || el.dataset.explained) return el;
  el.dataset.explained = "1";
  el.classList.add("explained");
  if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
  if (!el.hasAttribute("role")) el.setAttribute("role", "button");
  el.setAttribute("aria-haspopup", "dialog");
  el.setAttribute("aria-expanded", "false");
  if (!el.hasAttribute("aria-label")) el.setAttribute("aria-label", `${title}: show its text`);
  const show = (event) => {
    if (el.classList.contains("pickable")) return; // a move to pick: picking comes first
    event.preventDefault();
    event.stopPropagation();
    const again = open?.el === el;
    close();
    if (again) return;
    const box = h("div", { class: "popover", role: "dialog", "aria-label": title },
      h("button", { type: "button", class: "link close", "aria-label": "close", onclick: () => { close(); el.focus(); } }, "×"),
      h("h3", {}, title), h("p", {}, text));
    document.body.append(box);
    const r = el.getBoundingClientRect();
    const width = Math.min(320, document.documentElement.clientWidth - 16);
    box.style.width = `${width}px`;
    box.style.left = `${Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 8))}px`;
    box.style.top = `${r.bottom + window.scrollY + 6}px`;
    el.setAttribute("aria-expanded", "true");
    open = { box, el };
    box.querySelector("button").focus({ preventScroll: true });
  };
  el.addEventListener("click", show);
  el.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") show(e); });
  return el;
}
