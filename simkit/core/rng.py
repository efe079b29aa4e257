"""Counter-based random streams (SplitMix64), compiled with numba.

Every random draw of a game comes from a stream keyed by (game seed, stream id), so a game's chance events
depend only on its seed: results do not change with the number of workers or the chunking, and game i of two
variants sees the same deck order (common random numbers).

A stream's state is a one-element uint64 array: a record field or a local array. The functions taking one (and
shuffle's values) accept any layout, so both kinds share one compile (simkit.core.jit, any_layout).
"""

import numpy as np

from simkit.core.jit import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30, _S27, _S31, _S11 = np.uint64(30), np.uint64(27), np.uint64(31), np.uint64(11)
_TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53


@njit
def mix64(z):
    """The SplitMix64 finaliser: a bijective scramble of a 64-bit word."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit
def stream_key(seed, stream):
    """The starting state of stream `stream` of a game with seed `seed`."""
    return mix64(np.uint64(seed) ^ mix64(np.uint64(stream) * _GOLDEN + _GOLDEN))


@njit(any_layout=True)
def next_u64(state):
    """Advance a stream held in state[0]; return the next 64-bit word."""
    state[0] += _GOLDEN
    return mix64(state[0])


@njit(any_layout=True)
def next_float(state):
    """Uniform float in [0, 1)."""
    return np.float64(next_u64(state) >> _S11) * _TO_UNIT


@njit(any_layout=True)
def next_below(state, n):
    """Uniform integer in [0, n)."""
    return np.int64(next_float(state) * n)


@njit(any_layout=True)
def shuffle(state, values, n):
    """Fisher-Yates shuffle of values[:n] in place."""
    for i in range(n - 1, 0, -1):
        j = next_below(state, i + 1)
        values[i], values[j] = values[j], values[i]


def game_seeds(master_seed: int, start: int, stop: int) -> np.ndarray:
    """Seeds of games start..stop-1 of a run: a pure function of (master seed, game index)."""
    key = np.uint64(np.random.SeedSequence(master_seed).generate_state(1, np.uint64)[0])
    return _hash_indices(key, np.arange(start, stop, dtype=np.uint64))


@njit
def _hash_indices(key, indices):
    out = np.empty(len(indices), np.uint64)
    for i in range(len(indices)):
        out[i] = mix64(key ^ mix64(indices[i] * _GOLDEN + _GOLDEN))
    return out
