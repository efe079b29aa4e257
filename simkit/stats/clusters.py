"""Means of dependent rows: rows that share a cluster (the games of one deal, the seats of one game) count once."""

from __future__ import annotations

from collections.abc import Sequence

import polars as pl

from .intervals import mean_interval

__all__ = ["clustered_mean"]


def clustered_mean(df: pl.DataFrame, value: str, cluster: str, by: Sequence[str],
                   confidence: float = 0.95) -> pl.DataFrame:
    """Per group of ``by`` (at least one column): the mean of ``value`` over each cluster, then the mean of those
    cluster means with a t interval over clusters.

    Columns: the ``by`` keys (groups in sorted order), ``estimate``, ``lo``, ``hi``, ``halfwidth`` and
    ``clusters``. Cluster means enter the interval in ``cluster`` order.
    """
    by = list(by)
    if not by:
        raise ValueError("by needs at least one column")
    means = (df.group_by([*by, cluster], maintain_order=True).agg(pl.col(value).cast(pl.Float64).mean())
             .sort([*by, cluster], maintain_order=True))
    rows = []
    for key, group in means.group_by(by, maintain_order=True):
        ci = mean_interval(group[value].to_numpy(), confidence)
        rows.append({**dict(zip(by, key)), "estimate": ci.estimate, "lo": ci.lo, "hi": ci.hi,
                     "halfwidth": ci.halfwidth, "clusters": ci.n})
    return pl.DataFrame(rows)
