"""Where a difference curve crosses zero (e.g. the parameter value at which two strategies' win shares are equal),
with a paired cluster-bootstrap interval.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .intervals import check_confidence

__all__ = ["Crossing", "crossing_point"]


@dataclass(frozen=True)
class Crossing:
    """Root of the least-squares line through the mean difference at each x."""

    estimate: float  # x where the fitted line is zero (nan when it is flat)
    lo: float  # percentile bootstrap interval of the root
    hi: float
    slope: float  # of the fitted line, with its bootstrap interval
    slope_lo: float
    slope_hi: float
    inside: float  # share of bootstrap roots within [min x, max x]
    n: int  # clusters
    confidence: float
    x_min: float  # the swept range
    x_max: float

    @property
    def crosses(self) -> bool:
        """The line's slope interval excludes zero and the root's interval lies within [x_min, x_max]."""
        return (self.slope_lo > 0 or self.slope_hi < 0) and self.x_min <= self.lo and self.hi <= self.x_max


def _fit(x: np.ndarray, means: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Slopes and roots of the least-squares lines through each row of means (rows x len(x))."""
    xc = x - x.mean()
    slope = means @ xc / (xc @ xc)
    with np.errstate(divide="ignore", invalid="ignore"):
        root = x.mean() - means.mean(axis=1) / slope
    return slope, root


def crossing_point(x, y, *, n_boot: int = 2000, confidence: float = 0.95, seed: int = 0) -> Crossing:
    """x: (k,) distinct values; y: (clusters, k), each cluster's difference at every x (for example, per deal of
    games, strategy A's win share minus B's under each of k curves played on the same seeds). The estimate is the
    root of the least-squares line through the column means. The interval resamples whole clusters (rows), the
    same rows at every x, so common random numbers stay paired; roots outside the x range are kept (a percentile
    interval beyond the range says the crossing is not located within it)."""
    check_confidence(confidence)
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim != 1 or y.ndim != 2 or y.shape[1] != x.size:
        raise ValueError("need x of shape (k,) and y of shape (clusters, k)")
    if x.size < 2 or np.ptp(x) == 0:
        raise ValueError("need at least two distinct x values")
    if y.shape[0] < 2 or not np.all(np.isfinite(y)):
        raise ValueError("need at least two clusters of finite values")
    slope, root = _fit(x, y.mean(axis=0)[None, :])
    rng = np.random.default_rng(seed)
    c = y.shape[0]
    weights = rng.multinomial(c, np.full(c, 1 / c), size=n_boot)  # bootstrap counts of each cluster
    b_slope, b_root = _fit(x, weights @ y / c)
    alpha = (1 - confidence) / 2
    finite = b_root[np.isfinite(b_root)]
    lo, hi = (np.quantile(finite, [alpha, 1 - alpha]) if finite.size else (np.nan, np.nan))
    s_lo, s_hi = np.quantile(b_slope, [alpha, 1 - alpha])
    inside = float(np.mean((b_root >= x.min()) & (b_root <= x.max())))
    return Crossing(float(root[0]), float(lo), float(hi), float(slope[0]), float(s_lo), float(s_hi), inside, c,
                    confidence, float(x.min()), float(x.max()))
