"""`apply_action`: the one transition both drivers call (spec §4, §4.10)."""

from simkit.core.jit import njit
from simkit.games.ink.engine.areas import close_squares, compute_areas
from simkit.games.ink.engine.bonus import apply_bonus, apply_bonus_arg
from simkit.games.ink.engine.flow import end_turn, nib_takeable, place_hand_tile, refill, take_from_nib
from simkit.games.ink.engine.goals import begin_completion, end_picks, pick_splash
from simkit.games.ink.engine.layout import (COMPLETE, CROSS, ERR_ILLEGAL_ACTION, MOVE, N_ORIENTATIONS, N_RESERVES, NIB,
                                            NONE, PASS, SQUARE, STOP, TILE, CrossingOrder, Stage, X)
from simkit.games.ink.engine.legality import is_legal
from simkit.games.ink.engine.xtokens import any_pair, discard_x, draw_x, place_x


@njit
def after_crossing_token(r, s, p):
    """After the X (or none): choose the nib (printed order) or take the tile of the nib already chosen."""
    if r.crossing_order == CrossingOrder.PRINTED:
        s.stage = Stage.CHOOSE_NIB
    else:
        s.main_pos[p] = s.cross_nib
        take_from_nib(r, s, p, s.cross_nib)


@njit
def cross_start(r, s, p, nib):
    """Crossing the start space (spec §4.1, §4.7): the main bottle on the start space, draw an X token and place
    it (a token with no legal placement is removed, §7.1 #14); `nib` is the nib chosen first (nib_first) or 0."""
    s.cross_from = s.main_pos[p]
    s.cross_nib = nib
    s.main_pos[p] = 0
    token = draw_x(s)
    if token != NONE:
        s.x_drawn[p] += 1
        s.x_hand = token
        if any_pair(r, s, p, token, False):
            s.stage = Stage.PLACE_X
            return
        discard_x(s)
    after_crossing_token(r, s, p)


@njit
def turn_action(r, s, p, a):
    if a < CROSS:
        d = a - MOVE + 1
        at = s.main_pos[p]
        if at != 0 and d <= at:  # a crossing with crossing_order = "nib_first"
            cross_start(r, s, p, d)
            return
        s.main_pos[p] = d
        take_from_nib(r, s, p, d)
    elif a == CROSS:
        cross_start(r, s, p, 0)
    else:  # pass (spec §4.6): no tile, no goal, no refill
        k = a - PASS
        s.res_palette[p] -= k
        s.res_wild[p] += k
        s.passes[p] += 1
        end_turn(r, s, p)


@njit
def apply_action(r, s, a):
    """Apply action a for the current player; an illegal action stops the game with ERR_ILLEGAL_ACTION."""
    if not is_legal(r, s, a):
        s.error = ERR_ILLEGAL_ACTION
        s.done = 1
        return
    apply_legal(r, s, a)


@njit
def apply_legal(r, s, a):
    """apply_action without the legality test, for an action known to be legal: the batch loop's actions come from
    the compiled policies, which choose among legal actions only (the step API tests each of theirs, and
    tests/conformance plays both drivers alike)."""
    p = s.current
    s.turn += 1
    s.decisions[p] += 1
    st = s.stage
    if st == Stage.TURN:
        turn_action(r, s, p, a)
    elif st == Stage.PLACE_X:  # one event (spec §3.5) that only splits areas
        q = (a - X) // 2
        compute_areas(s, p)
        close_squares(s, p, q, place_x(r, s, p, q, (a - X) % 2))
        after_crossing_token(r, s, p)
    elif st == Stage.CHOOSE_NIB:
        d = a - NIB + 1
        s.main_pos[p] = d
        if nib_takeable(r, s, p, d):
            take_from_nib(r, s, p, d)
        else:  # no nib had a takeable tile: the main bottle moves, no tile (spec §4.1)
            s.stage = Stage.GOALS
    elif st == Stage.PLACE_TILE:
        i = a - TILE
        place_hand_tile(r, s, p, i // N_ORIENTATIONS, i % N_ORIENTATIONS)
    elif st == Stage.GOALS:
        if a == STOP:  # the end of a full turn: A4, then the next player
            refill(r, s)
            end_turn(r, s, p)
        else:
            begin_completion(r, s, p, (a - COMPLETE) // N_RESERVES, (a - COMPLETE) % N_RESERVES)
    elif st == Stage.SPLASHES:
        if a == STOP:
            end_picks(r, s, p)
        else:
            pick_splash(r, s, p, a - SQUARE)
    elif st == Stage.BONUS:
        if a == STOP:
            s.stage = Stage.GOALS
        else:
            apply_bonus(r, s, p, a)
    elif st == Stage.BONUS_ARG:
        apply_bonus_arg(r, s, p, a)
