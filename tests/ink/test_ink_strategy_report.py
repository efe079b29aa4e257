"""`simkit report ink-strategies`: the analysis on synthetic frames where it computes something (what decided a
game, solo, the paired bonus-tile effect, the without-T data folders), and the quick run end to end (slow)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from simkit.cli import REPORTS, main
from simkit.games.ink.reports.strategies import analysis as A
from simkit.games.ink.reports.strategies import bonus as B
from simkit.games.ink.reports.strategies import figures as F
from simkit.games.ink.reports.strategies import play as P
from simkit.games.ink.reports.strategies.outcomes import check_winners, game_outcomes
from simkit.games.ink.rules.components import load_bonus_tiles
from simkit.games.ink.rules.datafiles import data_folder


def _seat(game: int, seat: int, *, finished=0, black=0, left=5, rank=1, share=0.0, n=3, triggers="bag_empty",
          end="bag_empty", tie_rounds=0, completions=2, value=8, passes=1, policy=None) -> dict:
    return {"data_set": "shipped", "n_players": n, "lineup": "a+b+c", "game_index": game, "deal": game // n,
            "seat": seat, "policy": policy or "abc"[seat], "seed": 100 + game, "finished": finished,
            "black_placed": black, "own_left": left, "rank": rank, "win_share": share, "triggers": triggers,
            "end_reason": end, "tie_rounds": tie_rounds, "rounds": 18, "tiles_in_bag": 0, "truncated": 0,
            "completions": completions, "completed_value": value, "passes": passes, "turns_taken": 18}


def synthetic_games() -> pl.DataFrame:
    rows = [
        # game 0: nobody finished, the bag ended it; the fewest own bottles left (seat 1) won
        _seat(0, 0, left=4, rank=2), _seat(0, 1, left=2, rank=1, share=1.0), _seat(0, 2, left=6, rank=3),
        # game 1: one finisher (seat 2) after the last bottle fired; the bag fired too, later
        *(_seat(1, s, triggers="last_bottle,bag_empty", end="last_bottle", rank=2, left=3, completions=0, value=0)
          for s in (0, 1)),
        _seat(1, 2, finished=1, left=0, black=1, rank=1, share=1.0, triggers="last_bottle,bag_empty",
              end="last_bottle", completions=4, value=20),
        # game 2: two finishers, black ink decides after a tie round
        _seat(2, 0, finished=1, left=0, black=3, rank=1, share=1.0, triggers="last_bottle", end="last_bottle",
              tie_rounds=1),
        _seat(2, 1, finished=1, left=0, black=2, rank=2, triggers="last_bottle", end="last_bottle", tie_rounds=1),
        _seat(2, 2, left=1, rank=3, triggers="last_bottle", end="last_bottle", tie_rounds=1),
        # game 3: two finishers with equal black after the tie rounds: a shared victory
        _seat(3, 0, finished=1, left=0, black=2, rank=1, share=0.5, triggers="last_bottle", end="last_bottle",
              tie_rounds=3),
        _seat(3, 1, finished=1, left=0, black=2, rank=1, share=0.5, triggers="last_bottle", end="last_bottle",
              tie_rounds=3),
        _seat(3, 2, left=4, rank=3, triggers="last_bottle", end="last_bottle", tie_rounds=3),
    ]
    return pl.DataFrame(rows)


def test_outcomes_on_synthetic_games():
    df = synthetic_games()
    check_winners(df)
    g = game_outcomes(df).sort("game_index")
    assert g["bag_fired"].to_list() == [1, 1, 0, 0]
    assert g["bag_ended"].to_list() == [1, 0, 0, 0]
    assert g["bag_decides"].to_list() == [1, 0, 0, 0]
    assert g["sole_finisher"].to_list() == [0, 1, 0, 0]
    assert g["black_decides"].to_list() == [0, 0, 1, 1]
    assert g["tie_rounds_played"].to_list() == [0, 0, 1, 1]
    assert g["shared_win"].to_list() == [0, 0, 0, 1]
    assert g["goal_value"].to_list() == pytest.approx([4.0, 5.0, 4.0, 4.0])  # game 1: 20 / 4 (seats 0-1 none)
    assert g["passes"].to_list() == pytest.approx([1.0] * 4)
    assert g["cluster"].to_list() == ["a+b+c|0", "a+b+c|0", "a+b+c|0", "a+b+c|1"]


@pytest.mark.parametrize("game, seat, change", [
    (0, 0, {"rank": 1, "win_share": 0.5}),  # more own bottles left than seat 1 and still a winner
    (1, 0, {"rank": 1, "win_share": 0.5}),  # did not finish, yet won beside a finisher
    (2, 1, {"rank": 1, "win_share": 0.5}),  # less black than the other finisher
])
def test_check_winners_refuses_a_winner_spec_5_3_does_not_make(game, seat, change):
    df = synthetic_games()
    where = (pl.col("game_index") == game) & (pl.col("seat") == seat)
    df = df.with_columns(pl.when(where).then(pl.lit(v)).otherwise(pl.col(k)).alias(k) for k, v in change.items())
    with pytest.raises(ValueError, match="spec §5.3"):
        check_winners(df)


def _solo(family: str, turns: list[int], finished: list[int], data_set: str = "shipped") -> list[dict]:
    return [{"data_set": data_set, "n_players": 1, "lineup": family, "deal": i, "game_index": i, "seat": 0,
             "policy": family, "turns_taken": t, "finished": f, "own_left": 0 if f else 3}
            for i, (t, f) in enumerate(zip(turns, finished))]


def test_solo_table_means_rates_and_quantiles():
    df = pl.DataFrame(_solo("big_goal", [20, 22, 24, 30], [1, 1, 1, 0]) + _solo("small_goal", [18, 18], [1, 1]))
    solo = A.solo_table(df)
    assert solo["family"].to_list() == ["big_goal", "small_goal"]  # the report's family order
    big = solo.row(0, named=True)
    assert big["estimate"] == pytest.approx(24.0) and big["games"] == 4
    assert big["finish_rate"] == pytest.approx(0.75) and big["finish_hi"] <= 1.0
    assert (big["finished_q10"], big["finished_median"], big["finished_q90"]) == (20, 22, 24)
    assert big["own_left_unfinished"] == pytest.approx(3.0)
    small = solo.row(1, named=True)
    assert small["finish_rate"] == 1.0 and small["finish_lo"] == 1.0  # no spread: a zero-width interval


def test_board_chance_and_ablation_folders(tmp_path):
    chance = B.board_chance()
    tiles = B.bonus_tiles()
    assert {t["back"] for t in tiles} == {"red", "blue"}
    for t in tiles:  # 2 of the 5 red tiles and 2 of the 4 blue ones (spec §2.3 step 6, §6.6)
        assert chance[t["bonus_id"]] == pytest.approx(0.4 if t["back"] == "red" else 0.5)
    folders = B.write_ablations(tmp_path)
    assert list(folders) == [f"without-{t['bonus_id']}" for t in tiles]
    folder = folders["without-B3"]
    loaded = load_bonus_tiles(data_folder(str(folder)))
    assert "B3" not in loaded.ids and len(loaded) == len(tiles) - 1
    assert data_folder(str(folder)).data_source == "reconstructed-v1-without-B3"
    with (folder / "tiles.csv").open() as f:
        assert sum(1 for _ in csv.reader(f)) == 101  # the other files are the shipped ones


def test_bonus_effect_is_the_paired_difference_over_the_board_chance():
    rng = np.random.default_rng(5)
    # solo turns: the shipped game takes t turns, the game without R1 t + 1 (+ noise on half the deals)
    turns = 20 + rng.integers(0, 6, size=30)
    noise = np.where(np.arange(30) % 2 == 0, 1, 0)
    main = pl.DataFrame(_solo("big_goal", turns.tolist(), [1] * 30))
    without = pl.DataFrame(_solo("big_goal", (turns + 1 + noise).tolist(), [1] * 30, "without-R1"))
    tiles = [{"bonus_id": "R1", "back": "red", "effect": "palette_to_wild", "amount": "2"}]
    table = B.bonus_table(main, without, {"R1": 0.4}, tiles, {"turns_taken": (1, True, "solo turns")})
    row = table.row(0, named=True)
    diff = -(1 + noise)
    assert row["pairs"] == 30 and row["family"] == "big_goal"
    assert row["diff"] == pytest.approx(diff.mean())
    assert row["estimate"] == pytest.approx(diff.mean() / 0.4)
    assert row["lo"] == pytest.approx(row["diff_lo"] / 0.4) and row["lo"] < row["estimate"] < row["hi"]
    assert row["variance_reduction"] > 10  # the shared deal cancels the turns' spread


def test_policies_are_listed_once():
    assert len(set(P.FAMILIES)) == len(P.FAMILIES) and "random" not in P.FAMILIES
    assert set(F.FAMILY_COLOUR) == set(P.FAMILIES)
    assert P.STUDY.lineups(1) == [(f,) for f in P.FAMILIES]
    assert len(P.STUDY.lineups(4)) == 15


def test_registered_in_cli():
    assert REPORTS["ink-strategies"] == "simkit.games.ink.reports.strategies:write_report"


QUICK_DIR = "ink-strategies-quick"  # the folder tests/test_notebooks.py uses for this report


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    out = tmp_path_factory.getbasetemp() / QUICK_DIR
    if not (out / "index.html").exists():
        assert main(["report", "ink-strategies", "--quick", "--out", str(out), "--jobs", "2"]) == 0
    return out


@pytest.mark.slow  # a few thousand games and the figures: about a minute on a loaded machine
def test_quick_report_writes_every_file_and_table(report):
    figures = [F.WIN_SHARE, F.RATINGS, F.SEATS, F.OUTCOMES, F.LENGTH, F.GOALS, F.SOLO, F.BONUS, F.SENSITIVITY]
    tables = ["win_share", "ratings", "seats", "outcomes", "lengths", "rounds", "families", "solo", "solo_turns",
              "bonus", "precision", "headlines"]
    for name in ["index.html", "index.md", "run.json", "results.parquet", "sensitivity_results.parquet",
                 "bonus_results.parquet", *figures, *(f"{t}.parquet" for t in tables)]:
        assert (report / name).stat().st_size > 0, name
    md = (report / "index.md").read_text()
    for fig in figures:
        assert f"({fig})" in md
    assert "QUICK run" in md and "reconstructed-v1" in md and "sensitivity-smaller-bag" in md
    run = json.loads((report / "run.json").read_text())
    assert run["quick"] and run["data_sources"]["shipped"]["data_source"] == "reconstructed-v1"
    assert run["families"] == list(P.FAMILIES)
    win = pl.read_parquet(report / "win_share.parquet")
    assert win.height == len(P.DATA_SETS) * len(P.MIXED_COUNTS) * len(P.FAMILIES)
    for (n,), g in win.filter(pl.col("data_set") == "shipped").group_by("n_players"):
        assert g["estimate"].mean() == pytest.approx(1 / n)  # every seat is some family's
    solo = pl.read_parquet(report / "solo.parquet")
    assert solo.height == len(P.DATA_SETS) * len(P.FAMILIES)
    bonus = pl.read_parquet(report / "bonus.parquet")
    assert set(bonus["bonus_id"]) == {t["bonus_id"] for t in B.bonus_tiles()}
    headlines = pl.read_parquet(report / "headlines.parquet")
    assert headlines.filter(pl.col("data_set") == "shipped")["holds"].all()
