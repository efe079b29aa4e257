"""Shipped compiled policies as the arrays a game's compiled loop reads: an id and a parameter vector each."""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from simkit.core.params import Param


def policy_vector(choice, policy_params: Mapping[str, Sequence[Param]], size: int) -> np.ndarray:
    """The parameter values of a shipped policy in declaration order, zero-padded to `size`."""
    values = [choice.params[p.name] for p in policy_params[choice.name]]
    vector = np.zeros(size)
    vector[: len(values)] = values
    return vector


def lineup_arrays(lineup: Sequence, policy_ids: Mapping[str, int], policy_params: Mapping[str, Sequence[Param]],
                  size: int) -> tuple[np.ndarray, np.ndarray]:
    """(ids[L], params[L, size]) of a lineup of shipped policies."""
    ids = np.array([policy_ids[c.name] for c in lineup], np.int8)
    params = np.array([policy_vector(c, policy_params, size) for c in lineup]).reshape(len(lineup), size)
    return ids, params
