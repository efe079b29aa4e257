"""Where a cold start's compile time goes: CPU seconds numba spends compiling each function (run by hand):

    python benchmarks/compile_times.py run scenarios/canvas/first-game.toml --games 200 [--top 30]

Runs a simkit command line (the arguments as `simkit` takes them) in this process, on a fresh numba cache in a
temporary folder (unless NUMBA_CACHE_DIR is set), and lists per compiled function the
CPU time of its own compile (exclusive: the functions it made numba compile are counted apart) and with them
(inclusive), from numba's compile events. The thread's CPU time is counted, so a shared machine's other work is
not; compare two trees by running this script in each.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time


def main(argv: list[str]) -> None:
    top = 30
    if "--top" in argv:
        i = argv.index("--top")
        top = int(argv[i + 1])
        argv = argv[:i] + argv[i + 2:]
    fresh = None if "NUMBA_CACHE_DIR" in os.environ else tempfile.TemporaryDirectory(prefix="simkit-compile-")
    if fresh:
        os.environ["NUMBA_CACHE_DIR"] = fresh.name
    from numba.core import event  # after NUMBA_CACHE_DIR is set

    open_compiles: list[list] = []  # [name, start, CPU of the compiles it started]
    own: dict[str, float] = {}
    with_nested: dict[str, float] = {}

    class Recorder(event.Listener):
        def on_start(self, ev):
            fn = ev.data["dispatcher"].py_func
            open_compiles.append([f"{fn.__module__}.{fn.__qualname__}", time.thread_time(), 0.0])

        def on_end(self, ev):
            name, start, nested = open_compiles.pop()
            spent = time.thread_time() - start
            own[name] = own.get(name, 0.0) + spent - nested
            with_nested[name] = with_nested.get(name, 0.0) + spent
            if open_compiles:
                open_compiles[-1][2] += spent

    event.register("numba:compile", Recorder())
    from simkit.cli import main as simkit_main

    try:
        simkit_main(argv)
    except SystemExit as exc:
        if exc.code:
            raise
    print(f"\nprocess CPU {time.process_time():.2f} s, of which compiling {sum(own.values()):.2f} s")
    print(f"{'own s':>7} {'with nested':>11}  function")
    for name, seconds in sorted(own.items(), key=lambda kv: -kv[1])[:top]:
        print(f"{seconds:7.2f} {with_nested[name]:11.2f}  {name}")
    if fresh:
        fresh.cleanup()


if __name__ == "__main__":
    main(sys.argv[1:])
