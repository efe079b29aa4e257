"""The tune report's figures: the search history and the objective's landscape along each searched value."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import polars as pl

from simkit.report.figures import plt, save_figure

HISTORY = "history.png"
LANDSCAPE = "landscape.png"


def history_figure(trials: pl.DataFrame, path: Path) -> Path:
    """Loss per trial at its last rung: finished trials as dots with the best so far, pruned ones as crosses."""
    fig, ax = plt.subplots(figsize=(8, 4))
    done = trials.filter(pl.col("state") == "complete")
    pruned = trials.filter(pl.col("state") == "pruned")
    ax.scatter(done["trial"], done["loss"], s=18, label="played every rung", zorder=3)
    if len(pruned):
        ax.scatter(pruned["trial"], pruned["loss"], marker="x", color="grey", s=18,
                   label="pruned (loss at its last rung)")
    if len(done):
        best = np.minimum.accumulate(done["loss"].to_numpy())
        ax.step(done["trial"], best, where="post", color="C3", label="best so far")
    ax.set_xlabel("trial")
    ax.set_ylabel("loss (weighted sum of the objectives)")
    ax.set_title("Search history")
    ax.legend(fontsize=8)
    return save_figure(fig, path)


def landscape_figure(trials: pl.DataFrame, axes: list[str], path: Path) -> Path:
    """Loss against each searched value (a vector: each element): every trial, and the lowest finished loss per
    value. The other values vary too, so this is a projection of the landscape, not a slice."""
    cols = min(3, len(axes))
    rows = math.ceil(len(axes) / cols)
    fig, grid = plt.subplots(rows, cols, figsize=(4 * cols, 3.2 * rows), squeeze=False)
    for ax, name in zip(grid.flat, axes):
        for state, style in (("complete", {"s": 16}), ("pruned", {"marker": "x", "color": "grey", "s": 14})):
            part = trials.filter(pl.col("state") == state)
            x, labels = _positions(part[name].to_list(), trials[name].to_list())
            ax.scatter(x, part["loss"], **style)
        done = trials.filter(pl.col("state") == "complete")
        if len(done):
            best = done.group_by(name).agg(pl.col("loss").min()).sort(name)
            x, _ = _positions(best[name].to_list(), trials[name].to_list())
            ax.plot(x, best["loss"], color="C3")
        if labels is not None:
            ax.set_xticks(range(len(labels)), labels)
        ax.set_xlabel(name)
        ax.set_ylabel("loss")
    for ax in list(grid.flat)[len(axes):]:
        ax.axis("off")
    fig.suptitle("Objective along each searched value (dots: finished trials, crosses: pruned, line: lowest)")
    fig.tight_layout()
    return save_figure(fig, path)


def _positions(values: list, every: list) -> tuple[list, list | None]:
    """Numbers stay; choices become their index among the sorted distinct values (then the tick labels)."""
    if all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in every):
        return values, None
    labels = sorted({str(v) for v in every})
    return [labels.index(str(v)) for v in values], labels
