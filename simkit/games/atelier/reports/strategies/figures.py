"""Figures of the Atelier strategy report (matplotlib, PNG). Each function reads the report's tables only (the
Parquet files), so the notebook can call them too."""

from __future__ import annotations

from pathlib import Path

import polars as pl

from simkit.report.strategies import figures as SF
from simkit.report.strategies.figures import (LENGTH, RATINGS, SEATS, SENSITIVITY, WIN_SHARE, length_figure,
                                              ratings_figure, seats_figure, sensitivity_figure, win_share_figure)

POINTS = "points_by_source.png"
OUTCOMES = "outcomes.png"
__all__ = ["LENGTH", "OUTCOMES", "POINTS", "RATINGS", "SEATS", "SENSITIVITY", "WIN_SHARE", "length_figure",
           "outcomes_figure", "points_figure", "ratings_figure", "seats_figure", "sensitivity_figure",
           "win_share_figure", "write_figures"]

SOURCE_COLOUR = {"painting_vp": "#2171b5", "patron_vp": "#74c476", "first_master_vp": "#fdae6b"}
SOURCE_LABEL = {"painting_vp": "paintings", "patron_vp": "patrons", "first_master_vp": "First Master token"}
RATE_LABEL = {"tie_on_score": "top score tied", "decided_by_paint": "tie broken by paint",
              "decided_by_first_master": "tie broken by First Master", "shared_win": "shared victory",
              "first_master_taken": "First Master taken", "first_master_holder_won": "holder won",
              "first_master_decisive": "token VP decide winner", "patrons_decisive": "patron VP decide winner"}


def points_figure(families: pl.DataFrame, path: Path) -> Path:
    """Mean VP per seat by source for each family, stacked, per player count (shipped data)."""
    parts = {source: (colour, SOURCE_LABEL[source]) for source, colour in SOURCE_COLOUR.items()}
    return SF.stacked_figure(families, parts, "mean VP per seat", "Where each family's points come from", path)


def outcomes_figure(outcomes: pl.DataFrame, path: Path) -> Path:
    """The rates of what decided games (tie-breaks, First Master, patrons) per player count, 95% CIs over deals."""
    return SF.rates_figure(outcomes, RATE_LABEL, "What decides a game", path)


def write_figures(res, folder: Path) -> list[Path]:
    t = res.tables
    return [win_share_figure(t["win_share"], folder / WIN_SHARE),
            ratings_figure(t["ratings"], folder / RATINGS),
            seats_figure(t["seats"], folder / SEATS),
            points_figure(t["families"], folder / POINTS),
            outcomes_figure(t["outcomes"], folder / OUTCOMES),
            length_figure(t["rounds"], folder / LENGTH),
            sensitivity_figure(t["win_share"], t["headlines"], folder / SENSITIVITY)]
