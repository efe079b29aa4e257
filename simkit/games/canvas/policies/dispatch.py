"""One entry point for the compiled policies, used by the batch loop and the step-by-step API alike."""

from simkit.core.jit import njit
from simkit.games.canvas.policies.shipped import Policy, _greedy_action, _planner_action, _random_action
from simkit.games.canvas.policies.search import search_action


@njit(inline="always")
def choose_action(r, s, policy, params, table, ws):
    """The action of compiled policy `policy` (a policies.Policy) for the current player, under the rules record r
    with the scenario's PolicyTable (tables.py)."""
    p = s.current
    if policy == Policy.GREEDY:
        return _greedy_action(r, s, table, p, params, ws)
    if policy == Policy.PLANNER:
        return _planner_action(r, s, table, p, params, ws)
    if policy == Policy.SEARCH:
        return search_action(r, s, table, p, params, ws)
    return _random_action(r, s, p, ws)
