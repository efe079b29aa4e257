"""`masterpiece_rush` (spec §8): plays as painter until it is ahead late enough, then aims at masterpieces to take
the First Master token and end the game while ahead. It reads only its observation (spec §2.4).

Exact formula (spec §6.1b #29). Its public lead = VP of its paintings minus the most VP of any other player's
paintings (patrons are secret, so they are left out). It *rushes* from round rush_start_round on while its lead is
at least min_lead: it then plays painter with masterpiece_bonus = RUSH_BONUS (every masterpiece outvalues every
other card) and paints with Inspiration whenever it can; otherwise it plays painter at its default weights.
"""


from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import NONE, Stage
from simkit.games.atelier.policies.painter import argument_action, first_legal, target_weights, turn_action

RUSH_START_ROUND, MIN_LEAD = range(2)
RUSH_BONUS = 20.0


@njit
def painting_vp(r, s, q):
    vp = 0
    for card in range(r.n_paintings):
        if s.owner[card] == q:
            vp += r.painting_vp[card]
    return vp


@njit
def rushing(r, s, p, rush_start_round, min_lead):
    if s.round < rush_start_round:
        return False
    others = 0
    for q in range(r.n_players):
        if q != p:
            others = max(others, painting_vp(r, s, q))
    return painting_vp(r, s, p) - others >= min_lead


@njit
def rush_action(r, s, ws):
    """ws: the policies' scratch record, the parameters in ws.params."""
    params = ws.params
    bonus = RUSH_BONUS if rushing(r, s, s.current, params[RUSH_START_ROUND], params[MIN_LEAD]) else 1.0
    target_weights(ws, 1.0, 1.0, bonus, 0.0)  # painter's parameter vector
    if s.stage == Stage.TURN:
        action = turn_action(r, s, s.current, ws)
        return action if action != NONE else first_legal(r, s, ws)
    return argument_action(r, s, ws)
