"""Scale out and survive: Dask backends give the same results; an interrupted run resumes to the same end."""

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import polars as pl
import pytest

from simkit.core.experiment import parse_experiment
from simkit.core import runner
from simkit.core.runner import RunOptions, run_experiment
from simkit.core.store import SUFFIX, ChunkStore
from simkit.core.errors import SimkitError


def test_dask_local_cluster_matches_local_run(experiment):
    local = run_experiment(experiment, RunOptions(chunk_size=16))
    dask = run_experiment(experiment, RunOptions(backend="dask-local", jobs=2, chunk_size=25))
    assert dask.equals(local)


def test_dask_scheduler_address_matches_local_run(experiment):
    from dask.distributed import LocalCluster

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = run_experiment(experiment, RunOptions(backend="dask", scheduler=cluster.scheduler_address,
                                                       chunk_size=11))
    assert remote.equals(run_experiment(experiment))


def test_dask_needs_a_scheduler_address(experiment):
    with pytest.raises(SimkitError, match="--scheduler"):
        run_experiment(experiment, RunOptions(backend="dask"))


def test_store_resumes_from_finished_chunks(tmp_path, experiment):
    full = run_experiment(experiment, RunOptions(chunk_size=10))
    store = ChunkStore(tmp_path / "chunks", {"id": 1}, resume=False)
    partial = RunOptions(games=30, chunk_size=10)
    run_experiment(experiment, partial, store=store)
    kept = sorted(p.name for p in store.directory.glob(f"*{SUFFIX}"))
    assert len(kept) == 3
    store = ChunkStore(tmp_path / "chunks", {"id": 1}, resume=True)
    resumed = run_experiment(experiment, RunOptions(chunk_size=10), store=store)
    assert resumed.equals(full)


def test_warm_up_only_when_games_remain_to_play(tmp_path, experiment, monkeypatch):
    calls = []

    @contextmanager
    def recording_map(backend, **kwargs):  # runs the tasks in this process and notes what ran
        calls.append([])
        yield lambda fn, tasks: (calls[-1].append(fn.__name__) or fn(*task) for task in tasks)

    monkeypatch.setattr(runner, "backend_map", recording_map)
    options = RunOptions(jobs=2, chunk_size=25, backend="dask-local")  # worker processes
    first = run_experiment(experiment, options, store=ChunkStore(tmp_path / "chunks", {"id": 1}, resume=False))
    resumed = run_experiment(experiment, options, store=ChunkStore(tmp_path / "chunks", {"id": 1}, resume=True))
    assert calls[0].count("_warm_up") == 2 and "_play_unit" in calls[0]
    assert calls[1] == []  # every chunk was stored: nothing compiled, nothing played
    assert resumed.equals(first)
    threads = run_experiment(experiment, RunOptions(jobs=2, chunk_size=25))  # local: threads share this process
    assert "_warm_up" not in calls[2] and threads.equals(first)


def test_resume_refuses_chunks_of_another_run(tmp_path):
    ChunkStore(tmp_path / "chunks", {"id": 1}, resume=False)
    with pytest.raises(SimkitError, match="another run"):
        ChunkStore(tmp_path / "chunks", {"id": 2}, resume=True)


SLOW = """
[experiment]
name = "killme"
game = "canvas"
games = 120000
seed = 5
[rules]
n_players = 2
[[players]]
policy = "random"
[[players]]
policy = "random"
"""


def _cli(*args):
    return [sys.executable, "-m", "simkit.cli", *map(str, args)]


def test_killed_run_resumes_to_identical_results(tmp_path):
    exp = tmp_path / "slow.toml"
    exp.write_text(SLOW)
    out = tmp_path / "out"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    proc = subprocess.Popen(_cli("run", exp, "--out", out, "--chunk-size", "500"), env=env,
                            stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    chunks = out / "chunks"
    deadline = time.time() + 120
    while time.time() < deadline and len(list(chunks.glob(f"cell*{SUFFIX}"))) < 5:
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done_before = len(list(chunks.glob(f"cell*{SUFFIX}")))
    assert 5 <= done_before < 240, "the run should have been killed part-way"
    assert not (out / "results.parquet").exists()
    other = subprocess.run(_cli("run", exp, "--out", out, "--chunk-size", "600", "--resume"), env=env,
                           capture_output=True, text=True)  # units of another size would store games twice
    assert other.returncode == 2 and "chunks of another run" in other.stderr
    assert len(list(chunks.glob(f"cell*{SUFFIX}"))) == done_before
    subprocess.run(_cli("run", exp, "--out", out, "--chunk-size", "500", "--resume"), env=env, check=True,
                   capture_output=True)
    reference = tmp_path / "ref"
    subprocess.run(_cli("run", exp, "--out", reference, "--chunk-size", "7000"), env=env, check=True,
                   capture_output=True)
    assert pl.read_parquet(out / "results.parquet").equals(pl.read_parquet(reference / "results.parquet"))
    assert not chunks.exists()  # the store is removed once the results are written


def test_variants_share_deals_and_only_the_rule_differs():
    exp = parse_experiment({
        "experiment": {"game": "canvas", "games": 40, "seed": 3},
        "rules": {"n_players": 2},
        "variants": {"same": {"bonus_ribbon_points": 2}, "grey3": {"bonus_ribbon_points": 3}},
        "players": [{"policy": "greedy"}, {"policy": "random"}]}, "v.toml")
    df = run_experiment(exp)
    assert df["variant"].cast(pl.String).unique(maintain_order=True).to_list() == ["baseline", "same", "grey3"]
    base = df.filter(pl.col("variant") == "baseline")
    same = df.filter(pl.col("variant") == "same")
    grey3 = df.filter(pl.col("variant") == "grey3")
    assert base["seed"].equals(grey3["seed"])  # common random numbers: same deal for game i
    assert base.drop("variant").equals(same.drop("variant"))  # identical rules: identical games
    assert (grey3["score"] >= 0).all()


def test_sequential_stopping_stops_before_the_cap():
    exp = parse_experiment({
        "experiment": {"game": "canvas", "games": 20000, "seed": 3},
        "rules": {"n_players": 2},
        "variants": {"grey3": {"bonus_ribbon_points": 3}},
        "stopping": {"batch": 200, "halfwidth": 0.3},
        "players": [{"policy": "greedy"}, {"policy": "greedy"}]}, "s.toml")
    lines = []
    df = run_experiment(exp, log=lines.append)
    played = df["game_index"].n_unique()
    assert played < 20000 and played % 200 == 0
    assert "target 0.3" in lines[-1]
    # the last check is the first that met the target
    assert len(lines) == played // 200


def test_sprt_decides_a_real_difference():
    exp = parse_experiment({
        "experiment": {"game": "canvas", "games": 5000, "seed": 3},
        "rules": {"n_players": 2},
        "variants": {"grey3": {"bonus_ribbon_points": 3}},
        "stopping": {"batch": 100, "sprt_delta": 0.5},
        "players": [{"policy": "greedy"}, {"policy": "greedy"}]}, "s.toml")
    lines = []
    df = run_experiment(exp, log=lines.append)
    assert df["game_index"].n_unique() < 5000
    assert "difference" in lines[-1] and "no difference" not in lines[-1]
