"""A strategy report's headlines, each stated the same way on every data set, and whether it holds on each
alternative data set as on the shipped data.

A qualitative headline (which family wins most, the first player's edge) holds when its verdict is the same. A
quantity (game length, a rate) holds when the alternative's estimate lies within a stated tolerance of the
shipped data's: a data set will move every quantity detectably at these sample sizes, so the question is whether
it moves it by much.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

import polars as pl

from simkit.report.intervals import interval_text, percent_text
from simkit.report.strategies.study import SHIPPED

Tables = Mapping[str, pl.DataFrame]


def cell(table: pl.DataFrame, data_set: str, n: int) -> pl.DataFrame:
    return table.filter((pl.col("data_set") == data_set) & (pl.col("n_players") == n))


def pct(row: dict) -> str:
    return percent_text(row["estimate"], row["lo"], row["hi"], None)


def best_family(t: Tables, data_set: str, n: int) -> tuple[str, str]:
    """(the family with the highest win share, its win share in %)."""
    top = cell(t["win_share"], data_set, n).sort("estimate", descending=True).row(0, named=True)
    return top["family"], f"{top['family']} {pct(top)}"


def best_family_holds(t: Tables, data_set: str, n: int, shipped_best: str) -> bool:
    """The shipped data's best family is the best here too, or not separated from it (intervals overlap)."""
    rows = cell(t["win_share"], data_set, n).sort("estimate", descending=True)
    top = rows.row(0, named=True)
    ours = rows.filter(pl.col("family") == shipped_best).row(0, named=True)
    return ours["hi"] >= top["lo"]


def first_player(t: Tables, data_set: str, n: int) -> tuple[str, str]:
    row = cell(t["seats"], data_set, n).filter(pl.col("turn_order") == 1).row(0, named=True)
    fair = row["fair_share"]
    verdict = ("favoured" if row["lo"] > fair else "disadvantaged" if row["hi"] < fair else "no detectable edge")
    return verdict, f"{pct(row)}: {verdict}"


def measure_row(t: Tables, data_set: str, n: int, measure: str) -> dict:
    return cell(t["outcomes"], data_set, n).filter(pl.col("measure") == measure).row(0, named=True)


def quantity(measure: str, scale: float, unit: str) -> Callable[[Tables, str, int], tuple[float, str]]:
    """A measure of the outcomes table: in % (scale 100) or as a number with one decimal and `unit`."""
    def value(t: Tables, data_set: str, n: int) -> tuple[float, str]:
        row = measure_row(t, data_set, n, measure)
        if scale == 100:
            return row["estimate"], pct(row)
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


BEST_FAMILY = Headline("best_family", "Which family wins most often?", best_family,
                       tolerance_text="the shipped best family is best or not separated from the best",
                       holds=best_family_holds)
FIRST_PLAYER = Headline("first_player", "Is the first player favoured?", first_player)


def headline_table(t: Tables, headlines: Sequence[Headline],
                   cells: Sequence[tuple[str, int]] | None = None) -> pl.DataFrame:
    """One row per (headline, data set, player count): the value as text (rates and win shares in %, 95% intervals
    over deals), the verdict and whether it holds (the shipped data's own rows hold by definition). The cells are
    the (data set, player count) pairs given, by default those of the win-share table."""
    if cells is None:
        cells = t["win_share"].select("data_set", "n_players").unique(maintain_order=True).rows()
    reference = {(h.key, n): h.value(t, SHIPPED, n)[0] for h in headlines for _, n in cells}
    rows = []
    for h in headlines:
        for data_set, n in cells:
            verdict, text = h.value(t, data_set, n)
            holds = h.holds_on(t, data_set, n, verdict, reference[(h.key, n)])
            rows.append({"headline": h.key, "question": h.question, "data_set": data_set, "n_players": n,
                         "verdict": str(verdict) if h.tolerance is None else None, "value": text,
                         "holds": bool(holds), "criterion": h.tolerance_text})
    return pl.DataFrame(rows, schema_overrides={"n_players": pl.Int8, "verdict": pl.String})
