"""Browser test fixtures: `famiglia serve` as a person starts it, and Debian's Chromium driven by
Playwright (never a browser Playwright downloads). In CI (the CI variable set) a missing
Chromium or Playwright is a failure, never a skip."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

ARGS = [
    "--no-sandbox",  # Chromium's sandbox cannot run as root, which CI is
    "--disable-gpu",
    "--disable-background-networking",  # no calls home on a closed network
    "--disable-component-update",
    "--no-first-run",
]


def missing(what: str):
    if os.environ.get("CI"):
        pytest.fail(f"{what}; CI must run the browser tests (.ci/run installs chromium)")
    pytest.skip(what)


# Per module, not per session: while Playwright's sync API runs, its event loop is the thread's
# running loop, and any other test the same xdist worker runs meanwhile cannot use asyncio.run.
@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright for Python is not installed: pip install -e '.[browser]'")
    executable = shutil.which("chromium")
    if executable is None:
        missing("no chromium on PATH (apt-get install chromium)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`famiglia serve` on a free port of 127.0.0.1; yields its address."""
    folder = tmp_path_factory.mktemp("serve")
    program = Path(sys.executable).with_name("famiglia")
    process = subprocess.Popen(
        [
            *(str(program), "serve", "--port", "0", "--no-browser", "--db", str(folder / "t.db")),
            # every browser test makes its tables from this one address: no limit per client
            *("--tables-per-minute", "100000", "--tables-per-client", "100000"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
    )
    line = process.stdout.readline()
    found = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
    if not found:
        process.kill()
        pytest.fail(f"famiglia serve did not start: {line}{process.stdout.read()}")
    # read its output to the end: a full pipe would stop the server at its next warning
    threading.Thread(target=process.stdout.read, daemon=True).start()
    try:
        yield found.group(1)
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture
def opened():
    """Keeps what the openers of pages.py open and closes each browser context after the test:
    `page, errors = opened(open_page(browser, url))`."""
    contexts = []

    def keep(opening):
        context, page, errors = opening
        contexts.append(context)
        return page, errors

    yield keep
    for context in contexts:
        context.close()
