"""Which actions are legal (spec §4.10): `is_legal` is the one test, `legal_actions` lists what it accepts."""


from simkit.core.jit import njit
from simkit.games.ink.engine.bonus import bonus_arg_legal, bonus_legal
from simkit.games.ink.engine.flow import nib_free, nib_takeable
from simkit.games.ink.engine.goals import complete_legal, pick_legal
from simkit.games.ink.engine.layout import (COMPLETE, CROSS, MAX_SQUARES, MOVE, N_ACTIONS, N_ORIENTATIONS,
                                            N_RESERVES, N_SIDES, NIB, PASS, SQUARE, STOP, TILE, X, CrossingOrder,
                                            Stage)
from simkit.games.ink.engine.lattice import placement_legal, tile_placements
from simkit.games.ink.engine.xtokens import x_placement_legal


@njit
def move_legal(r, s, p, d):
    """`move(d)` (spec §4.1): a nib with a takeable tile; a crossing only with `crossing_order = "nib_first"`; a full
    lap only with `allow_full_lap`."""
    if not 1 <= d <= r.nibs or not nib_free(r, s, p, d):
        return False
    at = s.main_pos[p]
    crosses = at != 0 and d <= at
    if crosses and r.crossing_order == CrossingOrder.PRINTED:
        return False
    if d == at and not r.allow_full_lap:
        return False
    return nib_takeable(r, s, p, d)


@njit
def any_takeable(r, s, p):
    for d in range(1, r.nibs + 1):
        if nib_free(r, s, p, d) and nib_takeable(r, s, p, d) and (d != s.cross_from or r.allow_full_lap):
            return True
    return False


@njit
def choose_nib_legal(r, s, p, d):
    """`choose_nib(d)` after a crossing (spec §4.1): a nib with a takeable tile; when there is none, any nib. RULING
    (the spec gives none): without `allow_full_lap` the nib the main bottle left is not a choice (a full lap)."""
    if not 1 <= d <= r.nibs or not nib_free(r, s, p, d) or (d == s.cross_from and not r.allow_full_lap):
        return False
    return nib_takeable(r, s, p, d) or not any_takeable(r, s, p)


@njit
def turn_legal(r, s, p, a):
    if a < CROSS:
        return move_legal(r, s, p, a - MOVE + 1)
    if a == CROSS:  # spec §4.10: any move but the first of the game, in the printed order
        return r.crossing_order == CrossingOrder.PRINTED and s.main_pos[p] != 0
    k = a - PASS  # spec §4.6: 0 ≤ k ≤ min(pass_transfer, palette count)
    return 0 <= k <= min(r.pass_transfer, s.res_palette[p])


@njit
def tile_action_legal(r, s, p, a):
    i = a - TILE
    o = i % N_ORIENTATIONS
    side = i // N_ORIENTATIONS % N_SIDES
    slot = i // (N_ORIENTATIONS * N_SIDES)
    return placement_legal(r, s, p, s.hand_tile, slot, side, o, s.hand_slot)


@njit
def tile_actions(r, s, p, out):
    """The legal `place_tile` actions, ascending, into out; returns how many (what a scan of is_legal finds)."""
    return tile_placements(r, s, p, s.hand_tile, s.hand_slot, out, TILE)


@njit
def is_legal(r, s, a):
    if s.done or a < 0 or a >= N_ACTIONS:
        return False
    st, p = s.stage, s.current
    if st == Stage.TURN:
        return a < NIB and turn_legal(r, s, p, a)
    if st == Stage.PLACE_X:
        return X <= a < COMPLETE and x_placement_legal(r, s, p, s.x_hand, (a - X) // 2, (a - X) % 2)
    if st == Stage.CHOOSE_NIB:
        return NIB <= a < STOP and choose_nib_legal(r, s, p, a - NIB + 1)
    if st == Stage.PLACE_TILE:
        return a >= TILE and tile_action_legal(r, s, p, a)
    if st == Stage.GOALS:
        if a == STOP:
            return True
        return COMPLETE <= a < TILE and complete_legal(r, s, p, (a - COMPLETE) // N_RESERVES,
                                                       (a - COMPLETE) % N_RESERVES)
    if st == Stage.SPLASHES:
        if a == STOP:
            return not r.fill_all_splashes
        return SQUARE <= a < SQUARE + MAX_SQUARES and pick_legal(r, s, p, a - SQUARE)
    if st == Stage.BONUS:
        return a == STOP or bonus_legal(r, s, p, a)
    if st == Stage.BONUS_ARG:
        return bonus_arg_legal(r, s, p, a)
    return False


@njit
def stage_range(s):
    """The actions the current stage may allow: [lo, hi) (PLACE_TILE lists its own, tile_actions)."""
    st, slots = s.stage, s.n_slots[s.current]
    if st == Stage.TURN:
        return MOVE, NIB
    if st == Stage.PLACE_X:
        return X, X + 2 * 4 * slots
    if st == Stage.CHOOSE_NIB:
        return NIB, STOP
    if st == Stage.GOALS:
        return COMPLETE, COMPLETE + N_RESERVES * 4 * slots
    if st == Stage.BONUS:
        return NIB, X  # NIB (extra_tile), STOP, CHOICE, LIFT and SQUARE
    return STOP, X  # SPLASHES, BONUS_ARG: STOP, CHOICE and SQUARE


@njit
def legal_actions(r, s, out):
    """The legal actions, ascending, into out[:n]; returns n."""
    if s.done:
        return 0
    n = 0
    if s.stage == Stage.PLACE_TILE:
        return tile_actions(r, s, s.current, out)
    if s.stage == Stage.GOALS:  # stop, then the completions
        out[0] = STOP
        n = 1
    lo, hi = stage_range(s)
    for a in range(lo, hi):
        if is_legal(r, s, a):
            out[n] = a
            n += 1
    return n


@njit
def is_legal_in(rules, state, action):
    """is_legal on the records held in one-record arrays (the step-by-step API: numba types an array argument from
    Python a hundred times faster than a record)."""
    return is_legal(rules[0], state[0], action)
