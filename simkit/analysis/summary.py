"""Per-policy and per-seat summaries of a results frame, with 95% intervals.

Games that share a seed (the rotations of one deal) are not independent, so intervals are computed over
seeds: each seed's mean is one observation. Mean scores get a t interval over those means; win shares a
Wilson interval with one trial per seed (conservative: a seed's mean of several games varies less than one
game). With fixed or random seating every game has its own seed and these are the usual intervals.
"""

from __future__ import annotations

import polars as pl

from simkit.stats import mean_interval, wilson_interval


def _clustered(df: pl.DataFrame, by: list[str], value: str, confidence: float, rate: bool) -> pl.DataFrame:
    per_seed = (df.group_by([*by, "seed"], maintain_order=True)
                .agg(pl.col(value).mean().alias("v"), pl.len().alias("rows")))
    rows = []
    for key, group in per_seed.group_by(by, maintain_order=True):
        values = group["v"].to_numpy()
        if rate:
            lo, hi = wilson_interval(values.sum(), len(values), confidence)
        elif len(values) > 1:
            ci = mean_interval(values, confidence)
            lo, hi = ci.lo, ci.hi
        else:
            lo = hi = float("nan")
        rows.append({**dict(zip(by, key)), "n": int(group["rows"].sum()), "mean": float(values.mean()),
                     "lo": lo, "hi": hi})
    return pl.DataFrame(rows).sort(by)


def summarise(df: pl.DataFrame, by: list[str], confidence: float = 0.95) -> pl.DataFrame:
    """Mean score and win share with intervals, per group (e.g. ["policy"] or ["seat"])."""
    df = df.with_columns(pl.col(c).cast(pl.String) for c in by if df.schema[c] == pl.Categorical)
    score = _clustered(df, by, "score", confidence, rate=False)
    win = _clustered(df, by, "win_share", confidence, rate=True)
    sd = df.group_by(by, maintain_order=True).agg(pl.col("score").std().alias("score_sd"))
    return (score.rename({"mean": "score", "lo": "score_lo", "hi": "score_hi"})
            .join(sd, on=by)
            .join(win.select([*by, pl.col("mean").alias("win_share"), pl.col("lo").alias("win_lo"),
                              pl.col("hi").alias("win_hi")]), on=by)
            .rename({"n": "seat_games"}).sort(by))
