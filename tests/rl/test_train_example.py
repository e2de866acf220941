"""examples/train_maskable_ppo.py trains MaskablePPO a few hundred steps and reports win rates
with intervals (its real run, and the figures in docs/rl.md, take minutes)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


@pytest.mark.slow
def test_maskable_ppo_trains_and_reports_win_rates(capsys):
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    result = example.main(["--steps", "300", "--eval", "6", "--eval-greedy", "2", "--seed", "1"])
    out = capsys.readouterr().out
    assert "before training, against random bots" in out and "against greedy bots" in out
    assert "trained 300 steps" in out
    for part in ("before", "after", "greedy"):
        low, high = result[part]["interval"]
        assert 0.0 <= low <= result[part]["rate"] <= high <= 1.0
    assert result["model"].num_timesteps >= 300
