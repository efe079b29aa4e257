"""One entry point for Atelier's compiled policies, used by the batch loop and the step API alike."""

from simkit.core.jit import njit
from simkit.games.atelier.policies.painter import painter_action
from simkit.games.atelier.policies.random_policy import random_action

RANDOM, PAINTER = 0, 1
POLICY_IDS = {"random": RANDOM, "painter": PAINTER}


@njit
def choose_action(r, s, policy, params, legal):
    """The action compiled policy `policy` (POLICY_IDS) takes for the current player; -1 when none is legal.
    `legal` is the scratch array of `AtelierGame.workspaces`."""
    if policy == PAINTER:
        return painter_action(r, s, params, legal)
    return random_action(r, s, legal)
