"""scenarios/<game>/ of the games with a strategy report: every experiment file loads as that game's experiment with
seats rotated and no policy unfit for it, and each house rule runs its paired variants (a few games)."""

from __future__ import annotations

from pathlib import Path

import polars as pl
import pytest

from simkit.core.experiment import load_experiment
from simkit.core.runner import RunOptions, run_experiment

ROOT = Path(__file__).resolve().parents[1] / "scenarios"
# game -> (the policies its scenarios leave out, its house-rule file with three variants)
GAMES = {"atelier": ("search", "house-rule-ties-collect.toml"),  # about 2 s a game: not for thousands
         "ink": ("random", "house-rule-exact-goals.toml")}  # a fuzz baseline, not a strategy
FILES = [(game, path) for game in GAMES for path in sorted((ROOT / game).glob("*.toml"))]


@pytest.mark.parametrize("game", GAMES)
def test_there_are_scenarios_with_a_house_rule(game):
    files = sorted((ROOT / game).glob("*.toml"))
    assert len(files) >= 5 and (ROOT / game / GAMES[game][1]) in files


@pytest.mark.parametrize("game, path", FILES, ids=[f"{g}/{p.name}" for g, p in FILES])
def test_scenario_loads(game, path):
    exp = load_experiment(path)
    assert exp.game_id == game and exp.seats == "rotate"
    assert GAMES[game][0] not in {c.name for c in exp.lineup}


@pytest.mark.parametrize("game", GAMES)
def test_house_rule_runs_paired_variants(game):
    exp = load_experiment(ROOT / game / GAMES[game][1])
    assert len(exp.variants) == 3
    df = run_experiment(exp, RunOptions(games=6, progress=False))
    assert df.height == 6 * sum(c.n_players for c in exp.cells)
    seeds = df.group_by("variant", "n_players", "game_index").agg(pl.col("seed").first())
    assert seeds.group_by("n_players", "game_index").agg(pl.col("seed").n_unique())["seed"].max() == 1
