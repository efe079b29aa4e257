"""Seat (turn-order) advantage from per-seat game results."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl

from .intervals import wilson_interval

__all__ = ["seat_advantage"]


def _equal_seats_pvalue(wins: np.ndarray, games: np.ndarray) -> float:
    """Pearson chi-square fit of seat win totals to shares proportional to games played."""
    if wins.size < 2 or wins.sum() == 0:
        return float("nan")
    expected = wins.sum() * games / games.sum()
    from scipy import stats  # seconds to import: only here

    return float(stats.chisquare(wins, expected).pvalue)


def _equal_seats_clustered_pvalue(shares: np.ndarray) -> float:
    """Hotelling's T² that all seats' mean win shares are equal, from a clusters x seats array of each
    cluster's mean win share per seat. The k - 1 contrasts (seat j - last seat) of each cluster are one
    observation: their covariance is estimated, so dependence within a cluster is accounted for."""
    clusters, seats = shares.shape
    dims = seats - 1
    if dims < 1 or clusters <= dims:
        return float("nan")
    contrasts = shares[:, :-1] - shares[:, -1:]
    mean = contrasts.mean(axis=0)
    cov = np.atleast_2d(np.cov(contrasts, rowvar=False))
    if np.linalg.matrix_rank(cov) < dims:
        return float("nan")
    from scipy import special  # not at import: see intervals.py

    t2 = clusters * float(mean @ np.linalg.solve(cov, mean))
    return float(special.fdtrc(dims, clusters - dims, t2 * (clusters - dims) / (dims * (clusters - 1))))  # F tail


def seat_advantage(
    df: pl.DataFrame,
    seat_col: str = "seat",
    win_col: str = "win_share",
    by: Sequence[str] = ("n_players",),
    players_col: str = "n_players",
    confidence: float = 0.95,
    cluster_col: str | None = None,
) -> pl.DataFrame:
    """Win share per seat, per group, against the fair share ``1 / n_players``.

    ``df`` has one row per (game, seat) with ``win_col`` in [0, 1] (ties
    split). Groups are ``by`` plus ``players_col``. Columns returned: the group
    keys, ``seat_col``, ``games``, ``wins``, ``win_share``, ``lo``, ``hi`` (Wilson),
    ``fair_share`` and ``p_value`` — a Pearson chi-square test (df = seats - 1)
    that all seats of the group win equally often; split ties make it slightly
    conservative.

    With ``cluster_col`` (e.g. the seed that the seat rotations of one deal share), rows with the same value
    are dependent and the p-value is instead :func:`_equal_seats_clustered_pvalue` over clusters that fill
    every seat of the group: the chi-square's multinomial variance would be wrong in either direction
    (too small when a deal decides its games' winners, too large for averaged rotations).
    """
    keys = list(dict.fromkeys([*by, players_col]))
    table = (
        df.group_by([*keys, seat_col])
        .agg(games=pl.len().cast(pl.Int64), wins=pl.col(win_col).cast(pl.Float64).sum())
        .sort([*keys, seat_col])
    )
    games = table["games"].to_numpy().astype(float)
    wins = table["wins"].to_numpy()
    lo, hi = wilson_interval(wins, games, confidence)
    if cluster_col is None:
        pvalues = {
            key: _equal_seats_pvalue(g["wins"].to_numpy(), g["games"].to_numpy().astype(float))
            for key, g in table.group_by(keys, maintain_order=True)
        }
    else:
        per_cluster = (df.group_by([*keys, cluster_col, seat_col], maintain_order=True)
                       .agg(pl.col(win_col).cast(pl.Float64).mean()))
        pvalues = {
            key: _equal_seats_clustered_pvalue(
                g.pivot(on=seat_col, index=cluster_col, values=win_col, sort_columns=True)
                .drop(cluster_col).drop_nulls().to_numpy())
            for key, g in per_cluster.group_by(keys, maintain_order=True)
        }
    key_rows = table.select(keys).rows()
    return table.with_columns(
        win_share=pl.Series(wins / games),
        lo=pl.Series(lo),
        hi=pl.Series(hi),
        fair_share=1.0 / pl.col(players_col),
        p_value=pl.Series([pvalues[k] for k in key_rows], dtype=pl.Float64),
    )
