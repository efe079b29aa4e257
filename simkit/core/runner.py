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
from simkit.core.compiled import CompiledGame
from simkit.core.experiment import Experiment
from simkit.core.results import results_frame, write_parquet
from simkit.core.seating import seat_plan
from simkit.core.stopping import STOPPING_COLUMNS, check
from simkit.core.store import ChunkStore

# games per work unit: each unit has costs of its own (a compiled game's blank caches per batch call, such as Canvas's
# value cache, a Parquet file, the report's totals' glue), which chunks of 16,384 games cut to a few percent (a
# fifth less CPU than 4,096 on a 1M-game Canvas run); a unit is still a tenth of a second of play (fine-grained
# enough to share out over workers and to resume)
DEFAULT_CHUNK = 16_384


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


def _compiled_only(exps: Sequence[Experiment]) -> bool:
    """Every cell plays in compiled code alone (a compiled game, no Python policy), which releases Python's lock:
    local jobs can then be threads (`core.backends`)."""
    return all(isinstance(cell.game, CompiledGame) and not any(choice.is_python for choice in cell.lineup)
               for exp in exps for cell in exp.cells)


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
    with backend_map(options.backend, jobs=options.jobs, scheduler=options.scheduler,
                     threads=_compiled_only([w.exp for w in work])) as run_map, \
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


def _play_unit(exp: Experiment, cell_index: int, master_seed: int, start: int, stop: int, path: Path | None,
               keep: bool, reduce: Callable[[pl.DataFrame], object] | None) -> tuple[pl.DataFrame | None, object]:
    """Play games start..stop-1 of one cell, on the worker: write their rows to the Parquet file `path` (None: the
    collecting process stores them) and `reduce` them there (`run_to_store`). The process that collects the results
    then handles a file name and a small reduction, not the rows: compressing and reducing them there was most of its
    work per chunk, and it shares the cores with the workers. Returns (the rows when `keep`, else None; the
    reduction, None without `reduce`); a thread's rows are shared with the collecting thread, not copied."""
    frame = play_chunk(exp, cell_index, master_seed, start, stop)
    if path is not None:
        write_parquet(frame, path)
    return frame if keep else None, reduce(frame) if reduce else None


def _played(exp: Experiment, options: RunOptions, store: ChunkStore | None, log: Callable[[str], None], *,
            frames: bool, reduce: Callable[[pl.DataFrame], object] | None = None
            ) -> Iterator[tuple[tuple[int, int, int], pl.DataFrame | None, object]]:
    """Every work unit (cell, first game, end), its results frame when `frames` and `reduce(frame)` (computed by the
    worker that played it; None without `reduce`), batch by batch (a stopping rule's batches; one batch without),
    cells in experiment order then games in index order within a batch. Units already in the store are taken from it;
    the others are played on the backend and stored, by the worker itself unless it runs on another machine
    (--backend dask). Few units' frames are held at a time: the one handed over and those worker threads played
    ahead (`core.backends`), and, with a stopping rule, the columns it reads."""
    cap = exp.games if options.games is None else options.games
    master = exp.seed if options.seed is None else options.seed
    batch = exp.stopping.batch if exp.stopping else cap
    workers_store = store is not None and options.backend != "dask"
    watched: list[pl.DataFrame] = []  # what the stopping rule reads of the games played so far
    threads = options.backend == "local" and _compiled_only([exp])
    # rows a worker stored and this process reads: a thread of it (or this one) hands them over, a process's file
    # is read back; a worker that does not store them hands them over
    keep = not workers_store or (options.backend == "local" and (threads or options.jobs == 1)
                                 and (frames or exp.stopping is not None))
    with backend_map(options.backend, jobs=options.jobs, scheduler=options.scheduler, threads=threads) as run_map, \
            _progress(cap * len(exp.cells), options.progress, exp.name) as bar:
        # two worker processes compile the game's code side by side (instead of every worker all of it at once); the
        # others load it from numba's disk cache (workers on other machines have their own: not done there). Only
        # once there is a game to play: a resumed run whose chunks are all stored compiles nothing. Threads share
        # this process's compiled code: nothing to warm up.
        warm_up = options.jobs > 1 and options.backend != "dask" and not threads
        for batch_start in range(0, cap, batch):
            units = [(i, a, b) for i in range(len(exp.cells))
                     for a, b in _spans(batch_start, min(batch_start + batch, cap), options.chunk_size)]
            todo = [u for u in units if not (store and store.has(_unit_key(*u)))]
            bar.update(sum(b - a for _, a, b in units) - sum(b - a for _, a, b in todo))  # resumed
            if todo and warm_up:
                list(run_map(_warm_up, [(exp, master, "engine"), (exp, master, "game")]))
                warm_up = False
            tasks = [(exp, i, master, a, b, store.path(_unit_key(i, a, b)) if workers_store else None, keep, reduce)
                     for i, a, b in todo]
            pending = set(todo)
            with closing(run_map(_play_unit, tasks)) as results:
                for unit in units:
                    key = _unit_key(*unit)
                    resumed = unit not in pending
                    frame = reduced = None
                    if not resumed:
                        frame, reduced = next(results)  # no frame when a worker process stored it
                        if store and not workers_store:
                            store.put(key, frame)
                        bar.update(unit[2] - unit[1])
                    if frame is None and (frames or exp.stopping or (resumed and reduce)):
                        frame = store.get(key)
                    if resumed and reduce:  # the run this one resumes stored the rows, not their reduction
                        reduced = reduce(frame)
                    if exp.stopping:
                        watched.append(frame.select(STOPPING_COLUMNS))
                    yield unit, frame if frames else None, reduced
            if exp.stopping:
                verdict = check(exp.stopping, pl.concat(watched))
                log(f"after {min(batch_start + batch, cap):,} games per cell: {verdict.detail}")
                if verdict.stop:
                    return


def run_experiment(exp: Experiment, options: RunOptions = RunOptions(), *, store: ChunkStore | None = None,
                   log: Callable[[str], None] = lambda line: None) -> pl.DataFrame:
    """Play the experiment; one row per (game, seat), cells in experiment order, games in index order. The whole
    frame is held in memory: `run_to_store` streams a run of any size to files."""
    played = {unit: frame for unit, frame, _ in _played(exp, options, store, log, frames=True)}
    return pl.concat([played[unit] for unit in sorted(played)])


def run_to_store(exp: Experiment, store: ChunkStore, options: RunOptions = RunOptions(), *,
                 log: Callable[[str], None] = lambda line: None, reduce: Callable[[pl.DataFrame], object] | None = None,
                 on_reduced: Callable[[object, int], None] | None = None) -> ChunkStore:
    """Play the experiment into the store, one Parquet part per work unit, holding no results in memory (beyond
    what a stopping rule reads); `store.scan()` reads the rows of `run_experiment` lazily. `reduce(rows)` runs on
    the worker that played a unit (a function of the rows alone: it may be sent to a worker process), and
    `on_reduced(reduced, cell)` sees the reductions here as they come (a cell's in game order): what they compute
    overlaps the play, and it is done on the workers, not in this process."""
    for (cell_index, _, _), _, reduced in _played(exp, options, store, log, frames=False, reduce=reduce):
        if on_reduced:
            on_reduced(reduced, cell_index)
    return store
