"""One entry point for the compiled policies, used by the batch loop and the step-by-step API alike."""

from simkit.core.jit import njit
from simkit.games.couleurs.policies.heuristics import heuristic_action
from simkit.games.couleurs.policies.shipped import HEURISTIC, SEARCH, random_action
from simkit.games.couleurs.policies.search import SEARCH_PARAMS, search_action


@njit(inline="always")
def choose_action(r, s, policy, params, scratch, search_ws):
    """The action of compiled policy `policy` (policies.POLICY_IDS) for the current player. `scratch` is the
    policies' workspace (shipped.new_workspace, a one-record array): the heuristic's parameters are copied into it
    (the search's own two lead its vector), so the policies take records and their fields only (no reference
    counting on their calls). search_ws is the search policy's scratch (search.new_search_workspace), or None when
    no seat searches: numba then prunes the search branch, so games without a search seat do not compile the
    search and its rollouts."""
    ws = scratch[0]
    skip = SEARCH_PARAMS if policy == SEARCH else 0
    for i in range(len(ws.params)):
        ws.params[i] = params[skip + i] if skip + i < len(params) else 0.0
    if policy == HEURISTIC:
        return heuristic_action(r, s, s.current, ws)
    if policy == SEARCH:
        if search_ws is None:  # not reached: callers pass search_ws whenever a seat searches
            return -1
        return search_action(r, s, s.current, params[0], params[1], ws, search_ws)
    return random_action(r, s, s.current, ws)
