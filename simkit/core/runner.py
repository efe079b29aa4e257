"""Run an experiment: split the games into chunks, play them (in parallel with joblib), collect one frame.

Every game's seed and seating depend only on (master seed, game index), so results are identical for any
number of jobs and any chunk size.
"""

from __future__ import annotations

import sys
from typing import Iterator

import numpy as np
import polars as pl
from joblib import Parallel, delayed
from tqdm.auto import tqdm

from simkit.core.experiment import Experiment
from simkit.core.results import results_frame
from simkit.core.seating import seat_plan

DEFAULT_CHUNK = 4096


def _chunks(n_games: int, chunk_size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, n_games, chunk_size):
        yield start, min(start + chunk_size, n_games)


def play_chunk(exp: Experiment, master_seed: int, start: int, stop: int) -> pl.DataFrame:
    """Play games start..stop-1 of an experiment; their rows of the results frame."""
    game = exp.game
    seeds, seats = seat_plan(exp.seats, game.n_players, master_seed, start, stop)
    arrays = game.play_batch(seeds, exp.lineup, seats)
    return results_frame(experiment=exp.name, game=game, variant=exp.variant, game_index=np.arange(start, stop),
                         seeds=seeds, seats=seats, lineup_labels=[c.label for c in exp.lineup], arrays=arrays)


def run_experiment(exp: Experiment, *, games: int | None = None, seed: int | None = None, jobs: int = 1,
                   chunk_size: int = DEFAULT_CHUNK, progress: bool | None = None) -> pl.DataFrame:
    """Play the experiment's games; one row per (game, seat)."""
    n_games = exp.games if games is None else games
    master = exp.seed if seed is None else seed
    spans = list(_chunks(n_games, chunk_size))
    tasks = (delayed(play_chunk)(exp, master, a, b) for a, b in spans)
    if jobs == 1:
        outputs = (task[0](*task[1], **task[2]) for task in tasks)
    else:
        outputs = Parallel(n_jobs=jobs, return_as="generator")(tasks)
    show = sys.stderr.isatty() if progress is None else progress
    frames = []
    with tqdm(total=n_games, unit="game", disable=not show, desc=exp.name) as bar:
        for (a, b), frame in zip(spans, outputs):
            frames.append(frame)
            bar.update(b - a)
    return pl.concat(frames, how="vertical")
