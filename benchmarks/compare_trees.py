"""Games/s of two source trees (a base checkout and a changed one) measured in one run, interleaved (run by hand):

    python benchmarks/compare_trees.py BASE_TREE NEW_TREE --game atelier --players 4 --policy majority
    python benchmarks/compare_trees.py BASE_TREE NEW_TREE --lineup search,majority,majority,majority --games 4

Each tree gets its own warm worker process (its own compiled-code cache); the runs alternate between them, so a
slow spell of a shared machine falls on both, and the ratio of their medians is what to quote. Games per CPU second
of each worker are shown beside the wall-clock figures: on a crowded machine they are the closer estimate of one free
core. A run is what
`simkit bench` times: `play_batch` of --games games (fixed seats), after one warm-up batch.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

WORKER = r"""
import sys, time, json
from simkit.core.experiment import parse_experiment
from simkit.core.seating import seat_plan
game_id, players, lineup, games = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(","), int(sys.argv[4])
lineup = lineup * (players // len(lineup)) if len(lineup) == 1 else lineup
exp = parse_experiment({"experiment": {"game": game_id, "seats": "fixed"}, "rules": {"n_players": players},
                        "players": [{"policy": name} for name in lineup]}, "<compare>")
start = time.perf_counter()
seeds, seats = seat_plan("fixed", players, players, 0, 0, min(64, games))
exp.game.play_batch(seeds, exp.lineup, seats)
print(json.dumps({"warmup": time.perf_counter() - start}), flush=True)
for line in sys.stdin:
    seed = int(line)
    seeds, seats = seat_plan("fixed", players, players, seed, 0, games)
    start, cpu = time.perf_counter(), time.process_time()
    exp.game.play_batch(seeds, exp.lineup, seats)
    print(json.dumps({"s": time.perf_counter() - start, "cpu": time.process_time() - cpu}), flush=True)
"""


def start(tree: str, args) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=tree)
    return subprocess.Popen([sys.executable, "-c", WORKER, args.game, str(args.players), args.lineup or args.policy,
                             str(args.games)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=tree)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trees", nargs=2)
    parser.add_argument("--game", default="atelier")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--policy", default="majority", help="every seat's policy")
    parser.add_argument("--lineup", help="the seats' policies, comma-separated (instead of --policy)")
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    workers = [start(tree, args) for tree in args.trees]
    warm = [json.loads(w.stdout.readline())["warmup"] for w in workers]
    runs: list[list[float]] = [[] for _ in workers]
    cpu_runs: list[list[float]] = [[] for _ in workers]
    for r in range(args.repeat):
        for w, times, cpu_times in zip(workers, runs, cpu_runs):
            w.stdin.write(f"{r + 1}\n")
            w.stdin.flush()
            run = json.loads(w.stdout.readline())
            times.append(args.games / run["s"])
            cpu_times.append(args.games / run["cpu"])
    for w in workers:
        w.stdin.close()
        w.wait()
    medians = [statistics.median(t) for t in runs]
    cpu_medians = [statistics.median(t) for t in cpu_runs]
    for tree, m, cm, t, wu in zip(args.trees, medians, cpu_medians, runs, warm):
        print(f"{tree}: median {m:,.2f} games/s = {1 / m:.4f} s/game ({', '.join(f'{x:,.2f}' for x in t)}); "
              f"per CPU second {cm:,.2f}; warm-up {wu:.1f} s")
    print(f"{args.game} {args.players}p {args.lineup or args.policy}: ratio {medians[1] / medians[0]:.2f}x "
          f"(per CPU second {cpu_medians[1] / cpu_medians[0]:.2f}x)")


if __name__ == "__main__":
    main()
