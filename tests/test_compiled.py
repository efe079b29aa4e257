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
