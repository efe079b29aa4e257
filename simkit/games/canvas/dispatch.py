"""One entry point for the compiled policies, used by the batch loop and the step-by-step API alike."""

from simkit.core.jit import njit
from simkit.games.canvas.policies import GREEDY, PLANNER, SEARCH, _greedy_action, _planner_action, _random_action
from simkit.games.canvas.search import search_action


@njit
def choose_action(s, policy, params, card_masks, tracks, track_len, paint_orders, paint_orders_upto, tab, paint_index,
                  card_quality, ws):
    """The action of compiled policy `policy` for the current player.

    tab = (binom, orders, vecs, n_vecs, vec_order) of the scenario's PaintingTable."""
    p = s.current
    if policy == GREEDY:
        return _greedy_action(s, p, params, tab, tracks, track_len, paint_index, ws)
    if policy == PLANNER:
        return _planner_action(s, p, params, tab, tracks, track_len, paint_index, card_quality, ws)
    if policy == SEARCH:
        return search_action(s, p, params, card_masks, tracks, track_len, paint_orders, paint_orders_upto, tab,
                             paint_index, card_quality, ws)
    return _random_action(s, p, paint_orders_upto, ws)
