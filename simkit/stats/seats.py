"""Seat (turn-order) advantage from per-seat game results."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import polars as pl
from scipy import stats

from .intervals import wilson_interval

__all__ = ["seat_advantage"]


def _equal_seats_pvalue(wins: np.ndarray, games: np.ndarray) -> float:
    """Pearson chi-square fit of seat win totals to shares proportional to games played."""
    if wins.size < 2 or wins.sum() == 0:
        return float("nan")
    expected = wins.sum() * games / games.sum()
    return float(stats.chisquare(wins, expected).pvalue)


def seat_advantage(
    df: pl.DataFrame,
    seat_col: str = "seat",
    win_col: str = "win_share",
    by: Sequence[str] = ("n_players",),
    players_col: str = "n_players",
    confidence: float = 0.95,
) -> pl.DataFrame:
    """Win share per seat, per group, against the fair share ``1 / n_players``.

    ``df`` has one row per (game, seat) with ``win_col`` in [0, 1] (ties
    split). Groups are ``by`` plus ``players_col``. Columns returned: the group
    keys, ``seat_col``, ``games``, ``wins``, ``win_share``, ``lo``, ``hi`` (Wilson),
    ``fair_share`` and ``p_value`` — a Pearson chi-square test (df = seats - 1)
    that all seats of the group win equally often; split ties make it slightly
    conservative.
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
    pvalues = {
        key: _equal_seats_pvalue(g["wins"].to_numpy(), g["games"].to_numpy().astype(float))
        for key, g in table.group_by(keys, maintain_order=True)
    }
    key_rows = table.select(keys).rows()
    return table.with_columns(
        win_share=pl.Series(wins / games),
        lo=pl.Series(lo),
        hi=pl.Series(hi),
        fair_share=1.0 / pl.col(players_col),
        p_value=pl.Series([pvalues[k] for k in key_rows], dtype=pl.Float64),
    )
