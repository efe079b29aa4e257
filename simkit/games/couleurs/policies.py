"""Couleurs de Paris policies, compiled with numba so the batch loop and the step-by-step API play identical games.

- random: uniform over the legal actions other than "decline" (declining an assistant's action, or stopping a
  paint action early); declines only when nothing else is legal (spec §13.9). Its random stream is the seat's
  policy stream of the game seed.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from simkit.core.rng import next_below
from simkit.games.couleurs.engine import legal_actions
from simkit.games.couleurs.state import COLOUR, DECLINE, MAX_LEGAL, STOP

RANDOM = 0
MAX_PARAMS = 4
POLICY_PARAMS = {"random": ()}
POLICY_IDS = {"random": RANDOM}
POLICY_DOCS = {"random": "uniform over the legal actions other than declining; declines only when forced"}


def new_workspace() -> np.ndarray:
    return np.zeros(MAX_LEGAL, np.int64)


@nb.njit(cache=True)
def is_decline(a):
    return (DECLINE <= a < COLOUR) or a == STOP


@nb.njit(cache=True)
def random_action(s, p, ws):
    n = legal_actions(s, ws)
    if n == 0:
        return -1
    k = 0
    for i in range(n):
        if not is_decline(ws[i]):
            k += 1
    if k == 0:
        return ws[next_below(s.policy_rng[p], n)]
    pick = next_below(s.policy_rng[p], k)
    for i in range(n):
        if not is_decline(ws[i]):
            if pick == 0:
                return ws[i]
            pick -= 1
    return -1
