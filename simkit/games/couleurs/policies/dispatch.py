"""One entry point for the compiled policies, used by the batch loop and the step-by-step API alike."""

from simkit.core.jit import njit
from simkit.games.couleurs.policies.heuristics import heuristic_action
from simkit.games.couleurs.policies.shipped import HEURISTIC, SEARCH, random_action
from simkit.games.couleurs.policies.search import search_action


@njit(inline="always")
def choose_action(r, s, policy, params, ws, search_ws):
    """The action of compiled policy `policy` (policies.POLICY_IDS) for the current player. search_ws is the
    search policy's scratch (search.new_search_workspace), or None when no seat searches: numba then prunes the
    search branch, so games without a search seat do not compile the search and its rollouts."""
    if policy == HEURISTIC:
        return heuristic_action(r, s, s.current, params, ws)
    if policy == SEARCH:
        if search_ws is None:  # not reached: callers pass search_ws whenever a seat searches
            return -1
        return search_action(r, s, s.current, params, ws, search_ws)
    return random_action(r, s, s.current, ws)
