"""Figures for the variant-versus-baseline report sections (matplotlib Agg, written as PNG)."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402
from matplotlib.ticker import MaxNLocator  # noqa: E402

DPI = 110
MAX_SCORE_PANELS = 24


def score_panels_per_policy(n_variants: int, n_counts: int, n_policies: int) -> bool:
    """Whether score_distribution_figure draws one panel per policy (else all policies pooled)."""
    return n_policies > 1 and n_variants * n_counts * n_policies <= MAX_SCORE_PANELS


def _bins(values: np.ndarray, max_bins: int = 60) -> np.ndarray:
    """Unit-wide bins centred on the integers when the range is small, else max_bins equal bins."""
    lo, hi = float(np.min(values)), float(np.max(values))
    if np.all(values == np.round(values)) and hi - lo + 1 <= max_bins:
        return np.arange(lo, hi + 2) - 0.5
    return np.linspace(lo, hi if hi > lo else lo + 1, max_bins + 1)


def _grid(n: int, max_cols: int = 3) -> tuple[int, int]:
    cols = min(n, max_cols)
    return math.ceil(n / cols), cols


def forest_figure(scores: pl.DataFrame, wins: pl.DataFrame, baseline: str, path: Path, level: int = 95) -> Path:
    """Paired differences (variant - baseline) with intervals, one row per (variant, n_players, policy).

    Left panel: mean score; right panel: win share; a dashed line marks zero. ``scores`` and ``wins`` are
    the frames of :func:`simkit.report.variants.score_differences` / ``win_share_differences``.
    """
    labels = [f"{r['variant']}, {r['n_players']}p, {r['policy']}" for r in scores.iter_rows(named=True)]
    height = max(3.0, 1.2 + 0.38 * len(labels))
    fig, axes = plt.subplots(1, 2, figsize=(12, height), sharey=True, layout="constrained")
    variants = list(dict.fromkeys(scores["variant"].to_list()))
    colours = {v: plt.cm.tab10(i % 10) for i, v in enumerate(variants)}
    y_of = {label: len(labels) - 1 - i for i, label in enumerate(labels)}
    for ax, table, unit, title in ((axes[0], scores, "points", "Mean score"),
                                   (axes[1], wins, "share of games", "Win share (ties split)")):
        for variant in variants:
            rows = table.filter(pl.col("variant") == variant)
            y = [y_of.get(f"{r['variant']}, {r['n_players']}p, {r['policy']}") for r in rows.iter_rows(named=True)]
            keep = [i for i, v in enumerate(y) if v is not None]
            if not keep:
                continue
            diff, lo, hi = (rows[c].to_numpy()[keep] for c in ("diff", "lo", "hi"))
            ax.errorbar(diff, np.asarray(y)[keep], xerr=np.vstack([diff - lo, hi - diff]), fmt="o", capsize=4,
                        color=colours[variant], label=variant, markersize=6, linewidth=1.6)
        ax.axvline(0, color="black", linestyle="--", linewidth=1, label="no difference")
        ax.set_xlabel(f"variant − {baseline} ({unit}), {level}% CI")
        ax.set_title(title)
        ax.grid(axis="x", alpha=0.3)
        ax.xaxis.set_major_locator(MaxNLocator(nbins=6))
    axes[0].set_yticks(list(y_of.values()), list(y_of.keys()))
    axes[0].set_ylim(-0.7, len(labels) - 0.3)
    # below the panels, where it covers no interval (inside, "best" still lands on one when rows fill the panel)
    handles, names = axes[1].get_legend_handles_labels()
    fig.legend(handles, names, loc="outside lower center", ncols=min(len(handles), 5), fontsize=8)
    fig.suptitle(f"Paired differences against the {baseline} (per variant, player count and policy)")
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def score_distribution_figure(df: pl.DataFrame, baseline: str, variants: list[str], path: Path) -> Path:
    """Final-score histograms, the baseline's against each variant's on the same deals.

    One panel per (variant, player count, policy); all policies pooled into one panel per (variant, player
    count) when that would exceed MAX_SCORE_PANELS.
    """
    data = df.select(pl.col("variant").cast(pl.String), "n_players", pl.col("policy").cast(pl.String), "score")
    counts = sorted(data["n_players"].unique().to_list())
    policies = sorted(data["policy"].unique().to_list())
    if not score_panels_per_policy(len(variants), len(counts), len(policies)):
        policies = [None]
    panels = [(v, n, p) for v in variants for n in counts for p in policies]
    n_cols = len(policies) if len(policies) > 1 else min(3, len(panels))
    n_rows = math.ceil(len(panels) / n_cols)
    fig, axes = plt.subplots(n_rows, n_cols, figsize=(4.8 * n_cols, 3.7 * n_rows), squeeze=False,
                             layout="constrained")
    for ax, (variant, n, policy) in zip(axes.flat, panels):
        cell = data.filter(pl.col("n_players") == n)
        if policy is not None:
            cell = cell.filter(pl.col("policy") == policy)
        base = cell.filter(pl.col("variant") == baseline)["score"].to_numpy().astype(float)
        other = cell.filter(pl.col("variant") == variant)["score"].to_numpy().astype(float)
        if base.size == 0 or other.size == 0:
            ax.set_visible(False)
            continue
        bins = _bins(np.concatenate([base, other]))
        ax.hist(base, bins=bins, histtype="step", density=True, linewidth=2.2, color="tab:blue",
                label=f"{baseline} (mean {base.mean():.1f})")
        ax.hist(other, bins=bins, histtype="step", density=True, linewidth=1.6, linestyle="--", color="tab:orange",
                label=f"{variant} (mean {other.mean():.1f})")
        ax.set_title(f"{variant} vs {baseline}, {n} players" + (f": {policy}" if policy else ""), fontsize=10)
        ax.set_xlabel("final score (points)")
        ax.set_ylabel("share of seat-games")
        ax.legend(fontsize=8)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    fig.suptitle("Score distributions per variant" + (" and policy" if policies != [None] else
                                                      ", all seats and policies pooled"))
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path


def length_distribution_figure(lengths: pl.DataFrame, baseline: str, path: Path, max_bars: int = 40) -> Path:
    """One panel per player count: the distribution of total turns per game for every variant.

    ``lengths`` has one row per game with columns variant, n_players and length
    (see :func:`simkit.report.variants.game_lengths`). Few distinct integer lengths are drawn as grouped
    bars, others as step histograms.
    """
    data = lengths.select(pl.col("variant").cast(pl.String), "n_players", "length")
    variants = list(dict.fromkeys([baseline, *data["variant"].unique(maintain_order=True).to_list()]))
    counts = sorted(data["n_players"].unique().to_list())
    n_rows, n_cols = _grid(len(counts))
    fig, axes = plt.subplots(n_rows, n_cols, figsize=(6.2 * n_cols, 4.2 * n_rows), squeeze=False,
                             layout="constrained")
    for ax, n in zip(axes.flat, counts):
        cell = data.filter(pl.col("n_players") == n)
        all_values = cell["length"].to_numpy().astype(float)
        lo, hi = int(all_values.min()), int(all_values.max())
        bars = np.all(all_values == np.round(all_values)) and hi - lo + 1 <= max_bars
        width = 0.8 / len(variants)
        for i, variant in enumerate(variants):
            values = cell.filter(pl.col("variant") == variant)["length"].to_numpy().astype(float)
            if values.size == 0:
                continue
            label = f"{variant} (mean {values.mean():.1f})"
            if bars:
                x = np.arange(lo, hi + 1)
                share = np.bincount(values.astype(int) - lo, minlength=x.size) / values.size
                ax.bar(x + (i - (len(variants) - 1) / 2) * width, share, width=width, label=label)
            else:
                ax.hist(values, bins=_bins(all_values), histtype="step", density=True, linewidth=1.6,
                        linestyle="-" if variant == baseline else "--", label=label)
        if bars:
            ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title(f"{n} players")
        ax.set_xlabel("game length (total turns of all players)")
        ax.set_ylabel("share of games")
        ax.legend(fontsize=8)
    for ax in list(axes.flat)[len(counts):]:
        ax.set_visible(False)
    fig.suptitle("Game-length distributions per variant")
    fig.savefig(path, dpi=DPI)
    plt.close(fig)
    return path
