"""`majority` (spec §8): wins piles first, then lives off the paint they give. It reads only its observation
(spec §2.4).

Exact formula (spec §6.1b #29). held(q) = the piles where q has the most students by q's Collect rule (spec §3.4).
- Turn, in order: paint as painter does (a 5, else Inspiration with inspiration_paint_cost tokens); Collect with
  every legal 4 while it holds fewer than HOARD_LIMIT cylinders (collecting every 4 regardless stalled 3 of
  10,000 3-player self-play games, seeds 3505, 4145, 7948: every cylinder held, nothing affordable, spec §7.2);
  a 1 or 2 when `place_value` of its best pile is positive; a 3 when `move_value` of the best move of some player
  is positive; then painter's gathering (a 4 that gives a colour its target lacks, a 6 on the most lacking
  colour) and painter's end (B with the lowest die when no die is spent, else end the turn). Its target is
  painter's at default weights.
- place_value(c) = 2 if one more student wins pile c while it holds fewer than piles_to_hold piles, 1 if it keeps
  a pile it leads by exactly 1, else 0; the best pile is the highest value (the most paint on a tie).
- move_value of moving one student of player q from f to t (for itself: q = p) = change of |held(p)| +
  blocking_weight × (decrease of |held(q)|) for an opponent q. In a Move it takes each asked player's best move
  when its value is positive, else nothing (the least bad move when nothing is not allowed).
- Other arguments as painter.
"""

import numpy as np

from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import DIE, MOVE, N_COLOURS, NONE, PILE, SKIP, Stage
from simkit.games.atelier.engine.legality import is_legal, legal_actions
from simkit.games.atelier.engine.supply import collect_ties, has_most, paint_held
from simkit.games.atelier.policies.painter import (argument_action, finish_head, gather_head, lacking, paint_head)

PILES_TO_HOLD, BLOCKING_WEIGHT = range(2)
HOARD_LIMIT = 8


@njit
def held(r, s, q):
    ties = collect_ties(r, s, q)
    piles = 0
    for c in range(N_COLOURS):
        piles += has_most(r, s, q, c, ties)
    return piles


@njit
def lead(r, s, p, c):
    """p's students at pile c minus the most any other player has there."""
    others = 0
    for q in range(r.n_players):
        if q != p:
            others = max(others, np.int64(s.students[q, c]))
    return np.int64(s.students[p, c]) - others


@njit
def place_value(r, s, p, c, params):
    ties = collect_ties(r, s, p)
    if not has_most(r, s, p, c, ties):
        s.students[p, c] += 1
        wins = has_most(r, s, p, c, ties)
        s.students[p, c] -= 1
        return 2 if wins and held(r, s, p) < params[PILES_TO_HOLD] else 0
    return 1 if lead(r, s, p, c) == 1 else 0


@njit
def best_pile(r, s, p, params):
    best, key = 0, -1
    for c in range(N_COLOURS):
        k = place_value(r, s, p, c, params) * 1000 + s.pile[c]
        if k > key:
            best, key = c, k
    return best


@njit
def move_value(r, s, p, q, f, t, params):
    before_p, before_q = held(r, s, p), held(r, s, q)
    s.students[q, f] -= 1
    s.students[q, t] += 1
    value = np.float64(held(r, s, p) - before_p)
    if q != p:
        value += params[BLOCKING_WEIGHT] * (before_q - held(r, s, q))
    s.students[q, t] -= 1
    s.students[q, f] += 1
    return value


@njit
def best_move(r, s, p, q, params):
    """(f, t, value) of q's best move by move_value; value -1e18 when q has no student on a pile."""
    bf, bt, best = NONE, NONE, -1e18
    for f in range(N_COLOURS):
        if s.students[q, f] == 0:
            continue
        for t in range(N_COLOURS):
            if t != f:
                v = move_value(r, s, p, q, f, t, params)
                if v > best:
                    bf, bt, best = f, t, v
    return bf, bt, best


@njit
def move_worth_it(r, s, p, params):
    for q in range(r.n_players):
        if best_move(r, s, p, q, params)[2] > 0:
            return True
    return False


@njit
def majority_turn(r, s, p, params):
    action = paint_head(r, s, p, r.inspiration_paint_cost)
    if action != NONE:
        return action
    need = np.zeros(N_COLOURS, np.int64)
    lacking(r, s, p, np.ones(3), need)
    if is_legal(r, s, DIE + 3) and paint_held(s, p) < HOARD_LIMIT:
        return DIE + 3
    for f in range(2):
        if is_legal(r, s, DIE + f) and place_value(r, s, p, best_pile(r, s, p, params), params) > 0:
            return DIE + f
    if is_legal(r, s, DIE + 2) and move_worth_it(r, s, p, params):
        return DIE + 2
    action = gather_head(r, s, p, need)
    return action if action != NONE else finish_head(r, s)


@njit
def majority_action(r, s, params, legal):
    n = legal_actions(r, s, legal)
    if n == 0:
        return -1
    p, st = s.current, s.stage
    if st == Stage.TURN:
        action = majority_turn(r, s, p, params)
        return action if action != NONE else legal[0]
    if st == Stage.PLACE:
        return PILE + best_pile(r, s, p, params)
    if st == Stage.MOVE:
        q = (p + s.move_offset) % r.n_players
        f, t, value = best_move(r, s, p, q, params)
        if value <= 0 and legal[0] == SKIP:
            return SKIP
        return MOVE + N_COLOURS * f + t
    return argument_action(r, s, np.ones(3), legal, n)
