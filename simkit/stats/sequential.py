"""Sequential stopping: precision targets, sample-size planning and Wald's SPRT."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .intervals import z_value
from .paired import paired_difference

__all__ = [
    "DEFAULT_MIN_PAIRS",
    "MIN_CHANGED_PAIRS",
    "MIN_PAIRS",
    "SPRTResult",
    "batches_needed",
    "halfwidth_stop",
    "paired_halfwidth",
    "precision_reached",
    "required_n_mean",
    "required_n_proportion",
    "sprt_bernoulli",
    "sprt_mean",
    "sprt_paired",
    "sprt_stop",
    "sprt_thresholds",
]

# A sequential rule looks at its data after every batch and stops on the first look that satisfies it, so it
# must not look before its statistics mean something. Both minimums below were set by simulation
# (benchmarks/stopping_operating_characteristics.py; figures in README, "House rules").
MIN_PAIRS = 30  # smallest minimum sample a stopping rule accepts: the plug-in SPRT's type I error stays near alpha
DEFAULT_MIN_PAIRS = 100
# A rule changing the outcome of a few deals gives mostly zero differences; their t interval is only as good as
# the count of non-zero ones (with none it is [0, 0] and "meets" any target). The half-width counts from this
# many on: the effective sample of a sparse difference is its non-zero pairs, like the events of a Poisson count.
MIN_CHANGED_PAIRS = 20


def _check_min_pairs(min_pairs: int) -> None:
    if min_pairs < MIN_PAIRS:
        raise ValueError(f"min_pairs must be at least {MIN_PAIRS}, got {min_pairs}")


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


def paired_halfwidth(differences, min_pairs: int = DEFAULT_MIN_PAIRS, confidence: float = 0.95) -> float:
    """Half-width of the paired t interval of ``differences`` (variant - baseline per pair) for a precision
    stopping rule: ``inf`` (not reached at any target) while there are fewer than ``min_pairs`` pairs or fewer
    than :data:`MIN_CHANGED_PAIRS` non-zero differences."""
    _check_min_pairs(min_pairs)
    d = np.asarray(differences, dtype=float).ravel()
    if d.size < min_pairs or np.count_nonzero(d) < MIN_CHANGED_PAIRS:
        return math.inf
    return paired_difference(d, np.zeros_like(d), confidence).halfwidth


def sprt_paired(differences, delta: float, alpha: float = 0.05, beta: float = 0.05,
                min_pairs: int = DEFAULT_MIN_PAIRS) -> str:
    """Two-sided SPRT on the mean of paired ``differences``: mean 0 against a change of ``delta`` up and against
    one of ``delta`` down, each at ``alpha / 2``, with the sample sd plugged in.

    Returns "change" (either one-sided test accepts its change), "smaller than delta" (both accept 0: there is
    no change as large as ``delta``, which does not rule out a smaller one) or "continue" (undecided, fewer
    than ``min_pairs`` pairs, or all differences equal).
    """
    _check_min_pairs(min_pairs)
    d = np.asarray(differences, dtype=float).ravel()
    sd = float(d.std(ddof=1)) if d.size >= 2 else 0.0
    if d.size < min_pairs or sd == 0:
        return "continue"
    mean = float(d.mean())
    up, down = (sprt_mean(d.size, mean, sd, side * abs(delta), alpha=alpha / 2, beta=beta) for side in (1, -1))
    if "accept H1" in (up.decision, down.decision):
        return "change"
    if up.decision == down.decision == "accept H0":
        return "smaller than delta"
    return "continue"


def _looks(size: int, batch: int) -> range:
    """Numbers of pairs at each look of a rule that checks after every ``batch`` pairs (the last may be short)."""
    if batch < 1:
        raise ValueError(f"batch must be at least 1, got {batch}")
    return range(batch, size + batch, batch)


def halfwidth_stop(differences, batch: int, target: float, min_pairs: int = DEFAULT_MIN_PAIRS) -> int:
    """How many of the paired ``differences``, looked at after every ``batch``, the half-width rule plays
    before it stops (all of them when it never does): replays the rule on a simulated sequence."""
    d = np.asarray(differences, dtype=float).ravel()
    for n in _looks(d.size, batch):
        n = min(n, d.size)
        if paired_halfwidth(d[:n], min_pairs) <= target:
            return n
    return d.size


def sprt_stop(differences, batch: int, delta: float, alpha: float = 0.05, beta: float = 0.05,
              min_pairs: int = DEFAULT_MIN_PAIRS) -> tuple[str, int]:
    """The decision of :func:`sprt_paired` looked at after every ``batch`` of the paired ``differences`` and
    the number of pairs it took ("continue" and all of them when it never decides)."""
    d = np.asarray(differences, dtype=float).ravel()
    for n in _looks(d.size, batch):
        n = min(n, d.size)
        decision = sprt_paired(d[:n], delta, alpha, beta, min_pairs)
        if decision != "continue":
            return decision, n
    return "continue", d.size
