"""The Ink strategy report's tables, from the results frames only (so the notebook can rebuild them): the common
ones of `simkit.report.strategies.tables` (intervals over deals) on the mixed lineups (2–4 players), what decided
each game at every player count, each family's means, and solo (spec §5.6) on its own."""

from __future__ import annotations

import polars as pl

from simkit.games.ink.reports.strategies.bonus import board_chance, bonus_table, bonus_tiles
from simkit.games.ink.reports.strategies.headlines import SOLO_HEADLINES, headline_table
from simkit.games.ink.reports.strategies.outcomes import COUNT_LABEL, INDICATORS, check_winners, game_outcomes
from simkit.games.ink.reports.strategies.play import DATA_SETS, FAMILIES, SHIPPED, SOLO
from simkit.report.strategies import tables as T
from simkit.report.strategies.headlines import headline_table as shared_headline_table
from simkit.report.strategies.study import Results
from simkit.report.strategies.tables import BY
from simkit.stats import clustered_mean

ORDER = T.Order(tuple(DATA_SETS), FAMILIES)
TABLES = T.Tables(ORDER, players_from=SOLO + 1)
GAME_MEASURES = (*COUNT_LABEL, *INDICATORS)
FAMILY_MEANS = ("finished", "own_left", "black_placed", "turns_taken", "passes", "completions", "completed_value",
                "completions_3", "completions_4", "completions_5", "completions_6", "completions_7", "bonuses_used",
                "x_drawn", "tiles_taken")


def outcome_table(games: pl.DataFrame) -> pl.DataFrame:
    """goal_value counts the games with a completed goal only."""
    return T.outcome_table(games, GAME_MEASURES, INDICATORS, ORDER)


def family_table(df: pl.DataFrame) -> pl.DataFrame:
    """Per family, data set and player count: seats played, the mean of each FAMILY_MEANS column per seat
    (`finished`: the share of seats that placed every own bottle) and goal_value, the mean value of the goals it
    completed (completed value / completions)."""
    seats = df.with_columns(pl.col("policy").cast(pl.String).alias("family"))
    table = (seats.group_by(*BY, "family", maintain_order=True)
             .agg(seats=pl.len(), **{c: pl.col(c).cast(pl.Float64).mean() for c in FAMILY_MEANS},
                  goal_value=pl.col("completed_value").sum() / pl.col("completions").sum()))
    return ORDER.rows(table, "family")


def solo_table(df: pl.DataFrame) -> pl.DataFrame:
    """Solo (spec §5.6), per data set and family: the finish rate and the turns taken with 95% t intervals over
    games (every solo game is its own deal), the turns of the finished games (median, 10% and 90%) and the own
    bottles left in the games the bag ended first. `estimate`/`lo`/`hi`: the turns taken (lower is better)."""
    solo = T.with_cluster(df.filter(pl.col("n_players") == SOLO)).with_columns(
        pl.col("policy").cast(pl.String).alias("family"))
    keys = ["data_set", "n_players", "family"]
    turns = clustered_mean(solo, "turns_taken", "cluster", keys).rename({"clusters": "games"})
    finish = clustered_mean(solo, "finished", "cluster", keys).select(
        *keys, finish_rate="estimate", finish_lo=pl.col("lo").clip(0.0, 1.0), finish_hi=pl.col("hi").clip(0.0, 1.0))
    done = pl.col("turns_taken").filter(pl.col("finished") == 1)
    spread = solo.group_by(keys).agg(
        finished_q10=done.quantile(0.1, "nearest"), finished_median=done.quantile(0.5, "nearest"),
        finished_q90=done.quantile(0.9, "nearest"),
        own_left_unfinished=pl.col("own_left").filter(pl.col("finished") == 0).cast(pl.Float64).mean())
    return ORDER.rows(turns.join(finish, on=keys).join(spread, on=keys), "family")


def solo_turns_histogram(df: pl.DataFrame) -> pl.DataFrame:
    """Shipped solo games per (family, turns taken, finished): the score distribution the figure draws."""
    solo = df.filter((pl.col("n_players") == SOLO) & (pl.col("data_set") == SHIPPED))
    return ORDER.rows(solo.with_columns(pl.col("policy").cast(pl.String).alias("family"))
                      .group_by("data_set", "n_players", "family", "turns_taken", "finished").agg(games=pl.len()),
                      "family", "turns_taken")


def analyse(res: Results) -> None:
    """Every table, on the shipped data (the main tables) and on all data sets (the sensitivity tables)."""
    both, games = T.common_tables(res, TABLES, check_winners, game_outcomes)
    t = res.tables
    t["outcomes"] = outcome_table(games)
    t["families"] = family_table(both)
    t["solo"] = solo_table(both)
    t["solo_turns"] = solo_turns_histogram(both)
    solo_cells = t["solo"].select("data_set", "n_players").unique(maintain_order=True).rows()
    t["headlines"] = pl.concat([shared_headline_table(t, SOLO_HEADLINES, solo_cells), headline_table(t)])
    if res.extra.get("bonus_results") is not None:
        t["bonus"] = bonus_table(res.main, res.extra["bonus_results"], board_chance(), bonus_tiles())
