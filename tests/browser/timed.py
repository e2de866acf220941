"""A server whose time the test moves: the app of `famiglia serve` run in this process (uvicorn in
a thread), with a fake time source for its clocks (`Settings.time_source`, which HTTP cannot
reach), so that a test passes an hour or a day at once and asks the keeper to look (`tick`), as
tests/server/test_clocks.py does, instead of sleeping. A local webhook receiver too."""

from __future__ import annotations

import asyncio
import json
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx


class FakeTime:
    def __init__(self) -> None:
        self.at = time.time()  # starts at the real time: the pages' clocks start the same

    def now(self) -> float:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += seconds


class TimedServer:
    """`base` is its address; `time` its fake time; `run(fn)` runs `await fn(hub)` on its loop.
    Its keeper's own task is stopped: time passes only when the test says (`pass_time`)."""

    def __init__(self, folder, **settings) -> None:
        import uvicorn

        from famiglia.server import Settings, create_app
        from famiglia.server.security import hosts_for

        self.time = FakeTime()
        values = {
            "db": str(folder / "timed.db"),
            "time_source": self.time,
            "bot_workers": 1,
            "sqlite_synchronous": "NORMAL",
            "hosts": hosts_for("127.0.0.1"),
            "tables_per_minute": 100000,
            "tables_per_client": 100000,
            "webhook_loopback": True,  # the test's receiver is on 127.0.0.1
            **settings,
        }
        self.app = create_app(Settings(**values))
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=0, log_level="warning", access_log=False
        )
        self.server = uvicorn.Server(config)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_until_complete, args=(self.server.serve(),), daemon=True
        )
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the timed server did not start")
            time.sleep(0.05)
        port = self.server.servers[0].sockets[0].getsockname()[1]
        self.base = f"http://127.0.0.1:{port}"
        # The test alone times seats out (pass_time): the keeper's own task, woken by a move,
        # would otherwise time a seat out on the fake time before the test's own look.
        self.run(lambda hub: hub.keeper.end())

    @property
    def hub(self):
        return self.app.state.hub

    def run(self, fn, timeout: float = 30):
        """`await fn(hub)` on the server's own loop, from the test's thread."""

        async def call():
            return await fn(self.hub)

        return asyncio.run_coroutine_threadsafe(call(), self.loop).result(timeout)

    def pass_time(self, seconds: float) -> list:
        """`seconds` pass at once; the keeper then times out whoever ran out (its (table, seat)
        pairs), as its own task would at that moment."""
        self.time.advance(seconds)
        return self.run(lambda hub: hub.keeper.tick())

    def unload(self) -> list[str]:
        """The tables nobody looked at for `unload_minutes` leave memory now (the sweep's job)."""

        async def unload(hub):
            return hub.unloader.unload_idle()

        return self.run(unload)

    def call(self, method: str, path: str, body=None, token=None, headers=None) -> dict:
        sent = {"Authorization": f"Bearer {token}"} if token else {}
        answer = httpx.request(
            method, self.base + path, json=body, headers=sent | (headers or {}), timeout=30
        )
        answer.raise_for_status()
        return answer.json()

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


class Receiver:
    """A local webhook receiver: every JSON body POSTed to it, in `got`."""

    def __init__(self) -> None:
        got = self.got = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 (http.server's name)
                size = int(self.headers.get("content-length") or 0)
                got.append(json.loads(self.rfile.read(size) or b"null"))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    def wait_for(self, count: int, seconds: float = 20) -> list:
        deadline = time.monotonic() + seconds
        while len(self.got) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return list(self.got)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def wait_for(check, seconds: float = 20, what: str | None = None) -> None:
    """Polls `check` until it holds; fails after `seconds`, saying `what` (or check's docstring)
    it waited for."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, f"waited {seconds} s for {what or check.__doc__}"
        time.sleep(0.05)


def seconds_of(text: str) -> int:
    """The seconds a clock shows (clocks.js formatTime: "1 d 2 h", "3 h 04 min", "5:07")."""
    text = text.strip()
    if found := re.fullmatch(r"(\d+) d (\d+) h", text):
        return int(found[1]) * 86400 + int(found[2]) * 3600
    if found := re.fullmatch(r"(\d+) h (\d+) min", text):
        return int(found[1]) * 3600 + int(found[2]) * 60
    minutes, secs = re.fullmatch(r"(\d+):(\d\d)", text).groups()
    return int(minutes) * 60 + int(secs)
