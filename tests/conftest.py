"""Shared test settings: long soak runs only with --soak."""

from __future__ import annotations

import pytest


def pytest_addoption(parser):
    parser.addoption("--soak", action="store_true", help="also run the long soak tests")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--soak"):
        return
    skip = pytest.mark.skip(reason="soak test: run with --soak")
    for item in items:
        if "soak" in item.keywords:
            item.add_marker(skip)
