"""Sequential stopping: precision targets, sample-size planning and Wald's SPRT."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .intervals import z_value

__all__ = [
    "SPRTResult",
    "batches_needed",
    "precision_reached",
    "required_n_mean",
    "required_n_proportion",
    "sprt_bernoulli",
    "sprt_mean",
    "sprt_thresholds",
]


def precision_reached(halfwidths, target) -> bool:
    """True when there is at least one half-width and all are finite and ``<= target``.

    ``target`` may be a scalar or broadcast against ``halfwidths``.
    """
    h = np.asarray(halfwidths, dtype=float)
    return h.size > 0 and bool(np.all(np.isfinite(h) & (h <= np.asarray(target, dtype=float))))


def _ceil_n(n):
    out = np.maximum(np.ceil(np.asarray(n, dtype=float) - 1e-9), 1).astype(int)
    return int(out) if out.ndim == 0 else out


def required_n_mean(sd, halfwidth, confidence: float = 0.95):
    """Smallest n with normal half-width ``<= halfwidth`` for a mean, given a pilot ``sd``."""
    return _ceil_n((z_value(confidence) * np.asarray(sd, dtype=float) / halfwidth) ** 2)


def required_n_proportion(p, halfwidth, confidence: float = 0.95):
    """Smallest n with Wald half-width ``<= halfwidth`` for a proportion near pilot ``p``.

    ``p = 0.5`` is the worst case.
    """
    p = np.asarray(p, dtype=float)
    return _ceil_n(z_value(confidence) ** 2 * p * (1 - p) / halfwidth**2)


def batches_needed(halfwidth: float, n: int, target: float, batch_size: int) -> int:
    """Further batches needed to shrink ``halfwidth`` (from ``n`` samples) to ``target``.

    Assumes the half-width scales as 1/sqrt(n).
    """
    if halfwidth <= target:
        return 0
    total = n * (halfwidth / target) ** 2
    return math.ceil((total - n) / batch_size - 1e-9)


@dataclass(frozen=True)
class SPRTResult:
    """Outcome of Wald's SPRT: decision, log-likelihood ratio and its stopping bounds."""

    decision: str  # "accept H0", "accept H1" or "continue"
    llr: float
    lower: float
    upper: float


def sprt_thresholds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """Wald's log-LLR bounds ``(B, A) = (ln(beta/(1-alpha)), ln((1-beta)/alpha))``."""
    if not (0 < alpha < 1 and 0 < beta < 1 and alpha + beta < 1):
        raise ValueError("need 0 < alpha, beta and alpha + beta < 1")
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _decide(llr: float, alpha: float, beta: float) -> SPRTResult:
    lower, upper = sprt_thresholds(alpha, beta)
    decision = "accept H1" if llr >= upper else "accept H0" if llr <= lower else "continue"
    return SPRTResult(decision, float(llr), lower, upper)


def sprt_bernoulli(
    successes: float, n: int, p0: float, p1: float, alpha: float = 0.05, beta: float = 0.05
) -> SPRTResult:
    """SPRT of rate ``p0`` (H0) against ``p1`` (H1) from cumulative counts.

    Fractional ``successes`` (split ties) are accepted and enter the
    log-likelihood ratio linearly.
    """
    if not (0 < p0 < 1 and 0 < p1 < 1 and p0 != p1):
        raise ValueError("need distinct p0, p1 in (0, 1)")
    if not 0 <= successes <= n:
        raise ValueError("need 0 <= successes <= n")
    llr = successes * math.log(p1 / p0) + (n - successes) * math.log((1 - p1) / (1 - p0))
    return _decide(llr, alpha, beta)


def sprt_mean(
    n: int,
    mean: float,
    sd: float,
    delta: float,
    mu0: float = 0.0,
    alpha: float = 0.05,
    beta: float = 0.05,
) -> SPRTResult:
    """SPRT of mean ``mu0`` (H0) against ``mu0 + delta`` (H1) for normal data.

    Typical data are paired differences.

    Takes the running ``n``, sample ``mean`` and ``sd``; with ``sd`` estimated
    from the same data this is the usual plug-in (generalised) SPRT.
    """
    if delta == 0 or not sd > 0:
        raise ValueError("need delta != 0 and sd > 0")
    llr = n * delta / sd**2 * (mean - mu0 - delta / 2)
    return _decide(llr, alpha, beta)
