"""Summaries read a scanned run batch by batch, several groupings in one pass; their totals must be those of the
whole frame grouped at once, whatever the batch size, the chunking of the run and the seating."""

import dataclasses
from unittest import mock

import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simkit.analysis import summary
from simkit.analysis.summary import SHARE_UNITS, RunningTotals, chunk_totals, group_totals, groupings_totals, summarise
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
                         reduce=totals.chunk_reducer(), on_reduced=totals.add_chunk)
    for got, expected in zip(totals.frames(), groupings_totals(store.scan(), GROUPINGS), strict=True):
        assert got.equals(expected)
    if exp.seats == "rotate":  # 23 deals per cell, none counted twice
        seeds = totals.frames()[0].group_by("variant", "policy").agg(pl.col("seeds").sum())["seeds"]
        assert seeds.to_list() == [23] * 8


@st.composite
def cut_streams(draw):
    """Two cells' results (streams "x" and "y"): seeds of 1 to 5 rows (consecutive, as a run writes them; the cells
    share their seeds, as a run's cells share their deals), each stream cut into chunks anywhere (inside seeds too),
    and an order of the chunks that keeps each stream's own (a stopping rule's batches interleave the cells)."""
    seeds = draw(st.lists(st.integers(0, 2**64 - 1), min_size=1, max_size=10, unique=True))
    rows_per_seed = draw(st.lists(st.integers(1, 5), min_size=len(seeds), max_size=len(seeds)))
    streams = {}
    for variant in ("x", "y"):
        n = sum(rows_per_seed)
        row = st.tuples(st.sampled_from(["a", "b", "c"]), st.integers(0, 3), st.integers(-5, 60),
                        st.sampled_from([0.0, 1.0, 0.5, 1 / 3]))
        policy, seat, score, win = zip(*draw(st.lists(row, min_size=n, max_size=n)))
        frame = pl.DataFrame({
            "variant": [variant] * n, "policy": policy, "seat": seat,
            "seed": [seed for seed, k in zip(seeds, rows_per_seed) for _ in range(k)], "score": score,
            "win_share": win}, schema={"variant": pl.Categorical, "policy": pl.Categorical, "seat": pl.Int8,
                                       "seed": pl.UInt64, "score": pl.Int16, "win_share": pl.Float32})
        cuts = sorted(draw(st.sets(st.integers(1, n - 1), max_size=n - 1)) if n > 1 else set())
        streams[variant] = (frame, [frame.slice(a, b - a) for a, b in zip([0, *cuts], [*cuts, n])])
    order = draw(st.permutations(["x"] * len(streams["x"][1]) + ["y"] * len(streams["y"][1])))
    return streams, order


@settings(max_examples=150, deadline=None)
@given(cut_streams(), st.sampled_from([1, 3, 8, 50_000]))
def test_chunk_totals_merged_from_any_chunking_equal_the_whole_frame_grouped_at_once(streams, batch_rows):
    """Each chunk reduced on its own (`chunk_totals`, as a worker does) and merged in order equals the totals of
    the whole frame, whichever chunk ends cut the seeds, however the streams interleave and whatever the batches in
    which the held end rows are added up."""
    by_stream = {variant: iter(chunks) for variant, (_, chunks) in streams[0].items()}
    groupings = [["variant", "policy"], ["variant", "seat"], ["variant", "policy", "seat"]]
    with mock.patch.object(summary, "BATCH_ROWS", batch_rows):
        totals = RunningTotals(groupings)
        reduce = totals.chunk_reducer()
        for variant in streams[1]:
            totals.add_chunk(reduce(next(by_stream[variant])), variant)
        got = totals.frames()
    whole = pl.concat([frame for frame, _ in streams[0].values()])
    for by, totals in zip(groupings, got, strict=True):
        assert totals.equals(whole_frame_totals(whole, by)), by


def test_a_chunk_keeps_the_rows_of_its_end_seeds_and_totals_the_seeds_between():
    frame = pl.DataFrame({"policy": ["a", "b", "a", "b", "a", "b", "a"], "seed": [7, 7, 8, 8, 9, 9, 9],
                          "score": [1, 2, 3, 4, 5, 6, 7], "win_share": [1.0, 0.0, 0.5, 0.5, 0.0, 1.0, 0.0]})
    chunk = chunk_totals(frame, [["policy"]])
    assert chunk.ends["seed"].to_list() == [7, 7, 9, 9, 9]
    # per (group, rows per seed): seeds, seed score, its square, win units, squared scores
    half = SHARE_UNITS // 2
    assert chunk.totals == [{(("a",), 1): [1, 3, 9, half, 9], (("b",), 1): [1, 4, 16, half, 16]}]
    one_seed = chunk_totals(frame.slice(4), [["policy"]])
    assert one_seed.ends.height == 3 and one_seed.totals == [{}]


def test_a_chunks_end_rows_are_a_copy_not_a_view_of_the_chunk():
    """The end rows wait in the collecting process for the next chunks' (a run's whole length when the chunks end
    with their seeds): a view of the chunk would keep its columns in memory, every chunk's."""
    frame = pl.DataFrame({"policy": ["a", "b"] * 500, "seed": [s for s in range(250) for _ in range(4)],
                          "score": range(1000), "win_share": [0.5] * 1000})
    score = chunk_totals(frame, [["policy"]]).ends["score"]
    assert score.to_list() == [0, 1, 2, 3, 996, 997, 998, 999]
    assert score.n_chunks() == 1 and not np.shares_memory(score.to_numpy(), frame["score"].to_numpy())


def test_a_resumed_run_reduces_its_stored_chunks_to_the_same_totals(two_cells, tmp_path):
    """Chunks stored by an interrupted run are reduced by the run that resumes it, the others by its workers."""
    expected = groupings_totals(run_experiment(two_cells), GROUPINGS)
    run_to_store(two_cells, ChunkStore(tmp_path / "s", {}, resume=False), RunOptions(games=40, chunk_size=7))
    totals = RunningTotals(GROUPINGS)
    run_to_store(two_cells, ChunkStore(tmp_path / "s", {}, resume=True), RunOptions(jobs=2, chunk_size=7),
                 reduce=totals.chunk_reducer(), on_reduced=totals.add_chunk)
    for got, want in zip(totals.frames(), expected, strict=True):
        assert got.equals(want)


def test_worker_processes_send_back_chunk_totals_equal_to_the_results_read_back(two_cells, tmp_path):
    """On worker processes (here a local Dask cluster) the reducer is sent to the workers and their chunks' totals
    come back: the same totals as reading the stored results back."""
    totals = RunningTotals(GROUPINGS)
    store = run_to_store(two_cells, ChunkStore(tmp_path / "s", {}, resume=False),
                         RunOptions(backend="dask-local", jobs=2, chunk_size=13),
                         reduce=totals.chunk_reducer(), on_reduced=totals.add_chunk)
    for got, expected in zip(totals.frames(), groupings_totals(store.scan(), GROUPINGS), strict=True):
        assert got.equals(expected)
