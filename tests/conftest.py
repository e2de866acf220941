"""Shared test settings: long soak runs only with --soak; hypothesis small and repeatable by
default, large and freshly random under --soak; the markers that need no decorator.

Markers (declared in pyproject.toml) are given here where the test itself says what it needs:
every test under tests/browser is `browser`; a test using the `postgres` or `pg_url` fixture
(tests/server/conftest.py) is `postgres`; a test using the `ray_cluster` fixture
(tests/arena/test_ray.py) is `ray`. `slow` is given by decorator or by a module's
`pytestmark`. The inner loop leaves all four out:

    pytest -m "not browser and not postgres and not ray and not slow" -n 2
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

_HYPOTHESIS = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("famiglia", max_examples=40, derandomize=True, **_HYPOTHESIS)
settings.register_profile("soak", max_examples=1000, **_HYPOTHESIS)


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", help="also run the long soak tests")


def pytest_configure(config):
    settings.load_profile("soak" if config.getoption("--soak") else "famiglia")
    config.pluginmanager.register(GroupIds(), "famiglia-group-ids")


class GroupIds:
    """pytest-xdist (3.8) puts a test's xdist_group into its id on each worker by setting
    `item._nodeid`, which pytest 9.2 no longer reads (its nodeid comes from `item._id`): the
    groups were silently ignored and --dist loadgroup ran as plain load. This sets the id
    xdist meant, after xdist's own hook; with either version fixed it changes nothing."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, items):
        for item in items:
            meant = getattr(item, "_nodeid", None)
            if isinstance(meant, str) and meant != item.nodeid and hasattr(item, "_id"):
                from _pytest.nodeid import NodeId

                item._id = NodeId.parse(meant)


TESTS = Path(__file__).resolve().parent
BY_FIXTURE = {"postgres": "postgres", "pg_url": "postgres", "ray_cluster": "ray"}


def needs(item) -> set[str]:
    """The markers `item` earns by where it is and what fixtures it uses."""
    found = {mark for fixture, mark in BY_FIXTURE.items() if fixture in item.fixturenames}
    if (TESTS / "browser") in item.path.parents:
        found.add("browser")
    return found


# Browser modules long enough that one worker alone would finish them last: spread over both.
SPREAD_BROWSER_MODULES = {"test_game_pages"}


def browser_group(path: Path) -> str | None:
    """The xdist group of a browser test: its module's. Under --dist loadgroup one worker then
    runs the whole module, whose server and Chromium (module fixtures) start once, not on each
    worker; but the longest modules are left to both workers."""
    if (TESTS / "browser") not in path.parents or path.stem in SPREAD_BROWSER_MODULES:
        return None
    return f"browser:{path.stem}"


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marker
def pytest_collection_modifyitems(config, items):
    for item in items:
        for mark in sorted(needs(item)):
            item.add_marker(mark)
        if (group := browser_group(item.path)) and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group(group))
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="soak test: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
