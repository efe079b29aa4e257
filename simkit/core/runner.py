"""Run an experiment: split every cell (variant x player count) into chunks of games, play them on a
backend, keep each finished chunk in a store, and return one results frame. `play_indices` plays chosen games
of chosen cells (a report's own selection) the same way.

Every game's seed and seating depend only on (master seed, game index), never on the variant, the chunking or
the worker: results are identical for any backend, number of jobs and chunk size, and game i of every variant
is played on the same deal (common random numbers).
"""

from __future__ import annotations

import sys
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence

import numpy as np
import polars as pl

from simkit.core.backends import backend_map
from simkit.core.experiment import Experiment
from simkit.core.results import parquet_appender, results_frame
from simkit.core.seating import seat_plan
from simkit.core.stopping import STOPPING_COLUMNS, check
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


class _Quiet:
    def update(self, n: int) -> None:
        pass


@contextmanager
def _progress(total: int, show: bool | None, desc: str | None = None):
    """A progress bar (tqdm) when `show` (None: when stderr is a terminal), else one that shows nothing."""
    if not (sys.stderr.isatty() if show is None else show):
        yield _Quiet()
        return
    from tqdm.auto import tqdm  # a fifth of a second to import: only when shown

    with tqdm(total=total, unit="game", desc=desc) as bar:
        yield bar


@dataclass(frozen=True)
class CellGames:
    """Some games of one experiment cell, by game index: what `play_indices` plays."""
    exp: Experiment
    cell_index: int
    indices: np.ndarray  # game indices, in the order their rows are wanted


def play_games(exp: Experiment, cell_index: int, master_seed: int, indices: np.ndarray) -> pl.DataFrame:
    """Play the given games of one cell; their rows of the results frame, in the order of `indices`."""
    cell = exp.cells[cell_index]
    indices = np.asarray(indices, np.int64)
    first = int(indices.min()) if len(indices) else 0
    stop = int(indices.max()) + 1 if len(indices) else 0
    seeds, seats = seat_plan(exp.seats, cell.n_players, len(cell.lineup), master_seed, first, stop)
    seeds, seats = seeds[indices - first], seats[indices - first]
    arrays = cell.game.play_batch(seeds, cell.lineup, seats)
    return results_frame(experiment=exp.name, game=cell.game, variant=cell.variant, game_index=indices,
                         seeds=seeds, seats=seats, lineup_labels=[c.label for c in cell.lineup], arrays=arrays)


def play_chunk(exp: Experiment, cell_index: int, master_seed: int, start: int, stop: int) -> pl.DataFrame:
    """Play games start..stop-1 of one cell; their rows of the results frame."""
    return play_games(exp, cell_index, master_seed, np.arange(start, stop))


def _play_pieces(pieces: Sequence[tuple[Experiment, int, int, np.ndarray]]) -> list[pl.DataFrame]:
    return [play_games(*piece) for piece in pieces]


def _pack(work: Sequence[CellGames], size: int) -> list[list[tuple[int, np.ndarray]]]:
    """Tasks of at most `size` games: consecutive entries share a task (what a game builds once per ruleset
    and process, e.g. Canvas's painting tables, is then built once per task); a long entry is split."""
    tasks: list[list[tuple[int, np.ndarray]]] = [[]]
    room = size
    for entry, games in enumerate(work):
        indices = np.asarray(games.indices, np.int64)
        while len(indices):
            piece, indices = indices[:room], indices[room:]
            tasks[-1].append((entry, piece))
            room -= len(piece)
            if room == 0:
                tasks.append([])
                room = size
    return [task for task in tasks if task]


def play_indices(work: Sequence[CellGames], options: RunOptions = RunOptions()) -> list[pl.DataFrame]:
    """Play each entry's games on the options' backend in tasks of at most `options.chunk_size` games; one
    results frame per entry, rows in its index order. A game's seed and seats depend only on (master seed,
    game index), as in `run_experiment`: the same games whatever the backend, jobs and chunk size."""
    if any(len(w.indices) == 0 for w in work):
        raise ValueError("every entry needs at least one game index")
    tasks = _pack(work, options.chunk_size)
    pieces: list[list[pl.DataFrame]] = [[] for _ in work]
    args = [[(work[e].exp, work[e].cell_index, work[e].exp.seed if options.seed is None else options.seed, idx)
             for e, idx in task] for task in tasks]
    with backend_map(options.backend, jobs=options.jobs, scheduler=options.scheduler) as run_map, \
            _progress(sum(len(w.indices) for w in work), options.progress) as bar:
        for task, frames in zip(tasks, run_map(_play_pieces, [(a,) for a in args]), strict=True):
            for (entry, idx), frame in zip(task, frames, strict=True):
                pieces[entry].append(frame)
                bar.update(len(idx))
    return [pl.concat(p) for p in pieces]


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


def _unit_key(cell_index: int, start: int, stop: int) -> str:
    """A work unit's name in the chunk store; names sort in results order (cell, then game)."""
    return f"cell{cell_index:03d}-{start:010d}-{stop:010d}"


def _played(exp: Experiment, options: RunOptions, store: ChunkStore | None,
            log: Callable[[str], None]) -> Iterator[tuple[str, pl.DataFrame]]:
    """Every work unit's (key, results frame), batch by batch (a stopping rule's batches; one batch without), cells
    in experiment order then games in index order within a batch. Units already in the store are read from it, the
    others played on the backend and stored as they arrive; only one unit's frame is held at a time (and, with a
    stopping rule, the columns it reads)."""
    cap = exp.games if options.games is None else options.games
    master = exp.seed if options.seed is None else options.seed
    batch = exp.stopping.batch if exp.stopping else cap
    watched: list[pl.DataFrame] = []  # what the stopping rule reads of the games played so far
    with backend_map(options.backend, jobs=options.jobs, scheduler=options.scheduler) as run_map, \
            _progress(cap * len(exp.cells), options.progress, exp.name) as bar:
        # two workers compile the game's code side by side (instead of every worker all of it at once); the others
        # load it from numba's disk cache (workers on other machines have their own: not done there). Only once
        # there is a game to play: a resumed run whose chunks are all stored compiles nothing.
        warm_up = options.jobs > 1 and options.backend != "dask"
        for batch_start in range(0, cap, batch):
            units = [(i, a, b) for i in range(len(exp.cells))
                     for a, b in _spans(batch_start, min(batch_start + batch, cap), options.chunk_size)]
            todo = [u for u in units if not (store and store.has(_unit_key(*u)))]
            bar.update(sum(b - a for _, a, b in units) - sum(b - a for _, a, b in todo))  # resumed
            if todo and warm_up:
                list(run_map(_warm_up, [(exp, master, "engine"), (exp, master, "game")]))
                warm_up = False
            pending = set(todo)
            with closing(run_map(play_chunk, [(exp, i, master, a, b) for i, a, b in todo])) as results:
                for unit in units:
                    key = _unit_key(*unit)
                    if unit in pending:
                        frame = next(results)
                        if store:
                            store.put(key, frame)
                        bar.update(unit[2] - unit[1])
                    else:
                        frame = store.get(key)
                    if exp.stopping:
                        watched.append(frame.select(STOPPING_COLUMNS))
                    yield key, frame
            if exp.stopping:
                verdict = check(exp.stopping, pl.concat(watched))
                log(f"after {min(batch_start + batch, cap):,} games per cell: {verdict.detail}")
                if verdict.stop:
                    return


def _in_results_order(exp: Experiment, options: RunOptions) -> bool:
    """Whether `_played` yields the units in results order: one batch, or one cell."""
    cap = exp.games if options.games is None else options.games
    return len(exp.cells) == 1 or not exp.stopping or exp.stopping.batch >= cap


def run_experiment(exp: Experiment, options: RunOptions = RunOptions(), *, store: ChunkStore | None = None,
                   log: Callable[[str], None] = lambda line: None) -> pl.DataFrame:
    """Play the experiment; one row per (game, seat), cells in experiment order, games in index order. The whole
    frame is held in memory: `run_to_parquet` streams a run of any size to a file."""
    played = dict(_played(exp, options, store, log))
    return pl.concat([played[key] for key in (played if _in_results_order(exp, options) else sorted(played))])


def run_to_parquet(exp: Experiment, path: Path, options: RunOptions = RunOptions(), *, store: ChunkStore,
                   log: Callable[[str], None] = lambda line: None) -> Path:
    """Play the experiment into the Parquet file `path` (the rows of `run_experiment`, one row group per work unit),
    holding one work unit in memory at a time: units are appended as they arrive, or, when a stopping rule's
    batches interleave the cells, copied from the store in results order at the end."""
    in_order = _in_results_order(exp, options)
    with parquet_appender(path) as append:
        keys = []
        for key, frame in _played(exp, options, store, log):
            keys.append(key)
            if in_order:
                append(frame)
        if not in_order:
            for key in sorted(keys):
                append(store.get(key))
    return Path(path)
