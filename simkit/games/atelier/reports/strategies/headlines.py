"""The report's headlines, each stated the same way on every data set, and whether it holds on each alternative
data set as on the shipped data.

A qualitative headline (which family wins most, the first player's edge, whether the First Master's holder
usually wins) holds when its verdict is the same. A quantity (game length, tie-break rate, patron swing, tied
piles) holds when the alternative's estimate lies within a stated tolerance of the shipped data's: a data set
will move every quantity detectably at these sample sizes, so the question is whether it moves it by much.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

import polars as pl

from simkit.games.atelier.reports.strategies.play import SHIPPED
from simkit.report.intervals import interval_text, percent_text

Tables = Mapping[str, pl.DataFrame]


def _cell(table: pl.DataFrame, data_set: str, n: int) -> pl.DataFrame:
    return table.filter((pl.col("data_set") == data_set) & (pl.col("n_players") == n))


def _pct(row: dict) -> str:
    return percent_text(row["estimate"], row["lo"], row["hi"], None)


def best_family(t: Tables, data_set: str, n: int) -> tuple[str, str]:
    """(the family with the highest win share, its win share in %)."""
    top = _cell(t["win_share"], data_set, n).sort("estimate", descending=True).row(0, named=True)
    return top["family"], f"{top['family']} {_pct(top)}"


def best_family_holds(t: Tables, data_set: str, n: int, shipped_best: str) -> bool:
    """The shipped data's best family is the best here too, or not separated from it (intervals overlap)."""
    rows = _cell(t["win_share"], data_set, n).sort("estimate", descending=True)
    top = rows.row(0, named=True)
    ours = rows.filter(pl.col("family") == shipped_best).row(0, named=True)
    return ours["hi"] >= top["lo"]


def first_player(t: Tables, data_set: str, n: int) -> tuple[str, str]:
    row = _cell(t["seats"], data_set, n).filter(pl.col("turn_order") == 1).row(0, named=True)
    fair = row["fair_share"]
    verdict = ("favoured" if row["lo"] > fair else "disadvantaged" if row["hi"] < fair else "no detectable edge")
    return verdict, f"{_pct(row)}: {verdict}"


def _measure(t: Tables, data_set: str, n: int, measure: str) -> dict:
    return _cell(t["outcomes"], data_set, n).filter(pl.col("measure") == measure).row(0, named=True)


def first_master_holder(t: Tables, data_set: str, n: int) -> tuple[str, str]:
    row = _measure(t, data_set, n, "first_master_holder_won")
    verdict = ("usually wins" if row["lo"] > 0.5 else "wins under half the time" if row["hi"] < 0.5
               else "wins about half the time")
    return verdict, f"{_pct(row)}: {verdict}"


def quantity(measure: str, scale: float, unit: str) -> Callable[[Tables, str, int], tuple[float, str]]:
    def value(t: Tables, data_set: str, n: int) -> tuple[float, str]:
        row = _measure(t, data_set, n, measure)
        if scale == 100:
            return row["estimate"], _pct(row)
        return row["estimate"], interval_text(row["estimate"], row["lo"], row["hi"], 1) + unit
    return value


@dataclass(frozen=True)
class Headline:
    key: str
    question: str
    value: Callable[[Tables, str, int], tuple[object, str]]
    tolerance: float | None = None  # None: a verdict that must be equal; else the largest |alt - shipped|
    tolerance_text: str = "the same verdict"
    holds: Callable[[Tables, str, int, object], bool] | None = None  # replaces the equality of verdicts

    def holds_on(self, t: Tables, data_set: str, n: int, verdict, reference) -> bool:
        if self.holds is not None:
            return self.holds(t, data_set, n, reference)
        if self.tolerance is None:
            return verdict == reference
        return abs(verdict - reference) <= self.tolerance + 1e-12


HEADLINES = (
    Headline("best_family", "Which family wins most often?", best_family,
             tolerance_text="the shipped best family is best or not separated from the best",
             holds=best_family_holds),
    Headline("first_player", "Is the first player favoured?", first_player),
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
    """One row per (headline, data set, player count): the value as text (rates and win shares in %, 95% intervals
    over deals), the verdict and whether it holds (the shipped data's own rows hold by definition)."""
    cells = t["win_share"].select("data_set", "n_players").unique(maintain_order=True).rows()
    reference = {(h.key, n): h.value(t, SHIPPED, n)[0] for h in HEADLINES for _, n in cells}
    rows = []
    for h in HEADLINES:
        for data_set, n in cells:
            verdict, text = h.value(t, data_set, n)
            holds = h.holds_on(t, data_set, n, verdict, reference[(h.key, n)])
            rows.append({"headline": h.key, "question": h.question, "data_set": data_set, "n_players": n,
                         "verdict": str(verdict) if h.tolerance is None else None, "value": text,
                         "holds": bool(holds), "criterion": h.tolerance_text})
    return pl.DataFrame(rows, schema_overrides={"n_players": pl.Int8, "verdict": pl.String})
