"""X and XX tokens (spec §4.7, printed unless marked): the draw, placement legality and the effect of covering two
squares (bottles back to the wild or black reserve, bonus tokens out of the game, §7.1b A4)."""

from simkit.core.jit import njit
from simkit.games.ink.engine.lattice import neighbour
from simkit.games.ink.engine.layout import (COVERED, MAX_SQUARES, NO_BOTTLE, NONE, REMOVED, UPRIGHT_BLACK, UPRIGHT_OWN,
                                            UPSIDE_DOWN_BLACK, UPSIDE_DOWN_OWN, X_BAG, X_DISCARDED, X_HAND, X_PAINTING)
from simkit.games.ink.engine.places import recolour_facing
from simkit.games.ink.rules.components import NO_MARK
from simkit.games.ink.rules.vocabulary import TokenKind

EAST, SOUTH = 0, 1  # the two directions of a pair (sides E and S of layout.SIDE_DX)


@njit
def draw_x(s):
    """Draw the next token of the X bag (shuffled at setup) into the hand; the last one brings the set-aside XX
    tokens into the bag. NONE when nothing is left to draw."""
    if s.x_bag_pos >= s.x_bag_n:
        return NONE
    token = s.x_bag[s.x_bag_pos]
    s.x_bag_pos += 1
    s.x_where[token] = X_HAND
    if s.x_bag_pos == s.x_bag_n:
        for i in range(s.x_aside_n):
            s.x_bag[s.x_bag_n] = s.x_aside[i]
            s.x_where[s.x_aside[i]] = X_BAG
            s.x_bag_n += 1
        s.x_aside_n = 0
    return token


@njit
def coverable(r, s, p, q):
    """A square a token may cover: in the painting, still coloured, no upside-down bottle (§7.1 #13). Without
    branches (NONE reads square 0, then unused): the place_x scans ask it of every square, in no pattern a
    processor could predict."""
    at = max(q, 0)
    bottle = s.sq_bottle[p, at]
    return ((q != NONE) & (s.slot_placed[p, at // 4] != 0) & (s.sq_colour[p, at] != COVERED)
            & ((r.x_covers_goal_bottles != 0) | ((bottle != UPSIDE_DOWN_OWN) & (bottle != UPSIDE_DOWN_BLACK))))


@njit
def pair_other(r, s, p, q, e):
    """The other square of the pair (q, q's east or south neighbour) if both may be covered, else NONE."""
    other = neighbour(s, p, q, EAST if e == 0 else SOUTH)
    both = (q < 4 * s.n_slots[p]) & coverable(r, s, p, q) & coverable(r, s, p, other)
    return other if both else NONE


@njit
def pair_fits(r, s, p, token, q, other):
    """The pair shows the token's colour (X: at least one square; XX: both squares of one of its colours)."""
    a, b = s.sq_colour[p, q], s.sq_colour[p, other]
    c1, c2 = r.x_colours[token, 0], r.x_colours[token, 1]
    if r.x_kind[token] == TokenKind.X:
        return (a == c1) | (b == c1)
    return (a == b) & ((a == c1) | (a == c2))


@njit
def any_pair(r, s, p, token, fitting):
    """Some legal pair (that fits the token's colours, if `fitting`)."""
    for q in range(4 * s.n_slots[p]):
        for e in range(2):
            other = pair_other(r, s, p, q, e)
            if other != NONE and (not fitting or pair_fits(r, s, p, token, q, other)):
                return True
    return False


@njit
def x_placement_legal(r, s, p, token, q, e):
    """`place_x`: a legal pair that fits the token, or any legal pair if none fits (spec §4.7, §7.1b A9)."""
    other = pair_other(r, s, p, q, e)
    if other == NONE:
        return False
    return pair_fits(r, s, p, token, q, other) or not any_pair(r, s, p, token, True)


@njit
def x_actions(r, s, p, first, out):
    """The legal `place_x` actions of the token in hand, first + 2 q + e ascending, into out; how many (what a scan
    of x_placement_legal finds). One pass lists the legal pairs and counts those that fit the token; when some do,
    the list keeps only those. Both passes write without branching on the squares (out[n] is written, n moves on
    only for a pair kept)."""
    token = s.x_hand
    n, fitting = 0, 0
    for q in range(4 * s.n_slots[p]):
        for e in range(2):
            other = pair_other(r, s, p, q, e)
            legal = other != NONE
            out[n] = first + 2 * q + e
            n += 1 if legal else 0
            fitting += 1 if legal & pair_fits(r, s, p, token, q, max(other, 0)) else 0
    if fitting == 0:
        return n
    kept = 0
    for i in range(n):
        q, e = (out[i] - first) // 2, (out[i] - first) % 2
        out[kept] = out[i]
        kept += 1 if pair_fits(r, s, p, token, q, neighbour(s, p, q, EAST if e == 0 else SOUTH)) else 0
    return kept


@njit
def cover(r, s, p, q):
    """Square q loses colour and marking for good; an upright bottle goes back (own: to the wild reserve, black: to
    the black reserve, no longer counted); its bonus tokens leave the game (spec §4.7, §7.1b A4). RULING (the spec
    gives none): an upside-down bottle, which only `x_covers_goal_bottles` lets a token cover, goes back the same
    way (its goal stays completed)."""
    bottle = s.sq_bottle[p, q]
    if bottle == UPRIGHT_OWN or bottle == UPSIDE_DOWN_OWN:
        s.res_wild[p] += 1
    elif bottle == UPRIGHT_BLACK or bottle == UPSIDE_DOWN_BLACK:
        s.black_reserve += 1
        s.black_placed[p] -= 1
    s.sq_bottle[p, q] = NO_BOTTLE
    s.sq_colour[p, q] = COVERED
    if s.cells_current[p]:  # the free cells facing q lose its colour (no rebuild at the tile that follows)
        recolour_facing(r, s, p, q, q)
    s.sq_mark[p, q] = NO_MARK
    if s.sq_tokens[p, q]:
        where = p * MAX_SQUARES + q
        for i in range(r.n_bonus_tokens):
            if s.btok_where[i] == where:
                s.btok_where[i] = REMOVED
        s.sq_tokens[p, q] = 0


@njit
def place_x(r, s, p, q, e):
    """The token in hand covers q and its neighbour (spec §4.7); returns the neighbour."""
    token = s.x_hand
    other = pair_other(r, s, p, q, e)
    cover(r, s, p, q)
    cover(r, s, p, other)
    s.x_where[token] = X_PAINTING
    s.x_squares[token, 0] = q
    s.x_squares[token, 1] = other
    s.x_owner[token] = p
    s.x_hand = NONE
    return other


@njit
def discard_x(s):
    """A token with no legal placement is removed from the game (spec §7.1 #14)."""
    s.x_where[s.x_hand] = X_DISCARDED
    s.x_hand = NONE

