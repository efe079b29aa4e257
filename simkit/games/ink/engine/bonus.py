"""Bonus actions (spec §4.8): the closed vocabulary of effect kinds, one unit per action (spec §7.1b A6), each unit
an event for growth marks (spec §3.5). A unit with two arguments is two decisions: the square (stage BONUS), then
the colour, value or destination (stage BONUS_ARG)."""

from simkit.core.jit import njit
from simkit.games.ink.engine.areas import begin_event, end_event, is_open, mark_changed, touch
from simkit.games.ink.engine.lattice import connected_without, lift_tile, placed_tiles, restore_tile
from simkit.games.ink.engine.layout import (CHOICE, COVERED, IN_SUPPLY, LIFT, MAX_CHOICE, MAX_SQUARES, NIB, NO_BOTTLE,
                                            NONE, SQUARE, TOKEN_COLOUR, TOKEN_NUMBER, TOKEN_SPLASH, UPRIGHT_BLACK,
                                            UPRIGHT_OWN, Stage)
from simkit.games.ink.engine.places import recolour_facing, tile_placeable
from simkit.games.ink.rules.components import NO_MARK, SPLASH
from simkit.games.ink.rules.vocabulary import Effect


@njit
def supply_token(r, s, kind, value):
    """The first bonus token of this kind (and value, unless value < 0) in the supply, or NONE."""
    for i in range(r.n_bonus_tokens):
        if s.btok_where[i] == IN_SUPPLY and r.token_kind[i] == kind and (value < 0 or r.token_value[i] == value):
            return i
    return NONE


@njit
def has_token_on(r, s, p, q, kind):
    where = p * MAX_SQUARES + q
    for i in range(r.n_bonus_tokens):
        if s.btok_where[i] == where and r.token_kind[i] == kind:
            return True
    return False


@njit
def put_token(s, p, q, token):
    s.btok_where[token] = p * MAX_SQUARES + q
    s.sq_tokens[p, q] += 1


@njit
def in_painting(s, p, q):
    return q < 4 * s.n_slots[p] and s.slot_placed[p, q // 4] == 1


@njit
def upright(s, p, q):
    return in_painting(s, p, q) and (s.sq_bottle[p, q] == UPRIGHT_OWN or s.sq_bottle[p, q] == UPRIGHT_BLACK)


@njit
def free_splash(s, p, q):
    return in_painting(s, p, q) and is_open(s, p, q) and s.sq_mark[p, q] == SPLASH


@njit
def any_free_splash_but(s, p, q):
    for other in range(4 * s.n_slots[p]):
        if other != q and free_splash(s, p, other):
            return True
    return False


@njit
def tile_movable(r, s, p, slot):
    """`move_tile` may lift this tile (spec §4.8, §7.1 #26): no bottle, no X/XX token, no bonus token, the others
    stay edge-connected, not the only tile, and it has a legal placement at another cell."""
    if slot >= s.n_slots[p] or not s.slot_placed[p, slot] or placed_tiles(s, p) < 2:
        return False
    for q in range(4 * slot, 4 * slot + 4):
        if s.sq_bottle[p, q] != NO_BOTTLE or s.sq_colour[p, q] == COVERED or s.sq_tokens[p, q] > 0:
            return False
    if not connected_without(s, p, slot, s.stack):
        return False
    lift_tile(r, s, p, slot)
    placeable = tile_placeable(r, s, p, s.slot_tile[p, slot], slot)
    restore_tile(r, s, p, slot)
    return placeable


@njit
def square_unit_legal(r, s, p, effect, q):
    """The first (or only) argument of a unit: a square of p's painting."""
    if not in_painting(s, p, q):
        return False
    if effect == Effect.ADD_SPLASH:
        return is_open(s, p, q) and s.sq_mark[p, q] == NO_MARK and supply_token(r, s, TOKEN_SPLASH, -1) != NONE
    if effect == Effect.DISCARD_BOTTLES:
        return upright(s, p, q)
    if effect == Effect.RECOLOUR:
        return (is_open(s, p, q) and s.sq_mark[p, q] == NO_MARK and not has_token_on(r, s, p, q, TOKEN_COLOUR)
                and supply_token(r, s, TOKEN_COLOUR, -1) != NONE)
    if effect == Effect.MOVE_BOTTLES:
        return upright(s, p, q) and any_free_splash_but(s, p, q)
    if effect == Effect.ADD_GOAL:
        return is_open(s, p, q) and s.sq_mark[p, q] >= 0 and supply_token(r, s, TOKEN_NUMBER, -1) != NONE
    return False


@njit
def bonus_legal(r, s, p, a):
    """Stage BONUS: STOP (end_bonus) always; else a unit of the bonus tile's effect kind."""
    effect = r.bonus_effect[s.bonus_tile]
    if effect == Effect.PALETTE_TO_WILD:
        k = a - CHOICE
        return 0 <= k < MAX_CHOICE and 1 <= k <= min(s.bonus_left, s.res_palette[p])
    if effect == Effect.EXTRA_TILE:
        d = a - NIB + 1
        return 1 <= d <= r.nibs and s.nib_tile[d] != NONE and tile_placeable(r, s, p, s.nib_tile[d], NONE)
    if effect == Effect.MOVE_TILE:
        return LIFT <= a < SQUARE and tile_movable(r, s, p, a - LIFT)
    return SQUARE <= a < SQUARE + MAX_SQUARES and square_unit_legal(r, s, p, effect, a - SQUARE)


@njit
def bonus_arg_legal(r, s, p, a):
    """Stage BONUS_ARG: the colour of a recolour, the value of an add_goal, the free splash a bottle moves to.
    RULINGS (the spec gives none): a bottle never "moves" to the square it left; a recolour may name the square's
    own colour (spec §4.8: "a colour available in the supply, the player's choice")."""
    effect = r.bonus_effect[s.bonus_tile]
    if effect == Effect.MOVE_BOTTLES:
        q = a - SQUARE
        return SQUARE <= a < SQUARE + MAX_SQUARES and q != s.arg_square and free_splash(s, p, q)
    i = a - CHOICE
    if not 0 <= i < MAX_CHOICE:
        return False
    if effect == Effect.RECOLOUR:
        return supply_token(r, s, TOKEN_COLOUR, i) != NONE
    return r.goal_values[i] == 1 and supply_token(r, s, TOKEN_NUMBER, i) != NONE


@njit
def second_choices(r, s, p, q):
    """The second arguments a unit starting on square q may take (spec §7.1b A7 counts a unit once per pair)."""
    effect = r.bonus_effect[s.bonus_tile]
    count = 0
    if effect == Effect.MOVE_BOTTLES:
        for other in range(4 * s.n_slots[p]):
            count += other != q and free_splash(s, p, other)
    elif effect == Effect.RECOLOUR:
        for c in range(MAX_CHOICE):
            count += supply_token(r, s, TOKEN_COLOUR, c) != NONE
    elif effect == Effect.ADD_GOAL:
        for v in range(MAX_CHOICE):
            count += r.goal_values[v] == 1 and supply_token(r, s, TOKEN_NUMBER, v) != NONE
    return max(count, 1)


@njit
def unit_done(s):
    """One unit used; the bonus ends when its amount is used up (spec §4.8: "up to")."""
    s.bonus_units += 1
    s.bonus_left -= 1
    s.stage = Stage.BONUS if s.bonus_left > 0 else Stage.GOALS


@njit
def apply_bonus(r, s, p, a):
    """Stage BONUS: one unit (or its first argument) of the bonus tile's effect."""
    effect = r.bonus_effect[s.bonus_tile]
    if s.bonus_units == 0:
        s.bonuses_used[p] += 1
    if effect == Effect.PALETTE_TO_WILD:
        k = a - CHOICE
        s.res_palette[p] -= k
        s.res_wild[p] += k
        s.bonus_units += 1
        s.stage = Stage.GOALS
        return
    if effect == Effect.EXTRA_TILE:  # the nib is refilled in A4
        d = a - NIB + 1
        s.hand_tile = s.nib_tile[d]
        s.nib_tile[d] = NONE
        s.tiles_taken[p] += 1
        s.after_tile = 1
        s.stage = Stage.PLACE_TILE
        return
    if effect == Effect.MOVE_TILE:  # one event from lifting to setting down (spec §3.5)
        slot = a - LIFT
        begin_event(s, p)
        lift_tile(r, s, p, slot)
        touch(s, p)
        s.hand_tile = s.slot_tile[p, slot]
        s.hand_slot = slot
        s.after_tile = 1
        s.stage = Stage.PLACE_TILE
        return
    q = a - SQUARE
    if effect == Effect.RECOLOUR or effect == Effect.ADD_GOAL or effect == Effect.MOVE_BOTTLES:
        s.arg_square = q
        s.stage = Stage.BONUS_ARG
        return
    if effect == Effect.ADD_SPLASH:  # one event (spec §3.5) that changes no area's squares
        put_token(s, p, q, supply_token(r, s, TOKEN_SPLASH, -1))
        s.sq_mark[p, q] = SPLASH
        mark_changed(s, p, q)
    else:  # DISCARD_BOTTLES: it still counts as placed (spec §4.8, §7.1 #27)
        begin_event(s, p)
        if s.sq_bottle[p, q] == UPRIGHT_OWN:
            s.own_discarded[p] += 1
        else:
            s.black_discarded[p] += 1
        s.sq_bottle[p, q] = NO_BOTTLE
        end_event(s, p)
    unit_done(s)


@njit
def apply_bonus_arg(r, s, p, a):
    """Stage BONUS_ARG: the second half of a unit, as one event (spec §3.5)."""
    effect = r.bonus_effect[s.bonus_tile]
    q = s.arg_square
    if effect == Effect.ADD_GOAL:  # the last number token sets the goal value (spec §7.1b A4); no area changes
        put_token(s, p, q, supply_token(r, s, TOKEN_NUMBER, a - CHOICE))
        s.sq_mark[p, q] = a - CHOICE
        mark_changed(s, p, q)
        unit_done(s)
        return
    begin_event(s, p)
    if effect == Effect.MOVE_BOTTLES:
        s.sq_bottle[p, a - SQUARE] = s.sq_bottle[p, q]
        s.sq_bottle[p, q] = NO_BOTTLE
    else:  # RECOLOUR
        put_token(s, p, q, supply_token(r, s, TOKEN_COLOUR, a - CHOICE))
        s.sq_colour[p, q] = a - CHOICE
        if s.cells_current[p]:  # the free cells facing q take its new colour (no rebuild at the next look)
            recolour_facing(r, s, p, q, q)
    end_event(s, p)
    unit_done(s)
