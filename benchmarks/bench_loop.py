"""Play batches of a game without end (a process for a profiler to sample; stop it with Ctrl-C or kill):

    python benchmarks/bench_loop.py GAME [POLICY] [--players N] [--games G]
"""

from __future__ import annotations

import argparse

from simkit.bench import bench


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("policy", nargs="?", help="every seat's policy (default: the game's bench_policy)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20_000, help="games per batch")
    args = parser.parse_args()
    while True:
        bench(args.game, players=args.players, policy=args.policy, games=args.games, repeat=1)


if __name__ == "__main__":
    main()
