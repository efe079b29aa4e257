"""The one way reports print an estimate with its interval: "estimate [lo, hi]", as numbers or in percent.

A missing estimate (None or NaN) prints "n/a"; missing bounds print the estimate alone. A value that rounds to
zero never shows a minus sign. With `digits=None` the decimals follow the interval: about one significant
digit of its half-width (at least `least`, at most 4), more while a nonzero bound would print as 0.
"""

from __future__ import annotations

import math

MAX_DIGITS = 4


def _missing(x) -> bool:
    return x is None or not math.isfinite(x)


def _number(x: float, digits: int, signed: bool = False) -> str:
    x = round(x, digits) + 0.0  # + 0.0 turns -0.0 into 0.0
    return f"{x:{'+' if signed else ''}.{digits}f}"


def resolving_digits(lo: float, hi: float, least: int = 1) -> int:
    """Decimals that show an interval's width: see the module docstring."""
    halfwidth = (hi - lo) / 2
    if _missing(halfwidth) or halfwidth <= 0:
        digits = max(least, 2)
    else:
        digits = int(min(MAX_DIGITS, max(least, math.ceil(-math.log10(halfwidth)))))
    while digits < MAX_DIGITS and any(b != 0 and round(b, digits) == 0 for b in (lo, hi) if not _missing(b)):
        digits += 1
    return digits


def interval_text(estimate, lo, hi, digits: int | None = 2, *, least: int = 1, signed: bool = False) -> str:
    """"estimate [lo, hi]" with `digits` decimals (None: `resolving_digits`); `signed` puts a sign on the
    estimate (for differences)."""
    if _missing(estimate):
        return "n/a"
    if digits is None:
        digits = resolving_digits(lo, hi, least)
    if _missing(lo) or _missing(hi):
        return _number(estimate, digits, signed)
    return f"{_number(estimate, digits, signed)} [{_number(lo, digits)}, {_number(hi, digits)}]"


def percent_text(p, lo, hi, digits: int | None = 1, *, signed: bool = False) -> str:
    """A probability (or a difference of probabilities) and its interval in percent (points)."""
    scaled = [None if _missing(x) else 100 * x for x in (p, lo, hi)]
    return interval_text(*scaled, digits, signed=signed)
