"""One entry point for the compiled policies, used by the batch loop and the step-by-step API alike."""

from simkit.core.jit import njit
from simkit.games.couleurs.heuristics import heuristic_action
from simkit.games.couleurs.policies import HEURISTIC, SEARCH, random_action
from simkit.games.couleurs.search import search_action


@njit
def choose_action(s, policy, params, ws):
    """The action of compiled policy `policy` (policies.POLICY_IDS) for the current player."""
    if policy == HEURISTIC:
        return heuristic_action(s, s.current, params, ws)
    if policy == SEARCH:
        return search_action(s, s.current, params, ws)
    return random_action(s, s.current, ws)
