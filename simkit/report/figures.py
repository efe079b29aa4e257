"""Figures for run reports (matplotlib, written as PNG)."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402


def score_and_seat_figure(df: pl.DataFrame, by_policy_seat: pl.DataFrame, title: str, path: Path) -> Path:
    """Left: score distribution per policy. Right: win share per seat and policy with 95% intervals."""
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 4.8))
    policies = sorted(df["policy"].unique().to_list())
    lo, hi = int(df["score"].min()), int(df["score"].max())
    bins = np.arange(lo, hi + 2) - 0.5
    for policy in policies:
        scores = df.filter(pl.col("policy") == policy)["score"].to_numpy()
        left.hist(scores, bins=bins, histtype="step", density=True, linewidth=1.6,
                  label=f"{policy} (mean {scores.mean():.1f})")
    left.set_xlabel("final score (points)")
    left.set_ylabel("share of seat-games")
    left.set_title("Score distribution per policy")
    left.legend(fontsize=8)

    n_seats = int(df["seat"].max()) + 1
    width = 0.8 / len(policies)
    for i, policy in enumerate(policies):
        rows = by_policy_seat.filter(pl.col("policy") == policy).sort("seat")
        x = rows["seat"].to_numpy() + (i - (len(policies) - 1) / 2) * width
        share = rows["win_share"].to_numpy()
        err = np.vstack([share - rows["win_lo"].to_numpy(), rows["win_hi"].to_numpy() - share])
        right.bar(x, share, width=width, yerr=err, capsize=3, label=policy)
    right.axhline(1 / n_seats, color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{n_seats}")
    right.set_xticks(range(n_seats), [f"seat {s + 1}" for s in range(n_seats)])
    right.set_ylabel("win share (ties split), 95% CI")
    right.set_title("Win share per seat and policy")
    right.legend(fontsize=8)
    fig.suptitle(title)
    fig.tight_layout()
    return save_figure(fig, path)


def save_figure(fig, path: Path, dpi: int = 110) -> Path:
    """Write a report figure as PNG (tight bounding box) and free it."""
    fig.savefig(path, dpi=dpi, bbox_inches="tight")
    plt.close(fig)
    return path
