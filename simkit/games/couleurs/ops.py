"""Small compiled helpers shared by the Couleurs de Paris engine modules: ids, levels, cubes, painting counts."""

import numpy as np

from simkit.core.jit import njit
from simkit.games.couleurs.state import (BIG_SUPPLY, CARD_ACTIVE, EMPTY, ERR_INVARIANT, N_UPPER, VAN_GOGH)

# colour and action ids (components.py)
R, Y, B, O, G, P, W, K = 0, 1, 2, 3, 4, 5, 6, 7
GET_RED, GET_YELLOW, GET_BLUE, MIX_ORANGE, MIX_GREEN, MIX_PURPLE, MIX_BLACK = 0, 1, 2, 3, 4, 5, 6
UPGRADE_TUBE, UPGRADE_PALETTE, UPGRADE_BRUSH, PAINT_ACTION, EXHIBIT, TAKE_PAINTING = 7, 8, 9, 10, 11, 12
TUBE, PALETTE, BRUSH = 0, 1, 2
MAX_SECTORS = 24


@njit
def level(s, p, tool):
    return np.int64(s.track_level[tool, s.space[p, tool] - 1])


@njit
def action_of_slot(s, j):
    """The lower action slot j faces this round (spec §3.2)."""
    return np.int64(s.wheel[(j - s.rotation) % s.n_sectors])


@njit
def seat_sum(counts, n, j):
    """Sum over the n seats of counts[seat, j] (assistants of every player on slot j)."""
    total = 0
    for p in range(n):
        total += counts[p, j]
    return total


@njit
def slot_occupants(s, j):
    return seat_sum(s.lower, s.n_players, j)


@njit
def slot_standing(s, j):
    return seat_sum(s.lower_standing, s.n_players, j)


@njit
def standing_count(s, p):
    total = np.int64(s.whites_standing[p])
    for j in range(s.n_sectors):
        total += s.lower_standing[p, j]
    for u in range(N_UPPER - 1):
        if s.upper_owner[u] == p and s.upper_standing[u]:
            total += 1
    return total


@njit
def non_black(s, p):
    total = 0
    for c in range(7):
        total += s.reserve[p, c]
    return total


@njit
def gain(s, p, c, amount):
    """Take up to `amount` cubes of colour c from the supply (take what remains when limited, spec §7.4)."""
    take = amount
    if take > s.supply[c]:
        take = s.supply[c]
    if take < 0:
        take = 0
    s.supply[c] -= take
    s.gained[c] += take
    s.reserve[p, c] += take
    return take


@njit
def to_supply(s, c, amount):
    s.returned[c] += amount
    if c != K:
        s.supply[c] += amount
        if s.unlimited:
            s.supply[c] = BIG_SUPPLY


@njit
def pay(s, p, c, amount):
    if s.reserve[p, c] < amount:
        s.error = ERR_INVARIANT
        s.done = 1
        return
    s.reserve[p, c] -= amount
    to_supply(s, c, amount)


@njit
def trigger(s, code):
    if s.triggers == 0:
        s.first_trigger = code
    s.triggers |= code


@njit
def has_painter(s, p, painter):
    """Whether player p holds painter tile `painter` and its power applies to the action being resolved
    (painter_powers_on_copies decides for actions performed through imitator)."""
    return power_applies(s, p, painter, s.pend_copy != 0)


@njit
def power_applies(s, p, painter, copy):
    return s.module_painters and s.painter[p] == painter and (not copy or s.powers_on_copies)


@njit
def pigment_limit(s, p):
    if s.module_painters and s.painter[p] == VAN_GOGH:
        return np.int64(s.vg_limit)
    return np.int64(s.pigment_limit)


@njit
def mismatches(s, p, i):
    card = s.cards[p, i]
    total = 0
    for q in range(9):
        c = s.squares[p, i, q]
        if c != EMPTY and c < W and c != s.card_grid[card, q]:
            total += 1
    return total


@njit
def active_index(s, p):
    for i in range(s.n_kept[p]):
        if s.card_state[p, i] == CARD_ACTIVE:
            return i
    return -1


@njit
def painting_counts(s, p, i):
    """(filled squares, whites, blacks) on drafted card i of player p."""
    filled, whites, blacks = 0, 0, 0
    for q in range(9):
        c = s.squares[p, i, q]
        if c != EMPTY:
            filled += 1
            if c == W:
                whites += 1
            elif c == K:
                blacks += 1
    return filled, whites, blacks


@njit
def painting_complete(s, p, i):
    return s.complete[p, i] != 0


@njit
def all_filled(s, p, i):
    for q in range(9):
        if s.squares[p, i, q] == EMPTY:
            return False
    return True


@njit
def reset_painting(s, p, i, card_state):
    """Put p's painting place i in `card_state` with nothing on it: not complete, every square (and the record of
    returned colours) empty."""
    s.card_state[p, i] = card_state
    s.complete[p, i] = 0
    for q in range(9):
        s.squares[p, i, q] = EMPTY
        s.ghost[p, i, q] = EMPTY
