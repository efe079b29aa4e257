"""`njit`: numba's `njit(cache=True)`, compiled once per argument *type* when called from compiled code.

Numba compiles a jitted function separately for every argument-type tuple it is called with from other compiled
code, and treats a constant argument (`is_legal(s, HIRE)`) as a type of its own, `Literal[int](104)`. Each such
specialization recompiles the callee and everything below it, which made the engines' cold compile several times
longer. This decorator types those calls with constants as their plain types and signed integers as int64 (numba
widens integer arithmetic to at least int64 anyway), so each function compiles once per real argument type.

Every compiled function is also compiled again, with everything it calls, inside each of its callers; a thin
function with one caller whose callees are large (a dispatcher, say) costs less with inline="always": numba then
merges its code into the caller instead of compiling it on its own.

With any_layout=True every array argument is typed as an array of any layout ('A'), for small helpers (the
random streams, a shuffle) called both with record fields (numba's NestedArray, one type per field shape) and
with local arrays or slices: they then compile once per dtype and dimension. Numba can cast a record field to an
array only of layout 'A', so a type common to both must be that one.

With nogil=True a call from Python releases Python's lock while the compiled code runs: a game's batch loop is
declared so, and threads then play chunks side by side in one process (`core.backends`).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numba as nb
import numpy as np
from numba.core import types


def _general(t: types.Type) -> types.Type:
    t = types.unliteral(t)
    if isinstance(t, types.IntEnumMember):  # an enum constant (a stage, a colour) is typed as the integer it is
        return types.int64
    if isinstance(t, types.Integer) and t.signed:
        return types.int64
    return t


def _any_layout(t: types.Type) -> types.Type:
    t = _general(t)
    if isinstance(t, types.Array):
        return types.Array(t.dtype, t.ndim, "A", readonly=not t.mutable, aligned=t.aligned)
    return t


def njit(fn=None, *, inline="never", any_layout=False, nogil=False):
    if fn is None:
        return lambda f: njit(f, inline=inline, any_layout=any_layout, nogil=nogil)
    dispatcher = nb.njit(cache=True, inline=inline, nogil=nogil)(fn)
    resolve = dispatcher.get_call_template
    general = _any_layout if any_layout else _general

    def get_call_template(args, kws):
        return resolve(tuple(general(a) for a in args), {k: general(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher


def cached_tables(fn, *args) -> tuple[np.ndarray, ...]:
    """fn(*args), a tuple of arrays a module computes at import with a compiled function, kept in numba's cache
    directory (one per version of the compiled sources, `simkit.jit_cache`): later imports read the file instead
    of loading the compiled function, which would start numba's compiler (about a second) in every command."""
    path = Path(nb.config.CACHE_DIR) / f"{fn.__module__}.{fn.__name__}{args}.npz"
    try:
        with np.load(path) as stored:
            return tuple(stored[f"arr_{i}"] for i in range(len(stored.files)))
    except (OSError, ValueError, KeyError):
        pass  # not computed yet (or unreadable): compute it
    tables = tuple(fn(*args))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(suffix=".npz", dir=path.parent)  # atomic: other processes may read it meanwhile
        with os.fdopen(fd, "wb") as f:
            np.savez(f, *tables)
        os.replace(tmp, path)
    except OSError:
        pass  # a read-only cache: computed again next time
    return tables
