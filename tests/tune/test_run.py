"""A tiny tune of Canvas end to end: the report, the racing, the fresh re-evaluation, and the same seed giving the
same search and the same winner on any number of workers."""

import json

import polars as pl

from simkit.cli import main
from simkit.tune import load_tune, run_tune


def test_tiny_tune_end_to_end_and_deterministic(write_tune, tiny_text, tmp_path, capsys):
    path = write_tune(tiny_text)
    out = tmp_path / "a"
    assert main(["tune", str(path), "--out", str(out)]) == 0
    assert "report.html" in capsys.readouterr().out
    trials = pl.read_parquet(out / "trials.parquet")
    assert len(trials) == 6 and set(trials["state"]) <= {"complete", "pruned"}
    assert trials.filter(pl.col("state") == "complete")["games"].to_list() == [16] * int(
        (trials["state"] == "complete").sum())  # finished trials played both rungs
    final = json.loads((out / "finalists.json").read_text())
    labels = [c["label"] for c in final["candidates"]]
    assert labels[-1] == "reference (in use)" and len(labels) == 3
    assert final["games_per_cell"] == 24 and final["deals"] == 12
    winner, runner = final["candidates"][:2]
    assert winner["fresh_loss"] <= runner["fresh_loss"]
    assert final["runner_up_minus_winner"][0] == runner["fresh_loss"] - winner["fresh_loss"]
    report = (out / "report.md").read_text()
    assert f"best candidate is {winner['label']}" in report and "paired loss difference" in report
    for name in ("history.png", "landscape.png", "report.html", "best.toml"):
        assert (out / name).stat().st_size > 0
    # the same file and seed: the same trials and the same winner (through the API this time, on 2 workers)
    again = run_tune(load_tune(path), tmp_path / "b", jobs=2)
    assert pl.read_parquet(again / "trials.parquet").equals(trials)
    assert json.loads((again / "finalists.json").read_text())["candidates"] == final["candidates"]


def test_tiny_pareto_tune_plays_every_trial_to_the_last_rung(write_tune, tiny_text, tmp_path):
    path = write_tune(tiny_text.replace("resamples = 200\n", "resamples = 200\nmode = \"pareto\"\n"))
    out = run_tune(load_tune(path), tmp_path / "p")
    trials = pl.read_parquet(out / "trials.parquet")
    assert len(trials) == 6 and set(trials["state"]) == {"complete"}  # no pruning of multi-objective studies
    assert (trials["games"] == 16).all()  # every trial plays the last rung
    final = json.loads((out / "finalists.json").read_text())
    assert final["candidates"][-1]["label"] == "reference (in use)"
    assert "pareto" in (out / "report.md").read_text()
