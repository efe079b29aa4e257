"""One entry point for the compiled policies, used by the batch loop and the step-by-step API alike."""

from simkit.core.jit import njit
from simkit.core.records import borrowed, lend
from simkit.games.canvas.policies.shipped import Policy, _greedy_action, _planner_action, _random_action
from simkit.games.canvas.policies.search import search_action


@njit(inline="always")
def choose_action(r, s, policy, params, table, values, ws, search_ws):
    """The action of compiled policy `policy` (a policies.Policy) for the current player, under the rules record r
    with the scenario's PolicyTable (tables.py) and a value cache of it. search_ws is ws when a seat searches, else
    None: numba then prunes the search branch, so games without a search seat do not compile the search (about a
    third of a cold start)."""
    p = s.current
    if policy == Policy.GREEDY:
        return _greedy_action(r, s, table, values, p, params, ws)
    if policy == Policy.PLANNER:
        return _planner_action(r, s, table, values, p, params, ws)
    if policy == Policy.SEARCH:
        if search_ws is None:  # not reached: policy_args gives search_ws whenever a seat searches
            return -1
        return search_action(r, s, table, values, p, params, search_ws)
    return _random_action(r, s, p, ws)


@njit
def choose_action_lent(r, s, policy, params, table, values, ws, search_ws):
    """`choose_action` as the step API calls it: on borrowed views of the arrays (records.lend), the types the batch
    loop hands the policies, so each policy compiles once. The caller keeps the arrays alive."""
    return choose_action(r, s, policy, borrowed(params), lend(table), borrowed(values), ws, search_ws)
