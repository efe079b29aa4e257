"""One entry point for Ink's compiled policies, used by the batch loop and the step API alike."""

from simkit.core.jit import njit
from simkit.games.ink.policies.heuristic import heuristic_action
from simkit.games.ink.policies.random_policy import random_action
from simkit.games.ink.policies.search import search_action

RANDOM = 0
FAMILIES = ("big_goal", "small_goal", "splash_maximiser", "palette_first", "wild_first", "bonus_chaser")
SEARCH = len(FAMILIES) + 1
POLICY_IDS = {"random": RANDOM, **{name: i + 1 for i, name in enumerate(FAMILIES)}, "search": SEARCH}


@njit
def choose_action(r, s, policy, params, legal, notes, search_ws):
    """The action compiled policy `policy` (POLICY_IDS) takes for the current player; -1 when none is legal.
    The parameters go to the heuristic as float scalars (a family reads the first ones it names). `notes`: the
    candidates a policy weighed (`core.explain`). search_ws
    (search.new_search_workspace) is None when no seat searches: numba then prunes the search branch, so games
    without a search seat do not compile the search."""
    if policy == RANDOM:
        return random_action(r, s, legal)
    if policy == SEARCH:
        if search_ws is None:  # not reached: policy_args gives search_ws whenever a seat searches
            return -1
        return search_action(r, s, params, notes, search_ws)
    m = len(params)
    p0 = float(params[0]) if m > 0 else 0.0
    p1 = float(params[1]) if m > 1 else 0.0
    p2 = float(params[2]) if m > 2 else 0.0
    p3 = float(params[3]) if m > 3 else 0.0
    p4 = float(params[4]) if m > 4 else 0.0
    p5 = float(params[5]) if m > 5 else 0.0
    p6 = float(params[6]) if m > 6 else 0.0
    p7 = float(params[7]) if m > 7 else 0.0
    return heuristic_action(r, s, legal, notes, policy - 1, p0, p1, p2, p3, p4, p5, p6, p7)
