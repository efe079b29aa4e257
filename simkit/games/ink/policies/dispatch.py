"""One entry point for Ink's compiled policies, used by the batch loop and the step API alike."""

from simkit.core.jit import njit
from simkit.games.ink.policies.random_policy import random_action

RANDOM = 0
POLICY_IDS = {"random": RANDOM}


@njit
def choose_action(r, s, policy, params, legal):
    """The action compiled policy `policy` (POLICY_IDS) takes for the current player; -1 when none is legal."""
    return random_action(r, s, legal)
