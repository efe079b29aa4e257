"""Turns and rounds (spec §4, §5): the start of a turn, the nib wheel, taking and placing tiles, the refill (A4),
the end of a turn, the end of the game, tie rounds (spec §5.2–§5.4, §7.1b A8) and the safety bound (§5.7)."""

from simkit.core.jit import njit
from simkit.games.ink.engine.areas import clear_growth, compute_areas, end_event, join_new_tile
from simkit.games.ink.engine.bottles import own_left, trigger
from simkit.games.ink.engine.lattice import key_xy, put_tile
from simkit.games.ink.engine.layout import END_BAG_EMPTY, END_MAX_ROUNDS, NONE, Stage, UnplaceableTile
from simkit.games.ink.engine.places import add_tile, tile_placeable


@njit
def begin_turn(r, s, p):
    """p's turn: growth marks cleared (spec §3.5), nothing in hand."""
    s.current = p
    clear_growth(s, p)
    s.turns_taken[p] += 1
    s.hand_tile = NONE
    s.hand_slot = NONE
    s.after_tile = 0
    s.cross_from = NONE
    s.cross_nib = 0
    s.stage = Stage.TURN


@njit
def nib_free(r, s, p, d):
    """Nib d may take p's main bottle (`nib_sharing`, spec §7.1 #2)."""
    if r.nib_sharing:
        return True
    for q in range(r.n_players):
        if q != p and s.main_pos[q] == d:
            return False
    return True


@njit
def nib_takeable(r, s, p, d):
    """Nib d holds a tile p may take: one with a legal placement, or any with `unplaceable_tile = "discard"`."""
    tile = s.nib_tile[d]
    if tile == NONE:
        return False
    return r.unplaceable_tile == UnplaceableTile.DISCARD or tile_placeable(r, s, p, tile, NONE)


@njit
def take_from_nib(r, s, p, d):
    """A2: the tile of nib d into the hand, or removed from the game when it has no legal placement (§4.2)."""
    tile = s.nib_tile[d]
    if tile == NONE:
        s.stage = Stage.GOALS  # a crossing that left no takeable tile (spec §4.1)
        return
    s.nib_tile[d] = NONE
    s.tiles_taken[p] += 1
    if tile_placeable(r, s, p, tile, NONE):
        s.hand_tile = tile
        s.stage = Stage.PLACE_TILE
    else:
        s.tiles_removed += 1
        s.stage = Stage.GOALS


@njit
def place_hand_tile(r, s, p, key, o):
    """The tile in hand goes to place `key` (one event, spec §3.5); a lifted tile keeps its slot."""
    if s.hand_slot == NONE:
        compute_areas(s, p)
        join_new_tile(s, p, add_tile(r, s, p, s.hand_tile, key, o))
    else:
        x, y = key_xy(s, p, key)
        put_tile(r, s, p, s.hand_tile, s.hand_slot, x, y, o)
        end_event(s, p)
    s.hand_tile = NONE
    s.hand_slot = NONE
    if s.after_tile:
        s.after_tile = 0
        s.bonus_units += 1
        s.bonus_left -= 1
        s.stage = Stage.BONUS if s.bonus_left > 0 else Stage.GOALS
    else:
        s.stage = Stage.GOALS


@njit
def refill(r, s):
    """A4: every empty nib from the bag, clockwise from the start space; drawing the last tile triggers the end
    (spec §4.5, §5.1 `bag_exhaustion_ends_game`)."""
    for d in range(1, r.nibs + 1):
        if s.nib_tile[d] == NONE and s.bag_pos < r.n_tiles:
            s.nib_tile[d] = s.bag_order[s.bag_pos]
            s.bag_pos += 1
            if s.bag_pos == r.n_tiles and r.bag_exhaustion_ends_game:
                trigger(s, END_BAG_EMPTY)


@njit
def tie_key(s, p):
    """Tied players rank by: no own bottle first, then most black; without, fewest own bottles, then most black
    (spec §5.4, §7.1b A8)."""
    left = own_left(s, p)
    return 100000 + s.black_placed[p] if left == 0 else s.black_placed[p] - 1000 * left


@njit
def next_tie_players(r, s):
    """The players who still tie at the top after the natural end or a tie round (spec §5.3 rule 2, §5.4); how many.
    Only players with no own bottle tie at the natural end."""
    n = r.n_players
    best, count = -(1 << 30), 0
    for p in range(n):
        eligible = s.in_tie[p] if s.tie_round > 0 else own_left(s, p) == 0
        if eligible:
            key = tie_key(s, p)
            if key > best:
                best, count = key, 0
            if key == best:
                count += 1
    for p in range(n):
        eligible = s.in_tie[p] if s.tie_round > 0 else own_left(s, p) == 0
        s.in_tie[p] = eligible and tie_key(s, p) == best and count > 1
    return count if count > 1 else 0


@njit
def end_game(s, reason):
    s.done = 1
    s.stage = Stage.DONE
    if reason:
        s.end_reason = reason


@njit
def round_over(r, s):
    """A round ended (or a tie round): the game ends, goes on, or plays a tie round (spec §5.2–§5.4, §5.7)."""
    if s.triggers:
        if r.n_players > 1 and s.tie_round < r.max_tie_rounds and next_tie_players(r, s) > 0:
            s.tie_round += 1
            first_tied_turn(r, s)
            return
        end_game(s, 0)
        return
    if s.round >= r.max_rounds:
        s.truncated = 1
        end_game(s, END_MAX_ROUNDS)
        return
    s.round += 1
    begin_turn(r, s, s.first_player)


@njit
def first_tied_turn(r, s):
    for k in range(r.n_players):
        p = (s.first_player + k) % r.n_players
        if s.in_tie[p]:
            begin_turn(r, s, p)
            return


@njit
def end_turn(r, s, p):
    """The next turn: the next seat, or the next tied player in a tie round, or the end of the round."""
    n = r.n_players
    k = (p - s.first_player) % n + 1
    while k < n:
        q = (s.first_player + k) % n
        if s.tie_round == 0 or s.in_tie[q]:
            begin_turn(r, s, q)
            return
        k += 1
    round_over(r, s)
