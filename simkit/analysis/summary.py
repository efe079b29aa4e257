"""Per-policy and per-seat summaries of a results frame, with 95% intervals.

Games that share a seed (the rotations of one deal) are not independent, so intervals are computed over
seeds: each seed's mean is one observation. Mean scores get a t interval over those means; win shares a
Wilson interval with one trial per seed (conservative: a seed's mean of several games varies less than one
game). With fixed or random seating every game has its own seed and these are the usual intervals.

A scanned results file is read batch by batch, so memory does not grow with the number of games: each batch is
reduced to per-seed totals, and those to totals per group and number of rows per seed. Every total is an exact
integer (a win share counts in SHARE_UNITS), and the means and variances are computed from them as exact fractions
rounded once: the result does not depend on the batches, the chunking of the run or the order of summing.
"""

from __future__ import annotations

from fractions import Fraction

import polars as pl

from simkit.stats import t_interval, wilson_interval

# A win share is 1/m of a win for m tied winners: times lcm(1..16) it is an integer for any table size.
SHARE_UNITS = 720_720
BATCH_ROWS = 50_000  # rows read at a time: enough that polars' per-batch overhead does not count, few enough
# to keep the memory flat (measured: no faster with larger batches)
_SUMS = ("seeds", "seed_score", "seed_score_sq", "wins", "score_sq")


def _per_seed(frame: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    score = pl.col("score").cast(pl.Int64)
    return frame.group_by(*by, "seed").agg(
        pl.len().cast(pl.Int64).alias("rows"), score.sum().alias("score_sum"), (score * score).sum().alias("score_sq"),
        (pl.col("win_share").cast(pl.Float64) * SHARE_UNITS).round().cast(pl.Int64).sum().alias("wins"))


def _per_row_count(seeds: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """Per group and number of rows per seed: seeds, sum and sum of squares of the seeds' score totals, win units,
    sum of squared scores."""
    return seeds.group_by(*by, "rows").agg(
        pl.len().cast(pl.Int64).alias("seeds"), pl.col("score_sum").sum().alias("seed_score"),
        (pl.col("score_sum") * pl.col("score_sum")).sum().alias("seed_score_sq"), pl.col("wins").sum(),
        pl.col("score_sq").sum())


def group_totals(results: pl.LazyFrame | pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """Exact integer totals per group of `by` (categoricals as text) and number of rows per seed. A LazyFrame is
    read in batches in its order: a seed's rows must then be consecutive within each group, as in a run's results
    (a cell's games in order, the rotations of a deal next to each other)."""
    schema = results.lazy().collect_schema()
    text = [pl.col(c).cast(pl.String) for c in by if schema[c] == pl.Categorical]  # after grouping: fewer rows
    columns = [*by, "seed", "score", "win_share"]
    batches = [results.select(columns)] if isinstance(results, pl.DataFrame) \
        else results.select(columns).collect_batches(chunk_size=BATCH_ROWS, maintain_order=True)
    totals, open_seeds = [], None  # open: the seeds of the batch's last row, which may go on in the next batch
    for batch in batches:
        if not batch.height:
            continue
        seeds = _per_seed(batch, by).with_columns(text)
        if open_seeds is not None:
            seeds = pl.concat([open_seeds, seeds]).group_by(*by, "seed").agg(
                pl.col("rows", "score_sum", "score_sq", "wins").sum())
        last = pl.col("seed") == batch["seed"][-1]
        open_seeds = seeds.filter(last)
        totals = [pl.concat([*totals, _per_row_count(seeds.filter(~last), by)])
                  .group_by(*by, "rows").agg(pl.col(_SUMS).sum())]  # stays small
    if open_seeds is not None:
        totals.append(_per_row_count(open_seeds, by))
    return pl.concat(totals).group_by(*by, "rows").agg(pl.col(_SUMS).sum()).sort(*by, "rows")


def _fraction_sum(totals: pl.DataFrame, column: str, power: int) -> Fraction:
    return sum((Fraction(t, r ** power) for t, r in zip(totals[column], totals["rows"])), Fraction(0))


def _variance(total: Fraction, squares: Fraction, n: int) -> Fraction:
    return (squares - total * total / n) / (n - 1)


def _group(totals: pl.DataFrame, confidence: float) -> dict:
    k = int(totals["seeds"].sum())  # seeds: the observations
    means = _fraction_sum(totals, "seed_score", 1)  # sum over seeds of each seed's mean score
    mean = float(means / k)
    if k < 2:
        lo = hi = float("nan")
    else:
        sd = float(_variance(means, _fraction_sum(totals, "seed_score_sq", 2), k)) ** 0.5
        ci = t_interval(mean, sd, k, confidence) if sd > 0 else None
        lo, hi = (ci.lo, ci.hi) if ci else (mean, mean)
    n = int((totals["rows"] * totals["seeds"]).sum())  # seat-games
    score_total, score_squares = int(totals["seed_score"].sum()), int(totals["score_sq"].sum())
    sd = float(_variance(Fraction(score_total), Fraction(score_squares), n)) ** 0.5 if n > 1 else None
    shares = _fraction_sum(totals, "wins", 1) / SHARE_UNITS  # sum over seeds of each seed's mean win share
    win_lo, win_hi = wilson_interval(float(shares), k, confidence)
    return {"seat_games": n, "score": mean, "score_lo": lo, "score_hi": hi, "score_sd": sd,
            "win_share": float(shares / k), "win_lo": win_lo, "win_hi": win_hi}


def summarise(results: pl.LazyFrame | pl.DataFrame, by: list[str], confidence: float = 0.95) -> pl.DataFrame:
    """Mean score and win share with intervals, per group (e.g. ["policy"] or ["seat"]); categorical keys as text.
    See `group_totals` for what a LazyFrame must hold."""
    totals = group_totals(results, by)
    rows = [{**dict(zip(by, key)), **_group(group, confidence)}
            for key, group in totals.group_by(by, maintain_order=True)]
    return pl.DataFrame(rows, schema_overrides={"score_sd": pl.Float64}).sort(by)
