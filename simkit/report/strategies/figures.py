"""A strategy report's common figures (matplotlib, PNG), from its tables only (the Parquet files), so a notebook
can draw them too. Each family has a colour of PALETTE by its place in the report's family order (the order of the
tables' rows)."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from simkit.report.figures import save_figure  # noqa: E402
from simkit.report.strategies.study import SHIPPED  # noqa: E402

Colours = Mapping[str, str]
PALETTE = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#666666")
WIN_SHARE = "win_share.png"
RATINGS = "ratings.png"
SEATS = "seats.png"
LENGTH = "game_length.png"
SENSITIVITY = "sensitivity.png"


def families_of(table: pl.DataFrame) -> list[str]:
    """The families of a table in its row order (the report's family order)."""
    return list(dict.fromkeys(table["family"].to_list()))


def family_colours(families) -> dict[str, str]:
    return dict(zip(families, PALETTE))


def players(n: int) -> str:
    return "solo" if n == 1 else f"{n} players"


def counts(table: pl.DataFrame) -> list[int]:
    return sorted(table["n_players"].unique().to_list())


def shipped(table: pl.DataFrame) -> pl.DataFrame:
    return table.filter(pl.col("data_set") == SHIPPED)


def panels(n_panels: int, width: float = 4.6, height: float = 4.0, **kw):
    fig, axes = plt.subplots(1, n_panels, figsize=(width * n_panels, height), squeeze=False, **kw)
    return fig, axes[0]


def finish(fig, title: str, path: Path) -> Path:
    fig.suptitle(title)
    fig.tight_layout()
    return save_figure(fig, path)


def family_dots(ax, rows: pl.DataFrame, colours: Colours, value: str = "estimate", pad: float = 0.05) -> None:
    """One dot per family with its 95% interval, the highest at the top; `pad` widens the x range each side."""
    rows = rows.sort(value)
    y = np.arange(rows.height)
    v = rows[value].to_numpy()
    for yi, r in zip(y, rows.iter_rows(named=True)):
        ax.errorbar(r[value], yi, xerr=[[r[value] - r["lo"]], [r["hi"] - r[value]]], fmt="o", capsize=3,
                    color=colours.get(r["family"], "#444"))
    ax.set_yticks(y, rows["family"].to_list(), fontsize=8)
    ax.set_xlim(min(v.min(), rows["lo"].min()) - pad, max(v.max(), rows["hi"].max()) + pad)


def win_share_figure(win: pl.DataFrame, path: Path) -> Path:
    """Each family's win share per player count (shipped data), 95% intervals over deals, fair share dotted."""
    win = shipped(win)
    colours = family_colours(families_of(win))
    fig, axes = panels(len(counts(win)))
    for ax, n in zip(axes, counts(win)):
        family_dots(ax, win.filter(pl.col("n_players") == n), colours)
        ax.axvline(1 / n, color="grey", linestyle=":", label="fair share 1/n")
        ax.set_title(f"{n} players")
        ax.set_xlabel("win share per seat (ties split), 95% CI")
    axes[0].legend(fontsize=8, loc="lower right")
    return finish(fig, "Which strategy family wins: every lineup of distinct families, seats rotated", path)


def ratings_figure(ratings: pl.DataFrame, path: Path) -> Path:
    """Plackett–Luce log-strengths per player count (shipped data), 95% cluster-robust intervals."""
    ratings = shipped(ratings).rename({"log_strength": "estimate"})
    colours = family_colours(families_of(ratings))
    fig, axes = panels(len(counts(ratings)))
    for ax, n in zip(axes, counts(ratings)):
        family_dots(ax, ratings.filter(pl.col("n_players") == n), colours)
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_title(f"{n} players")
        ax.set_xlabel("log-strength (mean 0), 95% CI")
    return finish(fig, "Plackett–Luce ratings from the finishing order", path)


def seats_figure(seats: pl.DataFrame, path: Path) -> Path:
    """Win share by position in turn order per player count (shipped data), 95% intervals, fair share dotted."""
    seats = shipped(seats)
    fig, axes = panels(len(counts(seats)), width=3.6, height=3.4)
    for ax, n in zip(axes, counts(seats)):
        g = seats.filter(pl.col("n_players") == n).sort("turn_order")
        x, e = g["turn_order"].to_numpy(), g["estimate"].to_numpy()
        ax.errorbar(x, e, yerr=[e - g["lo"].to_numpy(), g["hi"].to_numpy() - e], fmt="o", capsize=4, color="#2171b5")
        ax.axhline(1 / n, color="grey", linestyle=":")
        ax.set_xticks(x)
        ax.set_xlim(0.5, n + 0.5)
        ax.set_title(f"{n} players (p = {g['p_value'][0]:.2g})", fontsize=10)
        ax.set_xlabel("position in turn order")
    axes[0].set_ylabel("win share, 95% CI")
    return finish(fig, "Seat advantage", path)


def stacked_figure(families: pl.DataFrame, parts: Mapping[str, tuple[str, str]], ylabel: str, title: str,
                   path: Path) -> Path:
    """Per player count (shipped data), one bar per family stacking the columns of `parts` (column -> (colour,
    label))."""
    families = shipped(families)
    fig, axes = panels(len(counts(families)), width=4.8, height=4.2, sharey=True)
    for ax, n in zip(axes, counts(families)):
        g = families.filter(pl.col("n_players") == n)
        x = np.arange(g.height)
        bottom = np.zeros(g.height)
        for column, (colour, label) in parts.items():
            v = g[column].to_numpy()
            ax.bar(x, v, bottom=bottom, color=colour, label=label)
            bottom += v
        ax.set_xticks(x, [f.replace("_", "\n") for f in g["family"]], fontsize=7)
        ax.set_title(players(n))
    axes[0].set_ylabel(ylabel)
    axes[-1].legend(fontsize=8, loc="upper left", bbox_to_anchor=(1, 1))
    return finish(fig, title, path)


def rates_figure(outcomes: pl.DataFrame, labels: Mapping[str, str], title: str, path: Path) -> Path:
    """Rates per game (the measures `labels` names) per player count (shipped data), 95% CIs over deals."""
    rows = shipped(outcomes).filter(pl.col("measure").is_in(list(labels)))
    fig, ax = plt.subplots(figsize=(10, 4.4))
    width = 0.8 / len(counts(rows))
    x = np.arange(len(labels))
    for i, n in enumerate(counts(rows)):
        by = {r["measure"]: r for r in rows.filter(pl.col("n_players") == n).iter_rows(named=True)}
        e = np.array([by[m]["estimate"] for m in labels])
        lo = np.array([by[m]["lo"] for m in labels])
        hi = np.array([by[m]["hi"] for m in labels])
        ax.bar(x + (i - (len(counts(rows)) - 1) / 2) * width, e, width, yerr=[e - lo, hi - e], capsize=2,
               label=players(n))
    ax.set_xticks(x, list(labels.values()), rotation=25, ha="right", fontsize=8)
    ax.set_ylabel("share of games, 95% CI")
    ax.legend(fontsize=8)
    return finish(fig, title, path)


def length_figure(rounds: pl.DataFrame, path: Path) -> Path:
    """Distribution of game length in rounds per player count (shipped data)."""
    rows = shipped(rounds)
    fig, ax = plt.subplots(figsize=(8, 3.8))
    for n in counts(rows):
        g = rows.filter(pl.col("n_players") == n).sort("rounds")
        share = g["games"].to_numpy() / g["games"].sum()
        ax.step(g["rounds"].to_numpy(), share, where="mid", label=players(n))
    ax.set_xlabel("rounds")
    ax.set_ylabel("share of games")
    ax.legend(fontsize=8)
    return finish(fig, "Game length", path)


def sensitivity_figure(win: pl.DataFrame, headlines: pl.DataFrame, path: Path) -> Path:
    """Per player count, a map of each family's win share (in %, colour: minus the fair share) on each data set, and
    how many of its headlines hold on that data set."""
    sets = list(dict.fromkeys(win["data_set"].to_list()))
    families = families_of(win)
    fig, axes = panels(len(counts(win)), width=5.2, height=0.42 * len(sets) + 2.6)
    fig.subplots_adjust(wspace=0.12)
    for ax, n in zip(axes, counts(win)):
        g = win.filter(pl.col("n_players") == n)
        share = {(r["data_set"], r["family"]): r["estimate"] for r in g.iter_rows(named=True)}
        grid = np.array([[share[(s, f)] for f in families] for s in sets])
        image = ax.imshow(grid - 1 / n, cmap="RdBu", vmin=-0.3, vmax=0.3, aspect="auto")
        for (i, j), v in np.ndenumerate(grid):
            ax.text(j, i, f"{100 * v:.0f}", ha="center", va="center", fontsize=8)
        held = {r["data_set"]: r for r in headlines.filter(pl.col("n_players") == n).group_by("data_set").agg(
            pl.col("holds").sum().alias("held"), pl.len().alias("of")).iter_rows(named=True)}
        for i, s in enumerate(sets):
            ax.text(len(families) - 0.3, i, f"{held[s]['held']}/{held[s]['of']}", va="center", fontsize=8)
        ax.set_xticks(range(len(families)), families, fontsize=7, rotation=35, ha="right")
        ax.set_yticks(range(len(sets)), sets if n == counts(win)[0] else [], fontsize=8)
        ax.set_title(f"{n} players (fair share {100 / n:.0f}%; right: headlines holding)", fontsize=9)
    fig.colorbar(image, ax=list(axes), shrink=0.8, label="win share - fair share")
    fig.suptitle("Sensitivity: family win shares (%) on the shipped data and every alternative data set")
    return save_figure(fig, path)
