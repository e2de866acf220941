"""The markers the inner loop leaves out are given by tests/conftest.py from where a test is and
what it uses, so that `-m "not browser and not postgres and not ray and not slow"` needs no
Chromium, no PostgreSQL and no Ray."""

from __future__ import annotations

from pathlib import Path

from _pytest.nodeid import NodeId

from tests.conftest import BY_FIXTURE, TESTS, GroupIds, browser_group, needs


class Item:
    """What `needs` reads of a collected test."""

    def __init__(self, path: Path, *fixtures: str):
        self.path = path
        self.fixturenames = ["request", *fixtures]


def test_a_test_is_marked_by_its_folder_and_its_fixtures():
    assert needs(Item(TESTS / "browser" / "test_solo.py", "page")) == {"browser"}
    assert needs(Item(TESTS / "server" / "test_crash.py", "pg_url", "tmp_path")) == {"postgres"}
    assert needs(Item(TESTS / "server" / "test_storage.py", "postgres")) == {"postgres"}
    assert needs(Item(TESTS / "arena" / "test_ray.py", "ray_cluster")) == {"ray"}
    assert needs(Item(TESTS / "arena" / "test_ray.py")) == set()  # checks of arguments only
    assert needs(Item(TESTS / "server" / "test_api.py", "client")) == set()  # SQLite
    assert needs(Item(TESTS / "browsers.py")) == set()  # a name alike is not the folder


def test_a_browser_module_runs_on_one_worker():
    """Its tests share one xdist group (so one server and one Chromium); other tests have none."""
    solo = TESTS / "browser" / "test_solo.py"
    assert browser_group(solo) == browser_group(solo) == "browser:test_solo"
    assert browser_group(TESTS / "browser" / "test_phone.py") != browser_group(solo)
    assert browser_group(TESTS / "server" / "test_api.py") is None
    assert browser_group(TESTS / "browsers.py") is None
    # 28 tests of clicking through every game: one worker alone would end the run late.
    assert browser_group(TESTS / "browser" / "test_game_pages.py") is None


class Collected:
    """A collected test as pytest 9.2 keeps its id (`_id`), with what xdist set (`_nodeid`)."""

    def __init__(self, nodeid: str, meant: str | None = None):
        self._id = NodeId.parse(nodeid)
        if meant is not None:
            self._nodeid = meant

    @property
    def nodeid(self) -> str:
        return str(self._id)


def test_the_group_xdist_gives_a_test_reaches_its_id():
    """--dist loadgroup sends tests to workers by the group after the "@" of their ids."""
    grouped = Collected("tests/arena/test_ray.py::test_x", "tests/arena/test_ray.py::test_x@ray")
    plain = Collected("tests/test_cli.py::test_y[a]")
    GroupIds().pytest_collection_modifyitems([grouped, plain])
    assert grouped.nodeid == "tests/arena/test_ray.py::test_x@ray"
    assert plain.nodeid == "tests/test_cli.py::test_y[a]"


def test_the_fixtures_that_mark_exist():
    """A renamed fixture would silently put its tests back into the inner loop."""
    defined = {
        "postgres": TESTS / "server" / "conftest.py",
        "pg_url": TESTS / "server" / "conftest.py",
        "ray_cluster": TESTS / "arena" / "test_ray.py",
    }
    assert set(defined) == set(BY_FIXTURE)
    for fixture, where in defined.items():
        assert f"\ndef {fixture}(" in where.read_text(encoding="utf-8"), fixture


def test_every_marker_is_declared(pytestconfig):
    declared = {line.split(":")[0] for line in pytestconfig.getini("markers")}
    assert {"browser", "postgres", "ray", "slow", "soak"} <= declared
