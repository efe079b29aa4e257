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

from simkit.core import explain
from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import DIE, MOVE, N_COLOURS, NONE, PILE, SKIP, Stage
from simkit.games.atelier.engine.legality import move_legal
from simkit.games.atelier.engine.supply import (collect_ties, most_of_others, paint_held, seat_after,
                                                students_on_piles, wins)
from simkit.games.atelier.policies.painter import (argument_action, finish_head, first_legal, gather_head, head_legal,
                                                   lacking, paint_head, target_weights)

PILES_TO_HOLD, BLOCKING_WEIGHT = range(2)
HOARD_LIMIT = 8


@njit
def pile_table(r, s, p, ws):
    """ws.top[c] / ws.second[c]: the largest and second largest student counts at pile c among the players other
    than p (0 when there are none), ws.top_who[c]: the first player with ws.top[c] (NONE when it is 0). Whether a
    player holds a pile, also after one student of some player more or less, then needs no loop over the players
    (`others_than`). Read off the state's `pile_rank` (the seats by most students, the lower seat first): the first
    two seats other than p."""
    n = r.n_players
    for c in range(N_COLOURS):
        rank = s.pile_rank[c]
        first = 1 if rank[0] == p else 0
        second = first + 2 if rank[first + 1] == p else first + 1  # rank has MAX_PLAYERS seats, n at least 2
        who = np.int64(rank[first])
        top = np.int64(s.students[who, c])
        ws.top[c] = top
        ws.top_who[c] = who if top > 0 else NONE
        ws.second[c] = np.int64(s.students[rank[min(second, n - 1)], c]) if second < n else 0


@njit
def table_inputs_seen(r, s, p, ws):
    """p and the students are those ws's move_worth_it answer was found for (compared without early exits)."""
    if ws.table_valid == 0 or ws.table_player != p:
        return False
    diff = 0
    for y in range(r.n_players):
        for c in range(N_COLOURS):
            diff |= s.students[y, c] ^ ws.table_students[y, c]
    return diff == 0


@njit
def see_table_inputs(r, s, p, ws):
    """Remember p and the students (`table_inputs_seen`)."""
    ws.table_valid = 1
    ws.table_player = p
    for y in range(r.n_players):
        for c in range(N_COLOURS):
            ws.table_students[y, c] = s.students[y, c]


@njit
def others_than(ws, c, q):
    """The most students at pile c of the players other than p (ws's) and q (q = p: other than p)."""
    return ws.second[c] if q == ws.top_who[c] else ws.top[c]


@njit
def held_piles(s, p, ties):
    """Bit c set: p has the most students at pile c by its Collect rule (`ties`: collect_ties of p)."""
    piles = 0
    for c in range(N_COLOURS):
        if wins(np.int64(s.students[p, c]), most_of_others(s, p, c), ties):
            piles |= 1 << c
    return piles


@njit
def pile_count(piles):
    return (piles & 1) + ((piles >> 1) & 1) + ((piles >> 2) & 1) + ((piles >> 3) & 1)


@njit
def best_pile_value(r, s, p, piles_to_hold, ws):
    """(best pile, its place_value). held(p) is counted on the state as it is, so once for all piles. Each pile
    is noted at place_value × 1000 + paint, the key it is chosen by."""
    ties = collect_ties(r, s, p)
    wants_more = pile_count(held_piles(s, p, ties)) < piles_to_hold
    best, key, value = 0, -1, 0
    for c in range(N_COLOURS):  # selects, no branches (hard to predict)
        mine, most = np.int64(s.students[p, c]), most_of_others(s, p, c)
        gain = 2 if wins(mine + 1, most, ties) & wants_more else 0
        keep = 1 if mine - most == 1 else 0  # its lead
        v = keep if wins(mine, most, ties) else gain
        k = v * 1000 + s.pile[c]
        explain.note(ws.explain, PILE + c, np.float64(k))
        better = k > key
        best = c if better else best
        key = k if better else key
        value = v if better else value
    return best, value


@njit
def move_terms(s, p, ties_p, q, ties_q, ws):
    """How one of q's students leaving or arriving at a pile changes the piles p and q hold (by their `ties`):
    ws.leave_p[c] / ws.leave_q[c] the change of |held(p)| / |held(q)| when it leaves pile c (only piles where q has
    one; any value elsewhere), ws.arrive_p[c] / ws.arrive_q[c] when it arrives there: -1, 0 or 1 (q = p: the _q
    terms are p's). A move from f to t changes piles f and t only, so it changes |held(x)| by leave_x[f] +
    arrive_x[t]. ws holds p's pile_table."""
    for c in range(N_COLOURS):
        mine, theirs = np.int64(s.students[p, c]), np.int64(s.students[q, c])
        held_p = flag(wins(mine, ws.top[c], ties_p))
        if q == p:  # the others stay as they are
            leave = flag(theirs > 0 and wins(theirs - 1, ws.top[c], ties_p)) - held_p
            arrive = flag(wins(theirs + 1, ws.top[c], ties_p)) - held_p
            ws.leave_p[c], ws.arrive_p[c], ws.leave_q[c], ws.arrive_q[c] = leave, arrive, leave, arrive
            continue
        rest = others_than(ws, c, q)  # neither p nor q
        most_q = max(mine, rest)
        held_q = flag(wins(theirs, most_q, ties_q))
        # written also where q has no student (without a branch): move_scan and move_gains then read no leave term
        ws.leave_p[c] = flag(wins(mine, max(rest, theirs - 1), ties_p)) - held_p
        ws.leave_q[c] = flag(wins(theirs - 1, most_q, ties_q)) - held_q
        ws.arrive_p[c] = flag(wins(mine, max(rest, theirs + 1), ties_p)) - held_p
        ws.arrive_q[c] = flag(wins(theirs + 1, most_q, ties_q)) - held_q


@njit
def flag(b):
    return 1 if b else 0


@njit
def move_scan(r, s, p, ties_p, q, blocking_weight, ws):
    """(f, t, value) of q's best move by move_value (the change of |held(p)| plus blocking_weight × the decrease of
    |held(q)| for an opponent q), moves in (f, t) order, the first of equal values; value -1e18 when q has no
    student on a pile. ties_p: p's collect_ties; ws holds p's pile_table. The best is kept without branches (which
    move wins is hard to predict); each move is noted at its value when explaining (a Move's candidates)."""
    bf, bt, best = NONE, NONE, -1e18
    if students_on_piles(s, q) == 0:
        return bf, bt, best
    move_terms(s, p, ties_p, q, collect_ties(r, s, q), ws)
    for f in range(N_COLOURS):
        has = s.students[q, f] > 0
        for t in range(N_COLOURS):
            v = move_value(p, q, f, t, blocking_weight, ws)
            better = has & (t != f) & (v > best)
            bf = f if better else bf
            bt = t if better else bt
            best = v if better else best
    if explain.explaining(ws.explain):
        for f in range(N_COLOURS):
            if s.students[q, f] > 0:
                for t in range(N_COLOURS):
                    if t != f:
                        explain.note(ws.explain, MOVE + N_COLOURS * f + t, move_value(p, q, f, t, blocking_weight, ws))
    return bf, bt, best


@njit
def move_value(p, q, f, t, blocking_weight, ws):
    """move_value of q's move from f to t, from move_terms' terms in ws."""
    v = np.float64(ws.leave_p[f] + ws.arrive_p[t])
    if q != p:
        v += blocking_weight * -(ws.leave_q[f] + ws.arrive_q[t])
    return v


@njit
def move_gains(r, s, p, ties_p, q, blocking_weight, ws):
    """Whether move_scan's best move of q has a positive value: the same values, all 12 moves tested without
    branches (which moves gain is hard to predict) and not noted (the turn asks it with noting paused)."""
    if students_on_piles(s, q) == 0:
        return False
    move_terms(s, p, ties_p, q, collect_ties(r, s, q), ws)
    gains = False
    for f in range(N_COLOURS):
        has = s.students[q, f] > 0
        for t in range(N_COLOURS):
            gains |= has & (t != f) & (move_value(p, q, f, t, blocking_weight, ws) > 0)
    return gains


@njit
def best_move(r, s, p, q, blocking_weight, ws):
    """(f, t, value) of q's best move by move_value; value -1e18 when q has no student on a pile."""
    pile_table(r, s, p, ws)
    return move_scan(r, s, p, collect_ties(r, s, p), q, blocking_weight, ws)


@njit
def move_worth_it(r, s, p, blocking_weight, ws):
    """Some player's best move has a positive value. The answer is kept for the same p and students, Collect ties
    and blocking weight."""
    ties = 0
    for q in range(r.n_players):
        if collect_ties(r, s, q):
            ties |= 1 << q
    if table_inputs_seen(r, s, p, ws) and ws.worth_ties == ties and ws.worth_weight == blocking_weight:
        return ws.worth == 1
    pile_table(r, s, p, ws)
    ties_p = (ties >> p) & 1 == 1
    worth = False
    for q in range(r.n_players):
        if move_gains(r, s, p, ties_p, q, blocking_weight, ws):
            worth = True
            break
    see_table_inputs(r, s, p, ws)
    ws.worth_ties = ties
    ws.worth_weight = blocking_weight
    ws.worth = 1 if worth else 0
    return worth


@njit
def majority_turn(r, s, p, piles_to_hold, blocking_weight, ws):
    action = paint_head(r, s, p, np.float64(r.inspiration_paint_cost))  # a float, as the other families pass
    if action != NONE:
        return action
    collect_ok = head_legal(r, s, DIE + 3)
    if collect_ok and paint_held(s, p) < HOARD_LIMIT:
        return DIE + 3
    place_1, place_2 = head_legal(r, s, DIE + 0), head_legal(r, s, DIE + 1)
    if (place_1 or place_2) and best_pile_value(r, s, p, piles_to_hold, ws)[1] > 0:
        return DIE + 0 if place_1 else DIE + 1
    if head_legal(r, s, DIE + 2) and move_worth_it(r, s, p, blocking_weight, ws):
        return DIE + 2
    if collect_ok or head_legal(r, s, DIE + 5):  # painter's gathering (the target only matters with a 4 or a 6)
        lacking(r, s, p, ws)
        action = gather_head(r, s, p, collect_ok, ws)
        if action != NONE:
            return action
    return finish_head(r, s)


@njit
def majority_action(r, s, piles_to_hold, blocking_weight, ws):
    """majority with these parameters; ws the policies' scratch record (scratch.SCRATCH_DTYPE). Chosen directly;
    -1 when no action is legal."""
    if s.done:
        return -1
    p, st = s.current, s.stage
    target_weights(ws, 1.0, 1.0, 1.0, 0.0)  # painter's target at its default weights
    if st == Stage.TURN:
        action = majority_turn(r, s, p, piles_to_hold, blocking_weight, ws)
        return action if action != NONE else first_legal(r, s, ws)
    if st == Stage.PLACE:  # every pile is legal
        return PILE + best_pile_value(r, s, p, piles_to_hold, ws)[0]
    if st == Stage.MOVE:
        q = seat_after(p, s.move_offset, r.n_players)
        skip = move_legal(r, s, SKIP)
        if skip:  # taken over any move of value 0 or less: noted first at 0
            explain.note(ws.explain, SKIP, 0.0)
        f, t, value = best_move(r, s, p, q, blocking_weight, ws)
        if f == NONE:  # no move: nothing, if allowed
            return SKIP if skip else -1
        if value <= 0 and skip:
            return SKIP
        return MOVE + N_COLOURS * f + t
    return argument_action(r, s, ws)
