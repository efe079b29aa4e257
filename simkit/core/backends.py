"""Where work units run: in this process, on threads of it, in local worker processes (joblib), or on a Dask
cluster.

Every backend yields results in task order, so what a run computes never depends on where it ran. Tasks whose
work is a compiled game's batch loop release Python's lock while they play (`core.jit`, nogil), so local jobs run
them on threads: no worker process to start (imports and loading the compiled code cost seconds each), one copy
of the game's tables in memory, no results to pickle. Tasks with Python policies hold the lock: they get processes.
"""

from __future__ import annotations

from collections import deque
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from itertools import islice
from typing import Callable, Iterator, Sequence

from simkit.core.errors import SimkitError

BACKENDS = ("local", "dask", "dask-local")
AHEAD = 2  # tasks per worker thread submitted ahead of the result consumed


def _in_order(futures: list) -> Iterator:
    """The futures' results in their order; those not yet consumed are cancelled when the iteration stops early
    (an error, a closed generator)."""
    try:
        for i, future in enumerate(futures):
            futures[i] = None  # a result is freed once no future refers to it
            yield future.result()
    finally:
        for future in futures:
            if future is not None:
                future.cancel()


def _threads(fn: Callable, tasks: Sequence[tuple], jobs: int) -> Iterator:
    """fn(*task) on `jobs` threads, at most AHEAD tasks per thread submitted beyond the result consumed: results
    (a chunk's rows) do not pile up when the consumer is slower."""
    with ThreadPoolExecutor(jobs) as pool:
        tasks = iter(tasks)
        window = deque(pool.submit(fn, *task) for task in islice(tasks, AHEAD * jobs))
        try:
            while window:
                result = window.popleft().result()
                window.extend(pool.submit(fn, *task) for task in islice(tasks, 1))
                yield result
        finally:
            for future in window:
                future.cancel()


def _local(fn: Callable, tasks: Sequence[tuple], jobs: int, threads: bool) -> Iterator:
    if jobs == 1:
        return (fn(*task) for task in tasks)
    if threads:
        return _threads(fn, tasks, jobs)
    from joblib import Parallel, delayed  # a quarter of a second to import: not for threads

    return Parallel(n_jobs=jobs, return_as="generator")(delayed(fn)(*task) for task in tasks)


@contextmanager
def backend_map(backend: str, *, jobs: int = 1, scheduler: str | None = None, threads: bool = False):
    """A function map(fn, tasks) -> iterator of fn(*task) in task order, on the chosen backend. `threads`: the
    tasks release Python's lock, so local jobs are threads of this process (else worker processes)."""
    if backend == "local":
        yield lambda fn, tasks: _local(fn, tasks, jobs, threads)
        return
    if backend not in BACKENDS:
        raise SimkitError(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise SimkitError("the Dask backends need dask[distributed]: pip install 'simkit[dask]'") from None
    if backend == "dask":
        if not scheduler:
            raise SimkitError("--backend dask needs --scheduler ADDRESS (e.g. tcp://10.0.0.5:8786)")
        with Client(scheduler) as client:
            yield lambda fn, tasks: _in_order([client.submit(fn, *task, pure=False) for task in tasks])
        return
    with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        yield lambda fn, tasks: _in_order([client.submit(fn, *task, pure=False) for task in tasks])
