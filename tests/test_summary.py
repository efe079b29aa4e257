"""Summaries read a scanned run batch by batch, several groupings in one pass; their totals must be those of the
whole frame grouped at once, whatever the batch size, the chunking of the run and the seating."""

import dataclasses

import polars as pl
import pytest

from simkit.analysis import summary
from simkit.analysis.summary import SHARE_UNITS, RunningTotals, group_totals, groupings_totals, summarise
from simkit.core.experiment import StoppingRule, parse_experiment
from simkit.core.runner import RunOptions, run_experiment, run_to_store
from simkit.core.store import ChunkStore
from simkit.report.run_report import build_run_report

GROUPINGS = [["variant", "policy"], ["variant", "n_players", "turn_order"], ["variant", "n_players", "policy", "seat"]]
# (a cell's key is in each: the cells play the same deals, so a seed's rows are consecutive only within a cell)


def whole_frame_totals(frame: pl.DataFrame, by: list[str]) -> pl.DataFrame:
    """The totals from one group_by per seed over the whole frame: what the batched reading must give."""
    score = pl.col("score").cast(pl.Int64)
    seeds = frame.group_by(*by, "seed").agg(
        pl.len().cast(pl.Int64).alias("rows"), score.sum().alias("s"), (score * score).sum().alias("q"),
        (pl.col("win_share").cast(pl.Float64) * SHARE_UNITS).round().cast(pl.Int64).sum().alias("w"))
    text = [pl.col(c).cast(pl.String) for c in by if frame.schema[c] == pl.Categorical]
    return seeds.group_by(*by, "rows").agg(
        pl.len().cast(pl.Int64).alias("seeds"), pl.col("s").sum().alias("seed_score"),
        (pl.col("s") * pl.col("s")).sum().alias("seed_score_sq"), pl.col("w").sum().alias("wins"),
        pl.col("q").sum().alias("score_sq")).with_columns(text).sort(*by, "rows")


@pytest.fixture(scope="module", params=["rotate", "random"])
def two_cells(request):
    """Two variants, four policies rotated over three seats (deals of 4 games) or seated at random."""
    return parse_experiment({
        "experiment": {"name": "t", "game": "canvas", "games": 90, "seed": 5, "seats": request.param},
        "rules": {"n_players": 3},
        "variants": {"grey3": {"bonus_ribbon_points": 3}},
        "players": [{"policy": "greedy"}, {"policy": "planner"}, {"policy": "random"},
                    {"policy": "greedy", "paint_threshold": 10, "label": "patient"}],
    }, "test.toml")


@pytest.mark.parametrize("batch_rows", [5, 16, 100, 50_000])
@pytest.mark.parametrize("chunk_size", [7, 90])
def test_batched_totals_equal_the_whole_frame_grouped_at_once(two_cells, tmp_path, monkeypatch, batch_rows,
                                                               chunk_size):
    store = run_to_store(two_cells, ChunkStore(tmp_path / "s", {}, resume=False), RunOptions(chunk_size=chunk_size))
    frame = run_experiment(two_cells)
    monkeypatch.setattr(summary, "BATCH_ROWS", batch_rows)  # batches end inside deals and inside games
    got = groupings_totals(store.scan(), GROUPINGS)
    for by, totals in zip(GROUPINGS, got):
        expected = whole_frame_totals(frame, by)
        assert totals.equals(expected), by
        assert group_totals(frame, by).equals(expected), by  # a frame is read as one block
    if two_cells.seats == "rotate":  # a deal of 4 games is one seed: 23 deals, the last of 2 games
        assert got[0].group_by("variant", "policy").agg(pl.col("seeds").sum())["seeds"].to_list() == [23] * 8


def test_summary_of_the_scanned_run_is_bit_identical_to_the_frames(two_cells, tmp_path, monkeypatch):
    store = run_to_store(two_cells, ChunkStore(tmp_path / "s", {}, resume=False), RunOptions(chunk_size=11))
    monkeypatch.setattr(summary, "BATCH_ROWS", 13)
    for by in GROUPINGS:
        assert summarise(store.scan(), by).equals(summarise(run_experiment(two_cells), by))


def test_the_baseline_cell_by_policy_and_seat_is_the_summary_of_its_rows(two_cells):
    frame = run_experiment(two_cells)
    _, parts = build_run_report(two_cells, frame, seed=5, elapsed=1.0, jobs=1)
    baseline = frame.filter(pl.col("variant") == two_cells.cells[0].variant)
    assert parts["by_policy_seat"].equals(summarise(baseline, ["policy", "seat"]))
    assert parts["by_policy_seat"]["seat_games"].sum() == 90 * 3


def test_missing_key_values_are_an_error():
    frame = pl.DataFrame({"policy": ["a", None], "seed": [1, 2], "score": [3, 4], "win_share": [1.0, 0.0]})
    with pytest.raises(ValueError, match="missing"):
        group_totals(frame, ["policy"])


def test_string_and_wide_integer_keys_group_like_polars():
    frame = pl.DataFrame({"name": ["b", "a", "b", "a"], "big": [0, 2**40, 0, 2**40], "seed": [1, 1, 2, 2],
                          "score": [3, 4, 5, 6], "win_share": [1.0, 0.0, 0.5, 0.5]})
    for by in (["name"], ["big", "name"]):
        assert group_totals(frame, by).equals(whole_frame_totals(frame, by))


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("stopping", [False, True])
def test_totals_added_while_the_run_plays_equal_the_stored_results_read_back(two_cells, tmp_path, monkeypatch, jobs,
                                                                             stopping):
    """A run feeds the report's totals one stream per cell, chunk by chunk (a stopping rule's batches interleave
    the cells' chunks; batches of 30 games cut the deals of 4): the same totals as reading the results back."""
    rule = StoppingRule(30, 1e-6, "win_share", None, 0.05, 0.2, 2)  # never met: every batch is played
    exp = dataclasses.replace(two_cells, stopping=rule) if stopping else two_cells
    monkeypatch.setattr(summary, "BATCH_ROWS", 16)  # blocks end inside deals and inside chunks
    totals = RunningTotals(GROUPINGS)
    store = run_to_store(exp, ChunkStore(tmp_path / "s", {}, resume=False), RunOptions(jobs=jobs, chunk_size=7),
                         on_frame=totals.add)
    for got, expected in zip(totals.frames(), groupings_totals(store.scan(), GROUPINGS), strict=True):
        assert got.equals(expected)
    if exp.seats == "rotate":  # 23 deals per cell, none counted twice
        seeds = totals.frames()[0].group_by("variant", "policy").agg(pl.col("seeds").sum())["seeds"]
        assert seeds.to_list() == [23] * 8
