"""Small compiled helpers shared by the Couleurs de Paris engine modules: rule values the record encodes, levels,
cubes, painting counts."""

import numpy as np

from simkit.core.jit import njit
from simkit.games.couleurs.rules.components import MAX_SECTORS, K, Painter, W
from simkit.games.couleurs.rules.ruleset import BonusCardOption, PaintingMode
from simkit.games.couleurs.engine.state import (BIG_SUPPLY, CARD_ACTIVE, EMPTY, N_GRID_COLOURS, N_UPPER, UP_WHITES,
                                                ErrorCode)


@njit
def market_mode(r):
    return r.painting_mode == PaintingMode.MARKET


@njit
def painting_market_places(r):
    """Face-up places of the painting market (none in draft mode)."""
    if market_mode(r):
        return np.int64(r.painting_market_size[r.n_players])
    return np.int64(0)


@njit
def option_b(r):
    """Module 1 with held bonus cards (bonus_card_option B)."""
    return r.module_bonus_cards and r.bonus_card_option == BonusCardOption.B


@njit
def level(r, s, p, tool):
    return np.int64(r.track_level[tool, s.space[p, tool] - 1])


@njit
def action_of_slot(r, s, j):
    """The lower action slot j faces this round (spec §3.2), as face_wheel keeps it."""
    return np.int64(s.slot_action[j])


@njit
def face_wheel(r, s):
    """Spec §3.2: the lower action each slot faces at the wheel's rotation, into slot_action (setup and every
    rotation; the policies read a slot's action many times per decision, the rotation changes once a round)."""
    for j in range(r.n_sectors):
        s.slot_action[j] = r.wheel[(j - s.rotation) % r.n_sectors]


@njit(inline="always")
def seat_after(r, p, k):
    """The seat k places after seat p in turn order (0 <= k <= n_players): wrapped once, without a division."""
    q = p + k
    return q - r.n_players if q >= r.n_players else q


@njit
def slot_occupants(r, s, j):
    """Every player's assistants on lower slot j."""
    return np.int64(s.occupants[j])


@njit
def slot_standing(r, s, j):
    """Every player's standing assistants on lower slot j."""
    return np.int64(s.slot_up[j])


@njit
def has_standing(r, s, p):
    """Whether p has an assistant standing anywhere (lower slots, whites, upper spaces)."""
    return s.standing_at[p] != 0


@njit
def owns_standing(r, s, p, loc):
    """Whether p has an assistant standing on location loc."""
    return (s.standing_at[p] >> loc) & 1 != 0


@njit
def seat_sum(counts, n, j):
    """Sum over the n seats of counts[seat, j] (assistants of every player on slot j)."""
    total = 0
    for p in range(n):
        total += counts[p, j]
    return total


@njit
def slot_bits(counts, n):
    """The lower slots j < n where counts[j] > 0, one bit each (1 << j)."""
    bits = np.int64(0)
    for j in range(n):
        if counts[j] > 0:
            bits |= np.int64(1) << j
    return bits


@njit
def standing_bits(r, s, p):
    """standing_at[p], found on the board."""
    bits = slot_bits(s.lower_standing[p], r.n_sectors)
    if s.whites_standing[p] > 0:
        bits |= np.int64(1) << (MAX_SECTORS + UP_WHITES)
    for u in range(N_UPPER - 1):
        if s.upper_owner[u] == p and s.upper_standing[u]:
            bits |= np.int64(1) << (MAX_SECTORS + u)
    return bits


@njit
def recount_derived(r, s):
    """The fields kept as the fields they are counted from change (state.py), counted again from those: a state
    whose board, paintings or rotation were written directly (a test's position)."""
    face_wheel(r, s)
    for j in range(r.n_sectors):
        s.occupants[j] = seat_sum(s.lower, r.n_players, j)
        s.slot_up[j] = seat_sum(s.lower_standing, r.n_players, j)
    for p in range(r.n_players):
        s.standing_at[p] = standing_bits(r, s, p)
        s.lower_at[p] = slot_bits(s.lower[p], r.n_sectors)
        for i in range(s.squares.shape[1]):
            count_painting(r, s, p, i)


@njit
def non_black(r, s, p):
    total = 0
    for c in range(7):
        total += s.reserve[p, c]
    return total


@njit
def gain(r, s, p, c, amount):
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
def to_supply(r, s, c, amount):
    s.returned[c] += amount
    if c != K:
        s.supply[c] += amount
        if r.unlimited_supply:
            s.supply[c] = BIG_SUPPLY


@njit
def pay(r, s, p, c, amount):
    if s.reserve[p, c] < amount:
        s.error = ErrorCode.INVARIANT
        s.done = 1
        return
    s.reserve[p, c] -= amount
    to_supply(r, s, c, amount)


@njit
def trigger(r, s, code):
    if s.triggers == 0:
        s.first_trigger = code
    s.triggers |= code


@njit
def has_painter(r, s, p, painter):
    """Whether player p holds painter tile `painter` and its power applies to the action being resolved
    (painter_powers_on_copies decides for actions performed through imitator)."""
    return power_applies(r, s, p, painter, s.pend_copy != 0)


@njit
def power_applies(r, s, p, painter, copy):
    return r.module_painters and s.painter[p] == painter and (not copy or r.painter_powers_on_copies)


@njit
def player_pigment_limit(r, s, p):
    if r.module_painters and s.painter[p] == Painter.VAN_GOGH:
        return np.int64(r.van_gogh_pigment_limit)
    return np.int64(r.pigment_limit)


@njit
def mismatches(r, s, p, i):
    card = s.cards[p, i]
    total = 0
    for q in range(9):
        c = s.squares[p, i, q]
        if c != EMPTY and c < W and c != r.card_grid[card, q]:
            total += 1
    return total


@njit
def active_index(r, s, p):
    for i in range(s.n_kept[p]):
        if s.card_state[p, i] == CARD_ACTIVE:
            return i
    return -1


@njit
def painting_counts(r, s, p, i):
    """(filled squares, whites, blacks) on drafted card i of player p."""
    return np.int64(s.filled[p, i]), np.int64(s.n_whites[p, i]), np.int64(s.n_blacks[p, i])


@njit
def painting_complete(r, s, p, i):
    return s.complete[p, i] != 0


@njit
def all_filled(r, s, p, i):
    return s.filled[p, i] == 9


@njit
def set_square(r, s, p, i, q, c):
    """Square q of p's painting i now holds a cube of colour c (EMPTY: none); the painting's counts follow."""
    count_square(r, s, p, i, q, s.squares[p, i, q], -1)
    s.squares[p, i, q] = c
    count_square(r, s, p, i, q, c, 1)


@njit
def hold_card(r, s, p, i, card):
    """p's painting place i holds painting card `card`; its counts follow (to_fill: the colours its grid asks)."""
    s.cards[p, i] = card
    count_painting(r, s, p, i)


@njit
def count_painting(r, s, p, i):
    """The counts of p's painting place i (filled, n_whites, n_blacks, to_fill), from its squares and its card."""
    s.filled[p, i] = 0
    s.n_whites[p, i] = 0
    s.n_blacks[p, i] = 0
    for c in range(N_GRID_COLOURS):
        s.to_fill[p, i, c] = 0
    for q in range(9):
        count_square(r, s, p, i, q, s.squares[p, i, q], 1)


@njit(inline="always")  # a few additions: set_square and count_painting's loop take them in their own code
def count_square(r, s, p, i, q, c, k):
    """Add k to the counts of p's painting i that its square q holding c adds to: an empty square to to_fill (the
    colour the card asks there), a cube to filled and to n_whites or n_blacks."""
    if c == EMPTY:
        s.to_fill[p, i, r.card_grid[s.cards[p, i], q]] += k
    else:
        s.filled[p, i] += k
        if c == W:
            s.n_whites[p, i] += k
        elif c == K:
            s.n_blacks[p, i] += k


@njit
def reset_painting(r, s, p, i, card_state):
    """Put p's painting place i in `card_state` with nothing on it: not complete, every square (and the record of
    returned colours) empty, so its counts are none but the colours its card asks (card_colours)."""
    s.card_state[p, i] = card_state
    s.complete[p, i] = 0
    for q in range(9):
        s.squares[p, i, q] = EMPTY
        s.ghost[p, i, q] = EMPTY
    s.filled[p, i] = 0
    s.n_whites[p, i] = 0
    s.n_blacks[p, i] = 0
    for c in range(N_GRID_COLOURS):
        s.to_fill[p, i, c] = r.card_colours[s.cards[p, i], c]
