"""Why a compiled policy chose its action: the candidates it weighed and their values, noted as it weighs them.

A policy that values candidate actions calls `note(buf, action, value)` in the loop where it compares them; the
buffer lives in the policy's scratch (its workspace), so the batch path and the step API run the same code and a
replay reads what the policy itself computed instead of a second copy of its logic. Noting is off unless the step
API switches it on for one decision (`CompiledState.compiled_action(choice, explain=True)`): the batch loop pays a
test of one float per candidate. A search policy pauses noting while it plays its rollouts (which call other
policies), then notes each candidate with its mean outcome (having forgotten what a heuristic it asked first
noted).

Layout of the buffer (float64): [on, count, action_0, value_0, action_1, value_1, ...].
"""

from __future__ import annotations

import numpy as np

from simkit.core.jit import njit

CAPACITY = 128  # candidates kept per decision; more are counted but not kept
SIZE = 2 + 2 * CAPACITY


def new_buffer() -> np.ndarray:
    """A blank buffer, noting off."""
    return np.zeros(SIZE)


@njit(inline="always", any_layout=True)  # a workspace record's field or a plain array
def explaining(buf):
    """Whether this decision is being explained (to skip work done only for a note)."""
    return buf[0] > 0.0


@njit(inline="always", any_layout=True)
def note(buf, action, value):
    """Record that the policy weighed `action` at `value` (higher is better for the policy)."""
    if buf[0] > 0.0:
        n = int(buf[1])
        if n < CAPACITY:
            buf[2 + 2 * n] = action
            buf[3 + 2 * n] = value
        buf[1] = n + 1


@njit(inline="always", any_layout=True)
def forget(buf):
    """Drop what this decision noted so far (a search that asked its heuristic first, then weighs its own)."""
    buf[1] = 0.0


@njit(inline="always", any_layout=True)
def pause(buf):
    """Stop noting (a search's rollouts); returns what `resume` restores."""
    was = buf[0]
    buf[0] = 0.0
    return was


@njit(inline="always", any_layout=True)
def resume(buf, was):
    buf[0] = was


def start(buf: np.ndarray) -> None:
    """Note the next decision's candidates (Python side)."""
    buf[0], buf[1] = 1.0, 0.0


def finish(buf: np.ndarray) -> tuple[list[tuple[int, float]], int]:
    """Stop noting; the noted (action, value) pairs in the order weighed, and how many were weighed in all."""
    buf[0] = 0.0
    count = int(buf[1])
    kept = min(count, CAPACITY)
    pairs = buf[2 : 2 + 2 * kept].reshape(kept, 2)
    return [(int(a), float(v)) for a, v in pairs], count
