"""Which layer of a run stops scaling over threads (run by hand):

    python benchmarks/scaling_layers.py [EXPERIMENT] [--games 1000000] [--repeat 2]

Plays the games of the experiment's first cell in chunks of `simkit run`'s default size on 1 and then 2 threads,
three ways, each adding a layer: the compiled batch loop alone (`engine.play_games` into a preallocated output),
`play_batch` (plus its Python glue: policy vectors, result arrays) and `play_chunk` (plus the results frame). The
compiled layers release Python's lock; what is added on top holds it. `run_overhead.py scaling` measures the whole
command (Parquet writing, the report's running totals, start-up) the same way. Wall times of one process: run it
on a quiet machine.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from simkit.core.compiled import policy_vector
from simkit.core.experiment import load_experiment
from simkit.core.runner import DEFAULT_CHUNK, play_chunk
from simkit.core.seating import seat_plan

CHUNK = DEFAULT_CHUNK


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("experiment", nargs="?", default="scenarios/canvas/first-game.toml")
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    exp = load_experiment(args.experiment)
    cell, n = exp.cells[0], args.games
    game, lineup = cell.game, cell.lineup
    play_chunk(exp, 0, exp.seed, 0, 8)  # compiled code loaded (or compiled) before any timing
    ids = np.array([game.policy_ids[c.name] for c in lineup], np.int8)
    params = np.array([policy_vector(c, game.policy_params, game.max_policy_params) for c in lineup])
    params = params.reshape(len(lineup), game.max_policy_params)

    def plan(start: int) -> tuple[np.ndarray, np.ndarray]:
        return seat_plan(exp.seats, cell.n_players, len(lineup), exp.seed, start, min(start + CHUNK, n))

    def engine_only(start: int) -> None:
        seeds, seats = plan(start)
        key = game.rules_keys(seeds[:1])[0]  # (a game whose games differ in rules record: the first one's, timed)
        out, state = game.layout.new(len(seeds), cell.n_players), game.new_state_record()
        game.engine.play_games(game.compiled_rules(key)[0], state[0], seeds, ids[seats], params[seats], out,
                               *game.policy_args(key, ids))

    def batch(start: int) -> None:
        seeds, seats = plan(start)
        game.play_batch(seeds, lineup, seats)

    def chunk(start: int) -> None:
        play_chunk(exp, 0, exp.seed, start, min(start + CHUNK, n))

    print(f"{n:,} games of {args.experiment} (first cell), chunks of {CHUNK:,}")
    for _ in range(args.repeat):
        for name, fn in (("compiled loop", engine_only), ("play_batch", batch), ("play_chunk", chunk)):
            walls = []
            for threads in (1, 2):
                start = time.perf_counter()
                with ThreadPoolExecutor(threads) as pool:
                    list(pool.map(fn, range(0, n, CHUNK)))
                walls.append(time.perf_counter() - start)
            print(f"  {name:13}: 1 thread {walls[0]:6.2f} s, 2 threads {walls[1]:6.2f} s, "
                  f"ratio {walls[0] / walls[1]:.2f}", flush=True)


if __name__ == "__main__":
    main()
