"""Speed and memory benchmarks (run by hand: python benchmarks/run_all.py [--games-large N]).

1. games/s of the compiled batch path on one core, median of 5 runs, compile/cache-load time apart;
2. one worker vs two workers on a large run (ratio measured in one run);
3. memory and Parquet size of the results of that run.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

from simkit.bench import bench
from simkit.core.experiment import parse_experiment
from simkit.core.results import write_parquet
from simkit.core.runner import RunOptions, run_experiment


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games-large", type=int, default=1_000_000)
    args = parser.parse_args()

    for policy in ("greedy", "planner", "random"):
        r = bench("canvas", players=4, policy=policy, games=100_000, repeat=5)
        runs = ", ".join(f"{x:,.0f}" for x in r["runs"])
        print(f"canvas 4p {policy}: median {r['median']:,.0f} games/s over 5 runs ({runs}); "
              f"warm-up {r['warmup_s']:.2f} s")

    exp = parse_experiment({"experiment": {"game": "canvas", "games": args.games_large, "seed": 1},
                            "players": [{"policy": "greedy"}] * 4}, "<benchmark>")
    timings = {}
    for jobs in (1, 2):
        start = time.perf_counter()
        df = run_experiment(exp, RunOptions(jobs=jobs, chunk_size=50_000, progress=False))
        timings[jobs] = time.perf_counter() - start
        print(f"{args.games_large:,} games, {jobs} job(s): {timings[jobs]:.1f} s "
              f"({args.games_large / timings[jobs]:,.0f} games/s)")
    print(f"speed-up of 2 workers over 1: {timings[1] / timings[2]:.2f}x")
    print(f"results frame: {df.height:,} rows, {df.estimated_size() / 1e6:.0f} MB in memory")
    with tempfile.TemporaryDirectory() as tmp:
        path = write_parquet(df, os.path.join(tmp, "r.parquet"))
        print(f"Parquet on disk: {os.path.getsize(path) / 1e6:.0f} MB")


if __name__ == "__main__":
    main()
