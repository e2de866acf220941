"""The learning example runs: a smoke test of a few games (its real run takes minutes)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "learn_cash_n_guns.py"


def _load():
    spec = importlib.util.spec_from_file_location("learn_cash_n_guns", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_trains_and_reports_a_win_rate(capsys):
    example = _load()
    result = example.main(["--games", "6", "--eval", "4", "--seed", "3"])
    out = capsys.readouterr().out
    assert "before training: won" in out and "after training" in out and "25%" in out
    assert 0 <= result["wins"] <= 4 and result["games"] == 4
    low, high = result["interval"]
    assert 0.0 <= low <= result["wins"] / 4 <= high <= 1.0
    policy = result["policy"]
    assert np.any(policy.w != 0), "six games of training changed nothing"


def test_wilson_interval_matches_a_known_value():
    example = _load()
    low, high = example.wilson(80, 100)
    assert abs(low - 0.7112) < 1e-3 and abs(high - 0.8666) < 1e-3
