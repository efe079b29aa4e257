"""A streamed run (`run_to_store`: one Parquet part per work unit, written by the worker) holds the rows of the
in-memory run whatever the chunking, reads back as one table with polars and pandas, and resumes after a chunk
that was being written when the run stopped."""

import pandas as pd
import polars as pl

from simkit.core.experiment import parse_experiment
from simkit.core.provenance import RunRecord, parquet_metadata, read_run_record
from simkit.core.runner import RunOptions, run_experiment, run_to_store
from simkit.core.store import ChunkStore
from simkit.report.run_report import build_run_report


def test_a_run_written_in_many_chunks_equals_the_one_chunk_run(tmp_path, experiment):
    one = run_to_store(experiment, ChunkStore(tmp_path / "one", {}, resume=False), RunOptions(chunk_size=1000))
    many = run_to_store(experiment, ChunkStore(tmp_path / "many", {}, resume=False), RunOptions(chunk_size=7))
    assert len(one.parts()) == 1 and len(many.parts()) == 9
    full = run_experiment(experiment)
    assert many.scan().collect().equals(full) and one.scan().collect().equals(full)
    record = RunRecord.from_experiment(experiment, experiment.seed)
    folder = many.publish(tmp_path / "results.parquet", parquet_metadata(record))
    assert pl.read_parquet(folder).equals(full)
    assert read_run_record(folder) == record  # carried by the first part, which is written again
    assert pd.read_parquet(folder).equals(full.to_pandas())


def test_the_report_from_the_scanned_parts_equals_the_report_from_the_frame(tmp_path, experiment):
    store = run_to_store(experiment, ChunkStore(tmp_path / "s", {}, resume=False), RunOptions(chunk_size=11))
    report = {name: build_run_report(experiment, data, seed=11, elapsed=1.0, jobs=1)[0].markdown()
              for name, data in (("scanned", store.scan()), ("frame", run_experiment(experiment)))}
    assert report["scanned"] == report["frame"]


def test_resume_after_a_chunk_interrupted_while_being_written(tmp_path, experiment):
    store = ChunkStore(tmp_path / "chunks", {"id": 1}, resume=False)
    run_to_store(experiment, store, RunOptions(games=30, chunk_size=10))
    half_written = store.directory / ".cell000-0000000030-0000000040.parquet.x1y2"  # as a killed write leaves it
    half_written.write_bytes(b"PAR1 not a whole file")
    store = ChunkStore(tmp_path / "chunks", {"id": 1}, resume=True)
    assert not half_written.exists() and len(store.parts()) == 3
    run_to_store(experiment, store, RunOptions(chunk_size=10))
    assert store.scan().collect().equals(run_experiment(experiment))


def test_a_stopping_rule_stops_a_streamed_run_where_the_in_memory_run_stops(tmp_path, experiment_data):
    experiment_data["experiment"] |= {"games": 400}
    experiment_data["variants"] = {"grey3": {"bonus_ribbon_points": 3}}
    experiment_data["stopping"] = {"watch": "score_delta", "halfwidth": 100.0, "batch": 40, "min_pairs": 30}
    exp = parse_experiment(experiment_data, "x.toml")
    streamed = run_to_store(exp, ChunkStore(tmp_path / "s", {}, resume=False), RunOptions(chunk_size=15))
    in_memory = run_experiment(exp, RunOptions(chunk_size=15))
    assert streamed.scan().collect().equals(in_memory)
    assert 40 < in_memory["game_index"].max() + 1 < 400  # stopped after a few batches, the cells interleaved on disk


def test_score_counts_of_the_scanned_parts_count_every_policy_and_score_as_text(tmp_path, experiment):
    from simkit.report.run_figure import score_counts

    store = run_to_store(experiment, ChunkStore(tmp_path / "s", {}, resume=False), RunOptions(chunk_size=11))
    rows = run_experiment(experiment).select(pl.col("policy").cast(pl.String), "score")
    expected = rows.group_by("policy", "score").agg(pl.len().alias("rows")).sort("policy", "score")
    counts = score_counts(store.scan())
    assert counts.equals(expected) and counts.schema["policy"] == pl.String
    assert counts["rows"].sum() == rows.height
