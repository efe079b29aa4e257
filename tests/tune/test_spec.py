"""Tune files: a bad file is rejected with a message naming the file and the key (exit 2 from the CLI)."""

import sys

import pytest

from simkit.cli import main
from simkit.core.errors import ConfigError, SimkitError
from simkit.tune import load_tune
from simkit.tune.search import require_optuna


def _error(write_tune, text):
    path = write_tune(text)
    with pytest.raises(ConfigError) as info:
        load_tune(path)
    return str(path), str(info.value)


def test_tiny_file_parses(write_tune, tiny_text):
    spec = load_tune(write_tune(tiny_text))
    assert [d.name for d in spec.dimensions] == ["bonus_ribbon_points", "target"]
    assert spec.rung_games == [8, 16]  # whole 2-game deals, doubling
    assert spec.reference == ({"bonus_ribbon_points": 2}, {"target": 20})


@pytest.mark.parametrize("old, new, key, words", [
    ("[space.bonus_ribbon_points]", "[space.bonus_points_typo]", "space.bonus_points_typo", "unknown rule key"),
    ("low = 1\nhigh = 4", "low = 4\nhigh = 1", "space.bonus_ribbon_points.low", "must be below high"),
    ("low = 1\nhigh = 4", "low = 1\nhigh = 99999", "space.bonus_ribbon_points", "out of range"),
    ('policies = ["planner", "greedy"]', 'policies = ["planner", "grumpy"]', "objectives[0].policies",
     "unknown policy label 'grumpy'"),
    ('threshold = "target"', 'threshold = "goal"', "objectives[1].threshold", "not a [thresholds] name"),
    ('kind = "reach"', 'kind = "fun"', "objectives[1].kind", "not allowed"),
    ("seed = 7", "seed = 7\nbudget = 3", "tune.budget", "unknown key"),
    ('seats = "rotate"', 'seats = "rotate"\ngames = 10', "experiment.games", "set by [tune]"),
    ("finalists = 2", "finalists = 1", "tune.finalists", "at least 2"),
    ("[thresholds.target]", "[thresholds.hand_limit]", "thresholds.hand_limit", "a rule key"),
    ("[[players]]", "[variants.v]\nbonus_ribbon_points = 3\n\n[[players]]", "variants.v.bonus_ribbon_points",
     "a variant cannot set it"),
])
def test_bad_file_names_file_and_key(write_tune, tiny_text, old, new, key, words):
    assert old in tiny_text
    source, message = _error(write_tune, tiny_text.replace(old, new, 1))
    assert message.startswith(f"{source}: {key}: "), message
    assert words in message


def test_increasing_vector_without_room_is_rejected(write_tune):
    text = """
[experiment]
game = "couleurs"
[[players]]
policy = "heuristic"
[space.painting_values]
low = 9
high = 11
length = 4
constraint = "increasing"
[[objectives]]
kind = "seat_advantage"
"""
    source, message = _error(write_tune, text)
    assert message.startswith(f"{source}: space.painting_values: ") and "no room for 4 values" in message


def test_malformed_toml_exits_2_naming_the_file(write_tune, tiny_text, capsys, tmp_path):
    path = write_tune(tiny_text.replace("[tune]", "[tune"))
    code = main(["tune", str(path), "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"simkit: error: {path}: malformed TOML") and "Traceback" not in err
    assert not (tmp_path / "out").exists()


def test_without_optuna_the_message_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "optuna", None)  # import optuna now raises ImportError
    with pytest.raises(SimkitError, match=r"pip install 'simkit\[tune\]'"):
        require_optuna()


def test_cli_rejects_zero_trials(write_tune, tiny_text, capsys, tmp_path):
    code = main(["tune", str(write_tune(tiny_text)), "--trials", "0", "--out", str(tmp_path / "out")])
    assert code == 2 and "--trials must be at least 1, got 0" in capsys.readouterr().err
