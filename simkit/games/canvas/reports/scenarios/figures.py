"""Figures of the Canvas scenario report (matplotlib, PNG). Each function reads the report's tables only, so
the notebook can call them on the Parquet files."""

from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import polars as pl  # noqa: E402

from simkit.games.canvas.rules.components import SCORING_CONDITIONS, load_scoring_cards  # noqa: E402
from simkit.games.canvas.reports.scenarios.play import LEVELS, MODE_TITLE, MODES  # noqa: E402
from simkit.report.figures import save_figure  # noqa: E402

SURVIVAL = "solo_survival.png"
MEANS = "solo_means.png"
REACH = "reach_target.png"
BANDS = "bands.png"
DIFFICULTY = "difficulty.png"
RIBBONS = "ribbons.png"
ACHIEVEMENTS = "achievements.png"
MULTI = "multiplayer.png"
SEATS = "seat_advantage.png"
SETS_MAP = "sets_map.png"
CARD_EFFECTS = "card_effects.png"
PAIRS = "pairs_heatmap.png"

LEVEL_COLOUR = {"greedy": "#1b9e77", "planner": "#d95f02", "search": "#7570b3"}
MODE_STYLE = {"vincent": "-", "puzzle": "--"}
GROUP_COLOUR = {"simplified": "#66a61e", "standard": "#1f78b4", "complex": "#e31a1c",
                "standard random": "#777777"}


def _names(scenarios: pl.DataFrame) -> list[str]:
    return scenarios.sort("order")["scenario"].to_list()


def survival_figure(solo: pl.DataFrame, scenarios: pl.DataFrame, path: Path) -> Path:
    """P(score >= x) per scenario, level and mode."""
    names = _names(scenarios)
    target = dict(scenarios.select("scenario", "target").iter_rows())
    cols = 5
    rows = int(np.ceil(len(names) / cols))
    fig, axes = plt.subplots(rows, cols, figsize=(3.3 * cols, 2.9 * rows), sharey=True)
    lo, hi = int(solo["score"].min()), int(solo["score"].max())
    xs = np.arange(lo, hi + 1)
    for ax, name in zip(axes.flat, names):
        g = solo.filter(pl.col("scenario") == name)
        for mode in MODES:
            for level in LEVELS:
                x = g.filter((pl.col("mode") == mode) & (pl.col("level") == level))["score"].to_numpy()
                if len(x) == 0:
                    continue
                surv = (x[None, :] >= xs[:, None]).mean(axis=1) * 100
                ax.plot(xs, surv, MODE_STYLE[mode], color=LEVEL_COLOUR[level], linewidth=1.4)
        ax.axvline(target[name], color="black", linestyle=":", linewidth=1)
        ax.set_title(f"{name} (target {target[name]})", fontsize=10)
        ax.set_xlim(max(lo, 5), hi)
        ax.grid(alpha=0.3)
    for ax in axes[:, 0]:
        ax.set_ylabel("games reaching x (%)")
    for ax in axes[-1, :]:
        ax.set_xlabel("final score x (points)")
    for ax in axes.flat[len(names):]:
        ax.axis("off")
    handles = [plt.Line2D([], [], color=LEVEL_COLOUR[lv], label=lv) for lv in LEVELS]
    handles += [plt.Line2D([], [], color="grey", linestyle=MODE_STYLE[m], label=f"{MODE_TITLE[m]} mode")
                for m in MODES]
    handles.append(plt.Line2D([], [], color="black", linestyle=":", label="scenario target"))
    fig.legend(handles=handles, loc="upper center", ncol=6, bbox_to_anchor=(0.5, 0.0), frameon=False)
    fig.suptitle("Solo play: share of games reaching each score, per scenario, skill level and solo mode")
    fig.tight_layout()
    return save_figure(fig, path)


def means_figure(summary: pl.DataFrame, scenarios: pl.DataFrame, ceiling: pl.DataFrame, path: Path) -> Path:
    names = _names(scenarios)
    fig, ax = plt.subplots(figsize=(13, 5))
    combos = [(m, lv) for m in MODES for lv in LEVELS]
    width = 0.8 / len(combos)
    x0 = np.arange(len(names))
    for i, (mode, level) in enumerate(combos):
        g = summary.filter((pl.col("mode") == mode) & (pl.col("level") == level))
        d = {r["scenario"]: r for r in g.iter_rows(named=True)}
        xs = x0 + (i - (len(combos) - 1) / 2) * width
        m = np.array([d[n]["mean"] for n in names])
        err = np.array([[d[n]["mean"] - d[n]["mean_lo"], d[n]["mean_hi"] - d[n]["mean"]] for n in names]).T
        ax.errorbar(xs, m, yerr=np.nan_to_num(err), fmt="o" if mode == "vincent" else "s", color=LEVEL_COLOUR[level],
                    markerfacecolor=LEVEL_COLOUR[level] if mode == "vincent" else "white", markersize=5, capsize=2,
                    linestyle="none", label=f"{level}, {MODE_TITLE[mode]}")
    target = dict(scenarios.select("scenario", "target").iter_rows())
    ax.scatter(x0, [target[n] for n in names], marker="_", s=900, color="black", label="scenario target", zorder=3)
    ceil = dict(ceiling.select("scenario", "ceiling").iter_rows())
    cx = [x for x, n in zip(x0, names) if ceil.get(n) is not None]
    if cx:
        ax.scatter(cx, [ceil[n] for n in names if ceil.get(n) is not None], marker="*", s=120, color="goldenrod",
                   label="exact ceiling", zorder=3)
    ax.set_xticks(x0, names, rotation=20, ha="right")
    ax.set_ylabel("mean final score (points), 95% CI")
    ax.set_title("Mean solo score per scenario, skill level and solo mode")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(ncol=4, fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.22), frameon=False)
    return save_figure(fig, path)


def reach_figure(reach: pl.DataFrame, scenarios: pl.DataFrame, path: Path) -> Path:
    names = _names(scenarios)
    target = dict(scenarios.select("scenario", "target").iter_rows())
    r = reach.filter(pl.col("kind") == "target")
    fig, ax = plt.subplots(figsize=(9, 6.5))
    combos = [(m, lv) for m in MODES for lv in LEVELS]
    height = 0.8 / len(combos)
    y0 = np.arange(len(names))[::-1]
    for i, (mode, level) in enumerate(combos):
        g = {row["scenario"]: row for row in r.filter((pl.col("mode") == mode) & (pl.col("level") == level))
             .iter_rows(named=True)}
        ys = y0 + ((len(combos) - 1) / 2 - i) * height
        p = np.array([g[n]["p"] for n in names]) * 100
        err = np.array([[g[n]["p"] - g[n]["lo"], g[n]["hi"] - g[n]["p"]] for n in names]).T * 100
        ax.errorbar(p, ys, xerr=err, fmt="o" if mode == "vincent" else "s", color=LEVEL_COLOUR[level],
                    markerfacecolor=LEVEL_COLOUR[level] if mode == "vincent" else "white", markersize=4,
                    capsize=2, linestyle="none", label=f"{level}, {MODE_TITLE[mode]}")
    ax.set_yticks(y0, [f"{n} ({target[n]})" for n in names])
    ax.set_xlabel("games reaching the scenario's target (%), 95% Wilson CI")
    ax.set_xlim(-2, 102)
    ax.set_title("Solo: probability of reaching the scenario target (target in brackets)")
    ax.grid(axis="x", alpha=0.3)
    for y in y0[:-1]:
        ax.axhline(y - 0.5, color="#dddddd", linewidth=0.8)
    ax.legend(fontsize=8, loc="upper center", ncol=3, bbox_to_anchor=(0.5, -0.09), frameon=False)
    return save_figure(fig, path)


def _annotated_heatmap(ax, values, row_labels, col_labels, fmt, cmap, vmin, vmax, text=None):
    masked = np.ma.masked_invalid(values)
    cm = plt.get_cmap(cmap).with_extremes(bad="#e6e6e6")
    im = ax.imshow(masked, cmap=cm, vmin=vmin, vmax=vmax, aspect="auto")
    ax.set_xticks(range(len(col_labels)), col_labels, rotation=35, ha="right")
    ax.set_yticks(range(len(row_labels)), row_labels)
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            v = values[i, j]
            label = "n/a" if not np.isfinite(v) else (text[i][j] if text is not None else fmt.format(v))
            if label == "":
                continue
            shade = 0.5 if not np.isfinite(v) else (v - vmin) / max(vmax - vmin, 1e-9)
            dark = shade < 0.45 if cmap == "viridis" else shade > 0.6  # viridis is dark at the low end
            ax.text(j, i, label, ha="center", va="center", fontsize=7.5, color="white" if dark else "black")
    return im


def _pct_label(v: float) -> str:
    if not np.isfinite(v):
        return "n/a"
    if 0 < v < 1:
        return "<1"
    if 99 < v < 100:
        return ">99"
    return f"{v:.0f}"


def bands_figure(reach: pl.DataFrame, scenarios: pl.DataFrame, path: Path, level: str = "planner") -> Path:
    names = _names(scenarios)
    r = reach.filter((pl.col("level") == level))
    bands = sorted(r.filter(pl.col("kind") == "band")["threshold"].unique().to_list())
    fig, axes = plt.subplots(1, 2, figsize=(12, 5.2), sharey=True)
    for ax, mode in zip(axes, MODES):
        g = r.filter(pl.col("mode") == mode)
        cols = ["target"] + [f">= {b}" for b in bands]
        vals = np.full((len(names), len(cols)), np.nan)
        for i, n in enumerate(names):
            gi = g.filter(pl.col("scenario") == n)
            vals[i, 0] = gi.filter(pl.col("kind") == "target")["p"][0] * 100
            for j, b in enumerate(bands):
                vals[i, j + 1] = gi.filter((pl.col("kind") == "band") & (pl.col("threshold") == b))["p"][0] * 100
        text = [[_pct_label(v) for v in row] for row in vals]
        im = _annotated_heatmap(ax, vals, names, ["own target"] + cols[1:], "", "Blues", 0, 100, text)
        ax.set_title(f"{MODE_TITLE[mode]} mode")
        ax.set_xlabel("threshold (points)")
    fig.colorbar(im, ax=axes, label="games reaching the threshold (%)", shrink=0.85)
    fig.suptitle(f"Solo, {level}: P(score >= threshold) in percent")
    return save_figure(fig, path)


def difficulty_figure(difficulty: pl.DataFrame, path: Path) -> Path:
    fig, axes = plt.subplots(1, 2, figsize=(12, 5), sharex=True)
    for ax, mode in zip(axes, MODES):
        d = difficulty.filter(pl.col("mode") == mode).sort("rank", descending=True)
        y = np.arange(len(d))
        for yi, r in zip(y, d.iter_rows(named=True)):
            c = GROUP_COLOUR.get(r["group"], "black")
            ax.errorbar(r["p_target"] * 100, yi, xerr=[[100 * (r["p_target"] - r["p_lo"])],
                                                      [100 * (r["p_hi"] - r["p_target"])]],
                        fmt="o", color=c, capsize=3)
        ax.set_yticks(y, [f"{r['rank']}. {r['scenario']} ({r['target']})" for r in d.iter_rows(named=True)])
        ax.set_xlabel("planner games reaching the target (%), 95% CI")
        ax.set_title(f"{MODE_TITLE[mode]} mode (1 = easiest)")
        ax.set_xlim(0, 100)
        ax.grid(axis="x", alpha=0.3)
    handles = [plt.Line2D([], [], marker="o", linestyle="none", color=c, label=g) for g, c in GROUP_COLOUR.items()]
    fig.legend(handles=handles, title="rulebook group", loc="upper center", ncol=4, bbox_to_anchor=(0.5, 0.0),
               frameon=False)
    fig.suptitle("Difficulty ranking of the scenarios: planner's chance of reaching the scenario target")
    fig.tight_layout()
    return save_figure(fig, path)


def ribbons_figure(ribbons: pl.DataFrame, scenarios: pl.DataFrame, path: Path, level: str = "planner",
                   mode: str = "vincent") -> Path:
    names = _names(scenarios)
    sc = load_scoring_cards()
    r = ribbons.filter((pl.col("level") == level) & (pl.col("mode") == mode))
    vals = np.full((len(names), 12), np.nan)
    text = [["" for _ in range(12)] for _ in names]
    for row in r.iter_rows(named=True):
        i, j = names.index(row["scenario"]), SCORING_CONDITIONS.index(row["card"])
        vals[i, j] = row["mean"] / row["track_len"]
        text[i][j] = f"{row['mean']:.2f}"
    fig, ax = plt.subplots(figsize=(12, 5.5))
    vals_show = np.where(np.isfinite(vals), vals, np.nan)
    text = [[t if t else "" for t in row] for row in text]
    masked = np.ma.masked_invalid(vals_show)
    cm = plt.get_cmap("YlOrBr").with_extremes(bad="white")
    im = ax.imshow(masked, cmap=cm, vmin=0, vmax=1, aspect="auto")
    for i in range(len(names)):
        for j in range(12):
            if text[i][j]:
                ax.text(j, i, text[i][j], ha="center", va="center", fontsize=8,
                        color="white" if vals[i, j] > 0.7 else "black")
    ax.set_xticks(range(12), [f"{c} ({sc.track_len[k]})" for k, c in enumerate(SCORING_CONDITIONS)],
                  rotation=35, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("scoring card (track length = most ribbons that count)")
    fig.colorbar(im, ax=ax, label="mean ribbons held / track length")
    ax.set_title(f"Solo, {level}, {MODE_TITLE[mode]} mode: mean ribbons held per game, per scoring card in play "
                 "(blank: card not in play)")
    return save_figure(fig, path)


def achievements_figure(ach: pl.DataFrame, scenarios: pl.DataFrame, path: Path, level: str = "planner") -> Path:
    names = _names(scenarios)
    a = ach.filter(pl.col("level") == level)
    keys = list(dict.fromkeys(a["achievement"].to_list()))
    short = {"all_conditions_one_painting": "all 4 conditions (painting)", "grey4_one_painting":
             "4 grey (painting)", "ribbons7_one_painting": "7+ ribbons (painting)",
             "same_element5_one_painting": "5 same Element (painting)", "max_ribbons_all_cards":
             "max ribbons, all cards", "grey7_game": "7+ grey (game)", "ribbons14_game": "14+ ribbons (game)",
             "points40": "40+ points", "above47": "more than 47"}
    fig, axes = plt.subplots(1, 2, figsize=(15, 5.5), sharey=True)
    for ax, mode in zip(axes, MODES):
        vals = np.full((len(names), len(keys)), np.nan)
        for row in a.filter(pl.col("mode") == mode).iter_rows(named=True):
            if row["p"] is not None:
                vals[names.index(row["scenario"]), keys.index(row["achievement"])] = 100 * row["p"]
        text = [["n/a" if not np.isfinite(v) else (f"{v:.1f}" if v < 10 else f"{v:.0f}") for v in row]
                for row in vals]  # one decimal below 10%: the rare achievements
        im = _annotated_heatmap(ax, vals, names, [short.get(k, k) for k in keys], "", "Purples", 0, 100, text)
        ax.set_xticks(range(len(keys)), [short.get(k, k) for k in keys], rotation=90, ha="center", fontsize=8)
        ax.set_title(f"{MODE_TITLE[mode]} mode")
    fig.colorbar(im, ax=axes, label="share of solo games (%)", shrink=0.85)
    fig.suptitle(f"Rulebook achievements (§8): share of solo games, {level}, in percent")
    return save_figure(fig, path)


def multiplayer_figure(summary: pl.DataFrame, scenarios: pl.DataFrame, path: Path) -> Path:
    names = _names(scenarios)
    fig, axes = plt.subplots(1, 2, figsize=(13, 5))
    cmap = plt.get_cmap("tab10")
    for i, name in enumerate(names):
        g = summary.filter(pl.col("scenario") == name).sort("n_players")
        k = g["n_players"].to_numpy() + (i - 4.5) * 0.025
        for ax, (col, lo, hi) in zip(axes, (("winning_score", "winning_lo", "winning_hi"),
                                            ("margin", "margin_lo", "margin_hi"))):
            m = g[col].to_numpy()
            err = np.vstack([m - g[lo].to_numpy(), g[hi].to_numpy() - m])
            ax.errorbar(k, m, yerr=err, marker="o", markersize=4, capsize=2, color=cmap(i % 10),
                        linestyle="-" if i < 10 else "--", label=name)
    axes[0].set_ylabel("mean winning score (points), 95% CI")
    axes[0].set_title("Winning score")
    axes[1].set_ylabel("mean margin: winner minus runner-up (points), 95% CI")
    axes[1].set_title("Margin of victory")
    for ax in axes:
        ax.set_xlabel("number of players")
        ax.set_xticks([2, 3, 4, 5])
        ax.grid(alpha=0.3)
    axes[1].legend(fontsize=8, loc="upper right", ncol=2)
    fig.suptitle("Multiplayer games, planner in every seat")
    fig.tight_layout()
    return save_figure(fig, path)


def seats_figure(seats: pl.DataFrame, scenarios: pl.DataFrame, path: Path) -> Path:
    names = _names(scenarios)
    counts = sorted(seats["n_players"].unique().to_list())
    fig, axes = plt.subplots(1, len(counts), figsize=(4.2 * len(counts), 4.8), sharey=True)
    cmap = plt.get_cmap("tab10")
    seats = seats.with_columns(pl.col("scenario").cast(pl.String))
    for ax, k in zip(np.atleast_1d(axes), counts):
        for i, name in enumerate(names):
            g = seats.filter((pl.col("scenario") == name) & (pl.col("n_players") == k)).sort("turn_order")
            x = g["turn_order"].to_numpy() + (i - (len(names) - 1) / 2) * 0.07
            m = g["win_share"].to_numpy() * 100
            err = np.vstack([m - g["lo"].to_numpy() * 100, g["hi"].to_numpy() * 100 - m])
            ax.errorbar(x, m, yerr=err, fmt="o", markersize=3, capsize=1.5, color=cmap(i % 10), label=name)
        ax.axhline(100 / k, color="grey", linestyle="--", linewidth=1)
        ax.set_xticks(range(1, k + 1))
        ax.set_xlabel("position in turn order (1 = first player)")
        ax.set_title(f"{k} players (fair share {100 / k:.0f}%)")
        ax.grid(axis="y", alpha=0.3)
    np.atleast_1d(axes)[0].set_ylabel("win share (%), ties split, 95% CI")
    handles, labels = np.atleast_1d(axes)[0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="upper center", ncol=5, bbox_to_anchor=(0.5, 0.0), frameon=False)
    fig.suptitle("Seat advantage: win share by position in turn order, planner in every seat")
    fig.tight_layout()
    return save_figure(fig, path)


def sets_map_figure(sets: pl.DataFrame, path: Path, threshold: int = 30) -> Path:
    fig, ax = plt.subplots(figsize=(9, 6.5))
    p = sets[f"p{threshold}"].to_numpy() * 100
    ax.scatter(sets["mean"].to_numpy(), p, s=12, alpha=0.5, color="#4c72b0", label="four-card set")
    book = sets.filter(pl.col("scenario").is_not_null())
    for r in book.iter_rows(named=True):
        ax.scatter(r["mean"], r[f"p{threshold}"] * 100, s=70, color="#e31a1c", edgecolor="black", zorder=3)
        ax.annotate(r["scenario"], (r["mean"], r[f"p{threshold}"] * 100), textcoords="offset points",
                    xytext=(6, -4), fontsize=9)
    if len(book):
        ax.scatter([], [], s=70, color="#e31a1c", edgecolor="black", label="rulebook scenario")
    ax.set_xlabel("mean solo score (points)")
    ax.set_ylabel(f"games reaching {threshold} points (%)")
    ax.set_title(f"Difficulty map of {len(sets)} four-card sets (planner, Vincent mode)")
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left")
    return save_figure(fig, path)


def card_effects_figure(effects: pl.DataFrame, path: Path) -> Path:
    e = effects.sort("effect")
    fig, ax = plt.subplots(figsize=(8, 5.5))
    y = np.arange(len(e))
    m = e["effect"].to_numpy()
    err = np.vstack([m - e["lo"].to_numpy(), e["hi"].to_numpy() - m])
    ax.barh(y, m, xerr=err, capsize=3, color=np.where(m >= 0, "#1b9e77", "#d95f02"))
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(y, e["card"].to_list())
    ax.set_xlabel("mean score with the card minus without (points), 95% CI")
    ax.set_title("Marginal effect of each scoring card on a four-card set's mean solo score\n(planner, Vincent mode; "
                 "positive = easier)")
    ax.grid(axis="x", alpha=0.3)
    return save_figure(fig, path)


def pairs_figure(pairs: pl.DataFrame, path: Path) -> Path:
    matrix = np.full((12, 12), np.nan)
    for r in pairs.iter_rows(named=True):
        a, b = SCORING_CONDITIONS.index(r["card_a"]), SCORING_CONDITIONS.index(r["card_b"])
        matrix[a, b] = matrix[b, a] = r["mean"]
    fig, ax = plt.subplots(figsize=(9.5, 8))
    finite = matrix[np.isfinite(matrix)]
    vmin, vmax = (float(finite.min()), float(finite.max())) if finite.size else (0, 1)
    im = _annotated_heatmap(ax, matrix, list(SCORING_CONDITIONS), list(SCORING_CONDITIONS), "{:.1f}", "viridis",
                            vmin, vmax)
    fig.colorbar(im, ax=ax, label="mean solo score (points)")
    ax.set_title("Mean solo score over the four-card sets containing both cards\n(planner, Vincent mode; diagonal: "
                 "sets containing the card)")
    return save_figure(fig, path)


def write_figures(res, directory: Path) -> list[Path]:
    t = res.tables
    meta = t["scenarios"]
    out = [
        survival_figure(res.data["solo"], meta, directory / SURVIVAL),
        means_figure(t["solo_summary"], meta, t["ceiling"], directory / MEANS),
        reach_figure(t["reach"], meta, directory / REACH),
        bands_figure(t["reach"], meta, directory / BANDS),
        difficulty_figure(t["difficulty"], directory / DIFFICULTY),
        ribbons_figure(t["ribbons"], meta, directory / RIBBONS),
        achievements_figure(t["achievements"], meta, directory / ACHIEVEMENTS),
        multiplayer_figure(t["multiplayer_summary"], meta, directory / MULTI),
        seats_figure(t["seat_advantage"], meta, directory / SEATS),
    ]
    if "sets_summary" in t:
        out += [sets_map_figure(t["sets_summary"], directory / SETS_MAP),
                card_effects_figure(t["card_effects"], directory / CARD_EFFECTS),
                pairs_figure(t["pair_means"], directory / PAIRS)]
    return out
