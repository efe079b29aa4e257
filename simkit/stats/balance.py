"""Balance metrics of finished games (in the spirit of Browne's Ludi and Isaksen et al.).

Records are polars DataFrames with one row per (game, seat).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import polars as pl

from .intervals import Interval, mean_interval, wilson_interval
from .seats import seat_advantage

__all__ = ["LengthSummary", "closeness", "game_length_summary", "tie_rate", "win_bias"]


def win_bias(
    df: pl.DataFrame,
    seat_col: str = "seat",
    win_col: str = "win_share",
    by: Sequence[str] = ("n_players",),
    players_col: str = "n_players",
) -> pl.DataFrame:
    """Deviation of seat win shares from the uniform ``1 / n_players``, per group.

    Columns: group keys, ``games``, ``max_deviation`` = max over seats of
    |share - 1/n|, ``normalised`` = max_deviation / (1 - 1/n) (0 = perfectly
    even, 1 = one seat always wins) and the chi-square ``p_value`` from
    :func:`seat_advantage`.
    """
    seats = seat_advantage(df, seat_col, win_col, by, players_col)
    keys = list(dict.fromkeys([*by, players_col]))
    return (
        seats.group_by(keys, maintain_order=True)
        .agg(
            games=pl.col("games").max(),
            max_deviation=(pl.col("win_share") - pl.col("fair_share")).abs().max(),
            fair=pl.col("fair_share").first(),
            p_value=pl.col("p_value").first(),
        )
        .with_columns(normalised=pl.col("max_deviation") / (1 - pl.col("fair")))
        .select(*keys, "games", "max_deviation", "normalised", "p_value")
    )


def tie_rate(
    df: pl.DataFrame, game_col: str = "game", win_col: str = "win_share", confidence: float = 0.95
) -> Interval:
    """Fraction of games with no outright winner (no seat has win share 1), Wilson interval."""
    best = df.group_by(game_col, maintain_order=True).agg(pl.col(win_col).max())[win_col].to_numpy()
    n = best.size
    if n == 0:
        raise ValueError("need at least one game")
    ties = int(np.sum(best < 1 - 1e-9))
    lo, hi = wilson_interval(ties, n, confidence)
    return Interval(ties / n, lo, hi, n, confidence)


def closeness(
    df: pl.DataFrame,
    game_col: str = "game",
    score_col: str = "score",
    scale: float | None = None,
    confidence: float = 0.95,
) -> Interval:
    """Mean score margin between first and second place (smaller = closer games), with a t interval.

    The margin is divided by ``scale`` (e.g. the maximum possible score) when
    given, else by ``|first| + |second|`` so it lies in [0, 1] (0 when both
    are 0). Games with fewer than two seats are ignored.
    """
    best_two = pl.col(score_col).cast(pl.Float64).top_k(2)
    top = (
        df.group_by(game_col, maintain_order=True)
        .agg(first=best_two.max(), second=best_two.min(), seats=pl.len())
        .filter(pl.col("seats") >= 2)
    )
    first, second = top["first"].to_numpy(), top["second"].to_numpy()
    gap = first - second
    if scale is None:
        norm = np.abs(first) + np.abs(second)
        margin = np.divide(gap, norm, out=np.zeros_like(gap), where=norm > 0)
    else:
        margin = gap / scale
    return mean_interval(margin, confidence)


@dataclass(frozen=True)
class LengthSummary:
    """Distribution summary of game lengths; ``quantiles`` maps q to its value."""

    n: int
    mean: float
    sd: float
    min: float
    max: float
    quantiles: dict[float, float]


def game_length_summary(
    lengths, quantiles: Sequence[float] = (0.1, 0.25, 0.5, 0.75, 0.9)
) -> LengthSummary:
    """Mean, sd, range and quantiles of per-game lengths (turns, moves, ...)."""
    x = np.asarray(lengths, dtype=float).ravel()
    if x.size == 0:
        raise ValueError("need at least one game length")
    values = np.quantile(x, quantiles)
    return LengthSummary(
        n=int(x.size),
        mean=float(x.mean()),
        sd=float(x.std(ddof=1)) if x.size > 1 else float("nan"),
        min=float(x.min()),
        max=float(x.max()),
        quantiles={float(q): float(v) for q, v in zip(quantiles, values)},
    )
