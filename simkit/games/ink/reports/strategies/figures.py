"""Figures of the Ink strategy report (matplotlib, PNG). Each function reads the report's tables only (the Parquet
files), so the notebook can call them too."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from simkit.games.ink.reports.strategies.play import FAMILIES
from simkit.report.strategies import figures as SF
from simkit.report.strategies.figures import (LENGTH, RATINGS, SEATS, SENSITIVITY, WIN_SHARE, length_figure,
                                              ratings_figure, seats_figure, sensitivity_figure, win_share_figure)

OUTCOMES = "outcomes.png"
GOALS = "goals_by_value.png"
SOLO = "solo.png"
BONUS = "bonus_tiles.png"
FAMILY_COLOUR = SF.family_colours(FAMILIES)
__all__ = ["BONUS", "GOALS", "LENGTH", "OUTCOMES", "RATINGS", "SEATS", "SENSITIVITY", "SOLO", "WIN_SHARE",
           "bonus_figure", "goals_figure", "length_figure", "outcomes_figure", "ratings_figure", "seats_figure",
           "sensitivity_figure", "solo_figure", "win_share_figure", "write_figures"]
GOAL_COLOUR = {3: "#c6dbef", 4: "#9ecae1", 5: "#6baed6", 6: "#3182bd", 7: "#08519c"}
RATE_LABEL = {"bag_fired": "bag trigger fired", "bag_ended": "bag ended the game",
              "bag_decides": "nobody finished (bag decides)", "sole_finisher": "one finisher",
              "black_decides": "black ink decides", "tie_rounds_played": "tie rounds", "shared_win": "shared victory"}


def outcomes_figure(outcomes: pl.DataFrame, path: Path) -> Path:
    """How games end and what decides the winner per player count, 95% CIs over deals."""
    return SF.rates_figure(outcomes.filter(pl.col("n_players") > 1), RATE_LABEL,
                           "How games end and what decides the winner", path)


def goals_figure(families: pl.DataFrame, path: Path) -> Path:
    """Goals completed per seat by value (stacked) for each family, per player count (shipped data)."""
    parts = {f"completions_{value}": (colour, f"goal {value}") for value, colour in GOAL_COLOUR.items()}
    return SF.stacked_figure(families, parts, "goals completed per seat and game", "Goals completed by value",
                             path)


def solo_figure(solo_turns: pl.DataFrame, solo: pl.DataFrame, path: Path) -> Path:
    """Left: the distribution of solo turns taken per family (its finished games, as shares of all its games).
    Right: the mean turns taken with 95% intervals, the finish rate in the labels (shipped data)."""
    fig, (left, right) = SF.panels(2, width=6.0, height=4.2)
    done = solo_turns.filter(pl.col("finished") == 1)
    bins = np.arange(done["turns_taken"].min(), done["turns_taken"].max() + 3, 2) - 0.5
    for family in FAMILIES:
        g = solo_turns.filter(pl.col("family") == family)
        d = done.filter(pl.col("family") == family)
        if d.height:
            left.hist(d["turns_taken"].to_numpy(), bins, weights=d["games"].to_numpy() / g["games"].sum(),
                      histtype="step", linewidth=1.5, color=FAMILY_COLOUR[family], label=family)
    left.set_xlabel("turns to place every bottle (solo score: fewer is better)")
    left.set_ylabel("share of the family's games (2-turn bins)")
    left.legend(fontsize=8)
    rows = SF.shipped(solo)
    SF.family_dots(right, rows, FAMILY_COLOUR, pad=1.0)
    right.set_yticks(range(rows.height), [f"{r['family']}\nfinished {100 * r['finish_rate']:.1f}%"
                                          for r in rows.sort("estimate").iter_rows(named=True)], fontsize=8)
    right.set_xlabel("turns taken, all games (mean, 95% CI)")
    return SF.finish(fig, "Solo: turns to place every bottle, and the finish rate", path)


def bonus_figure(bonus: pl.DataFrame, path: Path) -> Path:
    """Per bonus tile, the effect of having it on the board: each family's win share at 4 players (points) and its
    solo turns, 95% intervals over deals."""
    panels = (("win_share", 100, "win share at 4 players, points"), ("turns_taken", 1, "solo turns taken"))
    fig, axes = SF.panels(len(panels), width=6.0, height=0.5 * bonus["bonus_id"].n_unique() * 1.5 + 1.5)
    tiles = bonus["bonus_id"].unique(maintain_order=True).to_list()
    for ax, (measure, scale, label) in zip(axes, panels):
        rows = bonus.filter(pl.col("measure") == measure)
        width = 0.8 / len(FAMILIES)
        for j, family in enumerate(FAMILIES):
            g = rows.filter(pl.col("family") == family)
            by = {r["bonus_id"]: r for r in g.iter_rows(named=True)}
            y = np.arange(len(tiles)) + (j - (len(FAMILIES) - 1) / 2) * width
            e = np.array([by[t]["estimate"] for t in tiles]) * scale
            lo = np.array([by[t]["lo"] for t in tiles]) * scale
            hi = np.array([by[t]["hi"] for t in tiles]) * scale
            ax.errorbar(e, y, xerr=[e - lo, hi - e], fmt="o", markersize=3, capsize=0, linewidth=1,
                        color=FAMILY_COLOUR[family], label=family)
        ax.axvline(0, color="grey", linewidth=1)
        names = {r["bonus_id"]: f"{r['bonus_id']} {r['effect']} {r['amount']}" for r in rows.iter_rows(named=True)}
        ax.set_yticks(np.arange(len(tiles)), [names[t] for t in tiles], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel(f"effect of the tile on the board: {label}")
    axes[-1].legend(fontsize=7, loc="upper left", bbox_to_anchor=(1, 1))
    return SF.finish(fig, "Bonus tiles: on the board against another tile of its back, paired by deal", path)


def write_figures(res, folder: Path) -> list[Path]:
    t = res.tables
    paths = [win_share_figure(t["win_share"], folder / WIN_SHARE),
             ratings_figure(t["ratings"], folder / RATINGS),
             seats_figure(t["seats"], folder / SEATS),
             outcomes_figure(t["outcomes"], folder / OUTCOMES),
             length_figure(t["rounds"], folder / LENGTH),
             goals_figure(t["families"], folder / GOALS),
             solo_figure(t["solo_turns"], t["solo"], folder / SOLO),
             sensitivity_figure(t["win_share"], t["headlines"], folder / SENSITIVITY)]
    if "bonus" in t:
        paths.append(bonus_figure(t["bonus"], folder / BONUS))
    return paths
