"""scenarios/ink/: every experiment file loads as an Ink experiment with heuristic families only, and the house rule
runs its paired variants (a few games)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from simkit.core.experiment import load_experiment
from simkit.core.runner import RunOptions, run_experiment

FOLDER = Path(__file__).resolve().parents[2] / "scenarios" / "ink"
FILES = sorted(FOLDER.glob("*.toml"))


def test_there_are_scenarios_with_a_house_rule():
    assert len(FILES) >= 5 and any(p.name.startswith("house-rule") for p in FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_scenario_loads(path):
    exp = load_experiment(path)
    assert exp.game_id == "ink" and exp.seats == "rotate"
    assert "random" not in {c.name for c in exp.lineup}  # a fuzz baseline, not a strategy


def test_house_rule_runs_paired_variants():
    exp = load_experiment(FOLDER / "house-rule-exact-goals.toml")
    assert len(exp.variants) == 3
    df = run_experiment(exp, RunOptions(games=6, progress=False))
    assert df.height == 6 * (2 + 3) * len(exp.variants)
    seeds = df.group_by("variant", "n_players", "game_index").agg(pl.col("seed").first())
    assert seeds.group_by("n_players", "game_index").agg(pl.col("seed").n_unique())["seed"].max() == 1
    assert df.filter(pl.col("truncated") == 1).height == 0
