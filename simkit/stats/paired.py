"""Paired (common-random-numbers) comparisons and multiple-testing correction."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .intervals import check_confidence

__all__ = ["PairedResult", "holm", "paired_difference"]


@dataclass(frozen=True)
class PairedResult:
    """Summary of ``variant - baseline`` over matched pairs."""

    mean_diff: float
    lo: float
    hi: float
    p_value: float
    effect_size: float
    n: int
    variance_reduction: float
    confidence: float

    @property
    def halfwidth(self) -> float:
        """Half the interval width."""
        return (self.hi - self.lo) / 2


def paired_difference(variant, baseline, confidence: float = 0.95) -> PairedResult:
    """Paired t analysis of ``variant - baseline`` (pairs share a seed).

    Gives the mean difference with its t interval, the two-sided paired t
    p-value, Cohen's d_z (mean / sd of the differences) and the variance
    reduction factor ``(var(variant) + var(baseline)) / var(variant - baseline)``:
    how many times more independent pairs would be needed for the same precision.
    """
    check_confidence(confidence)
    v = np.asarray(variant, dtype=float).ravel()
    b = np.asarray(baseline, dtype=float).ravel()
    if v.shape != b.shape:
        raise ValueError("variant and baseline must have the same length")
    n = v.size
    if n < 2 or not (np.all(np.isfinite(v)) and np.all(np.isfinite(b))):
        raise ValueError("need at least two finite pairs")
    d = v - b
    mean = float(d.mean())
    var_d = float(d.var(ddof=1))
    var_indep = float(v.var(ddof=1) + b.var(ddof=1))
    with np.errstate(divide="ignore", invalid="ignore"):
        reduction = float(np.float64(var_indep) / var_d)
    if var_d == 0:
        p = 1.0 if mean == 0 else 0.0
        d_z = 0.0 if mean == 0 else float(np.copysign(np.inf, mean))
        return PairedResult(mean, mean, mean, p, d_z, n, reduction, confidence)
    from scipy import special  # not at import: see intervals.py

    se = float(np.sqrt(var_d / n))
    half = float(special.stdtrit(n - 1, (1 + confidence) / 2)) * se  # the t quantile
    p = float(2 * special.stdtr(n - 1, -abs(mean / se)))  # two-sided t tail
    d_z = mean / float(np.sqrt(var_d))
    return PairedResult(mean, mean - half, mean + half, p, d_z, n, reduction, confidence)


def holm(pvalues) -> np.ndarray:
    """Holm–Bonferroni step-down adjusted p-values, in the input order."""
    p = np.asarray(pvalues, dtype=float)
    if p.ndim != 1 or np.any(~((p >= 0) & (p <= 1))):
        raise ValueError("pvalues must be a 1-d array of values in [0, 1]")
    m = p.size
    order = np.argsort(p, kind="stable")
    stepped = np.maximum.accumulate((m - np.arange(m)) * p[order])
    adjusted = np.empty(m)
    adjusted[order] = np.minimum(stepped, 1.0)
    return adjusted
