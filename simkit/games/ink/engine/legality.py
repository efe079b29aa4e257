"""Which actions are legal (spec §4.10): `is_legal` is the one test, `legal_actions` lists what it accepts."""


from simkit.core.jit import njit
from simkit.games.ink.engine.bonus import bonus_arg_legal, bonus_legal
from simkit.games.ink.engine.flow import nib_free, nib_takeable
from simkit.games.ink.engine.goals import complete_actions, complete_legal, pick_legal
from simkit.games.ink.engine.layout import (CHOICE, COMPLETE, CROSS, LIFT, MAX_CHOICE, MAX_SQUARES, MOVE, N_ACTIONS,
                                            N_ORIENTATIONS, N_RESERVES, NIB, NONE, PASS, SQUARE, STOP, TILE,
                                            CrossingOrder, Stage, X)
from simkit.games.ink.engine.places import placement_legal, tile_placements
from simkit.games.ink.engine.xtokens import x_actions, x_placement_legal
from simkit.games.ink.rules.vocabulary import Effect


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
    return placement_legal(r, s, p, s.hand_tile, i // N_ORIENTATIONS, i % N_ORIENTATIONS, s.hand_slot)


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
def legal_in(r, s, lo, hi, out, n):
    """The legal actions of [lo, hi), ascending, into out from out[n]; returns the new n."""
    for a in range(lo, hi):
        if is_legal(r, s, a):
            out[n] = a
            n += 1
    return n


@njit
def first_legal_in(r, s, lo, hi):
    """The lowest legal action of [lo, hi), or NONE: what legal_in lists first, without the rest."""
    for a in range(lo, hi):
        if is_legal(r, s, a):
            return a
    return NONE


@njit
def unit_range(r, s, p):
    """[lo, hi): the part of the action space where the current stage's choices other than STOP lie (spec §7.1b
    A6): the squares of a splash pick (SPLASHES); the units of the bonus tile's effect kind (BONUS: a nib, a number
    of bottles, a tile to lift or a square); a unit's second argument (BONUS_ARG: the square a bottle moves to, or a
    colour or value). legal_actions scans it, and the heuristics take its first legal action."""
    squares = (SQUARE, SQUARE + 4 * s.n_slots[p])
    if s.stage == Stage.SPLASHES:
        return squares
    effect = r.bonus_effect[s.bonus_tile]
    if s.stage == Stage.BONUS_ARG:
        return squares if effect == Effect.MOVE_BOTTLES else (CHOICE, CHOICE + MAX_CHOICE)
    if effect == Effect.EXTRA_TILE:
        return NIB, STOP
    if effect == Effect.PALETTE_TO_WILD:
        return CHOICE, CHOICE + MAX_CHOICE
    if effect == Effect.MOVE_TILE:
        return LIFT, LIFT + s.n_slots[p]
    return squares


@njit
def bonus_actions(r, s, p, out):
    """Stage BONUS: the units of the bonus tile's effect kind (its part of the action space) and STOP, ascending."""
    lo, hi = unit_range(r, s, p)
    if r.bonus_effect[s.bonus_tile] == Effect.EXTRA_TILE:  # the nibs come before STOP
        n = legal_in(r, s, lo, hi, out, 0)
        out[n] = STOP
        return n + 1
    out[0] = STOP
    return legal_in(r, s, lo, hi, out, 1)


@njit
def legal_actions(r, s, out):
    """The legal actions, ascending, into out[:n]; returns n. Each stage scans only its part of the action space
    (the painting's squares, the bonus tile's effect kind), with is_legal or a scan equal to it."""
    if s.done:
        return 0
    st, p = s.stage, s.current
    if st == Stage.TURN:
        return legal_in(r, s, MOVE, min(NIB, PASS + min(r.pass_transfer, s.res_palette[p]) + 1), out, 0)
    if st == Stage.PLACE_X:
        return x_actions(r, s, p, X, out)
    if st == Stage.CHOOSE_NIB:
        return legal_in(r, s, NIB, STOP, out, 0)
    if st == Stage.PLACE_TILE:
        return tile_actions(r, s, p, out)
    if st == Stage.GOALS:  # stop, then the completions
        out[0] = STOP
        return complete_actions(r, s, p, COMPLETE, out, 1)
    if st == Stage.BONUS:
        return bonus_actions(r, s, p, out)
    lo, hi = unit_range(r, s, p)
    if st == Stage.SPLASHES:  # stop (unless every splash must be filled), then the splashes
        return legal_in(r, s, lo, hi, out, legal_in(r, s, STOP, STOP + 1, out, 0))
    return legal_in(r, s, lo, hi, out, 0)  # BONUS_ARG: the splash a bottle moves to, a colour or a value


@njit
def is_legal_in(rules, state, action):
    """is_legal on the records held in one-record arrays (the step-by-step API: numba types an array argument from
    Python a hundred times faster than a record)."""
    return is_legal(rules[0], state[0], action)
