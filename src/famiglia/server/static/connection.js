// The table's websocket: frames in, moves and chat out; it reconnects after a drop (the
// server sends the whole payload again on connect, so nothing is lost).

const FINAL = new Set([1003, 1007, 1008, 1009]); // refused by the server: trying again won't help

export class Connection {
  constructor(tableId, token, { onFrame, onStatus }) {
    this.url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/tables/${tableId}`
      + (token ? `?token=${encodeURIComponent(token)}` : "");
    this.onFrame = onFrame;
    this.onStatus = onStatus;
    this.delay = 500;
    this.closed = false;
    this.open();
    window.addEventListener("online", () => this.retryNow());
  }

  open() {
    this.onStatus("connecting", "connecting…");
    const socket = this.socket = new WebSocket(this.url);
    socket.onopen = () => {
      this.delay = 500;
      this.onStatus("open", "connected");
    };
    socket.onmessage = (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      this.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.closed) return;
      if (FINAL.has(event.code)) {
        this.closed = true;
        this.onStatus("refused", event.reason || `closed (${event.code})`);
        return;
      }
      this.onStatus("lost", `connection lost; trying again in ${Math.round(this.delay / 1000) || 1} s`);
      this.timer = setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  retryNow() {
    if (this.closed || !this.socket || this.socket.readyState !== WebSocket.CLOSED) return;
    clearTimeout(this.timer);
    this.open();
  }

  send(frame) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }
}
