"""The command line: happy paths and bad input (exit code 2, one clear message, nothing half-written)."""

import json
import subprocess
import sys

import polars as pl
import pytest

from simkit.cli import main
from simkit.core.game import game_ids

GOOD = """
[experiment]
name = "tiny"
game = "canvas"
games = 12
seed = 3

[rules]
n_players = 2

[[players]]
policy = "greedy"

[[players]]
policy = "random"
"""


def run_cli(args, capsys):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_run_writes_report_and_data(tmp_path, capsys):
    exp = tmp_path / "tiny.toml"
    exp.write_text(GOOD)
    out_dir = tmp_path / "out"
    code, out, err = run_cli(["run", exp, "--out", out_dir, "--jobs", "2"], capsys)
    assert code == 0, err
    assert sorted(p.name for p in out_dir.iterdir()) == ["report.html", "report.md", "results.parquet",
                                                         "scores_and_seats.svg"]
    assert pl.read_parquet(out_dir / "results.parquet").height == 24
    assert "win share" in (out_dir / "report.md").read_text()


def test_program_freezes_its_objects_for_exit_and_keeps_its_output(tmp_path):
    """The `simkit` program (`command`) skips the interpreter's last collections: its objects are frozen, and what it
    printed and wrote is all there."""
    exp = tmp_path / "tiny.toml"
    exp.write_text(GOOD)
    script = ("import gc, sys; from simkit.cli import command; code = command(sys.argv[1:]); "
              "print('frozen', gc.get_freeze_count() > 0); sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", script, "run", str(exp), "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "12 games per cell" in done.stdout and done.stdout.rstrip().endswith("frozen True")
    assert pl.read_parquet(tmp_path / "out" / "results.parquet").height == 24


def test_listing_commands(capsys):
    listed = [line.split("\t")[0] for line in run_cli(["games"], capsys)[1].splitlines()]
    assert listed == list(game_ids()) and "canvas" in listed
    code, out, _ = run_cli(["policies", "canvas"], capsys)
    assert code == 0 and "greedy" in out and "paint_threshold" in out
    code, out, _ = run_cli(["rules", "canvas"], capsys)
    import tomllib
    assert tomllib.loads(out)["hand_limit"] == 5


def test_canvas_score_json(capsys):
    code, out, _ = run_cli(["canvas", "score", "18", "41", "40", "--scoring", "Space,Variety", "--json"], capsys)
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"Space", "Variety", "bonus"}


BAD = {
    "malformed toml": ("[experiment\ngame = 'canvas'", "malformed TOML"),
    "unknown section": (GOOD + "\n[extra]\nx = 1\n", "unknown section 'extra'"),
    "unknown experiment key": (GOOD.replace('seed = 3', 'seed = 3\nsed = 4'), "experiment.sed"),
    "unknown game": (GOOD.replace('game = "canvas"', 'game = "chess"'), "unknown game 'chess'"),
    "unknown rule": (GOOD.replace("n_players = 2", "n_players = 2\nhand_limt = 4"), "rules.hand_limt"),
    "rule out of range": (GOOD.replace("n_players = 2", "n_players = 9"), "rules.n_players"),
    "wrong type": (GOOD.replace("n_players = 2", 'n_players = "two"'), "rules.n_players"),
    "unknown scoring card": (GOOD.replace("n_players = 2", 'n_players = 2\nscoring_cards = ["Spaec"]'),
                             "unknown scoring card 'Spaec'"),
    "unknown policy": (GOOD.replace('policy = "random"', 'policy = "smart"'), "players[1].policy"),
    "unknown policy parameter": (GOOD.replace('policy = "greedy"', 'policy = "greedy"\npaint_treshold = 3'),
                                 "players[0].paint_treshold"),
    "policy parameter out of range": (GOOD.replace('policy = "greedy"', 'policy = "greedy"\ntoken_cost = -1'),
                                      "players[0].token_cost"),
    "more players than fixed seats": (GOOD.replace("seed = 3", 'seed = 3\nseats = "fixed"')
                                      + '\n[[players]]\npolicy = "greedy"\n', "players"),
    "bad seats": (GOOD.replace("seed = 3", 'seed = 3\nseats = "sideways"'), "experiment.seats"),
    "missing data file": (GOOD.replace("n_players = 2", 'n_players = 2\nart_cards_file = "nope.csv"'), "nope.csv"),
    "solo mode with 2 players": (GOOD.replace("n_players = 2", 'n_players = 2\nsolo_mode = "vincent"'),
                                 "rules.solo_mode"),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_experiment_exits_2_with_clear_message(case, tmp_path, capsys):
    text, expected = BAD[case]
    exp = tmp_path / "bad.toml"
    exp.write_text(text)
    out_dir = tmp_path / "out"
    code, out, err = run_cli(["run", exp, "--out", out_dir], capsys)
    assert code == 2
    assert "Traceback" not in err
    assert err.count("\n") == 1 and err.startswith("simkit: error: ")
    assert expected in err
    assert str(exp) in err or case == "unknown game"
    assert not out_dir.exists()


def test_broken_data_file_names_file_and_line(tmp_path, capsys):
    cards = tmp_path / "cards.csv"
    cards.write_text("id,red,yellow,green,blue,violet\n1,HUE,GLITTER,,,\n")
    exp = tmp_path / "e.toml"
    exp.write_text(GOOD.replace("n_players = 2", f'n_players = 2\nart_cards_file = "{cards}"'))
    code, _, err = run_cli(["run", exp], capsys)
    assert code == 2 and "cards.csv" in err and "line 2" in err and "GLITTER" in err


def test_missing_experiment_file(tmp_path, capsys):
    code, _, err = run_cli(["run", tmp_path / "none.toml"], capsys)
    assert code == 2 and "none.toml" in err and "not found" in err


def test_existing_report_survives_a_failed_run(tmp_path, capsys):
    exp = tmp_path / "tiny.toml"
    exp.write_text(GOOD)
    out_dir = tmp_path / "out"
    assert run_cli(["run", exp, "--out", out_dir], capsys)[0] == 0
    before = pl.read_parquet(out_dir / "results.parquet")
    exp.write_text(GOOD.replace("n_players = 2", "n_players = 0"))
    assert run_cli(["run", exp, "--out", out_dir], capsys)[0] == 2
    assert pl.read_parquet(out_dir / "results.parquet").equals(before)


def test_illegal_action_from_user_policy_is_reported(tmp_path, capsys):
    policy = tmp_path / "bad_policy.py"
    policy.write_text("class Cheater:\n    def act(self, observation, legal, rng):\n        return 999\n")
    exp = tmp_path / "e.toml"
    exp.write_text(GOOD.replace('policy = "random"', f'policy = "{policy}:Cheater"'))
    code, _, err = run_cli(["run", exp, "--out", tmp_path / "out"], capsys)
    assert code == 2
    assert "Cheater" in err and "seed" in err and "turn" in err and "999" in err
