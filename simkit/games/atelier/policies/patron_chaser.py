"""`patron_chaser` (spec §8): draws patrons early, then paints toward what its patrons reward. It reads only its
observation (spec §2.4).

Exact formula (spec §6.1b #29). Draws so far = patrons held minus `patron_keep` (power draws count too).
- While draws so far < draws_per_game: draw a patron whenever it holds patron_draw_cost tokens, and keep those
  tokens back from painting with Inspiration (painter's reserve_tokens = patron_draw_cost); once done, reserve 0.
- Otherwise painter with patron_weight = category_bias (the weight of the VP its patrons add for a painting, so
  a category its patrons count is preferred) and vp_weight = masterpiece_bonus = 1.
- Keeping a patron at setup and every argument: as painter with those weights.
"""


from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import DRAW_PATRON, NONE, Stage
from simkit.games.atelier.engine.legality import is_legal
from simkit.games.atelier.policies.painter import (RESERVE_TOKENS, argument_action, first_legal, target_weights,
                                                   turn_action)

DRAWS_PER_GAME, CATEGORY_BIAS = range(2)


@njit
def draws_left(r, s, p, draws_per_game):
    held = 0
    for patron in range(r.n_patrons):
        held += s.patron_owner[patron] == p
    return held - r.patron_keep < draws_per_game


@njit
def chaser_action(r, s, ws):
    """ws: the policies' scratch record, the parameters in ws.params."""
    p, params = s.current, ws.params
    target_weights(ws, 1.0, params[CATEGORY_BIAS], 1.0, 0.0)  # painter's parameter vector
    if s.stage != Stage.TURN:
        return argument_action(r, s, ws)
    if draws_left(r, s, p, params[DRAWS_PER_GAME]):
        if is_legal(r, s, DRAW_PATRON):
            return DRAW_PATRON
        ws.weights[RESERVE_TOKENS] = r.patron_draw_cost
    action = turn_action(r, s, p, ws)
    return action if action != NONE else first_legal(r, s, ws)
