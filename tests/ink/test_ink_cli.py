"""Ink from the command line: a broken data folder named by an experiment's rules exits with status 2 and one
message naming the experiment key, the file, the row, the column and the value (spec §6.9); a tiny run works; the
safety bound is recorded (spec §5.7)."""

import shutil

import numpy as np
import polars as pl

import simkit
from simkit.cli import main
from simkit.core.policy import resolve_policy
from simkit.games.ink.rules.datafiles import PACKAGE_DATA

EXPERIMENT = """
[experiment]
name = "ink-tiny"
game = "ink"
games = 4
seed = 3

[rules]
n_players = 2
{extra}

[[players]]
policy = "random"

[[players]]
policy = "random"
"""


def test_a_broken_data_file_exits_2_naming_file_row_column_and_value(tmp_path, capsys):
    folder = tmp_path / "data"
    shutil.copytree(PACKAGE_DATA, folder)
    tiles = (folder / "tiles.csv").read_text().replace("\n7,G2,light_blue,", "\n7,G2,green,")
    (folder / "tiles.csv").write_text(tiles)
    exp = tmp_path / "bad.toml"
    exp.write_text(EXPERIMENT.format(extra=f'data = "{folder}"'))
    code = main(["run", str(exp), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert "rules.data" in err and "tiles.csv: row 7 (line 8), column tl: unknown value 'green'" in err


def test_a_tiny_run(tmp_path, capsys):
    exp = tmp_path / "tiny.toml"
    exp.write_text(EXPERIMENT.format(extra=""))
    code = main(["run", str(exp), "--out", str(tmp_path / "out"), "--jobs", "1"])
    assert code == 0, capsys.readouterr().err
    frame = pl.read_parquet(tmp_path / "out" / "results.parquet")
    assert frame.height == 8 and {"finished", "black_placed", "completions_7", "truncated"} <= set(frame.columns)


def test_the_safety_bound_is_recorded_with_its_end_reason():
    game = simkit.make("ink", {"n_players": 1, "max_rounds": 3})
    arrays = game.play_batch(np.arange(5, dtype=np.uint64), [resolve_policy(game, {"policy": "random"})],
                             np.zeros((5, 1), np.int64))
    assert (arrays["truncated"] == 1).all() and set(np.ravel(arrays["end_reason"])) == {"max_rounds"}
    assert set(np.ravel(arrays["triggers"])) == {""} and (arrays["rounds"] == 3).all()
