"""The Atelier strategy report's tables, from the results frames only (so the notebook can rebuild them).

Games that share a deal (the n seat rotations of a lineup on one seed) are dependent: every interval is over
deals ("clusters", the column `cluster` = lineup|deal). A family's win share is its mean win share per deal (it
plays every seat once there), then a t interval over the deals of every lineup it is in; rates per game are
means per deal with a t interval over deals; Plackett–Luce intervals are cluster-robust over deals.
"""

from __future__ import annotations

from typing import Sequence

import polars as pl

from simkit.games.atelier.reports.strategies.headlines import headline_table
from simkit.games.atelier.reports.strategies.outcomes import INDICATORS, check_winners, game_outcomes, per_seat
from simkit.games.atelier.reports.strategies.play import DATA_SETS, FAMILIES, SHIPPED, Results
from simkit.stats import clustered_mean, plackett_luce, seat_advantage

TARGET_HALFWIDTH = 0.02
BY = ("data_set", "n_players")
# game-level measures of the report: the INDICATORS (rates) and these counts per game
GAME_MEASURES = ("rounds", *INDICATORS, "contested_piles", "tied_piles", "dry_piles")
FAMILY_MEANS = ("score", "painting_vp", "patron_vp", "first_master_vp", "paintings", "masterpieces", "patrons",
                "paint_left", "inspiration_left", "piles_held", "first_master")


def with_cluster(df: pl.DataFrame) -> pl.DataFrame:
    return df.with_columns(cluster=pl.format("{}|{}", "lineup", "deal"))


def ordered(table: pl.DataFrame, *then: str) -> pl.DataFrame:
    """Rows by data set (shipped first, then the alternatives in their order), player count, then `then` (a family
    column in FAMILIES order)."""
    keys = {"data_set": list(DATA_SETS), "family": list(FAMILIES)}
    ranks = [pl.col(c).replace_strict(keys[c], range(len(keys[c]))) if c in keys else pl.col(c)
             for c in ("data_set", "n_players", *then)]
    return table.sort(ranks, maintain_order=True)


def win_share_table(df: pl.DataFrame) -> pl.DataFrame:
    """Each family's win share per data set and player count: its mean per deal, a 95% t interval over deals."""
    seats = with_cluster(df).with_columns(pl.col("policy").cast(pl.String).alias("family"))
    table = clustered_mean(seats, "win_share", "cluster", [*BY, "family"]).rename({"clusters": "deals"})
    return ordered(table.with_columns(fair_share=1.0 / pl.col("n_players")), "family")


def ratings_table(df: pl.DataFrame) -> pl.DataFrame:
    """Plackett–Luce log-strengths of the families from the finishing ranks (ties after the tie-breaks split), per
    data set and player count in the frame, centred to mean 0, 95% intervals cluster-robust over deals."""
    data = with_cluster(df).with_columns(game_key=pl.format("{}|{}", "lineup", "game_index"))
    frames = []
    for (data_set, n), g in data.group_by(BY, maintain_order=True):
        fit = plackett_luce(g, game_col="game_key", policy_col="policy", rank_col="rank", cluster_col="cluster")
        frames.append(fit.select(pl.lit(data_set).alias("data_set"), pl.lit(n, pl.Int8).alias("n_players"),
                                 pl.col("policy").alias("family"), pl.exclude("policy")))
    return ordered(pl.concat(frames), "family")


def seat_table(df: pl.DataFrame) -> pl.DataFrame:
    """Win share by position in turn order (1 = first player): mean per deal, 95% t interval over deals; p_value:
    Hotelling's T² over deals that every position wins equally often."""
    data = with_cluster(df)
    shares = clustered_mean(data, "win_share", "cluster", [*BY, "turn_order"]).rename({"clusters": "deals"})
    tests = (seat_advantage(data, seat_col="turn_order", by=("data_set",), cluster_col="cluster")
             .select(*BY, "turn_order", "fair_share", "p_value"))
    return ordered(shares.join(tests, on=[*BY, "turn_order"], how="left"), "turn_order")


def outcome_table(games: pl.DataFrame, measures: Sequence[str] = GAME_MEASURES) -> pl.DataFrame:
    """Per data set, player count and measure: the mean per game (a rate for a 0/1 indicator) with a 95% t interval
    over deals (a rate's clipped to [0, 1]), and the games it counts (first_master_holder_won: games with a holder
    only)."""
    frames = []
    for measure in measures:
        rows = games.filter(pl.col(measure).is_not_null())
        table = clustered_mean(rows, measure, "cluster", BY).rename({"clusters": "deals"})
        if measure in INDICATORS:
            table = table.with_columns(pl.col("lo").clip(0.0, 1.0), pl.col("hi").clip(0.0, 1.0))
        counted = rows.group_by(BY).agg(games=pl.len())
        frames.append(table.join(counted, on=list(BY)).select(*BY, pl.lit(measure).alias("measure"), pl.all()
                                                               .exclude(*BY)))
    return ordered(pl.concat(frames))


def length_table(games: pl.DataFrame) -> pl.DataFrame:
    """Distribution of game length in rounds per data set and player count."""
    table = (games.group_by(BY, maintain_order=True)
             .agg(games=pl.len(), mean=pl.col("rounds").cast(pl.Float64).mean(),
                  **{f"q{int(q * 100):02d}": pl.col("rounds").quantile(q, "nearest") for q in (0.1, 0.5, 0.9)},
                  longest=pl.col("rounds").max(), truncated=pl.col("truncated").sum()))
    return ordered(table)


def rounds_histogram(games: pl.DataFrame) -> pl.DataFrame:
    """Games per (data set, player count, rounds): the length distribution the figure draws."""
    return ordered(games.group_by(*BY, "rounds").agg(games=pl.len()), "rounds")


def family_table(df: pl.DataFrame) -> pl.DataFrame:
    """Per family, data set and player count: seats played and the mean of each FAMILY_MEANS column per seat
    (`first_master`: the share of seats that took the token)."""
    seats = per_seat(df).with_columns(pl.col("policy").cast(pl.String).alias("family"))
    table = (seats.group_by(*BY, "family", maintain_order=True)
             .agg(seats=pl.len(), **{c: pl.col(c).cast(pl.Float64).mean() for c in FAMILY_MEANS}))
    return ordered(table, "family")


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
    return ordered(table, "family")


def precision_table(win: pl.DataFrame) -> pl.DataFrame:
    """Largest 95% half-width of a family win share per data set and player count, against the target."""
    table = (win.group_by(BY, maintain_order=True)
             .agg(max_halfwidth=pl.col("halfwidth").max(), deals=pl.col("deals").min())
             .with_columns(target_met=pl.col("max_halfwidth") <= TARGET_HALFWIDTH))
    return ordered(table)


def analyse(res: Results) -> None:
    """Every table, on the shipped data (the main tables) and on all data sets (the sensitivity tables)."""
    both = pl.concat([res.main, res.sensitivity])
    check_winners(both)
    games = game_outcomes(both)
    shipped_games = games.filter(pl.col("data_set") == SHIPPED)
    t = res.tables
    t["win_share"] = win_share_table(both)
    t["ratings"] = ratings_table(res.main)  # the shipped data's: the headlines compared across data sets use none
    t["seats"] = seat_table(both)
    t["outcomes"] = outcome_table(games)
    t["lengths"] = length_table(games)
    t["rounds"] = rounds_histogram(shipped_games)
    t["families"] = family_table(both)
    t["first_master_families"] = first_master_family_table(both)
    t["precision"] = precision_table(t["win_share"])
    t["headlines"] = headline_table(t)
