"""A strategy report's tables over deals, from the results frames only (so a notebook can rebuild them).

Games that share a deal (the n seat rotations of a lineup on one seed) are dependent: every interval is over
deals ("clusters", the column `cluster` = lineup|deal). A family's win share is its mean win share per deal (it
plays every seat once there), then a t interval over the deals of every lineup it is in; rates per game are
means per deal with a t interval over deals; Plackett–Luce intervals are cluster-robust over deals.

Rows come in an `Order`: data sets as the report lists them (shipped first), player count, then families in the
report's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Collection, Sequence

import polars as pl

from simkit.report.strategies.study import SHIPPED
from simkit.stats import clustered_mean, plackett_luce, seat_advantage

TARGET_HALFWIDTH = 0.02
BY = ("data_set", "n_players")


@dataclass(frozen=True)
class Order:
    data_sets: tuple[str, ...]
    families: tuple[str, ...]

    def rows(self, table: pl.DataFrame, *then: str) -> pl.DataFrame:
        """Rows by data set, player count, then `then` (a family column in family order)."""
        keys = {"data_set": list(self.data_sets), "family": list(self.families)}
        ranks = [pl.col(c).replace_strict(keys[c], range(len(keys[c]))) if c in keys else pl.col(c)
                 for c in ("data_set", "n_players", *then)]
        return table.sort(ranks, maintain_order=True)


def with_cluster(df: pl.DataFrame) -> pl.DataFrame:
    return df.with_columns(cluster=pl.format("{}|{}", "lineup", "deal"))


def win_share_table(df: pl.DataFrame, order: Order) -> pl.DataFrame:
    """Each family's win share per data set and player count: its mean per deal, a 95% t interval over deals."""
    seats = with_cluster(df).with_columns(pl.col("policy").cast(pl.String).alias("family"))
    table = clustered_mean(seats, "win_share", "cluster", [*BY, "family"]).rename({"clusters": "deals"})
    return order.rows(table.with_columns(fair_share=1.0 / pl.col("n_players")), "family")


def ratings_table(df: pl.DataFrame, order: Order) -> pl.DataFrame:
    """Plackett–Luce log-strengths of the families from the finishing ranks (ties after the tie-breaks split), per
    data set and player count in the frame, centred to mean 0, 95% intervals cluster-robust over deals."""
    data = with_cluster(df).with_columns(game_key=pl.format("{}|{}", "lineup", "game_index"))
    frames = []
    for (data_set, n), g in data.group_by(BY, maintain_order=True):
        fit = plackett_luce(g, game_col="game_key", policy_col="policy", rank_col="rank", cluster_col="cluster")
        frames.append(fit.select(pl.lit(data_set).alias("data_set"), pl.lit(n, pl.Int8).alias("n_players"),
                                 pl.col("policy").alias("family"), pl.exclude("policy")))
    return order.rows(pl.concat(frames), "family")


def seat_table(df: pl.DataFrame, order: Order) -> pl.DataFrame:
    """Win share by position in turn order (1 = first player): mean per deal, 95% t interval over deals; p_value:
    Hotelling's T² over deals that every position wins equally often."""
    data = with_cluster(df)
    shares = clustered_mean(data, "win_share", "cluster", [*BY, "turn_order"]).rename({"clusters": "deals"})
    tests = (seat_advantage(data, seat_col="turn_order", by=("data_set",), cluster_col="cluster")
             .select(*BY, "turn_order", "fair_share", "p_value"))
    return order.rows(shares.join(tests, on=[*BY, "turn_order"], how="left"), "turn_order")


def outcome_table(games: pl.DataFrame, measures: Sequence[str], rates: Collection[str], order: Order,
                  by: Sequence[str] = BY) -> pl.DataFrame:
    """Per data set, player count and measure (one row per game in `games`): the mean per game (a rate for a 0/1
    measure in `rates`, clipped to [0, 1]) with a 95% t interval over deals, and the games it counts (those where
    the measure is not null)."""
    frames = []
    for measure in measures:
        rows = games.filter(pl.col(measure).is_not_null())
        table = clustered_mean(rows, measure, "cluster", by).rename({"clusters": "deals"})
        if measure in rates:
            table = table.with_columns(pl.col("lo").clip(0.0, 1.0), pl.col("hi").clip(0.0, 1.0))
        counted = rows.group_by(by).agg(games=pl.len())
        frames.append(table.join(counted, on=list(by)).select(*by, pl.lit(measure).alias("measure"), pl.all()
                                                               .exclude(*by)))
    return order.rows(pl.concat(frames))


def length_table(games: pl.DataFrame, order: Order) -> pl.DataFrame:
    """Distribution of game length in rounds per data set and player count."""
    table = (games.group_by(BY, maintain_order=True)
             .agg(games=pl.len(), mean=pl.col("rounds").cast(pl.Float64).mean(),
                  **{f"q{int(q * 100):02d}": pl.col("rounds").quantile(q, "nearest") for q in (0.1, 0.5, 0.9)},
                  longest=pl.col("rounds").max(), truncated=pl.col("truncated").sum()))
    return order.rows(table)


def rounds_histogram(games: pl.DataFrame, order: Order) -> pl.DataFrame:
    """Games per (data set, player count, rounds): the length distribution the figure draws."""
    return order.rows(games.group_by(*BY, "rounds").agg(games=pl.len()), "rounds")


def precision_table(win: pl.DataFrame, order: Order) -> pl.DataFrame:
    """Largest 95% half-width of a family win share per data set and player count, against the target."""
    table = (win.group_by(BY, maintain_order=True)
             .agg(max_halfwidth=pl.col("halfwidth").max(), deals=pl.col("deals").min())
             .with_columns(target_met=pl.col("max_halfwidth") <= TARGET_HALFWIDTH))
    return order.rows(table)


@dataclass(frozen=True)
class Tables:
    """The common tables in one report's order. The family tables (win shares, ratings, seats) read the mixed
    lineups only: games of at least `players_from` players (a solo game has nobody to beat)."""

    order: Order
    players_from: int = 2

    def mixed(self, df: pl.DataFrame) -> pl.DataFrame:
        return df.filter(pl.col("n_players") >= self.players_from)

    def win_share(self, df: pl.DataFrame) -> pl.DataFrame:
        return win_share_table(self.mixed(df), self.order)

    def ratings(self, df: pl.DataFrame) -> pl.DataFrame:
        return ratings_table(self.mixed(df), self.order)

    def seats(self, df: pl.DataFrame) -> pl.DataFrame:
        return seat_table(self.mixed(df), self.order)

    def lengths(self, games: pl.DataFrame) -> pl.DataFrame:
        return length_table(games, self.order)

    def rounds(self, games: pl.DataFrame) -> pl.DataFrame:
        return rounds_histogram(games, self.order)

    def precision(self, win: pl.DataFrame) -> pl.DataFrame:
        return precision_table(win, self.order)

    def fill(self, t: dict, main: pl.DataFrame, both: pl.DataFrame, games: pl.DataFrame) -> None:
        """The common tables into t: win shares, seats and lengths on every data set (`both`, its games one row per
        game in `games`), ratings on the shipped data (`main`; the headlines compared across data sets use none),
        the rounds histogram of the shipped games, and the precision reached."""
        t["win_share"] = self.win_share(both)
        t["ratings"] = self.ratings(main)
        t["seats"] = self.seats(both)
        t["lengths"] = self.lengths(games)
        t["rounds"] = self.rounds(games.filter(pl.col("data_set") == SHIPPED))
        t["precision"] = self.precision(t["win_share"])


def common_tables(res, tables: Tables, check_winners: Callable[[pl.DataFrame], None],
                  game_outcomes: Callable[[pl.DataFrame], pl.DataFrame]) -> tuple[pl.DataFrame, pl.DataFrame]:
    """The games of every data set (one row per seat), checked by the game's `check_winners`, and one row per game
    (`game_outcomes`); the common tables filled into res.tables. Returns (seats, games)."""
    both = pl.concat([res.main, res.sensitivity])
    check_winners(both)
    games = game_outcomes(both)
    tables.fill(res.tables, res.main, both, games)
    return both, games
