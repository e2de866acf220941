"""The Ray backend gives exactly the records and standings of the local one.

One local Ray with two CPUs serves the whole module (xdist keeps the module on one worker); it
listens on the loopback address only. A Ray cluster already running is reached from another
process with `--address auto`, as a user on a cluster's node would.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time

import pytest
import typer
from typer.testing import CliRunner

import famiglia
from famiglia.arena import ray_runner
from famiglia.arena.jobs import RunConfig
from famiglia.arena.ray_runner import RayRunner, batch_size, check_address
from famiglia.arena.runners import BackendError, play_job, run_jobs
from famiglia.arena.simulate import simulate
from famiglia.arena.tournament import run_tournament, seating
from famiglia.cli.tournament import tournament

pytestmark = pytest.mark.xdist_group("ray")

MOB = famiglia.load("the-mob")
QUICK = {"max_years": 1}
SPECS = ["greedy:samples=1,steps=1", "random", "ismcts:iterations=15"]


@pytest.fixture(scope="module")
def ray_cluster():
    """A local Ray of two CPUs, on the loopback address; yields its address (host:port)."""
    os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")  # loopback only
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("Ray is not installed; the test extra must pull in famiglia[ray]")
        pytest.skip("Ray is not installed: pip install -e '.[test]'")
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    try:
        yield ray.get_runtime_context().gcs_address
    finally:
        ray.shutdown()


def test_a_tournament_on_ray_has_the_records_and_standings_of_the_local_one(ray_cluster):
    here = run_tournament(MOB, 3, SPECS, 6, seed=40, options=QUICK)
    arrived = []
    there = run_tournament(
        MOB, 3, SPECS, 6, 40, QUICK, RunConfig(backend="ray", on_record=arrived.append)
    )
    assert there.records == here.records
    assert sorted(r["seed"] for r in arrived) == list(range(40, 46))  # each one, as it came
    assert [vars(st) for st in there.standings()] == [vars(st) for st in here.standings()]
    assert there.seat_wins() == here.seat_wins()
    for i, record in enumerate(there.records):
        assert record["seed"] == 40 + i
        names = [spec.split(":")[0] for spec in seating(SPECS, i)]
        assert [agent.split(":")[0] for agent in record["agents"]] == names


def test_a_simulation_on_ray_has_the_records_and_summary_of_the_local_one(ray_cluster):
    specs = ["random", "greedy:samples=1,steps=1", "random", "random"]
    here, records_here = simulate(MOB, 4, 8, 7, specs, QUICK)
    there, records_there = simulate(MOB, 4, 8, 7, specs, QUICK, RunConfig(2, "ray"))
    assert records_there == records_here
    assert vars(there) == vars(here)


def test_records_stream_back_while_games_are_still_being_played(ray_cluster):
    jobs = [(i, "the-mob", 3, 100 + i, ["random"] * 3, QUICK) for i in range(30)]
    with RayRunner(workers=2) as runner:
        stream = runner.run(jobs)
        first = next(stream)
        assert runner.waiting, "the first record came back only after every game was sent"
        rest = list(stream)
    assert sorted(i for i, _ in [first, *rest]) == list(range(30))
    assert dict([first, *rest])[5] == play_job(jobs[5])[1]


def test_batches_grow_to_about_a_second_of_play_and_share_out_what_is_left():
    assert batch_size(1000, 2, 0, 0.0) == 1  # the games' length is not known yet
    assert batch_size(1000, 2, 100, 1.0) == 100  # 10 ms a game: 100 games in a second
    assert batch_size(1000, 2, 4, 8.0) == 1  # games of 2 s go one by one
    assert batch_size(40, 2, 100, 0.1) == 10  # the last 40 games over 2 workers, 2 batches each
    assert batch_size(3, 4, 100, 0.1) == 1
    assert batch_size(10**9, 1, 10**6, 1.0) == ray_runner.MAX_BATCH


def test_the_cluster_must_run_the_same_famiglia(ray_cluster, monkeypatch):
    monkeypatch.setattr(famiglia, "__version__", "9.9.9")
    with pytest.raises(BackendError, match=r"workers run famiglia 0\..*this is famiglia 9\.9\.9"):
        run_tournament(MOB, 3, SPECS, 2, options=QUICK, config=RunConfig(backend="ray"))


def cli():
    app = typer.Typer()
    app.command("tournament")(tournament)
    app.command("other")(lambda: None)  # two commands, as in the real cli
    return app


def standings_lines(output: str) -> list[str]:
    """The standings and seat tables' rows of the tournament's output (not the time it took):
    a row starts with a bot's name or a seat number."""
    names = tuple(SPECS)
    return [
        line
        for line in output.splitlines()
        if line.strip().startswith(names) or line.strip("│ ").split(" ")[0].isdigit()
    ]


def test_the_command_prints_the_same_standings_on_ray(ray_cluster, tmp_path):
    args = ["tournament", "the-mob", "--seats", ",".join(SPECS), "--games", "6"]
    args += ["--seed", "3", "-o", "max_years=1"]
    runner = CliRunner(env={"COLUMNS": "200"})
    local = runner.invoke(cli(), [*args, "--out", str(tmp_path / "a.jsonl")])
    on_ray = runner.invoke(cli(), [*args, "--backend", "ray", "--out", str(tmp_path / "b.jsonl")])
    assert local.exit_code == 0 and on_ray.exit_code == 0, local.output + on_ray.output
    assert standings_lines(on_ray.output) == standings_lines(local.output)
    assert len(standings_lines(local.output)) == 3 + 3  # three bots, three seats
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()


def test_an_existing_cluster_is_reached_with_address_auto(ray_cluster, tmp_path):
    """A separate process, as on a cluster's node: RAY_ADDRESS names the cluster."""
    env = {**os.environ, "RAY_ADDRESS": ray_cluster, "COLUMNS": "200"}
    args = ["simulate", "the-mob", "-p", "3", "-n", "4", "--seed", "9", "-o", "max_years=1"]
    started = time.monotonic()
    far = subprocess.run(
        [sys.executable, "-m", "famiglia", *args, "--address", "auto", "--out", "far.jsonl"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert far.returncode == 0, far.stderr[-3000:]
    assert "Traceback" not in far.stderr
    assert time.monotonic() - started < 240
    _, here = simulate(MOB, 3, 4, 9, ["random"] * 3, QUICK)
    lines = (tmp_path / "far.jsonl").read_text().splitlines()
    assert [json.loads(line) for line in lines] == here


def test_a_cluster_is_reached_through_ray_client_at_ray_host_port(ray_cluster, tmp_path):
    """The head's Ray Client server, as `ray start --head` runs it, on a loopback port; the
    command reaches it at ray://HOST:PORT from a separate process and plays the same games."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [sys.executable, "-m", "ray.util.client.server", "--address", ray_cluster]
        + ["--host", "127.0.0.1", "--port", str(port), "--mode", "proxy"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its session servers die with it
    )
    try:
        args = ["simulate", "the-mob", "-p", "3", "-n", "4", "--seed", "5", "-o", "max_years=1"]
        far = subprocess.run(
            [sys.executable, "-m", "famiglia", *args, "--address", f"ray://127.0.0.1:{port}"]
            + ["--out", "far.jsonl"],
            cwd=tmp_path,
            env={**os.environ, "COLUMNS": "200"},
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(30)
    assert far.returncode == 0, far.stderr[-3000:]
    assert "Traceback" not in far.stderr
    _, here = simulate(MOB, 3, 4, 5, ["random"] * 3, QUICK)
    lines = (tmp_path / "far.jsonl").read_text().splitlines()
    assert [json.loads(line) for line in lines] == here


@pytest.mark.parametrize(
    "args, message",
    [
        (["--backend", "spark"], "unknown backend 'spark'; backends: local, ray"),
        (["--address", "10.0.0.1:6379"], "give ray://HOST:PORT"),
        (["--address", "ray://head"], "give ray://HOST:PORT"),
        (["--backend", "ray", "--workers", "0"], "at least 1"),
    ],
)
def test_a_bad_backend_or_address_gives_one_clear_line(args, message):
    got = CliRunner().invoke(
        cli(), ["tournament", "the-mob", "--seats", "random,random,random"] + args
    )
    assert got.exit_code == 2, got.output
    assert message in got.output and "Traceback" not in got.output
    assert len(got.output.strip().splitlines()) == 1


def test_addresses_of_a_cluster():
    for good in ("auto", "ray://head-node:10001", "ray://10.0.0.1:10001"):
        check_address(good)
    for bad in ("", "local", "ray://:10001", "http://head:10001", "ray://head:10001/x"):
        with pytest.raises(ValueError, match="ray://HOST:PORT"):
            check_address(bad)


def test_without_ray_installed_the_backend_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails
    jobs = [(0, "the-mob", 3, 0, ["random"] * 3, QUICK)]
    with pytest.raises(BackendError, match=r"pip install 'famiglia\[ray\]'"):
        list(run_jobs(jobs, RunConfig(backend="ray")))
