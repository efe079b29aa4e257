"""One entry point for the compiled policies, used by the batch loop and the step-by-step API alike."""

from simkit.core.jit import njit
from simkit.games.canvas.policies.shipped import Policy, _greedy_action, _planner_action, _random_action
from simkit.games.canvas.policies.search import search_action


@njit(inline="always")
def choose_action(r, s, policy, params, table, ws, search_ws):
    """The action of compiled policy `policy` (a policies.Policy) for the current player, under the rules record r
    with the scenario's PolicyTable (tables.py). search_ws is ws when a seat searches, else None: numba then prunes
    the search branch, so games without a search seat do not compile the search (about a third of a cold start)."""
    p = s.current
    if policy == Policy.GREEDY:
        return _greedy_action(r, s, table, p, params, ws)
    if policy == Policy.PLANNER:
        return _planner_action(r, s, table, p, params, ws)
    if policy == Policy.SEARCH:
        if search_ws is None:  # not reached: policy_args gives search_ws whenever a seat searches
            return -1
        return search_action(r, s, table, p, params, search_ws)
    return _random_action(r, s, p, ws)
