"""One entry point for the compiled policies, used by the batch loop and the step-by-step API alike."""

import numba as nb

from simkit.games.couleurs.policies import random_action


@nb.njit(cache=True)
def choose_action(s, policy, params, ws):
    """The action of compiled policy `policy` for the current player (only `random` so far)."""
    return random_action(s, s.current, ws)
