// Telling a player it is their turn: the tab's title (always), a short beep (if ticked) and a
// browser notification while the tab is hidden (if ticked; permission asked only then).
import { h, remember } from "./ui.js";

export class Alerts {
  constructor(title) {
    this.title = title;
    this.mine = false;
    this.sound = remember.pref("sound");
    this.notify = remember.pref("notify") && "Notification" in window && Notification.permission === "granted";
    const sound = h("input", { type: "checkbox", id: "pref-sound", checked: this.sound,
      onchange: () => { this.sound = sound.checked; remember.setPref("sound", this.sound); if (this.sound) this.beep(); } });
    const notify = h("input", { type: "checkbox", id: "pref-notify", checked: this.notify,
      onchange: async () => {
        if (notify.checked && "Notification" in window && Notification.permission !== "granted") {
          notify.checked = (await Notification.requestPermission()) === "granted";
        }
        this.notify = notify.checked && "Notification" in window;
        remember.setPref("notify", this.notify);
      } });
    this.el = h("div", { class: "alerts" },
      h("label", { for: "pref-sound" }, sound, " sound on my turn"),
      "Notification" in window ? h("label", { for: "pref-notify" }, notify, " notify when hidden") : null);
  }

  // Called with every payload: the alerts go off only when the turn becomes this seat's.
  turn(mine, gameTitle) {
    document.title = `${mine ? "▶ Your move · " : ""}famiglia: ${gameTitle}`;
    const started = mine && !this.mine;
    this.mine = mine;
    if (!started) return;
    if (this.sound) this.beep();
    if (this.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
      try { new Notification(`Your move: ${gameTitle}`, { body: "famiglia", tag: location.pathname }); } catch { /* unsupported */ }
    }
  }

  // Two short tones made on the spot: nothing to download.
  beep() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      this.audio = this.audio || new Ctx();
      const ctx = this.audio;
      [0, 0.16].forEach((at, i) => {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = i ? 880 : 660;
        gain.gain.setValueAtTime(0.0001, ctx.currentTime + at);
        gain.gain.exponentialRampToValueAtTime(0.15, ctx.currentTime + at + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + at + 0.14);
        osc.connect(gain).connect(ctx.destination);
        osc.start(ctx.currentTime + at);
        osc.stop(ctx.currentTime + at + 0.15);
      });
    } catch { /* no audio: the title still says it */ }
  }
}
