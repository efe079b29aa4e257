"""Operating characteristics of the sequential stopping rules (simkit.core.stopping), by simulation of paired
differences fed to the same functions the runner uses (simkit.stats.halfwidth_stop / sprt_stop); no game engine.

1. Coverage of the paired 95% t interval where the half-width rule stops, for a house rule that changes the
   outcome of a few deals by a fixed number of points (most paired differences are 0).
2. Type I error (true difference 0) and power (true difference = sprt_delta) of the two-sided SPRT, with the
   default minimum sample, at several batch sizes, for sd = 2 and 6 times sprt_delta.

Usage: python benchmarks/stopping_operating_characteristics.py [--runs N] [--seed S]   (a few minutes)
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from simkit.stats import DEFAULT_MIN_PAIRS, MIN_CHANGED_PAIRS, halfwidth_stop, paired_difference, sprt_stop

RARE = [(0.02, 5.0, 10, 0.05), (0.02, 5.0, 50, 0.05), (0.001, 20.0, 2000, 0.25)]  # rate, points, batch, target
BATCHES = (1, 2, 10, 100)
DELTA = 0.5


def share(hits: int, runs: int) -> str:
    """Share with its 95% normal-approximation margin."""
    p = hits / runs
    return f"{p:.3f} ± {1.96 * math.sqrt(p * (1 - p) / runs):.3f}"


def coverage(rng, rate: float, points: float, batch: int, target: float, runs: int) -> tuple[int, float]:
    cap = int(1200 / rate)  # about 1200 changed pairs: no run reaches it
    covered, stops = 0, []
    for _ in range(runs):
        d = points * (rng.random(cap) < rate)
        n = halfwidth_stop(d, batch, target)
        r = paired_difference(d[:n], np.zeros(n))
        covered += r.lo <= rate * points <= r.hi
        stops.append(n)
    return covered, float(np.median(stops))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    print(f"Half-width rule (min_pairs {DEFAULT_MIN_PAIRS}, at least {MIN_CHANGED_PAIRS} changed pairs), "
          f"{args.runs} runs each: coverage of the 95% interval where it stops")
    print("| change | batch | target | true difference | coverage | median pairs at stop |")
    print("|---|---|---|---|---|---|")
    for rate, points, batch, target in RARE:
        covered, median = coverage(rng, rate, points, batch, target, args.runs)
        print(f"| {points:g} points in {rate:.1%} of deals | {batch} | {target} | {rate * points:g} | "
              f"{share(covered, args.runs)} | {median:,.0f} |")
    runs = 2 * args.runs
    print(f"\nTwo-sided SPRT (sprt_delta {DELTA}, alpha = beta = 0.05, min_pairs {DEFAULT_MIN_PAIRS}), {runs} runs "
          "each: share of runs deciding 'difference detected'")
    print("| sd of differences | batch | type I error (true 0) | power (true = sprt_delta) | median pairs (true 0) |")
    print("|---|---|---|---|---|")
    for sd in (2 * DELTA, 6 * DELTA):
        cap = int(200 * (sd / DELTA) ** 2)  # far beyond Wald's expected sample size: ends undecided only rarely
        for batch in BATCHES:
            null = [sprt_stop(rng.normal(0.0, sd, cap), batch, DELTA) for _ in range(runs)]
            alt = [sprt_stop(rng.normal(DELTA, sd, cap), batch, DELTA)[0] for _ in range(runs)]
            alarms = sum(d == "change" for d, _ in null)
            print(f"| {sd:g} | {batch} | {share(alarms, runs)} | {share(alt.count('change'), runs)} | "
                  f"{np.median([n for _, n in null]):,.0f} |")


if __name__ == "__main__":
    main()
