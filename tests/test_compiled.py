"""simkit.core.compiled: the parameter vector a compiled policy reads."""

import numpy as np

from simkit.core.compiled import policy_vector
from simkit.core.params import Param
from simkit.core.policy import PolicyChoice

PARAMS = {"p": (Param("style", "mid", "a choice", choices=("low", "mid", "high")), Param("flag", True, "a bool"),
                Param("count", 2, "an int", low=0, high=5), Param("weight", 0.5, "a float"))}


def test_choices_are_indices_bools_are_0_1_numbers_themselves():
    vector = policy_vector(PolicyChoice("p", {"style": "high", "flag": False, "count": 3, "weight": 1.25}), PARAMS, 6)
    assert vector.tolist() == [2.0, 0.0, 3.0, 1.25, 0.0, 0.0]
    vector = policy_vector(PolicyChoice("p", {"style": "low", "flag": True, "count": 0, "weight": 0.0}), PARAMS, 4)
    assert np.array_equal(vector, [0.0, 1.0, 0.0, 0.0])


def test_bench_defaults_to_the_games_benchmark_policy():
    from simkit.bench import bench

    result = bench("couleurs", players=2, policy=None, games=20, repeat=1)
    assert result["median"] > 0 and len(result["runs"]) == 1


def test_every_games_batch_loop_releases_pythons_lock():
    """Local jobs play compiled chunks on threads (core.backends): a batch loop holding the lock would serialise
    them."""
    from simkit.core.game import game_class, game_ids

    for game_id in game_ids():
        assert game_class(game_id).engine.play_games.targetoptions.get("nogil") is True, game_id
