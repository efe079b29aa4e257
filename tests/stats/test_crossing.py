"""crossing_point: the root of a fitted difference curve, with a paired cluster-bootstrap interval."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simkit.stats import crossing_point


def synthetic(root: float, slope: float, clusters: int, noise: float, seed: int):
    x = np.arange(0, 4.5, 0.5)
    rng = np.random.default_rng(seed)
    y = slope * (x - root)[None, :] + rng.normal(0, noise, (clusters, 1)) + rng.normal(0, noise, (clusters, x.size))
    return x, y


def test_recovers_a_known_root_and_covers_it():
    x, y = synthetic(root=2.3, slope=0.05, clusters=2000, noise=0.3, seed=1)
    c = crossing_point(x, y, seed=2)
    assert c.lo < 2.3 < c.hi
    assert abs(c.estimate - 2.3) < 0.2
    assert c.crosses and c.inside > 0.95 and c.slope_lo > 0


@settings(max_examples=20, deadline=None)
@given(root=st.floats(0.5, 3.5), slope=st.floats(-1, 1).filter(lambda s: abs(s) > 0.05))
def test_noise_free_root_is_exact(root, slope):
    x = np.arange(0, 4.5, 0.5)
    y = np.tile(slope * (x - root), (5, 1))
    c = crossing_point(x, y, n_boot=50)
    assert c.estimate == pytest.approx(root, abs=1e-9)
    assert c.lo == pytest.approx(root, abs=1e-9) and c.hi == pytest.approx(root, abs=1e-9)


def test_flat_difference_does_not_cross():
    x, y = synthetic(root=0.0, slope=0.0, clusters=500, noise=0.3, seed=3)
    y = y - y.mean()  # no trend at all
    c = crossing_point(x, y, seed=4)
    assert not c.crosses
    assert c.slope_lo < 0 < c.slope_hi


def test_common_shocks_cancel_in_the_paired_slope():
    """A shock shared by every x within a cluster (common random numbers) does not widen the slope's interval:
    clusters are resampled whole."""
    x = np.arange(0, 4.5, 0.5)
    shock = np.random.default_rng(5).normal(0, 5, (300, 1))
    c = crossing_point(x, 0.1 * (x - 1.7)[None, :] + shock, seed=6)
    assert c.slope_hi - c.slope_lo < 1e-9 and c.slope == pytest.approx(0.1)


@pytest.mark.parametrize("x, y, message", [
    ([1, 1], [[0, 0], [1, 1]], "distinct"),
    ([0, 1, 2], [[0, 1]], "shape"),
    ([0, 1], [[0, 1]], "two clusters"),
    ([0, 1], [[0, np.nan], [1, 1]], "finite"),
])
def test_bad_input(x, y, message):
    with pytest.raises(ValueError, match=message):
        crossing_point(x, y)


def test_root_outside_the_sweep_does_not_cross():
    """A clear trend whose root (and the root's whole interval) lies beyond the swept x is no crossing inside it."""
    x, y = synthetic(root=-3.2, slope=0.05, clusters=2000, noise=0.3, seed=7)
    c = crossing_point(x, y, seed=8)
    assert c.slope_lo > 0 and c.hi < x.min()  # the trend is certain, the root lies left of the sweep
    assert not c.crosses
