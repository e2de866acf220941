"""Shared test settings: long soak runs only with --soak; hypothesis small and repeatable by
default, large and freshly random under --soak."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

_HYPOTHESIS = dict(deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("famiglia", max_examples=40, derandomize=True, **_HYPOTHESIS)
settings.register_profile("soak", max_examples=1000, **_HYPOTHESIS)


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", help="also run the long soak tests")


def pytest_configure(config):
    settings.load_profile("soak" if config.getoption("--soak") else "famiglia")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="soak test: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
