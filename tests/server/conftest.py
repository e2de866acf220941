"""Server test fixtures: an app on a fresh SQLite file, and a throwaway PostgreSQL cluster.

PostgreSQL refuses to run as root, so as root the cluster is made and run as the `postgres`
user. In CI (the CI variable set) a missing server is a failure, never a skip.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

import pytest

from .helpers import app_client


@pytest.fixture
def client(tmp_path):
    with app_client(tmp_path / "famiglia.db") as c:
        yield c


@pytest.fixture(scope="module")
def shared_client(tmp_path_factory):
    """One app for a whole module, for tests that only add tables of their own."""
    with app_client(tmp_path_factory.mktemp("db") / "famiglia.db") as c:
        yield c


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def postgres_bin() -> Path | None:
    found = shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda d: int(d.split("/")[-2]))
    return Path(dirs[-1]) if dirs and (Path(dirs[-1]) / "pg_ctl").exists() else None


@pytest.fixture(scope="session")
def postgres():
    """A PostgreSQL server of its own on 127.0.0.1 for the session; yields its base URL."""
    bindir = postgres_bin()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL server binaries (initdb, pg_ctl) not found; CI must have them")
        pytest.skip("no PostgreSQL server binaries (install Debian's postgresql package)")
    root = Path(tempfile.mkdtemp(prefix="famiglia-pg-"))
    prefix = []
    if os.geteuid() == 0:  # postgres will not run as root
        shutil.chown(root, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    data, port = root / "data", free_port()

    def run(*args):
        return subprocess.run(
            [*prefix, *map(str, args)], cwd=root, check=True, capture_output=True, text=True
        )

    run(bindir / "initdb", "-D", data, "-U", "famiglia", "--auth=trust", "-E", "UTF8", "--no-sync")
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1"
    try:
        run(bindir / "pg_ctl", "-D", data, "-l", root / "log", "-o", options, "-w", "start")
    except subprocess.CalledProcessError as exc:
        log = (root / "log").read_text() if (root / "log").exists() else ""
        pytest.fail(f"PostgreSQL did not start: {exc.stderr}\n{log}")
    try:
        yield f"postgresql://famiglia@127.0.0.1:{port}"
    finally:
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            cwd=root,
            capture_output=True,
        )
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def pg_url(postgres):
    """A fresh, empty database on the session's PostgreSQL."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(f"{postgres}/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{postgres}/{name}"
