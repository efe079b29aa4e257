"""Runner: reproducible for any jobs and chunking, seat rotation, tidy results."""

import numpy as np
import pandas as pd
import polars as pl

from simkit.core.experiment import parse_experiment
from simkit.core.results import write_parquet
from simkit.core.rng import game_seeds
from simkit.core.runner import CellGames, RunOptions, play_indices, run_experiment
from simkit.core.seating import seat_plan


def test_same_results_for_jobs_and_chunk_sizes(experiment):
    one = run_experiment(experiment, RunOptions(jobs=1, chunk_size=64))
    assert one.equals(run_experiment(experiment, RunOptions(jobs=2, chunk_size=7)))
    assert one.equals(run_experiment(experiment, RunOptions(chunk_size=13)))


def test_compiled_lineups_run_on_threads_python_policies_on_processes(experiment_data, tmp_path, monkeypatch):
    from simkit.core import backends

    ran_on = []
    for name in ("_threads", "_local"):
        real = getattr(backends, name)
        monkeypatch.setattr(backends, name, lambda *a, real=real, name=name: ran_on.append(name) or real(*a))
    compiled = parse_experiment(experiment_data, "test.toml")
    run_experiment(compiled, RunOptions(jobs=2, chunk_size=16))
    assert "_threads" in ran_on
    policy = tmp_path / "first.py"
    policy.write_text("class First:\n    def act(self, observation, legal, rng):\n        return legal[0]\n")
    experiment_data["players"][2] = {"policy": f"{policy}:First"}
    experiment_data["experiment"]["games"] = 12
    with_python = parse_experiment(experiment_data, "test.toml")
    ran_on.clear()
    two = run_experiment(with_python, RunOptions(jobs=2, chunk_size=5))
    assert "_threads" not in ran_on  # the lock-holding Python policy gets worker processes
    assert two.equals(run_experiment(with_python, RunOptions(jobs=1)))


def test_play_indices_plays_the_runners_games_for_any_jobs_and_chunk_sizes(experiment):
    full = run_experiment(experiment, RunOptions(jobs=1))
    picks = [np.array([5, 0, 17, 3]), np.arange(8, 30), np.array([29])]
    work = [CellGames(experiment, i % len(experiment.cells), idx) for i, idx in enumerate(picks)]
    one = play_indices(work, RunOptions(jobs=1, chunk_size=64))
    for options in (RunOptions(jobs=2, chunk_size=3), RunOptions(chunk_size=1)):
        assert all(a.equals(b) for a, b in zip(one, play_indices(work, options), strict=True))
    for games, frame in zip(work, one):
        cell = experiment.cells[games.cell_index]
        rows = full.filter((pl.col("variant") == cell.variant) & (pl.col("n_players") == cell.n_players))
        expected = pl.concat([rows.filter(pl.col("game_index") == i) for i in games.indices.tolist()])
        assert frame.equals(expected)


def test_game_seeds_depend_only_on_master_seed_and_index():
    whole = game_seeds(5, 0, 100)
    assert np.array_equal(np.concatenate([game_seeds(5, 0, 37), game_seeds(5, 37, 100)]), whole)
    assert len(set(whole.tolist())) == 100
    assert not np.array_equal(game_seeds(6, 0, 100), whole)


def test_rotation_gives_every_policy_every_seat_equally_on_shared_deals():
    seeds, seats = seat_plan("rotate", 3, 3, 1, 0, 9)
    assert np.array_equal(seeds[0:3], np.repeat(seeds[0], 3))  # a deal shares one seed
    assert seeds[3] != seeds[0]
    for lineup_index in range(3):
        counts = np.bincount(np.nonzero(seats == lineup_index)[1], minlength=3)
        assert counts.tolist() == [3, 3, 3]
    # every game seats each lineup entry exactly once
    assert all(sorted(row) == [0, 1, 2] for row in seats.tolist())


def test_random_seating_is_a_permutation_per_game_and_reproducible():
    seeds, seats = seat_plan("random", 4, 4, 3, 0, 50)
    assert all(sorted(row) == [0, 1, 2, 3] for row in seats.tolist())
    assert np.array_equal(seat_plan("random", 4, 4, 3, 10, 50)[1], seats[10:])


def test_results_frame_has_one_row_per_game_and_seat(experiment):
    df = run_experiment(experiment)
    assert df.height == 60 * 3
    for col in ("experiment", "game", "variant", "game_index", "seed", "n_players", "seat", "policy", "score",
                "rank", "win_share", "turns", "turn_order", "end_reason", "triggers", "ribbons_variety",
                "grey_ribbons", "tokens_left", "cards_taken", "tokens_paid"):
        assert col in df.columns
    per_game = df.group_by("game_index").agg(pl.col("win_share").sum(), pl.col("turn_order").sort())
    assert np.allclose(per_game["win_share"].to_numpy(), 1.0)
    assert all(order == [1, 2, 3] for order in per_game["turn_order"].to_list())
    # scoring cards not in play are null, in play are not
    assert df["ribbons_space"].null_count() == df.height
    assert df["ribbons_variety"].null_count() == 0
    # rotation: each policy sat in each seat 20 times
    counts = df.group_by("policy", "seat").len()
    assert counts["len"].to_list() == [20] * 9


def test_parquet_round_trip_and_pandas(tmp_path, experiment):
    df = run_experiment(experiment)
    path = write_parquet(df, tmp_path / "r.parquet")
    assert pl.read_parquet(path).equals(df)
    assert len(df.to_pandas()) == df.height
    # how every game ended (a Canvas game ends one way, spec §5), read back by polars and pandas
    back = pd.read_parquet(path)
    assert set(back["end_reason"].astype(str)) == set(back["triggers"].astype(str)) == {"all_paintings_completed"}
    assert pl.read_parquet(path)["end_reason"].cast(pl.String).to_list() == ["all_paintings_completed"] * df.height
    assert [p.name for p in tmp_path.iterdir()] == ["r.parquet"]  # no temporary left behind


def test_overrides_of_games_and_seed(experiment):
    df = run_experiment(experiment, RunOptions(games=6, seed=99))
    assert df["game_index"].n_unique() == 6
    assert not df.equals(run_experiment(experiment, RunOptions(games=6, seed=98)))


def test_fixed_seating_keeps_lineup_order(experiment_data):
    experiment_data["experiment"]["seats"] = "fixed"
    df = run_experiment(parse_experiment(experiment_data, "x.toml"), RunOptions(games=5))
    assert df.filter(pl.col("seat") == 2)["policy"].unique().to_list() == ["random"]


def test_planner_beats_greedy_head_to_head():
    """The stronger policy: its mean win share against greedy exceeds 1/2 with a 95% interval above it."""
    exp = parse_experiment({"experiment": {"game": "canvas", "games": 2000, "seed": 4},
                            "rules": {"n_players": 2}, "players": [{"policy": "planner"}, {"policy": "greedy"}]},
                           "h2h.toml")
    df = run_experiment(exp)
    share = df.filter(pl.col("policy") == "planner").group_by("seed").agg(pl.col("win_share").mean())
    x = share["win_share"].to_numpy()
    half = 1.96 * x.std(ddof=1) / np.sqrt(len(x))
    assert x.mean() - half > 0.5
