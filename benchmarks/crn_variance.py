"""Variance reduction of common random numbers on a real house rule (Canvas grey ribbons worth 3, not 2).

Runs the baseline and the variant on the same seeds (CRN, paired) and the variant again on independent seeds,
and compares the variance of the estimated difference in mean score per game.
Usage: python benchmarks/crn_variance.py [--games N]
"""

from __future__ import annotations

import argparse

import polars as pl

from simkit.core.experiment import parse_experiment
from simkit.core.runner import RunOptions, run_experiment
from simkit.core.stopping import paired_scores
from simkit.stats import paired_difference


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20000)
    args = parser.parse_args()
    spec = {"experiment": {"game": "canvas", "games": args.games, "seed": 11},
            "rules": {"n_players": 4},
            "variants": {"grey3": {"bonus_ribbon_points": 3}},
            "players": [{"policy": "planner"}, {"policy": "greedy"}, {"policy": "greedy"}, {"policy": "random"}]}
    exp = parse_experiment(spec, "<crn>")
    df = run_experiment(exp, RunOptions(jobs=2, progress=False))
    paired = paired_scores(df, "grey3", by=("n_players",))
    crn = paired_difference(paired["variant_score"].to_numpy(), paired["baseline_score"].to_numpy())

    independent = run_experiment(exp, RunOptions(jobs=2, seed=12, progress=False)).filter(
        pl.col("variant") == "grey3")
    base = df.filter(pl.col("variant") == "baseline").group_by("seed").agg(pl.col("score").mean())["score"]
    other = independent.group_by("seed").agg(pl.col("score").mean())["score"]
    diff = float(other.mean() - base.mean())
    var_indep = float(other.var() / len(other) + base.var() / len(base))
    var_crn = ((crn.hi - crn.lo) / 2 / 1.96) ** 2
    print(f"{args.games:,} games per variant, 4 players (planner, greedy, greedy, random), rotated seats")
    print(f"CRN paired difference grey3 - baseline: {crn.mean_diff:.3f} [{crn.lo:.3f}, {crn.hi:.3f}] points")
    print(f"independent seeds difference: {diff:.3f} +- {1.96 * var_indep ** 0.5:.3f} points")
    print(f"variance of the estimate: independent {var_indep:.5f}, CRN {var_crn:.5f}; "
          f"reduction x{var_indep / var_crn:.1f} (paired estimate of the same factor: x{crn.variance_reduction:.1f})")


if __name__ == "__main__":
    main()
