// The board's frame: drawn at its natural size, zoomed with buttons, ctrl+wheel or a pinch,
// and panned by dragging (a touch screen: one finger; a mouse: press and drag). What is wider
// than the frame scrolls inside it, so nothing is cut off and the page never widens.
import { h, remember } from "./ui.js";

const MIN = 0.5;
const MAX = 3;

export class Zoom {
  constructor(content, game) {
    this.game = game;
    this.scale = 1;
    this.inner = h("div", { class: "zoom-inner" }, content);
    // Focusable, so that a keyboard scrolls a board wider than the screen.
    this.view = h("div", { class: "zoom-view", tabindex: "0", role: "region", "aria-label": "the board (scrolls when zoomed)" }, this.inner);
    this.label = h("span", { class: "zoom-pct", "aria-live": "polite" }, "100%");
    const button = (text, label, delta) => h("button", { type: "button", title: label,
      onclick: () => this.set(delta === null ? 1 : this.scale * delta) },
    h("span", { "aria-hidden": "true" }, text), h("span", { class: "sr-only" }, label));
    this.el = h("div", { class: "zoom" },
      h("div", { class: "zoom-tools", role: "group", "aria-label": "board zoom" },
        button("−", "zoom out", 1 / 1.25), this.label, button("+", "zoom in", 1.25), button("1:1", "actual size", null)),
      this.view);
    this.pointers = new Map();
    this.view.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    this.view.addEventListener("pointerdown", (e) => this.down(e));
    this.view.addEventListener("pointermove", (e) => this.move(e));
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) this.view.addEventListener(type, (e) => this.up(e));
    // A drag that panned is not a click on what it started over.
    this.view.addEventListener("click", (e) => {
      if (this.dragged) { e.stopPropagation(); e.preventDefault(); this.dragged = false; }
    }, true);
  }

  setGame(game) {
    this.game = game;
    this.set(remember.zoom(game), false);
  }

  set(scale, keep = true) {
    const next = Math.min(MAX, Math.max(MIN, Math.round(scale * 100) / 100));
    // Keep the middle of what is shown in the middle.
    const v = this.view;
    const cx = (v.scrollLeft + v.clientWidth / 2) / this.scale;
    this.scale = next;
    this.inner.style.zoom = next === 1 ? "" : String(next);
    v.scrollLeft = cx * next - v.clientWidth / 2;
    this.label.textContent = `${Math.round(next * 100)}%`;
    if (keep && this.game) remember.setZoom(this.game, next);
  }

  wheel(e) {
    if (!e.ctrlKey) return; // a plain wheel scrolls the page
    e.preventDefault();
    this.set(this.scale * (e.deltaY < 0 ? 1.1 : 1 / 1.1));
  }

  down(e) {
    if (e.button !== 0 && e.pointerType === "mouse") return;
    if (e.pointerType === "mouse" && e.target.closest("button, input, select, a, textarea")) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.moved = 0;
    this.dragged = false;
    if (this.pointers.size === 2) this.pinch = { dist: this.distance(), scale: this.scale };
  }

  move(e) {
    const last = this.pointers.get(e.pointerId);
    if (!last) return;
    const dx = e.clientX - last.x;
    const dy = e.clientY - last.y;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (this.pointers.size === 2 && this.pinch) {
      this.set(this.pinch.scale * (this.distance() / (this.pinch.dist || 1)));
      this.dragged = true;
      return;
    }
    this.moved += Math.abs(dx) + Math.abs(dy);
    if (this.moved < 6) return; // a tap or a click, not a drag
    this.dragged = true;
    const v = this.view;
    v.scrollLeft -= dx;
    const top = v.scrollTop;
    v.scrollTop -= dy;
    const rest = -dy - (v.scrollTop - top);
    if (rest) window.scrollBy(0, rest); // what the frame cannot scroll, the page does
  }

  up(e) {
    this.pointers.delete(e.pointerId);
    if (this.pointers.size < 2) this.pinch = null;
    if (!this.pointers.size && this.moved < 6) this.dragged = false;
  }

  distance() {
    const [a, b] = [...this.pointers.values()];
    return Math.hypot(a.x - b.x, a.y - b.y);
  }
}
