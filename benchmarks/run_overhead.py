"""What a `simkit run` costs beyond playing its games: start-up, peak memory and the scaling over workers.

Runs `python -m simkit.cli run EXPERIMENT` in a child process, repeatedly, and watches its process tree (the main
process, its threads and any worker processes) with psutil every 20 ms:

    python benchmarks/run_overhead.py startup            # warm 10,000-game first-game.toml run: wall and CPU time
    python benchmarks/run_overhead.py memory --games 100000 1000000 2000000   # peak resident memory per size
    python benchmarks/run_overhead.py scaling --games 1000000                  # 1 worker against 2
    python benchmarks/run_overhead.py scaling --repeat 1 --experiment scenarios/ink/strategies-4p.toml  # another game

Each measurement prints the median of `--repeat` runs and every run. `--root DIR` runs another checkout of simkit
(e.g. an older commit unpacked with `git archive`), so a before/after comparison uses this same script; give each
checkout its own NUMBA_CACHE_DIR and run it once before timing (the first run compiles).

The machine is often shared: CPU times (user + system, of every process of the run) are the stable figures, wall
times are not. For the scaling, the "workers" are everything but the main process's main thread: the worker
threads that play a compiled lineup's chunks (and polars' threads), or worker processes. The run's phases are read
from the samples: the parallel phase is the span in which the workers' CPU time grows while they play (not their
exit at the end: RunStats.phases); the main thread's CPU time outside it is serial (imports, report) and inside it
overlaps the workers (collecting results).
The speedup a quiet 2-core machine would show is estimated as
cpu(1 worker) / (serial + (workers + main during the parallel phase) / 2).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
EXPERIMENT = "scenarios/canvas/first-game.toml"
SAMPLE_S = 0.02
GAP_S = 1.0  # idle workers between stretches of play longer than this end a stretch (see RunStats.phases)


@dataclass
class RunStats:
    wall: float
    cpu: dict[int, float] = field(default_factory=dict)  # pid -> last seen user + system time
    peak_rss: dict[int, int] = field(default_factory=dict)  # pid -> largest resident set seen
    peak_tree_rss: int = 0  # largest sum over the tree at one sample
    main: int = 0
    main_thread_cpu: float = 0.0  # last seen user + system time of the main process's main thread
    samples: list[tuple[float, float, float]] = field(default_factory=list)  # (t, main thread's cpu, workers' cpu)

    @property
    def total_cpu(self) -> float:
        return sum(self.cpu.values())

    @property
    def workers_cpu(self) -> float:
        return self.total_cpu - self.main_thread_cpu

    def phases(self) -> tuple[float, float]:
        """(main CPU outside the parallel phase, main CPU inside it). The parallel phase runs from the first sample
        in which the workers use over half a core (idle workers tick a little) and the main thread less, to the end
        of the last stretch of such samples (gaps under GAP_S) that holds at least a tenth of the workers' CPU: the
        workers' exit when the run ends (a burst of CPU after the report) is no play, and counting it would make the
        report parallel."""
        main_total = self.main_thread_cpu
        s = self.samples
        # play: the workers use over half a core while the main thread, which waits for their results, uses less
        # (polars' threads also work while the main thread imports or writes the report: that is no play)
        growing = [i for i in range(1, len(s)) if s[i][2] - s[i - 1][2] > 0.5 * (s[i][0] - s[i - 1][0])
                   and s[i][1] - s[i - 1][1] < 0.5 * (s[i][0] - s[i - 1][0])]
        if not growing:
            return main_total, 0.0
        stretches = [[growing[0], growing[0]]]
        for i in growing[1:]:
            if s[i][0] - s[stretches[-1][1]][0] > GAP_S:
                stretches.append([i, i])
            stretches[-1][1] = i
        last = max((end for start, end in stretches if s[end][2] - s[start - 1][2] >= 0.1 * s[-1][2]),
                   default=growing[-1])
        inside = s[last][1] - s[growing[0] - 1][1]
        return main_total - inside, inside


def watch(args: list[str], root: Path) -> RunStats:
    """Run the command in `root` and sample its process tree until it ends."""
    env = {**os.environ, "PYTHONPATH": str(root)}
    errors = tempfile.TemporaryFile()
    start = time.perf_counter()
    proc = subprocess.Popen(args, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=errors)
    stats = RunStats(wall=0.0, main=proc.pid)
    main = psutil.Process(proc.pid)
    while proc.poll() is None:
        try:
            tree = [main, *main.children(recursive=True)]
            rss = 0
            for p in tree:
                with p.oneshot():
                    stats.cpu[p.pid] = p.cpu_times().user + p.cpu_times().system
                    r = p.memory_info().rss
                rss += r
                stats.peak_rss[p.pid] = max(stats.peak_rss.get(p.pid, 0), r)
            stats.peak_tree_rss = max(stats.peak_tree_rss, rss)
            stats.main_thread_cpu = next(t.user_time + t.system_time for t in main.threads() if t.id == proc.pid)
            stats.samples.append((time.perf_counter() - start, stats.main_thread_cpu,
                                  stats.total_cpu - stats.main_thread_cpu))
        except psutil.Error:
            pass  # a process ended between listing and reading it
        time.sleep(SAMPLE_S)
    stats.wall = time.perf_counter() - start
    if proc.returncode != 0:
        errors.seek(0)
        raise SystemExit(f"{' '.join(args)} failed:\n{errors.read().decode()}")
    return stats


def simkit_run(args, games: int | None, jobs: int, extra: list[str]) -> RunStats:
    """`simkit run` of the experiment in args.root's checkout, watched."""
    with tempfile.TemporaryDirectory(prefix="run-overhead-") as out:
        cmd = [sys.executable, "-m", "simkit.cli", "run", args.experiment, "--out", out, "--jobs", str(jobs), *extra]
        return watch(cmd + (["--games", str(games)] if games else []), args.root)


def _med(values) -> float:
    return statistics.median(values)


def startup(args) -> None:
    runs = [simkit_run(args, None, 1, []) for _ in range(args.repeat)]
    print(f"warm `simkit run {args.experiment}` (the file's game count), {args.repeat} runs, root {args.root}")
    print(f"  wall  median {_med(r.wall for r in runs):.2f} s   runs: " + " ".join(f"{r.wall:.2f}" for r in runs))
    print(f"  CPU   median {_med(r.total_cpu for r in runs):.2f} s   runs: "
          + " ".join(f"{r.total_cpu:.2f}" for r in runs))
    print(f"  peak RSS median {_med(r.peak_tree_rss for r in runs) / 2**20:.0f} MB")


def memory(args) -> None:
    print(f"peak resident memory, {args.experiment}, {args.jobs} job(s), root {args.root}")
    for games in args.games:
        runs = [simkit_run(args, games, args.jobs, []) for _ in range(args.repeat)]
        main = _med(r.peak_rss[r.main] for r in runs) / 2**20
        largest_worker = _med(max([v for pid, v in r.peak_rss.items() if pid != r.main] or [0]) for r in runs) / 2**20
        tree = _med(r.peak_tree_rss for r in runs) / 2**20
        print(f"  {games:>10,} games: main process {main:6.0f} MB, largest worker {largest_worker:6.0f} MB, "
              f"whole tree {tree:6.0f} MB; wall {_med(r.wall for r in runs):.1f} s")


def scaling(args) -> None:
    games = args.games[0]
    print(f"{games:,} games of {args.experiment}, chunk size {args.chunk_size or 'the command default'}, "
          f"root {args.root}")
    extra = ["--chunk-size", str(args.chunk_size)] if args.chunk_size else []
    one, two = [], []
    for _ in range(args.repeat):  # interleaved, so a change in the machine's load touches both
        one.append(simkit_run(args, games, 1, extra))
        two.append(simkit_run(args, games, 2, extra))
    c1 = _med(r.total_cpu for r in one)
    serial = _med(r.phases()[0] for r in two)
    during = _med(r.phases()[1] for r in two)
    workers = _med(r.workers_cpu for r in two)
    print(f"  1 worker : wall {_med(r.wall for r in one):7.1f} s, CPU {c1:7.1f} s = {c1 / games * 1e6:.1f} us/game")
    print(f"  2 workers: wall {_med(r.wall for r in two):7.1f} s, workers' CPU {workers:7.1f} s "
          f"= {workers / games * 1e6:.1f} us/game, main thread: {serial:.1f} s serial + {during:.1f} s during play")
    print(f"  wall speedup (this machine, as loaded): {_med(r.wall for r in one) / _med(r.wall for r in two):.2f}x")
    print(f"  speedup estimated for a quiet 2-core machine (a bound: the parallel part packed perfectly on both "
          f"cores): {c1 / (serial + (workers + during) / 2):.2f}x "
          f"(serial fraction {serial / (serial + (workers + during) / 2):.1%})")
    for r in two:
        print(f"    2-worker run: wall {r.wall:.1f} s, peak RSS of the tree {r.peak_tree_rss / 2**20:.0f} MB, "
              "per process CPU: " + ", ".join(f"{c:.1f}" for c in sorted(r.cpu.values(), reverse=True) if c > 0.05))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("startup", "memory", "scaling"))
    parser.add_argument("--experiment", default=EXPERIMENT, help=f"experiment file, relative to --root (default "
                                                                 f"{EXPERIMENT})")
    parser.add_argument("--games", type=int, nargs="+", default=[1_000_000])
    parser.add_argument("--jobs", type=int, default=1, help="workers for `memory`")
    parser.add_argument("--chunk-size", type=int, help="games per work unit (default: the command's default)")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--root", type=Path, default=ROOT, help="the simkit checkout to run")
    args = parser.parse_args()
    {"startup": startup, "memory": memory, "scaling": scaling}[args.what](args)


if __name__ == "__main__":
    main()
