"""The summary report of one run: results Parquet, Markdown + HTML report, one figure.

The results are read lazily (a scanned Parquet file, or a frame): every table aggregates in polars' streaming
engine, so the report's memory does not grow with the number of games. Only a stopping rule's note and the variant
sections (experiments with variants) load the columns they use.
"""

from __future__ import annotations

from pathlib import Path

import polars as pl

import simkit
from simkit.analysis.summary import RunningTotals, groupings_totals, summary_table
from simkit.core.experiment import Experiment
from simkit.core.params import toml_value
from simkit.core.provenance import RunRecord, parquet_metadata
from simkit.core.store import ChunkStore
from simkit.report.document import Document
from simkit.report.endings import RANDOM_ONLY_NOTE, cap_warning, end_reason_mix, random_only
from simkit.report.intervals import interval_text
from simkit.report.run_figure import score_and_seat_figure, score_counts
from simkit.report.staging import staged

FIGURE = "scores_and_seats.svg"
CELL = ("variant", "n_players")  # the keys of an experiment cell
# what the variant sections read (simkit.report.variants)
VARIANT_COLUMNS = ("variant", "game_index", "seed", "n_players", "seat", "policy", "score", "rank", "win_share",
                   "turns", "turn_order")


def _interval(estimate: str, lo: str, hi: str, digits: int) -> pl.Expr:
    return pl.struct(estimate, lo, hi).map_elements(lambda r: interval_text(*r.values(), digits),
                                                    return_dtype=pl.String)


def _interval_columns(table: pl.DataFrame, keys: list[str]) -> pl.DataFrame:
    return table.select(
        *keys, "seat_games",
        _interval("score", "score_lo", "score_hi", 2).alias("mean score [95% CI]"),
        pl.col("score_sd").round(2).alias("score sd"),
        _interval("win_share", "win_lo", "win_hi", 3).alias("win share [95% CI]"),
    )


def _rule_changes(values, reference) -> str:
    changed = [f"{k} = {toml_value(v)}" for k, v in values.items() if k != "n_players" and v != reference[k]]
    return ", ".join(changed) if changed else "none"


def _stopping_note(exp: Experiment, results: pl.LazyFrame | pl.DataFrame) -> str:
    from simkit.core.stopping import STOPPING_COLUMNS, check

    rule = exp.stopping
    verdict = check(rule, results.lazy().select(STOPPING_COLUMNS).collect())
    target = (f"every 95% half-width of {rule.watch} <= {rule.halfwidth}" if rule.halfwidth is not None
              else f"SPRT, |delta| = {rule.sprt_delta} points, alpha {rule.alpha}, beta {rule.beta}")
    outcome = "target reached" if verdict.stop else "stopped at the game cap before the target"
    return (f"sequential stopping in batches of {rule.batch} games ({target}; no stop before {rule.min_pairs} "
            f"seeds): {outcome}; {verdict.detail}")


def _cell_keys(exp: Experiment) -> list[str]:
    """The keys that tell the cells apart: every cell has rows, so the experiment says which without a scan."""
    return [k for k in CELL if len({getattr(c, k) for c in exp.cells}) > 1]


def _groupings(exp: Experiment) -> list[list[str]]:
    """The report's tables' groupings: per policy, per position in turn order, per cell, policy and seat."""
    cell_keys = _cell_keys(exp)
    return [[*cell_keys, "policy"], [*dict.fromkeys([*cell_keys, "n_players", "turn_order"])],
            [*CELL, "policy", "seat"]]


def running_totals(exp: Experiment) -> RunningTotals:
    """The report's totals, to be fed the run's rows as they are played (one stream per cell, each chunk reduced by
    its worker: `run_to_store`'s reduce and on_reduced) and handed to `write_run_report`."""
    return RunningTotals(_groupings(exp))


def build_run_report(exp: Experiment, results: pl.LazyFrame | pl.DataFrame, *, seed: int, elapsed: float,
                     jobs: int, out_dir: Path | None = None,
                     totals: RunningTotals | None = None) -> tuple[Document, dict]:
    """The report document; variant figures are written into out_dir (none when it is None). `totals`: the
    results' `running_totals`, fed during the run (else they are read from the results)."""
    game = exp.game
    df = results.lazy()
    # every cell plays game indices 0..n-1: a maximum, not a count of distinct values (a set of every index)
    n_games = df.select(pl.col("game_index").max() + 1).collect().item()
    cell_keys = _cell_keys(exp)
    in_baseline = (pl.col("variant") == exp.cells[0].variant) & (pl.col("n_players") == exp.cells[0].n_players)
    baseline_cell = df.filter(in_baseline)
    doc = Document(f"{exp.name}: {game.title} simulation report")
    doc.text(exp.description or f"{n_games:,} games of {game.title} played by simkit {simkit.__version__}.")
    if random_only(c.name for c in exp.lineup):
        doc.text(RANDOM_ONLY_NOTE)
    if warning := cap_warning(df, cell_keys, game.cap_end_reason):
        doc.text(warning)
    doc.heading("Set-up")
    defaults = {p.name: p.default for p in game.rule_params}
    counts = sorted({c.n_players for c in exp.cells})
    doc.bullets([
        f"games per cell: {n_games:,}, master seed {seed}, seating: {exp.seats}, player counts: "
        f"{', '.join(map(str, counts))}; played in {elapsed:.1f} s on {jobs} job(s)",
        "players: " + "; ".join(f"seat {i + 1}: {c.label}" for i, c in enumerate(exp.lineup)),
        "baseline rules changed from the defaults: " + _rule_changes(game.rule_values, defaults),
        *[f"variant {c.variant}: " + _rule_changes(c.game.rule_values, game.rule_values)
          for c in exp.cells if c.variant != exp.cells[0].variant and c.n_players == counts[0]],
        *[f"data {k}: {v}" for k, v in game.data_sources().items()],
        f"experiment file: {exp.source}",
        *([_stopping_note(exp, df)] if exp.stopping else []),
    ])
    doc.heading("Per policy")
    doc.text("Intervals are 95%, computed over seeds: games that share a seed (the seat rotations of one deal) "
             "count as one observation; t intervals for mean scores, Wilson intervals for win shares. "
             "Win share splits tied wins.")
    groupings = _groupings(exp)
    policy_keys, order_keys, _ = groupings
    by_policy, by_order, by_cell_seat = totals.frames() if totals else groupings_totals(df, groupings)
    doc.table(_interval_columns(summary_table(by_policy, policy_keys), policy_keys))
    doc.heading("Per position in turn order")
    doc.text("Position 1 moves first. A fair position wins 1/(number of players) of the games.")
    doc.table(_interval_columns(summary_table(by_order, order_keys), order_keys))
    # the baseline cell's seeds are the same whether its rows are grouped alone or with the cell as a key
    by_policy_seat = summary_table(by_cell_seat.filter(in_baseline), ["policy", "seat"])
    doc.figure(FIGURE, f"{exp.cells[0].variant}, {exp.cells[0].n_players} players. Left: score distribution per "
                       "policy. Right: win share per seat and policy, 95% intervals.")
    if not cell_keys:
        doc.heading("Per policy and seat")
        doc.text("Seat 1 is the first place at the table (the first player is drawn at random each game).")
        doc.table(_interval_columns(by_policy_seat, ["policy", "seat"]).with_columns(pl.col("seat") + 1))
    doc.heading("How games ended")
    doc.text("Share of games per end reason (the first end trigger, or the safety bound that stopped the game); "
             "results.parquet has every trigger that fired in its `triggers` column.")
    doc.table(end_reason_mix(df, cell_keys, game.end_reasons))
    if len(exp.variants) > 1:
        from simkit.report.variants import add_variant_sections  # matplotlib: only for reports that draw variants

        add_variant_sections(doc, df.select(VARIANT_COLUMNS).collect(), out_dir)
    doc.text("Data: results.parquet (one row per game and seat; a folder of Parquet parts, one per block of games, "
             "which polars and pandas read as one table).")
    return doc, {"by_policy_seat": by_policy_seat, "baseline_cell": baseline_cell}


def write_run_report(exp: Experiment, store: ChunkStore, out_dir: Path, *, seed: int, elapsed: float,
                     jobs: int, totals: RunningTotals | None = None) -> Path:
    """Write report.md, report.html and the figure into out_dir, and move the store's parts in as the folder
    results.parquet (read as one table by polars and pandas). Everything is built in a staging folder first and
    moved in entry by entry, so a failure leaves the previous report in place (and the parts in the store)."""
    out_dir = Path(out_dir)
    with staged(out_dir) as staging:
        doc, parts = build_run_report(exp, store.scan(), seed=seed, elapsed=elapsed, jobs=jobs, out_dir=staging,
                                      totals=totals)
        score_and_seat_figure(score_counts(parts["baseline_cell"]), parts["by_policy_seat"], doc.title,
                              staging / FIGURE)
        doc.write(staging)
        store.publish(staging / "results.parquet", parquet_metadata(RunRecord.from_experiment(exp, seed)))
    return out_dir
