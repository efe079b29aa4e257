"""The run report's figure (SVG, see `simkit.report.svg`): score distribution per policy, win share per seat."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from simkit.report.svg import COLOURS, Panel, write_svg

WIDTH, HEIGHT = 1200, 480


def score_counts(results: pl.LazyFrame) -> pl.DataFrame:
    """Seat-games per (policy, score): all the left panel needs, aggregated without loading the rows. The policy is
    made text after counting (a few groups), not before (every row: half the time of this serial end of a run)."""
    return (results.group_by("policy", "score").agg(pl.len().alias("rows"))
            .with_columns(pl.col("policy").cast(pl.String)).sort("policy", "score").collect(engine="streaming"))


def _score_panel(counts: pl.DataFrame) -> Panel:
    lo, hi = int(counts["score"].min()), int(counts["score"].max())
    edges = np.arange(lo, hi + 2) - 0.5
    curves = []
    for policy, rows in counts.group_by("policy", maintain_order=True):
        density = np.zeros(hi - lo + 1)
        density[rows["score"].to_numpy() - lo] = rows["rows"].to_numpy()
        mean = float((rows["score"].cast(pl.Float64) * rows["rows"]).sum() / rows["rows"].sum())
        curves.append((policy[0], density / density.sum(), mean))
    top = max(float(d.max()) for _, d, _ in curves) * 1.4  # headroom for the legend
    panel = Panel(70, 50, 480, 360, edges[0] - 0.5, edges[-1] + 0.5, 0, top)
    panel.axes(title="Score distribution per policy", xlabel="final score (points)", ylabel="share of seat-games")
    for i, (policy, density, mean) in enumerate(curves):
        panel.steps(edges, density, COLOURS[i % len(COLOURS)], f"{policy} (mean {mean:.1f})")
    panel.legend()
    return panel


def _seat_panel(by_policy_seat: pl.DataFrame) -> Panel:
    policies = sorted(by_policy_seat["policy"].unique().to_list())
    n_seats = int(by_policy_seat["seat"].max()) + 1
    width = 0.8 / len(policies)
    top = max(float(by_policy_seat["win_hi"].max()), 1 / n_seats) * 1.5
    panel = Panel(680, 50, 480, 360, -0.6, n_seats - 0.4, 0, top)
    panel.axes(title="Win share per seat and policy", xlabel="", ylabel="win share (ties split), 95% CI",
               xticks=[(s, f"seat {s + 1}") for s in range(n_seats)])
    for i, policy in enumerate(policies):
        rows = by_policy_seat.filter(pl.col("policy") == policy).sort("seat")
        xs = rows["seat"].to_numpy() + (i - (len(policies) - 1) / 2) * width
        panel.bars(xs, rows["win_share"].to_list(), width, COLOURS[i % len(COLOURS)], policy,
                   rows["win_lo"].to_list(), rows["win_hi"].to_list())
    panel.hline(1 / n_seats, "grey", f"fair share 1/{n_seats}")
    panel.legend()
    return panel


def score_and_seat_figure(counts: pl.DataFrame, by_policy_seat: pl.DataFrame, title: str, path: Path) -> Path:
    """Left: score distribution per policy (from `score_counts`). Right: win share per seat and policy with 95%
    intervals (a `summarise` table by policy and seat)."""
    return write_svg(path, WIDTH, HEIGHT, title, [_score_panel(counts), _seat_panel(by_policy_seat)])
