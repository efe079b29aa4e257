import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import optimize, stats

from simkit.stats import Interval, mean_interval, quantile_interval, wilson_interval, z_value

# Newcombe (1998), Stat. Med. 17:857-872, Table I, method 3 (Wilson score).
NEWCOMBE = [
    (81, 263, 0.2553, 0.3662),
    (15, 148, 0.0624, 0.1605),
    (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718),
    (29, 29, 0.8830, 1.0),
]

# Student's sleep data (Cushny & Peebles), extra sleep of drug 2 minus drug 1;
# R: t.test(extra ~ group, data = sleep, paired = TRUE) -> CI 0.7001142 2.4598858.
SLEEP_DIFF = np.array([1.2, 2.4, 1.3, 1.3, 0.0, 1.0, 1.8, 0.8, 4.6, 1.4])


def wilson_by_root_finding(s, n, confidence):
    """Wilson interval as the set of p with |s/n - p| <= z sqrt(p(1-p)/n)."""
    z = stats.norm.ppf((1 + confidence) / 2)
    phat = s / n
    f = lambda p: (phat - p) ** 2 - z**2 * p * (1 - p) / n  # noqa: E731
    inside_lo, inside_hi = max(phat, 1e-300), min(phat, 1 - 1e-16)  # f < 0 strictly inside
    lo = 0.0 if s == 0 else optimize.brentq(f, 0.0, inside_hi, xtol=1e-15)
    hi = 1.0 if s == n else optimize.brentq(f, inside_lo, 1.0, xtol=1e-15)
    return lo, hi


@pytest.mark.parametrize(("s", "n", "lo", "hi"), NEWCOMBE)
def test_wilson_newcombe_table(s, n, lo, hi):
    got = wilson_interval(s, n)
    assert got == pytest.approx((lo, hi), abs=5e-5)
    assert all(isinstance(v, float) for v in got)


def test_wilson_vectorised_matches_scalar():
    s = np.array([0, 3.5, 10, 81])
    n = np.array([10, 7, 10, 263])
    lo, hi = wilson_interval(s, n, 0.9)
    for i in range(s.size):
        assert (lo[i], hi[i]) == pytest.approx(wilson_interval(s[i], n[i], 0.9))


def test_wilson_half_share_is_symmetric_and_empty_is_uninformative():
    lo, hi = wilson_interval(2.5, 5)
    assert lo + hi == pytest.approx(1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_rejects_bad_input():
    with pytest.raises(ValueError):
        wilson_interval(6, 5)
    with pytest.raises(ValueError):
        wilson_interval(1, 5, confidence=1.0)


@settings(max_examples=200, deadline=None)
@given(
    n=st.integers(1, 10_000),
    frac=st.floats(0, 1),
    confidence=st.floats(0.5, 0.999),
)
def test_wilson_properties(n, frac, confidence):
    s = frac * n
    lo, hi = wilson_interval(s, n, confidence)
    assert 0.0 <= lo <= s / n <= hi <= 1.0
    assert (lo, hi) == pytest.approx(wilson_by_root_finding(s, n, confidence), abs=1e-9)
    wide_lo, wide_hi = wilson_interval(s, n, (1 + confidence) / 2)
    assert wide_lo <= lo + 1e-12 and hi <= wide_hi + 1e-12


def test_z_value():
    assert z_value(0.95) == pytest.approx(1.959963985)
    with pytest.raises(ValueError):
        z_value(0)


def test_mean_interval_t_textbook():
    got = mean_interval(SLEEP_DIFF)
    assert got.estimate == pytest.approx(1.58)
    assert (got.lo, got.hi) == pytest.approx((0.7001142, 2.4598858), abs=1e-7)
    assert got.n == 10 and got.halfwidth == pytest.approx((2.4598858 - 0.7001142) / 2)
    ref = stats.ttest_1samp(SLEEP_DIFF, 0).confidence_interval(0.9)
    got90 = mean_interval(SLEEP_DIFF, 0.9)
    assert (got90.lo, got90.hi) == pytest.approx((ref.low, ref.high))


def test_mean_interval_bootstrap_is_seeded_and_agrees_with_t_on_large_normal_sample():
    x = np.random.default_rng(3).normal(10, 2, size=2000)
    a = mean_interval(x, method="bootstrap", seed=7, n_boot=1000)
    assert a == mean_interval(x, method="bootstrap", seed=7, n_boot=1000)
    t = mean_interval(x)
    assert a.lo < a.estimate < a.hi
    assert (a.lo, a.hi) == pytest.approx((t.lo, t.hi), abs=0.02)


def test_mean_interval_degenerate_and_errors():
    assert mean_interval([2.0, 2.0, 2.0], method="bootstrap") == Interval(2.0, 2.0, 2.0, 3, 0.95)
    with pytest.raises(ValueError):
        mean_interval([1.0])
    with pytest.raises(ValueError):
        mean_interval([1.0, np.nan])
    with pytest.raises(ValueError):
        mean_interval([1.0, 2.0], method="magic")


@pytest.mark.parametrize("n", [1, 5, 20, 57, 400])
@pytest.mark.parametrize("q", [0.05, 0.5, 0.9])
@pytest.mark.parametrize("confidence", [0.8, 0.95])
def test_quantile_order_matches_scipy(n, q, confidence):
    x = np.random.default_rng(n).exponential(size=n)
    ref = stats.quantile_test(x, q=0, p=q).confidence_interval(confidence)
    got = quantile_interval(x, q, confidence)
    np.testing.assert_allclose([got.lo, got.hi], [ref.low, ref.high], equal_nan=True)
    assert got.estimate == pytest.approx(np.quantile(x, q))


def test_quantile_order_textbook_median():
    # n = 20, median: ranks 6 and 15 (P(6 <= Bin(20, .5) <= 14) = 0.9586).
    got = quantile_interval(np.arange(1.0, 21.0), 0.5)
    assert (got.lo, got.hi) == (6.0, 15.0)


def test_quantile_order_coverage_is_at_least_nominal():
    rng = np.random.default_rng(11)
    hits = 0
    for _ in range(1000):
        got = quantile_interval(rng.uniform(size=40), 0.75, 0.9)
        hits += got.lo <= 0.75 <= got.hi
    assert hits / 1000 >= 0.88


def test_quantile_bootstrap():
    x = np.random.default_rng(5).normal(size=500)
    got = quantile_interval(x, 0.5, method="bootstrap", seed=1, n_boot=500)
    assert got == quantile_interval(x, 0.5, method="bootstrap", seed=1, n_boot=500)
    order = quantile_interval(x, 0.5)
    assert got.lo < got.estimate < got.hi
    assert (got.lo, got.hi) == pytest.approx((order.lo, order.hi), abs=0.05)
    with pytest.raises(ValueError):
        quantile_interval(x, 1.0)
