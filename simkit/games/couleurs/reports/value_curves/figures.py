"""Figures of the Couleurs value-curve report (matplotlib, PNG). Each function reads the report's tables only
(the Parquet files), so the notebook can call them too."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from simkit.report.figures import save_figure  # noqa: E402

WIN_SHARE = "win_share_by_slope.png"
SPREAD = "spread_crossing.png"
POINTS = "points_by_source.png"
TIERS = "exhibited_tiers.png"
GAMES = "end_triggers_and_length.png"
SENSITIVITY = "sensitivity.png"

STRATEGY_COLOUR = {"cheap": "#1b9e77", "balanced": "#7570b3", "expensive": "#d95f02"}
NAMED_MARKER = {"base": "s", "J": "D"}
SOURCE_LABEL = {"pp_tier0": "paintings tier 0", "pp_tier1": "paintings tier 1", "pp_tier2": "paintings tier 2",
                "pp_tier3": "paintings tier 3", "pp_signatures": "black signatures", "pp_tokens": "tool tokens",
                "pp_identical_pair": "identical pair", "pp_white_penalty": "white penalties"}
SOURCE_COLOUR = {"pp_tier0": "#c6dbef", "pp_tier1": "#6baed6", "pp_tier2": "#2171b5", "pp_tier3": "#08306b",
                 "pp_signatures": "#252525", "pp_tokens": "#fdae6b", "pp_identical_pair": "#74c476",
                 "pp_white_penalty": "#de2d26"}



def _finish(fig, title: str, path: Path, legend_on=None) -> Path:
    """Title, an optional legend outside the right of axis `legend_on`, tight layout, and save."""
    if legend_on is not None:
        legend_on.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1, 1))
    fig.suptitle(title)
    fig.tight_layout()
    return save_figure(fig, path)

def _markers(curves: pl.DataFrame) -> dict[str, str]:
    """Marker of each curve drawn as a point: base, J and the user's curves."""
    return {c: NAMED_MARKER.get(c, "^") for c, k in curves.select("curve", "kind").iter_rows() if k != "sweep"}


def _counts(table: pl.DataFrame) -> list[int]:
    return sorted(table["n_players"].unique().to_list())


def win_share_figure(win: pl.DataFrame, curves: pl.DataFrame, path: Path) -> Path:
    """Win share of each strategy against the curve's slope (sweep as lines, base and J as marked points)."""
    slope = dict(curves.select("curve", "slope").iter_rows())
    kind = dict(curves.select("curve", "kind").iter_rows())
    counts = _counts(win)
    fig, axes = plt.subplots(1, len(counts), figsize=(5 * len(counts), 4.2), sharey=True, squeeze=False)
    for ax, n in zip(axes[0], counts):
        for name, colour in STRATEGY_COLOUR.items():
            g = win.filter((pl.col("n_players") == n) & (pl.col("strategy") == name))
            sweep = g.filter(pl.col("curve").replace_strict(kind) == "sweep")
            x = np.array([slope[c] for c in sweep["curve"]])
            order = np.argsort(x)
            ax.plot(x[order], sweep["estimate"].to_numpy()[order], color=colour, label=name)
            ax.fill_between(x[order], sweep["lo"].to_numpy()[order], sweep["hi"].to_numpy()[order], color=colour,
                            alpha=0.2, linewidth=0)
            for curve, marker in _markers(curves).items():
                row = g.filter(pl.col("curve") == curve)
                if row.height:
                    e = row["estimate"][0]
                    ax.errorbar(slope[curve], e, yerr=[[e - row["lo"][0]], [row["hi"][0] - e]], fmt=marker,
                                color=colour, capsize=3, markersize=6)
        ax.axhline(1 / n, color="grey", linestyle=":", linewidth=1)
        ax.set_title(f"{n} players")
        ax.set_xlabel("curve slope (points per tier step)")
    axes[0, 0].set_ylabel("win share per seat (ties split), 95% CI")
    handles = [plt.Line2D([], [], color=c, label=s) for s, c in STRATEGY_COLOUR.items()]
    handles += [plt.Line2D([], [], color="k", marker=m, linestyle="", label=f"{c} curve")
                for c, m in _markers(curves).items()]
    handles.append(plt.Line2D([], [], color="grey", linestyle=":", label="fair share 1/n"))
    axes[0, -1].legend(handles=handles, fontsize=8, loc="best")
    return _finish(fig, "Win share of each tier strategy by painting-value curve (sweep 12 + s(t - 1.5), rounded)",
                   path)


def spread_figure(spread: pl.DataFrame, crossing: pl.DataFrame, curves: pl.DataFrame, path: Path) -> Path:
    """Expensive minus cheap win share against the slope, the fitted line and the crossing slope's interval."""
    slope = dict(curves.select("curve", "slope").iter_rows())
    kind = dict(curves.select("curve", "kind").iter_rows())
    counts = _counts(spread)
    fig, axes = plt.subplots(1, len(counts), figsize=(5 * len(counts), 4.2), sharey=True, squeeze=False)
    for ax, n in zip(axes[0], counts):
        g = spread.filter(pl.col("n_players") == n)
        sweep = g.filter(pl.col("curve").replace_strict(kind) == "sweep")
        x = np.array([slope[c] for c in sweep["curve"]])
        e = sweep["estimate"].to_numpy()
        ax.errorbar(x, e, yerr=[e - sweep["lo"].to_numpy(), sweep["hi"].to_numpy() - e], fmt="o", color="#444",
                    capsize=3, label="sweep curves")
        for curve, marker in _markers(curves).items():
            row = g.filter(pl.col("curve") == curve)
            if row.height:
                v = row["estimate"][0]
                ax.errorbar(slope[curve], v, yerr=[[v - row["lo"][0]], [row["hi"][0] - v]], fmt=marker,
                            color="#d95f02" if curve in NAMED_MARKER else "#e7298a", capsize=3,
                            label=f"{curve} curve")
        c = crossing.filter(pl.col("n_players") == n).row(0, named=True)
        xs = np.linspace(x.min(), x.max(), 50)
        ax.plot(xs, c["spread_per_slope"] * (xs - c["crossing_slope"]), color="#1f78b4", label="fitted line")
        if c["crosses"]:
            ax.axvspan(max(c["lo"], x.min()), min(c["hi"], x.max()), color="#1f78b4", alpha=0.15,
                       label=f"crossing {c['crossing_slope']:.2f} [{c['lo']:.2f}, {c['hi']:.2f}]")
        ax.axhline(0, color="grey", linewidth=1)
        ax.set_title(f"{n} players" + ("" if c["crosses"] else ": no crossing inside the sweep"))
        ax.set_xlabel("curve slope (points per tier step)")
        ax.legend(fontsize=7)
    axes[0, 0].set_ylabel("win share: expensive - cheap (95% CI)")
    return _finish(fig, "Where expensive and cheap strategies are balanced", path)


def _strategy_bars(ax, table: pl.DataFrame, n: int, curves):
    """Yield (x, row) for each (curve, strategy) of `table` at n players, then label the x axis."""
    labels = []
    for curve in curves:
        for name in STRATEGY_COLOUR:
            row = table.filter((pl.col("n_players") == n) & (pl.col("curve") == curve) & (pl.col("strategy") == name))
            if row.height:
                yield len(labels), row
                labels.append(f"{curve}\n{name}")
    ax.set_xticks(range(len(labels)), labels, fontsize=7)


def points_figure(points: pl.DataFrame, path: Path, curves=("base", "J")) -> Path:
    """Mean prestige points per seat by source, stacked, for each strategy under the named curves."""
    counts = _counts(points)
    fig, axes = plt.subplots(1, len(counts), figsize=(5 * len(counts), 4.4), sharey=True, squeeze=False)
    for ax, n in zip(axes[0], counts):
        for x, row in _strategy_bars(ax, points, n, curves):
            pos = neg = 0.0
            for source, colour in SOURCE_COLOUR.items():
                v = float(row[source][0])
                ax.bar(x, v, bottom=pos if v >= 0 else neg, color=colour,
                       label=SOURCE_LABEL[source] if x == 0 else None)
                pos, neg = (pos + v, neg) if v >= 0 else (pos, neg + v)
            ax.plot(x, float(row["score"][0]), "k_", markersize=14)
        ax.axhline(0, color="grey", linewidth=1)
        ax.set_title(f"{n} players")
    axes[0, 0].set_ylabel("mean prestige points per seat (black dash: total)")
    return _finish(fig, "Where the points come from, base (10/12/14/16) vs J (9/12/15/18)", path,
                   legend_on=axes[0, -1])


def tiers_figure(tiers: pl.DataFrame, path: Path, curves=("base", "J")) -> Path:
    """Share of each strategy's exhibited paintings by tier (stacked to 1), with paintings per seat on top."""
    counts = _counts(tiers)
    colours = [SOURCE_COLOUR[f"pp_tier{t}"] for t in range(4)]
    fig, axes = plt.subplots(1, len(counts), figsize=(5 * len(counts), 4.2), sharey=True, squeeze=False)
    for ax, n in zip(axes[0], counts):
        for x, row in _strategy_bars(ax, tiers, n, curves):
            bottom = 0.0
            for t in range(4):
                v = float(row[f"share_tier{t}"][0] or 0.0)
                ax.bar(x, v, bottom=bottom, color=colours[t], label=f"tier {t}" if x == 0 else None)
                bottom += v
            ax.text(x, 1.02, f"{row['exhibited_per_seat'][0]:.2f}", ha="center", fontsize=7)
        ax.set_ylim(0, 1.1)
        ax.set_title(f"{n} players (numbers: paintings exhibited per seat)")
    axes[0, 0].set_ylabel("share of exhibited paintings")
    return _finish(fig, "Which tiers each strategy exhibits", path, legend_on=axes[0, -1])


def games_figure(games: pl.DataFrame, curves: pl.DataFrame, path: Path) -> Path:
    """End-trigger mix (stacked shares) and mean game length per curve and player count."""
    order = curves["curve"].to_list()
    reasons = ("paintings_exhibited", "last_black", "track_end", "round_cap")
    colours = ("#2171b5", "#252525", "#fdae6b", "#de2d26")
    counts = _counts(games)
    fig, axes = plt.subplots(2, len(counts), figsize=(5 * len(counts), 7), squeeze=False, sharex=True)
    for j, n in enumerate(counts):
        g = games.filter(pl.col("n_players") == n)
        g = g.with_columns(pl.col("curve").replace_strict({c: i for i, c in enumerate(order)}).alias("o")).sort("o")
        x = np.arange(g.height)
        bottom = np.zeros(g.height)
        for reason, colour in zip(reasons, colours):
            v = g[f"end_{reason}"].to_numpy()
            axes[0, j].bar(x, v, bottom=bottom, color=colour, label=reason.replace("_", " "))
            bottom += v
        axes[0, j].set_title(f"{n} players")
        r = g["rounds"].to_numpy()
        axes[1, j].errorbar(x, r, yerr=[r - g["rounds_lo"].to_numpy(), g["rounds_hi"].to_numpy() - r], fmt="o",
                            capsize=3, color="#444")
        axes[1, j].set_xticks(x, g["curve"].to_list(), rotation=60, fontsize=7)
        axes[1, j].set_xlabel("curve")
    axes[0, 0].set_ylabel("share of games by first end trigger")
    axes[1, 0].set_ylabel("game length (rounds), 95% CI")
    return _finish(fig, "How games end and how long they last, per curve", path, legend_on=axes[0, -1])


def sensitivity_figure(sens: pl.DataFrame, path: Path, shipped: str = "shipped") -> Path:
    """One figure: per data set and player count, the spread under base and under J with 95% intervals, and
    whether the base-vs-J verdict (sign of the paired difference, or its absence) matches the shipped data's."""
    sets = [shipped] + [s for s in dict.fromkeys(sens["data_set"].to_list()) if s != shipped]
    counts = _counts(sens)
    fig, axes = plt.subplots(1, len(counts), figsize=(4.6 * len(counts), 0.5 * len(sets) + 2.2), sharey=True,
                             squeeze=False)
    y = np.arange(len(sets))[::-1]
    for ax, n in zip(axes[0], counts):
        ref = sens.filter((pl.col("data_set") == shipped) & (pl.col("n_players") == n)).row(0, named=True)
        for yi, data_set in zip(y, sets):
            r = sens.filter((pl.col("data_set") == data_set) & (pl.col("n_players") == n)).row(0, named=True)
            for key, lo, hi, dy, colour, marker in (("spread_base", "base_lo", "base_hi", 0.15, "#1f78b4", "s"),
                                                     ("spread_J", "J_lo", "J_hi", -0.15, "#d95f02", "D")):
                ax.errorbar(r[key], yi + dy, xerr=[[r[key] - r[lo]], [r[hi] - r[key]]], fmt=marker, color=colour,
                            capsize=2, markersize=5)
            holds = r["shift"] == ref["shift"]
            ax.text(1.02, yi, "holds" if holds else "differs", transform=ax.get_yaxis_transform(), va="center",
                    fontsize=8, color="#238b45" if holds else "#cb181d")
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_title(f"{n} players (shipped data: {ref['shift']})", fontsize=9)
        ax.set_xlabel("win share: expensive - cheap")
    axes[0, 0].set_yticks(y, sets)
    handles = [plt.Line2D([], [], color="#1f78b4", marker="s", linestyle="", label="base 10/12/14/16"),
               plt.Line2D([], [], color="#d95f02", marker="D", linestyle="", label="J 9/12/15/18")]
    fig.legend(handles=handles, loc="lower center", ncol=2, fontsize=8, bbox_to_anchor=(0.5, -0.02))
    fig.suptitle("Sensitivity: does the base-vs-J comparison hold on the alternative data sets (spec §1.5)?")
    fig.tight_layout(rect=(0, 0.05, 1, 1))
    return save_figure(fig, path)


def write_figures(res, folder: Path) -> list[Path]:
    t = res.tables
    return [win_share_figure(t["win_share"], t["curves"], folder / WIN_SHARE),
            spread_figure(t["spread"], t["crossing"], t["curves"], folder / SPREAD),
            points_figure(t["points"], folder / POINTS),
            tiers_figure(t["tiers"], folder / TIERS),
            games_figure(t["games"], t["curves"], folder / GAMES),
            sensitivity_figure(t["sensitivity"], folder / SENSITIVITY)]
