import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import stats

from simkit.stats import holm, paired_difference

# Student's sleep data (Cushny & Peebles; R `sleep`), paired by patient.
DRUG1 = np.array([0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0])
DRUG2 = np.array([1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4])


def test_paired_difference_sleep_data():
    # R: t.test(extra ~ group, data = sleep, paired = TRUE)
    #    t = -4.0621, df = 9, p-value = 0.002833, CI -2.4598858 -0.7001142
    got = paired_difference(DRUG2, DRUG1)
    assert got.n == 10
    assert got.mean_diff == pytest.approx(1.58)
    assert (got.lo, got.hi) == pytest.approx((0.7001142, 2.4598858), abs=1e-7)
    assert got.halfwidth == pytest.approx((2.4598858 - 0.7001142) / 2)
    assert got.p_value == pytest.approx(0.002833, abs=5e-7)
    # sd of the differences is 1.229995, so d_z = 1.58 / 1.229995.
    assert got.effect_size == pytest.approx(1.58 / 1.229995, rel=1e-6)
    # var(drug1) = 3.200556, var(drug2) = 4.009000, var(diff) = 1.512889.
    assert got.variance_reduction == pytest.approx((3.200556 + 4.009) / 1.512889, rel=1e-5)
    flipped = paired_difference(DRUG1, DRUG2)
    assert flipped.mean_diff == pytest.approx(-1.58) and flipped.effect_size < 0


@settings(max_examples=100, deadline=None)
@given(
    arrays(np.float64, st.integers(3, 40), elements=st.floats(-100, 100)),
    st.floats(-5, 5),
    st.floats(0.5, 0.99),
)
def test_paired_difference_matches_scipy(base, shift, confidence):
    noise = np.sin(np.arange(base.size))  # deterministic non-constant differences
    variant = base + shift + noise
    got = paired_difference(variant, base, confidence)
    d = variant - base
    ref = stats.ttest_rel(variant, base)
    ci = ref.confidence_interval(confidence)
    assert got.p_value == pytest.approx(ref.pvalue, rel=1e-6, abs=1e-12)
    assert (got.lo, got.hi) == pytest.approx((ci.low, ci.high), rel=1e-6, abs=1e-9)
    assert got.lo <= got.mean_diff <= got.hi
    assert got.effect_size == pytest.approx(d.mean() / d.std(ddof=1))


def test_variance_reduction_reflects_correlation():
    rng = np.random.default_rng(0)
    common = rng.normal(0, 3, size=5000)
    correlated = paired_difference(common + rng.normal(size=5000), common + rng.normal(size=5000))
    # var_indep = 2 * (9 + 1), var_paired = 2  ->  about 10.
    assert correlated.variance_reduction == pytest.approx(10, rel=0.1)
    independent = paired_difference(rng.normal(size=5000), rng.normal(size=5000))
    assert independent.variance_reduction == pytest.approx(1, rel=0.1)


def test_constant_difference():
    got = paired_difference(DRUG1 + 0.5, DRUG1)
    assert (got.lo, got.hi, got.p_value) == (0.5, 0.5, 0.0)
    assert got.effect_size == np.inf and got.variance_reduction == np.inf
    same = paired_difference(DRUG1, DRUG1)
    assert (same.mean_diff, same.p_value, same.effect_size) == (0.0, 1.0, 0.0)


def test_paired_difference_errors():
    with pytest.raises(ValueError):
        paired_difference([1.0, 2.0], [1.0])
    with pytest.raises(ValueError):
        paired_difference([1.0], [2.0])


def test_holm_textbook():
    # Wikipedia "Holm-Bonferroni method" example; R p.adjust(p, "holm").
    got = holm([0.01, 0.04, 0.03, 0.005])
    np.testing.assert_allclose(got, [0.03, 0.06, 0.06, 0.02])
    np.testing.assert_allclose(holm([0.5, 0.9]), [1.0, 1.0])
    np.testing.assert_allclose(holm([0.9, 0.2]), [0.9, 0.4])
    assert holm([]).size == 0


def step_down_rejections(p, alpha):
    """Holm's procedure: reject ordered hypotheses while p_(k) <= alpha / (m - k)."""
    reject = np.zeros(p.size, bool)
    for k, i in enumerate(np.argsort(p, kind="stable")):
        if p[i] > alpha / (p.size - k):
            break
        reject[i] = True
    return reject


@settings(max_examples=200, deadline=None)
@given(
    arrays(np.float64, st.integers(1, 30), elements=st.floats(0, 1)),
    st.floats(0.001, 0.5),
)
def test_holm_properties(p, alpha):
    adj = holm(p)
    assert np.all(adj >= p) and np.all(adj <= 1)
    order = np.argsort(p, kind="stable")
    assert np.all(np.diff(adj[order]) >= 0)
    assert np.array_equal(adj <= alpha, step_down_rejections(p, alpha))


def test_holm_rejects_invalid():
    with pytest.raises(ValueError):
        holm([0.1, 1.5])
    with pytest.raises(ValueError):
        holm([0.1, np.nan])
