"""Local worker threads: results in task order, errors where they happen, no work started far beyond the consumer."""

import threading
import time

import pytest

from simkit.core.backends import AHEAD, backend_map


def test_threads_yield_results_in_task_order():
    def slow_first(i):
        time.sleep(0.05 if i == 0 else 0.0)
        return i * i

    with backend_map("local", jobs=2, threads=True) as run_map:
        assert list(run_map(slow_first, [(i,) for i in range(20)])) == [i * i for i in range(20)]


def test_a_failing_task_raises_there_and_later_tasks_are_not_started():
    started, lock = [], threading.Lock()

    def task(i):
        with lock:
            started.append(i)
        if i == 3:
            raise RuntimeError("task 3 failed")
        return i

    with backend_map("local", jobs=2, threads=True) as run_map:
        results = run_map(task, [(i,) for i in range(1000)])
        assert [next(results) for _ in range(3)] == [0, 1, 2]
        with pytest.raises(RuntimeError, match="task 3"):
            next(results)
    assert max(started) < 4 + AHEAD * 2  # only the window ahead of the consumer was submitted
