"""The search space: an increasing vector is increasing and inside its bounds for every trial."""

import optuna
from hypothesis import given, settings
from hypothesis import strategies as st

from simkit.tune.space import Dimension, increasing_vector


@st.composite
def vectors(draw):
    length = draw(st.integers(2, 6))
    min_step = draw(st.integers(1, 3))
    low = draw(st.integers(0, 50))
    high = draw(st.integers(low + (length - 1) * min_step, low + 60))
    first = draw(st.integers(low, high - (length - 1) * min_step))
    steps = draw(st.lists(st.integers(min_step, min_step + 40), min_size=length - 1, max_size=length - 1))
    return low, high, min_step, first, steps


@given(vectors())
def test_increasing_vector_is_increasing_and_within_bounds(case):
    low, high, min_step, first, steps = case
    values = increasing_vector(first, steps, high, min_step)
    assert len(values) == len(steps) + 1
    assert all(b - a >= min_step for a, b in zip(values, values[1:]))
    assert low <= values[0] and values[-1] <= high


@settings(max_examples=50, deadline=None)
@given(vectors(), st.integers(0, 2**31 - 1))
def test_a_trial_always_gets_an_increasing_vector(case, seed):
    low, high, min_step, _, _ = case
    length = len(case[4]) + 1
    dim = Dimension("curve", True, low, high, integer=True, length=length, constraint="increasing",
                    min_step=min_step)
    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=seed))
    values = dim.suggest(study.ask())
    assert all(isinstance(v, int) for v in values)
    assert all(b - a >= min_step for a, b in zip(values, values[1:]))
    assert low <= values[0] and values[-1] <= high


def test_unconstrained_vector_and_scalars():
    trial = optuna.trial.FixedTrial({"v[0]": 3, "v[1]": 1, "x": 0.25, "c": "b"})
    assert Dimension("v", True, 0, 5, integer=True, length=2).suggest(trial) == [3, 1]
    assert Dimension("x", False, 0.0, 1.0).suggest(trial) == 0.25
    assert Dimension("c", True, choices=("a", "b")).suggest(trial) == "b"
