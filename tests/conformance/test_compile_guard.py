"""Compile guard: every compiled function has one signature after games of every configuration, on both paths.

A second signature is a second compile of the function and of everything it calls (minutes on a cold cache).
It comes from callers passing other argument types: a constant, another integer width, an array of another dtype
or layout from one configuration, a read-only array, a record field (numba's NestedArray, a type per field shape)
where another caller passes a local array (helpers taking both are declared with simkit.core.jit's any_layout).
simkit.core.jit types calls from compiled code with constants as their plain types and signed integers as int64;
it does so by replacing a numba internal (Dispatcher.get_call_template), so numba is pinned to the minor versions
this test has passed on (pyproject.toml).

With a warm on-disk cache a function called only from compiled code is not compiled again, so it shows no
signature: the guard therefore plays in a process of its own with an empty cache (NUMBA_CACHE_DIR in a temporary
folder), and compiles everything (about 4 minutes: it is in the slow suite, which CI runs).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from enum import IntEnum
from pathlib import Path

import numba as nb
import numpy as np
import pytest
from numba.core import types as nbtypes
from numba.core.dispatcher import Dispatcher

import simkit
from conformance_cases import configs, play, policy_batch
from simkit.core import jit
from simkit.core.game import game_class, game_ids


def dispatchers(modules) -> dict[str, Dispatcher]:
    """Every numba dispatcher the modules hold, by qualified name."""
    return {f"{v.py_func.__module__}.{v.py_func.__qualname__}": v
            for module in modules for v in vars(module).values() if isinstance(v, Dispatcher)}


def _same_but_none(a, b) -> bool:
    return len(a) == len(b) and all(x == y or nbtypes.none in (x, y) for x, y in zip(a, b))


def several_signatures(modules) -> dict[str, list]:
    """Functions with several signatures. Two that differ only where one passes None count once: None is a
    compile-time switch there (Couleurs passes no search workspace when no seat searches, and numba prunes the
    search from that build)."""
    found = {}
    for name, d in dispatchers(modules).items():
        kinds = [sig for sig in d.signatures
                 if not any(other != sig and _same_but_none(sig, other) and nbtypes.none not in other
                            for other in d.signatures)]
        if len(kinds) > 1:
            found[name] = d.signatures
    return found


def signatures_after_games() -> tuple[dict[str, list], dict[str, int]]:
    """Play games of every configuration on both paths (every shipped policy); then the functions with several
    signatures, and how many compiled functions of each game ran."""
    for game_id, name in configs():
        game, lineup, seeds, seats, _ = policy_batch(game_id, name)  # the batch path
        for seed, row in zip(seeds, seats):  # the step path, the same games
            state, _ = play(game, int(seed), lambda s: s.compiled_action(lineup[row[s.current_player]]),
                            lambda s: (s.is_legal(0), s.observation(0)))
            state.ranks(), state.win_shares()
    modules = [m for n, m in list(sys.modules.items()) if n.startswith("simkit.")]
    ran = {}
    for game_id in game_ids():
        package = game_class(game_id).__module__.rpartition(".")[0]
        found = dispatchers(m for n, m in list(sys.modules.items()) if n.startswith(package + "."))
        ran[game_id] = sum(len(d.signatures) > 0 for d in found.values())
    return {name: [str(sig) for sig in sigs] for name, sigs in several_signatures(modules).items()}, ran


@pytest.mark.slow
def test_every_compiled_function_has_one_signature_after_games_of_every_configuration(tmp_path):
    # in a process of its own (other tests call compiled functions directly, with argument types of their own), on
    # an empty cache (a cached function called only from compiled code would show no signature)
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path),
           "PYTHONPATH": os.pathsep.join([str(Path(simkit.__file__).parents[1]), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, __file__], capture_output=True, text=True, env=env, check=False)
    assert run.returncode == 0, run.stderr
    several, ran = json.loads(run.stdout)
    assert several == {}
    assert all(ran[game_id] > 0 for game_id in game_ids()), f"compiled functions that ran, per game: {ran}"


def _callee(x):
    return x + 1


def _switched(x, workspace):
    return x if workspace is None else x + workspace


def _caller_of(callee):
    def caller():  # constants and another integer width, as engine code passes them
        return callee(1) + callee(2) + callee(np.int32(3))
    return nb.njit(caller)


def test_the_jit_override_compiles_a_function_called_with_constants_and_integer_widths_once():
    plain = nb.njit(_callee)
    assert _caller_of(plain)() == 9
    assert len(plain.signatures) > 1, "numba itself compiles per constant and width (else drop the override)"
    general = jit.njit(_callee)
    assert _caller_of(general)() == 9
    assert general.signatures == [(nbtypes.int64,)]


class _Shade(IntEnum):
    LIGHT = 1
    DARK = 2


def _enum_caller_of(callee):
    def caller():  # enum members, as engine code passes a stage or a colour, and a plain integer
        return callee(_Shade.LIGHT) + callee(_Shade.DARK) + callee(3)
    return nb.njit(caller)


def test_the_jit_override_types_intenum_constants_as_int64():
    plain = nb.njit(_callee)
    assert _enum_caller_of(plain)() == 9
    assert len(plain.signatures) > 1, "numba itself compiles per enum member type (else drop the IntEnum case)"
    general = jit.njit(_callee)
    assert _enum_caller_of(general)() == 9
    assert general.signatures == [(nbtypes.int64,)]


def _first(state):
    return state[0]


def _arrays_caller_of(callee):
    def caller(s):  # record fields (NestedArray) of two shapes, a local array and a slice of it, as the engines
        local = np.array([3, 4], np.uint64)
        return callee(s.a) + callee(s.b) + callee(local) + callee(local[1:])
    return nb.njit(caller)


def test_any_layout_compiles_once_for_record_fields_local_arrays_and_slices():
    record = np.zeros(1, np.dtype([("a", np.uint64, (1,)), ("b", np.uint64, (3,))]))[0]
    record["a"][0], record["b"][0] = 1, 2
    plain = jit.njit(_first)
    assert _arrays_caller_of(plain)(record) == 10
    assert len(plain.signatures) > 1
    general = jit.njit(_first, any_layout=True)
    assert _arrays_caller_of(general)(record) == 10
    assert general.signatures == [(nbtypes.Array(nbtypes.uint64, 1, "A"),)]


def test_the_guard_notices_a_second_signature():
    module = types.ModuleType("fake_engine")
    module.plain = nb.njit(_callee)
    assert several_signatures([module]) == {}
    _caller_of(module.plain)()
    assert list(several_signatures([module])) == [f"{__name__}._callee"]
    module.switched = nb.njit(_switched)
    module.switched(1, None), module.switched(1, 2)
    assert list(several_signatures([module])) == [f"{__name__}._callee"], "None is a compile-time switch"
    module.switched(1, 2.5)
    assert list(several_signatures([module])) == [f"{__name__}._callee", f"{__name__}._switched"]


if __name__ == "__main__":
    print(json.dumps(signatures_after_games()))
