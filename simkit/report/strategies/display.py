"""A strategy report's tables as text: intervals as "estimate [lo, hi]", one column per player count."""

from __future__ import annotations

from typing import Collection, Mapping, Sequence

import polars as pl

from simkit.report.intervals import interval_text, percent_text
from simkit.report.strategies.study import SHIPPED


def shipped(table: pl.DataFrame) -> pl.DataFrame:
    return table.filter(pl.col("data_set") == SHIPPED).drop("data_set")


def ci_column(table: pl.DataFrame, name: str, percent: bool, digits: int = 1) -> pl.DataFrame:
    """estimate/lo/hi (and halfwidth) replaced by one text column `name`: "estimate [lo, hi]"."""
    show = percent_text if percent else interval_text
    text = pl.struct("estimate", "lo", "hi").map_elements(
        lambda r: show(r["estimate"], r["lo"], r["hi"], digits), return_dtype=pl.String)
    return table.with_columns(text.alias(name)).drop("estimate", "lo", "hi", "halfwidth", strict=False)


def by_players(rows: pl.DataFrame, index: str, values: str) -> pl.DataFrame:
    """One column per player count ("N players", "solo")."""
    label = pl.when(pl.col("n_players") == 1).then(pl.lit("solo")).otherwise(pl.format("{} players", "n_players"))
    return rows.with_columns(label.alias("players")).pivot(on="players", index=index, values=values)


def outcome_display(outcomes: pl.DataFrame, measures: Sequence[str], labels: Mapping[str, str],
                    rates: Collection[str]) -> pl.DataFrame:
    """Shipped data: one row per measure, one column per player count ("estimate [lo, hi]"); rates in percent."""
    rows = shipped(outcomes).filter(pl.col("measure").is_in(list(measures)))
    rows = rows.with_columns(pl.struct("measure", "estimate", "lo", "hi").map_elements(
        lambda r: (percent_text(r["estimate"], r["lo"], r["hi"]) if r["measure"] in rates
                   else interval_text(r["estimate"], r["lo"], r["hi"], 2)),
        return_dtype=pl.String).alias("ci"))
    wide = by_players(rows, "measure", "ci")
    order = {m: i for i, m in enumerate(measures)}
    return (wide.with_columns(pl.col("measure").replace_strict(labels).alias("meaning"),
                              pl.col("measure").replace_strict(order).alias("_o"))
            .sort("_o").drop("_o").select("measure", "meaning", pl.exclude("measure", "meaning")))


def win_share_display(win: pl.DataFrame) -> pl.DataFrame:
    return by_players(ci_column(shipped(win), "win share % [95% CI]", percent=True), "family",
                      "win share % [95% CI]")


def ratings_display(ratings: pl.DataFrame) -> pl.DataFrame:
    rows = shipped(ratings).rename({"log_strength": "estimate"}).drop("se")
    return by_players(ci_column(rows, "log-strength [95% CI]", percent=False, digits=2), "family",
                      "log-strength [95% CI]")


def best_family_text(win: pl.DataFrame, n: int) -> str:
    """The shipped data's best family at n players, and whether its interval clears the runner-up's."""
    rows = shipped(win).filter(pl.col("n_players") == n).sort("estimate", descending=True)
    top, second = rows.row(0, named=True), rows.row(1, named=True)
    clear = "clear of" if top["lo"] > second["hi"] else "not separated from"
    return (f"{top['family']} wins most often ({percent_text(top['estimate'], top['lo'], top['hi'])}, {clear} "
            f"{second['family']} {percent_text(second['estimate'], second['lo'], second['hi'])}; fair share "
            f"{100 / n:.0f})")


def seat_display(seats: pl.DataFrame) -> pl.DataFrame:
    return (ci_column(shipped(seats), "win share % [95% CI]", percent=True)
            .select("n_players", "turn_order", "win share % [95% CI]", "fair_share", "p_value", "deals"))


def headlines_display(headlines: pl.DataFrame, n: int) -> pl.DataFrame:
    """Player count n: one row per headline, one column per data set: its value, and "(differs)" where it does not
    hold."""
    rows = headlines.filter(pl.col("n_players") == n).with_columns(
        pl.when(pl.col("holds")).then(pl.col("value")).otherwise(pl.format("{} (differs)", "value")).alias("text"))
    return rows.pivot(on="data_set", index="headline", values="text")


def sensitivity_summary(headlines: pl.DataFrame) -> str:
    holds = headlines.filter(pl.col("data_set") != SHIPPED)
    return (f"Sensitivity: of {holds.height} (headline, alternative data set, player count) checks, "
            f"{int(holds['holds'].sum())} hold as on the shipped data (criteria in the sensitivity section).")
