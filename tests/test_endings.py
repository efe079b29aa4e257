"""How games ended, in every results table and report: the end-reason mix, the safety-bound warning and the
random-only note (simkit.report.endings), on a synthetic frame and on a small Canvas run."""

import polars as pl

from simkit.core.runner import RunOptions, run_experiment
from simkit.report.endings import RANDOM_ONLY_NOTE, cap_warning, end_reason_mix, random_only
from simkit.report.run_report import build_run_report


def frame(reasons_by_cell):
    """Two seats per game; reasons_by_cell: n_players -> the end reason of each game."""
    rows = [{"n_players": n, "game_index": i, "seat": seat, "end_reason": reason}
            for n, reasons in reasons_by_cell.items() for i, reason in enumerate(reasons) for seat in (0, 1)]
    return pl.DataFrame(rows).with_columns(pl.col("end_reason").cast(pl.Categorical))


def test_end_reason_mix_counts_games_not_seats_and_lists_every_reason():
    df = frame({2: ["a", "a", "cap", "b"], 3: ["b", "b"]})
    mix = end_reason_mix(df, ["n_players"], ["a", "b", "c", "cap"])
    assert mix.rows() == [(2, 4, 0.5, 0.25, 0.0, 0.25), (3, 2, 0.0, 1.0, 0.0, 0.0)]
    assert end_reason_mix(df, [], ["b"]).rows() == [(6, 0.5)]


def test_cap_warning_names_the_share_and_the_cells():
    df = frame({2: ["a", "a", "cap", "b"], 3: ["b", "b"]})
    warning = cap_warning(df, ["n_players"], "cap")
    assert warning.startswith("WARNING: 1 of 6 games (16.7%) ended at the safety bound (end reason `cap`)")
    assert "n_players 2: 25.0%" in warning and "n_players 3" not in warning
    assert cap_warning(frame({2: ["a", "b"]}), ["n_players"], "cap") is None
    assert cap_warning(df, ["n_players"], None) is None


def test_random_only():
    assert random_only(["random", "random"])
    assert not random_only(["random", "greedy"]) and not random_only([])


def test_canvas_run_report_shows_its_one_ending(experiment_data):
    from simkit.core.experiment import parse_experiment

    exp = parse_experiment(experiment_data, "x.toml")
    df = run_experiment(exp, RunOptions(games=12, progress=False))
    md = build_run_report(exp, df, seed=1, elapsed=0.1, jobs=1)[0].markdown()
    assert "## How games ended" in md
    assert "| games | all_paintings_completed |\n|---|---|\n| 12 | 1.000 |" in md
    assert "WARNING" not in md and RANDOM_ONLY_NOTE not in md
    experiment_data["players"] = [{"policy": "random"}] * 3
    exp = parse_experiment(experiment_data, "x.toml")
    md = build_run_report(exp, run_experiment(exp, RunOptions(games=6, progress=False)), seed=1, elapsed=0.1,
                          jobs=1)[0].markdown()
    assert RANDOM_ONLY_NOTE in md
