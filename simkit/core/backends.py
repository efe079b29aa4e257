"""Where work units run: in this process, in local worker processes (joblib), or on a Dask cluster.

Every backend yields results in task order, so what a run computes never depends on where it ran.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator, Sequence

from simkit.core.errors import SimkitError

BACKENDS = ("local", "dask", "dask-local")


def _local(fn: Callable, tasks: Sequence[tuple], jobs: int) -> Iterator:
    if jobs == 1:
        return (fn(*task) for task in tasks)
    from joblib import Parallel, delayed  # a quarter of a second to import: not for one job

    return Parallel(n_jobs=jobs, return_as="generator")(delayed(fn)(*task) for task in tasks)


def _dask_results(client, fn: Callable, tasks: Sequence[tuple]) -> Iterator:
    futures = [client.submit(fn, *task, pure=False) for task in tasks]
    try:
        for i, future in enumerate(futures):
            futures[i] = None  # the cluster frees a result once no future refers to it
            yield future.result()
    finally:
        client.cancel([f for f in futures if f is not None])


@contextmanager
def backend_map(backend: str, *, jobs: int = 1, scheduler: str | None = None):
    """A function map(fn, tasks) -> iterator of fn(*task) in task order, on the chosen backend."""
    if backend == "local":
        yield lambda fn, tasks: _local(fn, tasks, jobs)
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
            yield lambda fn, tasks: _dask_results(client, fn, tasks)
        return
    with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        yield lambda fn, tasks: _dask_results(client, fn, tasks)
