"""`patient_roller` (spec §8): spends only a few dice per turn and rerolls the rest on its next turn, fishing for
5s. It reads only its observation (spec §2.4).

Exact formula (spec §6.1b #29): painter at its default weights, except that once it has spent dice_per_turn dice
this turn it only paints (a 5, or Inspiration as painter does) and otherwise ends the turn. dice_per_turn =
dice_per_player is painter itself (every useful die at once), the comparison spec §8 asks for.
"""


import numpy as np

from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import END_TURN, NONE, Stage
from simkit.games.atelier.engine.legality import is_legal
from simkit.games.atelier.policies.painter import argument_action, first_legal, paint_head, target_weights, turn_action

DICE_PER_TURN = 0


@njit
def roller_action(r, s, ws):
    """ws: the policies' scratch record, the parameters in ws.params."""
    target_weights(ws, 1.0, 1.0, 1.0, 0.0)  # painter's parameter vector at its defaults
    if s.stage != Stage.TURN:
        return argument_action(r, s, ws)
    p = s.current
    if s.spent >= ws.params[DICE_PER_TURN] and is_legal(r, s, END_TURN):
        action = paint_head(r, s, p, np.float64(r.inspiration_paint_cost))  # a float, as the other families pass
        return action if action != NONE else END_TURN
    action = turn_action(r, s, p, ws)
    return action if action != NONE else first_legal(r, s, ws)
