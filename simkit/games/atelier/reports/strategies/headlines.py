"""The Atelier report's headlines (the shared ones of `simkit.report.strategies.headlines` and Atelier's own), each
stated the same way on every data set, and whether it holds on each alternative data set as on the shipped data."""

from __future__ import annotations

import polars as pl

from simkit.report.strategies.headlines import (BEST_FAMILY, FIRST_PLAYER, Headline, Tables, measure_row, pct,
                                                quantity)
from simkit.report.strategies.headlines import headline_table as shared_headline_table


def first_master_holder(t: Tables, data_set: str, n: int) -> tuple[str, str]:
    row = measure_row(t, data_set, n, "first_master_holder_won")
    verdict = ("usually wins" if row["lo"] > 0.5 else "wins under half the time" if row["hi"] < 0.5
               else "wins about half the time")
    return verdict, f"{pct(row)}: {verdict}"


HEADLINES = (
    BEST_FAMILY,
    FIRST_PLAYER,
    Headline("first_master", "Does the First Master's holder usually win?", first_master_holder),
    Headline("length", "How many rounds does a game last?", quantity("rounds", 1, " rounds"), 1.0,
             "within 1 round"),
    Headline("tie_break", "How often is the top score tied (tie-break needed)?",
             quantity("tie_on_score", 100, ""), 0.03, "within 3 points"),
    Headline("patrons", "How often do patron VP decide the winner?", quantity("patrons_decisive", 100, ""), 0.05,
             "within 5 points"),
    Headline("contention", "Piles at which the most students are tied at the end",
             quantity("tied_piles", 1, " piles"), 0.25, "within 0.25 piles"),
)


def headline_table(t: Tables) -> pl.DataFrame:
    return shared_headline_table(t, HEADLINES)
