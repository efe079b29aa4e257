"""The Atelier strategy report's tables, from the results frames only (so the notebook can rebuild them): the
common ones of `simkit.report.strategies.tables` (intervals over deals) in this report's order, and Atelier's own
(the First Master token, the points by source, the paint piles)."""

from __future__ import annotations

from typing import Sequence

import polars as pl

from simkit.games.atelier.reports.strategies.headlines import headline_table
from simkit.games.atelier.reports.strategies.outcomes import INDICATORS, check_winners, game_outcomes, per_seat
from simkit.games.atelier.reports.strategies.play import DATA_SETS, FAMILIES, Results
from simkit.report.strategies import tables as T
from simkit.report.strategies.tables import BY, TARGET_HALFWIDTH

ORDER = T.Order(tuple(DATA_SETS), FAMILIES)
TABLES = T.Tables(ORDER)
# game-level measures of the report: the INDICATORS (rates) and these counts per game
GAME_MEASURES = ("rounds", *INDICATORS, "contested_piles", "tied_piles", "dry_piles")
FAMILY_MEANS = ("score", "painting_vp", "patron_vp", "first_master_vp", "paintings", "masterpieces", "patrons",
                "paint_left", "inspiration_left", "piles_held", "first_master")

__all__ = ["TABLES", "TARGET_HALFWIDTH", "analyse", "family_table", "first_master_family_table", "outcome_table"]


def outcome_table(games: pl.DataFrame, measures: Sequence[str] = GAME_MEASURES) -> pl.DataFrame:
    """first_master_holder_won counts the games with a holder only (it is null in the others)."""
    return T.outcome_table(games, measures, INDICATORS, ORDER)


def family_table(df: pl.DataFrame) -> pl.DataFrame:
    """Per family, data set and player count: seats played and the mean of each FAMILY_MEANS column per seat
    (`first_master`: the share of seats that took the token)."""
    seats = per_seat(df).with_columns(pl.col("policy").cast(pl.String).alias("family"))
    table = (seats.group_by(*BY, "family", maintain_order=True)
             .agg(seats=pl.len(), **{c: pl.col(c).cast(pl.Float64).mean() for c in FAMILY_MEANS}))
    return ORDER.rows(table, "family")


def first_master_family_table(df: pl.DataFrame) -> pl.DataFrame:
    """Per family and player count: how often it takes the First Master token, its win share in the games where it
    does and where it does not (descriptive: taking the token and winning share a cause, a strong position), and
    the masterpieces it owns at the end."""
    seats = df.with_columns(pl.col("policy").cast(pl.String).alias("family"))
    table = (seats.group_by(*BY, "family", maintain_order=True)
             .agg(seats=pl.len(), took_token=pl.col("first_master").cast(pl.Float64).mean(),
                  win_share_with_token=pl.col("win_share").filter(pl.col("first_master") == 1).mean(),
                  win_share_without=pl.col("win_share").filter(pl.col("first_master") == 0).mean(),
                  masterpieces=pl.col("masterpieces").cast(pl.Float64).mean()))
    return ORDER.rows(table, "family")


def analyse(res: Results) -> None:
    """Every table, on the shipped data (the main tables) and on all data sets (the sensitivity tables)."""
    both, games = T.common_tables(res, TABLES, check_winners, game_outcomes)
    t = res.tables
    t["outcomes"] = outcome_table(games)
    t["families"] = family_table(both)
    t["first_master_families"] = first_master_family_table(both)
    t["headlines"] = headline_table(t)
