"""Per-policy and per-seat summaries of a results frame, with 95% intervals.

Games that share a seed (the rotations of one deal) are not independent, so intervals are computed over
seeds: each seed's mean is one observation. Mean scores get a t interval over those means; win shares a
Wilson interval with one trial per seed (conservative: a seed's mean of several games varies less than one
game). With fixed or random seating every game has its own seed and these are the usual intervals.

The rows are reduced to per-seed totals in polars' streaming engine (a results file is scanned, never loaded
whole). Those totals are exact integers, so the order in which the engine's threads add them up cannot change a
bit of the result; the rest is computed from the sorted totals.
"""

from __future__ import annotations

import numpy as np
import polars as pl

from simkit.stats import mean_interval, wilson_interval

# A win share is 1/m of a win for m tied winners: times lcm(1..16) it is an integer for any table size.
SHARE_UNITS = 720_720


def _keys(results: pl.LazyFrame, by: list[str]) -> list[pl.Expr]:
    schema = results.collect_schema()
    return [pl.col(c).cast(pl.String) if schema[c] == pl.Categorical else pl.col(c) for c in by]


def seed_totals(results: pl.LazyFrame | pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """Per group of `by` and seed, sorted by both: rows, score sum, score sum of squares and win shares summed
    in SHARE_UNITS."""
    results = results.lazy()
    score = pl.col("score").cast(pl.Int64)
    return (results.group_by(*_keys(results, by), "seed")
            .agg(pl.len().alias("rows"), score.sum().alias("score_sum"), (score * score).sum().alias("score_sq"),
                 (pl.col("win_share").cast(pl.Float64) * SHARE_UNITS).round().cast(pl.Int64).sum().alias("wins"))
            .sort(*by, "seed").collect(engine="streaming"))


def _group(totals: pl.DataFrame, confidence: float) -> dict:
    rows = totals["rows"].to_numpy()
    means = totals["score_sum"].to_numpy() / rows  # each seed's mean score
    shares = totals["wins"].to_numpy() / SHARE_UNITS / rows  # each seed's mean win share
    if len(means) > 1:
        ci = mean_interval(means, confidence)
        lo, hi = ci.lo, ci.hi
    else:
        lo = hi = float("nan")
    n, total, squares = int(rows.sum()), int(totals["score_sum"].sum()), int(totals["score_sq"].sum())
    sd = float(np.sqrt(max(squares - total * total / n, 0) / (n - 1))) if n > 1 else None
    win_lo, win_hi = wilson_interval(shares.sum(), len(shares), confidence)
    return {"seat_games": n, "score": float(means.mean()), "score_lo": lo, "score_hi": hi, "score_sd": sd,
            "win_share": float(shares.mean()), "win_lo": win_lo, "win_hi": win_hi}


def summarise(results: pl.LazyFrame | pl.DataFrame, by: list[str], confidence: float = 0.95) -> pl.DataFrame:
    """Mean score and win share with intervals, per group (e.g. ["policy"] or ["seat"]); categorical keys as text."""
    totals = seed_totals(results, by)
    rows = [{**dict(zip(by, key)), **_group(group, confidence)}
            for key, group in totals.group_by(by, maintain_order=True)]
    return pl.DataFrame(rows, schema_overrides={"score_sd": pl.Float64}).sort(by)
