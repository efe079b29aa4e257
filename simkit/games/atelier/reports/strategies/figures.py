"""Figures of the Atelier strategy report (matplotlib, PNG). Each function reads the report's tables only (the
Parquet files), so the notebook can call them too."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from simkit.report.strategies import figures as SF

WIN_SHARE = "win_share.png"
RATINGS = "ratings.png"
SEATS = "seats.png"
POINTS = "points_by_source.png"
OUTCOMES = "outcomes.png"
LENGTH = "game_length.png"
SENSITIVITY = "sensitivity.png"

FAMILY_COLOUR = {"painter": "#1b9e77", "majority": "#d95f02", "inspiration_hoarder": "#7570b3",
                 "masterpiece_rush": "#e7298a", "patron_chaser": "#66a61e", "patient_roller": "#e6ab02"}
SOURCE_COLOUR = {"painting_vp": "#2171b5", "patron_vp": "#74c476", "first_master_vp": "#fdae6b"}
SOURCE_LABEL = {"painting_vp": "paintings", "patron_vp": "patrons", "first_master_vp": "First Master token"}
RATE_LABEL = {"tie_on_score": "top score tied", "decided_by_paint": "tie broken by paint",
              "decided_by_first_master": "tie broken by First Master", "shared_win": "shared victory",
              "first_master_taken": "First Master taken", "first_master_holder_won": "holder won",
              "first_master_decisive": "token VP decide winner", "patrons_decisive": "patron VP decide winner"}


def win_share_figure(win: pl.DataFrame, path: Path) -> Path:
    return SF.win_share_figure(win, path, FAMILY_COLOUR)


def ratings_figure(ratings: pl.DataFrame, path: Path) -> Path:
    return SF.ratings_figure(ratings, path, FAMILY_COLOUR)


seats_figure = SF.seats_figure
length_figure = SF.length_figure


def points_figure(families: pl.DataFrame, path: Path) -> Path:
    """Mean VP per seat by source for each family, stacked, per player count (shipped data)."""
    families = SF.shipped(families)
    counts = SF.counts(families)
    fig, axes = SF.panels(len(counts), width=4.8, height=4.2, sharey=True)
    for ax, n in zip(axes, counts):
        g = families.filter(pl.col("n_players") == n)
        x = np.arange(g.height)
        bottom = np.zeros(g.height)
        for source, colour in SOURCE_COLOUR.items():
            v = g[source].to_numpy()
            ax.bar(x, v, bottom=bottom, color=colour, label=SOURCE_LABEL[source])
            bottom += v
        ax.set_xticks(x, [f.replace("_", "\n") for f in g["family"]], fontsize=7)
        ax.set_title(f"{n} players")
    axes[0].set_ylabel("mean VP per seat")
    axes[-1].legend(fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))
    return SF.finish(fig, "Where each family's points come from", path)


def outcomes_figure(outcomes: pl.DataFrame, path: Path) -> Path:
    """The rates of what decided games (tie-breaks, First Master, patrons) per player count, 95% CIs over deals."""
    return SF.rates_figure(outcomes, RATE_LABEL, "What decides a game", path)


def sensitivity_figure(win: pl.DataFrame, headlines: pl.DataFrame, path: Path) -> Path:
    return SF.sensitivity_figure(win, headlines, path, list(FAMILY_COLOUR))


def write_figures(res, folder: Path) -> list[Path]:
    t = res.tables
    return [win_share_figure(t["win_share"], folder / WIN_SHARE),
            ratings_figure(t["ratings"], folder / RATINGS),
            seats_figure(t["seats"], folder / SEATS),
            points_figure(t["families"], folder / POINTS),
            outcomes_figure(t["outcomes"], folder / OUTCOMES),
            length_figure(t["rounds"], folder / LENGTH),
            sensitivity_figure(t["win_share"], t["headlines"], folder / SENSITIVITY)]
