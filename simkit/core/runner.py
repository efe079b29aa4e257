"""Run an experiment: split every cell (variant x player count) into chunks of games, play them on a
backend, keep each finished chunk in a store, and return one results frame.

Every game's seed and seating depend only on (master seed, game index), never on the variant, the chunking or
the worker: results are identical for any backend, number of jobs and chunk size, and game i of every variant
is played on the same deal (common random numbers).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Callable

import numpy as np
import polars as pl
from tqdm.auto import tqdm

from simkit.core.backends import backend_map
from simkit.core.experiment import Experiment
from simkit.core.results import results_frame
from simkit.core.seating import seat_plan
from simkit.core.stopping import check
from simkit.core.store import ChunkStore

DEFAULT_CHUNK = 4096


@dataclass(frozen=True)
class RunOptions:
    games: int | None = None  # overrides the experiment's game count (the cap with a stopping rule)
    seed: int | None = None
    jobs: int = 1
    chunk_size: int = DEFAULT_CHUNK
    backend: str = "local"
    scheduler: str | None = None
    progress: bool | None = None  # None: a bar when stderr is a terminal


def play_chunk(exp: Experiment, cell_index: int, master_seed: int, start: int, stop: int) -> pl.DataFrame:
    """Play games start..stop-1 of one cell; their rows of the results frame."""
    cell = exp.cells[cell_index]
    seeds, seats = seat_plan(exp.seats, cell.n_players, len(cell.lineup), master_seed, start, stop)
    arrays = cell.game.play_batch(seeds, cell.lineup, seats)
    return results_frame(experiment=exp.name, game=cell.game, variant=cell.variant,
                         game_index=np.arange(start, stop), seeds=seeds, seats=seats,
                         lineup_labels=[c.label for c in cell.lineup], arrays=arrays)


def _warm_up(exp: Experiment, master_seed: int, part: str) -> None:
    """Compile part of the game's code into numba's disk cache: "engine" the step-by-step transitions, "game"
    everything one game of the first cell needs (the engine loaded from the cache if already there)."""
    if part == "engine":
        state = exp.cells[0].game.new_initial_state(master_seed)
        state.apply_action(state.legal_actions()[0])
        state.scores()
    else:
        play_chunk(exp, 0, master_seed, 0, 1)


def _spans(start: int, stop: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, stop)) for a in range(start, stop, size)]


def run_experiment(exp: Experiment, options: RunOptions = RunOptions(), *, store: ChunkStore | None = None,
                   log: Callable[[str], None] = lambda line: None) -> pl.DataFrame:
    """Play the experiment; one row per (game, seat), cells in experiment order, games in index order."""
    cap = exp.games if options.games is None else options.games
    master = exp.seed if options.seed is None else options.seed
    batch = exp.stopping.batch if exp.stopping else cap
    show = sys.stderr.isatty() if options.progress is None else options.progress
    frames: list[pl.DataFrame] = []
    with backend_map(options.backend, jobs=options.jobs, scheduler=options.scheduler) as run_map, \
            tqdm(total=cap * len(exp.cells), unit="game", disable=not show, desc=exp.name) as bar:
        # two workers compile the game's code side by side (instead of every worker all of it at once); the others
        # load it from numba's disk cache (workers on other machines have their own: not done there). Only once
        # there is a game to play: a resumed run whose chunks are all stored compiles nothing.
        warm_up = options.jobs > 1 and options.backend != "dask"
        for batch_start in range(0, cap, batch):
            units = [(i, a, b) for i in range(len(exp.cells))
                     for a, b in _spans(batch_start, min(batch_start + batch, cap), options.chunk_size)]
            keys = [f"cell{i:03d}-{a:010d}-{b:010d}" for i, a, b in units]
            stored = {k: store.get(k) for k in keys} if store else {}
            todo = [(u, k) for u, k in zip(units, keys) if stored.get(k) is None]
            bar.update(sum(b - a for (_, a, b), k in zip(units, keys) if stored.get(k) is not None))  # resumed
            if todo and warm_up:
                list(run_map(_warm_up, [(exp, master, "engine"), (exp, master, "game")]))
                warm_up = False
            results = run_map(play_chunk, [(exp, i, master, a, b) for (i, a, b), _ in todo])
            for ((_, a, b), key), frame in zip(todo, results, strict=True):
                if store:
                    store.put(key, frame)
                stored[key] = frame
                bar.update(b - a)
            frames += [stored[k] for k in keys]
            if exp.stopping:
                verdict = check(exp.stopping, pl.concat(frames))
                log(f"after {min(batch_start + batch, cap):,} games per cell: {verdict.detail}")
                if verdict.stop:
                    break
    df = pl.concat(frames)
    if cap <= batch:  # one batch: the frames are already in cell order, then game order
        return df
    order = {v: i for i, v in enumerate(exp.variants)}
    return (df.with_columns(pl.col("variant").cast(pl.String).replace_strict(order).alias("_v"))
            .sort("_v", "n_players", "game_index", "seat", maintain_order=True).drop("_v"))
