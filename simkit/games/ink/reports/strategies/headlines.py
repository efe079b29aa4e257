"""The Ink report's headlines (the shared ones of `simkit.report.strategies.headlines` and Ink's own), each stated
the same way on every data set, and whether it holds on each alternative data set as on the shipped data. Solo has
its own: the fastest family and the finish rate."""

from __future__ import annotations

import polars as pl

from simkit.report.intervals import interval_text, percent_text
from simkit.report.strategies.headlines import (BEST_FAMILY, FIRST_PLAYER, Headline, Tables, cell, quantity)
from simkit.report.strategies.headlines import headline_table as shared_headline_table


def fastest_solo(t: Tables, data_set: str, n: int) -> tuple[str, str]:
    """(the family with the fewest solo turns, its turns)."""
    top = cell(t["solo"], data_set, n).sort("estimate").row(0, named=True)
    return top["family"], f"{top['family']} {interval_text(top['estimate'], top['lo'], top['hi'], 1)} turns"


def fastest_solo_holds(t: Tables, data_set: str, n: int, shipped_fastest: str) -> bool:
    """The shipped data's fastest family is the fastest here too, or not separated from it (intervals overlap)."""
    rows = cell(t["solo"], data_set, n).sort("estimate")
    top = rows.row(0, named=True)
    ours = rows.filter(pl.col("family") == shipped_fastest).row(0, named=True)
    return ours["lo"] <= top["hi"]


def solo_finish(t: Tables, data_set: str, n: int) -> tuple[float, str]:
    """The lowest finish rate of a family solo."""
    low = cell(t["solo"], data_set, n).sort("finish_rate").row(0, named=True)
    return low["finish_rate"], (f"{low['family']} "
                                f"{percent_text(low['finish_rate'], low['finish_lo'], low['finish_hi'])}")


SOLO_HEADLINES = (
    Headline("solo_fastest", "Which family finishes solo in the fewest turns?", fastest_solo,
             tolerance_text="the shipped fastest family is fastest or not separated from the fastest",
             holds=fastest_solo_holds),
    Headline("solo_finish", "The lowest solo finish rate of a family", solo_finish, 0.05, "within 5 points"),
)
HEADLINES = (
    BEST_FAMILY,
    FIRST_PLAYER,
    Headline("length", "How many rounds does a game last?", quantity("rounds", 1, " rounds"), 1.0,
             "within 1 round"),
    Headline("bag", "How often does nobody finish, so the bag trigger decides?", quantity("bag_decides", 100, ""),
             0.05, "within 5 points"),
    Headline("black_ink", "How often does black ink decide between finishers?",
             quantity("black_decides", 100, ""), 0.05, "within 5 points"),
    Headline("passes", "Passes per player per game", quantity("passes", 1, " passes"), 0.5, "within 0.5 passes"),
    Headline("goal_value", "Mean value of a completed goal", quantity("goal_value", 1, ""), 0.2, "within 0.2"),
)


def headline_table(t: Tables) -> pl.DataFrame:
    return shared_headline_table(t, HEADLINES)
