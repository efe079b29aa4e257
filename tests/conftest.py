import pytest

from simkit.core.experiment import parse_experiment


@pytest.fixture
def experiment_data():
    """A small valid Canvas experiment as a TOML-like dict (tests mutate copies)."""
    return {
        "experiment": {"name": "t", "game": "canvas", "games": 60, "seed": 11, "seats": "rotate"},
        "rules": {"n_players": 3},
        "players": [{"policy": "greedy"}, {"policy": "planner"}, {"policy": "random"}],
    }


@pytest.fixture
def experiment(experiment_data):
    return parse_experiment(experiment_data, "test.toml")
