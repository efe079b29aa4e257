"""Confidence intervals for proportions, means and quantiles."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# scipy is imported in the functions that use it: half a second (scipy.stats seconds), which the processes
# that only play games (a run's workers import this module) need not pay

__all__ = [
    "Interval",
    "check_confidence",
    "mean_interval",
    "quantile_interval",
    "t_interval",
    "wilson_interval",
    "z_value",
]


@dataclass(frozen=True)
class Interval:
    """A point estimate with a two-sided confidence interval."""

    estimate: float
    lo: float
    hi: float
    n: int
    confidence: float

    @property
    def halfwidth(self) -> float:
        """Half the interval width (the usual precision target)."""
        return (self.hi - self.lo) / 2


def check_confidence(confidence: float) -> float:
    """Return ``confidence`` after checking it lies strictly between 0 and 1."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")
    return confidence


def z_value(confidence: float) -> float:
    """Two-sided standard-normal critical value for ``confidence``."""
    from scipy import special

    return float(special.ndtri((1 + check_confidence(confidence)) / 2))  # the normal quantile


def wilson_interval(successes, n, confidence: float = 0.95):
    """Wilson score interval ``(lo, hi)`` for a proportion.

    ``successes`` may be fractional (e.g. a win share with split ties) and both
    arguments broadcast as numpy arrays; scalar inputs give float outputs.
    Where ``n == 0`` the interval is the uninformative ``(0, 1)``.
    """
    s = np.asarray(successes, dtype=float)
    m = np.asarray(n, dtype=float)
    if np.any(m < 0) or np.any(s < 0) or np.any(s > m * (1 + 1e-9)):
        raise ValueError("need 0 <= successes <= n")
    s = np.minimum(s, m)  # absorb float round-off from summed fractional shares
    z2 = z_value(confidence) ** 2
    with np.errstate(divide="ignore", invalid="ignore"):
        p = s / m
        denom = 1 + z2 / m
        centre = (p + z2 / (2 * m)) / denom
        half = np.sqrt(p * (1 - p) / m + z2 / (4 * m * m)) * np.sqrt(z2) / denom
    # min/max with p only repair round-off (e.g. hi = 1 - 1e-16 when p = 1).
    empty = m == 0
    lo = np.where(empty, 0.0, np.clip(np.minimum(centre - half, p), 0.0, 1.0))
    hi = np.where(empty, 1.0, np.clip(np.maximum(centre + half, p), 0.0, 1.0))
    if lo.ndim == 0:
        return float(lo), float(hi)
    return lo, hi


def t_interval(mean: float, sd: float, n: int, confidence: float = 0.95) -> Interval:
    """Student t interval for a mean from its sample's mean, standard deviation (ddof 1) and size."""
    from scipy import special

    half = float(special.stdtrit(n - 1, (1 + check_confidence(confidence)) / 2) * sd / np.sqrt(n))  # t quantile
    return Interval(mean, mean - half, mean + half, n, confidence)


def _sample(x) -> np.ndarray:
    a = np.asarray(x, dtype=float).ravel()
    if a.size == 0 or not np.all(np.isfinite(a)):
        raise ValueError("need a non-empty sample of finite values")
    return a


def mean_interval(
    x,
    confidence: float = 0.95,
    method: str = "t",
    *,
    n_boot: int = 2000,
    seed: int = 0,
) -> Interval:
    """Interval for the mean of ``x``: Student t, or BCa bootstrap (``method="bootstrap"``)."""
    check_confidence(confidence)
    a = _sample(x)
    n = a.size
    if n < 2:
        raise ValueError("need at least two observations")
    est = float(a.mean())
    if np.all(a == a[0]):
        return Interval(est, est, est, n, confidence)
    if method == "t":
        return t_interval(est, float(a.std(ddof=1)), n, confidence)
    if method == "bootstrap":
        from scipy import stats

        res = stats.bootstrap(
            (a,),
            np.mean,
            confidence_level=confidence,
            n_resamples=n_boot,
            method="BCa",
            rng=np.random.default_rng(seed),
        )
        ci = res.confidence_interval
        return Interval(est, float(ci.low), float(ci.high), n, confidence)
    raise ValueError(f"unknown method {method!r}")


def quantile_interval(
    x,
    q: float,
    confidence: float = 0.95,
    method: str = "order",
    *,
    n_boot: int = 2000,
    seed: int = 0,
) -> Interval:
    """Interval for the ``q``-quantile of ``x``.

    ``method="order"`` is the distribution-free order-statistic interval from
    Binomial(n, q) (coverage at least nominal); a bound is NaN when n is too
    small to supply it at this confidence. ``method="bootstrap"`` is the
    percentile bootstrap. The estimate is ``np.quantile(x, q)``.
    """
    if not 0 < q < 1:
        raise ValueError(f"q must be in (0, 1), got {q}")
    alpha = 1 - check_confidence(confidence)
    a = np.sort(_sample(x))
    n = a.size
    est = float(np.quantile(a, q))
    from scipy import stats

    if method == "order":
        lo_rank = int(stats.binom.ppf(alpha / 2, n, q))
        hi_rank = int(stats.binom.ppf(1 - alpha / 2, n, q)) + 1
        lo = float(a[lo_rank - 1]) if lo_rank >= 1 else float("nan")
        hi = float(a[hi_rank - 1]) if hi_rank <= n else float("nan")
        return Interval(est, lo, hi, n, confidence)
    if method == "bootstrap":
        res = stats.bootstrap(
            (a,),
            lambda s, axis: np.quantile(s, q, axis=axis),
            confidence_level=confidence,
            n_resamples=n_boot,
            method="percentile",
            rng=np.random.default_rng(seed),
        )
        ci = res.confidence_interval
        return Interval(est, float(ci.low), float(ci.high), n, confidence)
    raise ValueError(f"unknown method {method!r}")
