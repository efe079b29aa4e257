"""`njit`: numba's `njit(cache=True)`, compiled once per argument *type* when called from compiled code.

Numba compiles a jitted function separately for every argument-type tuple it is called with from other compiled
code, and treats a constant argument (`is_legal(s, HIRE)`) as a type of its own, `Literal[int](104)`. Each such
specialization recompiles the callee and everything below it, which made the engines' cold compile several times
longer. This decorator types those calls with constants as their plain types and signed integers as int64 (numba
widens integer arithmetic to at least int64 anyway), so each function compiles once per real argument type.

Every compiled function is also compiled again, with everything it calls, inside each of its callers; a thin
function with one caller whose callees are large (a dispatcher, say) costs less with inline="always": numba then
merges its code into the caller instead of compiling it on its own.
"""

from __future__ import annotations

import numba as nb
from numba.core import types


def _general(t: types.Type) -> types.Type:
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed:
        return types.int64
    return t


def njit(fn=None, *, inline="never"):
    if fn is None:
        return lambda f: njit(f, inline=inline)
    dispatcher = nb.njit(cache=True, inline=inline)(fn)
    resolve = dispatcher.get_call_template

    def get_call_template(args, kws):
        return resolve(tuple(_general(a) for a in args), {k: _general(v) for k, v in kws.items()})

    dispatcher.get_call_template = get_call_template
    return dispatcher
