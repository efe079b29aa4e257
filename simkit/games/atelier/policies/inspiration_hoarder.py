"""`inspiration_hoarder` (spec §8): takes Inspiration with weak dice and spends the tokens on painting, patrons and
rerolls. It reads only its observation (spec §2.4).

Exact formula (spec §6.1b #29). A *strong* die is a 5 that paints, or a 4 or a 6 that gathers a colour its target
lacks (painter's target at default weights); every other die is *weak*.
- Turn, in order: draw a patron while it holds at least patron_draw_threshold tokens; paint (a 5, else Inspiration
  when it holds inspiration_paint_cost + reserve_tokens); spend a strong die; with a die spent, a 1 or 2 as painter
  places, else end the turn; with no die spent and no strong die: reroll once per turn when it holds more than
  inspiration_paint_cost + reserve_tokens tokens, else take Inspiration with its lowest die (B).
- Arguments as painter.
"""


from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import DIE, DRAW_PATRON, NONE, REROLL, Stage
from simkit.games.atelier.engine.legality import is_legal
from simkit.games.atelier.policies.painter import (argument_action, finish_head, first_legal, gather_head,
                                                   head_legal, lacking, paint_head, place_head, target_weights)

RESERVE_TOKENS, PATRON_DRAW_THRESHOLD = range(2)


@njit
def hoarder_turn(r, s, p, ws):
    params = ws.params
    keep = r.inspiration_paint_cost + params[RESERVE_TOKENS]
    if is_legal(r, s, DRAW_PATRON) and s.tokens[p] >= params[PATRON_DRAW_THRESHOLD]:
        return DRAW_PATRON
    action = paint_head(r, s, p, keep)
    if action != NONE:
        return action
    lacking(r, s, p, ws)
    action = gather_head(r, s, p, head_legal(r, s, DIE + 3), ws)
    if action != NONE:
        return action
    if s.spent > 0:
        action = place_head(r, s, p, ws)
        return action if action != NONE else finish_head(r, s)
    if s.rerolls == 0 and s.tokens[p] > keep and is_legal(r, s, REROLL):
        return REROLL
    return finish_head(r, s)


@njit
def hoarder_action(r, s, ws):
    """ws: the policies' scratch record, the parameters in ws.params."""
    target_weights(ws, 1.0, 1.0, 1.0, 0.0)  # painter's target at its default weights
    if s.stage == Stage.TURN:
        action = hoarder_turn(r, s, s.current, ws)
        return action if action != NONE else first_legal(r, s, ws)
    return argument_action(r, s, ws)
