"""The summary report of one run: results Parquet, Markdown + HTML report, one figure."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import polars as pl

import simkit
from simkit.analysis.summary import summarise
from simkit.core.experiment import Experiment
from simkit.core.params import toml_value
from simkit.core.results import write_parquet
from simkit.report.document import Document
from simkit.report.figures import score_and_seat_figure

FIGURE = "scores_and_seats.png"


def _interval_columns(table: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    return table.select(
        *keys, "seat_games",
        pl.format("{} [{}, {}]", pl.col("score").round(2), pl.col("score_lo").round(2),
                  pl.col("score_hi").round(2)).alias("mean score [95% CI]"),
        pl.col("score_sd").round(2).alias("score sd"),
        pl.format("{} [{}, {}]", pl.col("win_share").round(3), pl.col("win_lo").round(3),
                  pl.col("win_hi").round(3)).alias("win share [95% CI]"),
    )


def build_run_report(exp: Experiment, df: pl.DataFrame, *, seed: int, elapsed: float,
                     jobs: int) -> tuple[Document, dict]:
    game = exp.game
    n_games = df["game_index"].n_unique()
    by_policy = summarise(df, ["policy"])
    by_order = summarise(df, ["turn_order"])
    by_policy_seat = summarise(df, ["policy", "seat"])
    doc = Document(f"{exp.name}: {game.title} simulation report")
    doc.text(exp.description or f"{n_games:,} games of {game.title} played by simkit {simkit.__version__}.")
    doc.heading("Set-up")
    defaults = {p.name: p.default for p in game.rule_params}
    changed = [f"{k} = {toml_value(v)}" for k, v in game.rule_values.items() if v != defaults[k]]
    doc.bullets([
        f"games: {n_games:,}, master seed {seed}, seating: {exp.seats}, "
        f"{game.n_players} players, played in {elapsed:.1f} s on {jobs} job(s)",
        "players: " + "; ".join(f"seat {i + 1}: {c.label}" for i, c in enumerate(exp.lineup)),
        "rules changed from the defaults: " + (", ".join(changed) if changed else "none"),
        *[f"data {k}: {v}" for k, v in game.data_sources().items()],
        f"experiment file: {exp.source}",
    ])
    doc.heading("Per policy")
    doc.text("Intervals are 95%, computed over seeds: games that share a seed (the seat rotations of one deal) "
             "count as one observation; t intervals for mean scores, Wilson intervals for win shares. "
             "Win share splits tied wins.")
    doc.table(_interval_columns(by_policy, ["policy"]))
    doc.heading("Per position in turn order")
    doc.text(f"Position 1 moves first. A fair position wins 1/{game.n_players} = {1 / game.n_players:.3f} "
             "of the games.")
    doc.table(_interval_columns(by_order, ["turn_order"]))
    doc.figure(FIGURE, "Left: score distribution per policy. Right: win share per seat and policy, 95% intervals.")
    doc.heading("Per policy and seat")
    doc.text("Seat 1 is the first place at the table (the first player is drawn at random each game).")
    doc.table(_interval_columns(by_policy_seat, ["policy", "seat"]).with_columns(pl.col("seat") + 1))
    doc.text("Data: results.parquet (one row per game and seat).")
    return doc, {"by_policy_seat": by_policy_seat}


def write_run_report(exp: Experiment, df: pl.DataFrame, out_dir: Path, *, seed: int, elapsed: float,
                     jobs: int) -> Path:
    """Write results.parquet, report.md, report.html and the figure into out_dir, all or nothing."""
    out_dir = Path(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", dir=out_dir.parent))
    try:
        doc, parts = build_run_report(exp, df, seed=seed, elapsed=elapsed, jobs=jobs)
        write_parquet(df, staging / "results.parquet")
        score_and_seat_figure(df, parts["by_policy_seat"], doc.title, staging / FIGURE)
        doc.write(staging)
        if out_dir.exists():
            shutil.rmtree(out_dir)
        staging.rename(out_dir)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
    return out_dir
