"""The painting on the tile lattice (spec §3.1–§3.3): cells, squares, orientations, placement legality, placing and
lifting tiles. See layout.py for how slots, squares and the cell grid are held."""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from simkit.core.jit import njit
from simkit.games.ink.engine.layout import (COVERED, GRID_MASK, N_ORIENTATIONS, N_SIDES, NO_BOTTLE, NO_LIMIT, NONE,
                                            POS_DX, POS_DY, SIDE_DX, SIDE_DY)
from simkit.games.ink.engine.orientation import DIAGONAL_AFTER, SOURCE
from simkit.games.ink.rules.components import N_COLOURS, NO_DIAGONAL

# the position of the square at offset (dx, dy) inside its tile: POSITION_AT[dy][dx]
POSITION_AT = ((0, 1), (3, 2))
# the two sides of each position (TL, TR, BR, BL) that face out of its tile: W and N, E and N, E and S, W and S
OUTWARD = np.array([[2, 3], [0, 3], [0, 1], [2, 1]], np.int64)
# the square beside position j in direction `side`: position NEXT_POSITION[j, side] of the same tile (INSIDE = 1)
# or of the tile beside it in that direction
NEXT_POSITION = np.zeros((4, N_SIDES), np.int64)
INSIDE = np.zeros((4, N_SIDES), np.int64)
for _j in range(4):
    for _side in range(N_SIDES):
        _x, _y = POS_DX[_j] + SIDE_DX[_side], POS_DY[_j] + SIDE_DY[_side]
        NEXT_POSITION[_j, _side] = POSITION_AT[_y & 1][_x & 1]
        INSIDE[_j, _side] = 0 <= _x <= 1 and 0 <= _y <= 1


@njit
def cell_slot(s, p, tx, ty):
    """The slot of p's painting at tile cell (tx, ty), or NONE."""
    slot = s.grid[p, tx & GRID_MASK, ty & GRID_MASK] - 1
    if slot < 0 or s.slot_cell[p, slot, 0] != tx or s.slot_cell[p, slot, 1] != ty:
        return NONE
    return slot


@njit
def square_at(s, p, x, y):
    """The square of p's painting at square coordinates (x, y), or NONE (spec §3.1)."""
    slot = cell_slot(s, p, x >> 1, y >> 1)
    if slot == NONE:
        return NONE
    return 4 * slot + POSITION_AT[y & 1][x & 1]


@njit
def square_x(s, p, q):
    return 2 * s.slot_cell[p, q // 4, 0] + POS_DX[q % 4]


@njit
def square_y(s, p, q):
    return 2 * s.slot_cell[p, q // 4, 1] + POS_DY[q % 4]


@njit
def neighbour(s, p, q, side):
    """The square beside square q in direction `side` (E, S, W, N), or NONE. Inside q's own tile it is that tile's
    square while the tile is placed (a lifted tile is in no cell)."""
    slot, j = q >> 2, q & 3
    if INSIDE[j, side]:
        return q - j + NEXT_POSITION[j, side] if s.slot_placed[p, slot] == 1 else NONE
    other = s.slot_next[p, slot, side]
    return NONE if other == NONE else 4 * other + NEXT_POSITION[j, side]


@njit
def diagonal_partner(s, p, q):
    """The joined corner of q on a diagonal tile (spec §3.1), or NONE."""
    d = s.slot_diagonal[p, q // 4]
    if d == NO_DIAGONAL or q % 2 != d:
        return NONE
    return q - q % 4 + (q % 4 + 2) % 4


@njit
def side_cell(s, p, slot, side):
    """The cell beside slot `slot` in direction `side`: (tx, ty)."""
    return s.slot_cell[p, slot, 0] + SIDE_DX[side], s.slot_cell[p, slot, 1] + SIDE_DY[side]


@njit
def within_size(r, s, p, tx, ty):
    """The painting with cell (tx, ty) fits `max_painting_size` × `max_painting_size` tile cells (spec §7.1 #4)."""
    if r.max_painting_size == NO_LIMIT:
        return True
    x0, x1, y0, y1 = tx, tx, ty, ty
    for slot in range(s.n_slots[p]):
        if s.slot_placed[p, slot]:
            x0, x1 = min(x0, s.slot_cell[p, slot, 0]), max(x1, s.slot_cell[p, slot, 0])
            y0, y1 = min(y0, s.slot_cell[p, slot, 1]), max(y1, s.slot_cell[p, slot, 1])
    return x1 - x0 < r.max_painting_size and y1 - y0 < r.max_painting_size


@njit
def facing_square(s, p, tx, ty, i):
    """The square facing position j = i // 2 of a tile at cell (tx, ty) across its (i % 2)-th outward side (spec
    §3.3: facing squares), or NONE."""
    j = i >> 1
    side = OUTWARD[j, i & 1]
    return square_at(s, p, 2 * tx + POS_DX[j] + SIDE_DX[side], 2 * ty + POS_DY[j] + SIDE_DY[side])


@njit
def placement_legal(r, s, p, tile, slot, side, o, forbidden_slot):
    """`place_tile` of ink/start tile kind `tile` beside slot `slot`, orientation o (spec §3.3)."""
    bits = r.tile_fit[tile, o]
    key = N_SIDES * slot + side
    i = free_index(r, s, p, key) if bits else NONE
    return i != NONE and not forbidden_cell(s, p, key, forbidden_slot) and bits & s.free_faces[p, i] != 0


@njit
def fitting_orientations(r, tile, faces):
    """Bit o set: tile kind `tile` fits, in orientation o, a free cell showing `faces` (r.tile_fit). A mask made
    without branches: whether an orientation fits follows no pattern a processor could predict, and the
    placement scans ask it of every free cell."""
    fits = 0
    for o in range(N_ORIENTATIONS):
        fits |= (1 << o) if r.tile_fit[tile, o] & faces else 0
    return fits


@njit
def cells_changed(s, p):
    """A tile or a square's colour of p's painting changed: its free-cell table (free_cells) is stale."""
    s.cells_current[p] = 0


@njit
def cell_name(s, p, tx, ty, around):
    """The key of empty cell (tx, ty): N_SIDES slot + side of the lowest (slot, side) beside it, NONE when no placed
    tile is; `around` gets the slots beside it (E, S, W, N as SIDE_DX, SIDE_DY), NONE where there is none."""
    key = NONE
    for d in range(N_SIDES):
        around[d] = cell_slot(s, p, tx + SIDE_DX[d], ty + SIDE_DY[d])
        if around[d] != NONE and (key == NONE or N_SIDES * around[d] + (d + 2) % N_SIDES < key):
            key = N_SIDES * around[d] + (d + 2) % N_SIDES
    return key


@njit(any_layout=True)  # a free_facing row or a local array
def set_facing(facing, around):
    """The squares facing an empty cell (facing_square) from the slots `around` it (cell_name)."""
    for i in range(2 * 4):  # from the tile beside the cell on the position's outward side
        j, d = i >> 1, OUTWARD[i >> 1, i & 1]
        facing[i] = NONE if around[d] == NONE else 4 * around[d] + NEXT_POSITION[j, d]


@njit
def free_cells(r, s, p):
    """The free cells of p's painting that face a coloured square, the only ones a tile may take (spec §3.3: empty,
    beside a placed tile; §7.1 #4 `max_painting_size`): s.free_key[i] = N_SIDES slot + side of the lowest (slot,
    side) naming the cell (one action per cell), ascending; s.free_faces[i] the colours facing its positions, bit
    N_COLOURS j + colour for position j (as orientation.tile_bits); s.free_facing[i] its facing squares
    (facing_square). Returns how many. Built once per change of the painting (cells_changed): the legal lists, the
    placeability tests of a turn and the heuristics' placement scores read them many times; kept per painting, and
    a new tile updates them in place (cells_after_tile)."""
    if s.cells_current[p]:
        return s.free_n[p]
    n = 0
    around = s.cell_around
    for slot in range(s.n_slots[p]):
        for side in range(N_SIDES):
            if not s.slot_placed[p, slot]:
                break
            tx, ty = side_cell(s, p, slot, side)
            key = N_SIDES * slot + side
            if s.slot_next[p, slot, side] != NONE or cell_name(s, p, tx, ty, around) != key \
                    or not within_size(r, s, p, tx, ty):
                continue
            set_facing(s.free_facing[p, n], around)
            bits = facing_colours(s, p, s.free_facing[p, n])
            if bits:
                s.free_key[p, n] = key
                s.free_faces[p, n] = bits
                n += 1
    s.free_n[p] = n
    s.cells_current[p] = 1
    return n


@njit
def cells_after_tile(r, s, p, slot):
    """Slot `slot`, p's newest tile, was just put down while p's free cells were current (put_tile): its cell's row
    leaves, and the empty cells beside it get their rows as free_cells would build them (the cells of no other row
    change: their neighbours, hence their names and facing squares, stay; an older slot keeps naming a cell)."""
    tx, ty = s.slot_cell[p, slot, 0], s.slot_cell[p, slot, 1]
    around = s.cell_around
    n = s.free_n[p]
    key = cell_name(s, p, tx, ty, around)  # the tile's cell was named by the same neighbours
    i = free_search(s, p, key, n)
    if i < n and s.free_key[p, i] == key:
        move_rows(s, p, i + 1, n, -1)
        n -= 1
    for side in range(N_SIDES):
        if s.slot_next[p, slot, side] != NONE:
            continue
        cx, cy = tx + SIDE_DX[side], ty + SIDE_DY[side]
        key = cell_name(s, p, cx, cy, around)
        set_facing(s.cell_facing, around)
        bits = facing_colours(s, p, s.cell_facing)
        i = free_search(s, p, key, n)
        if i == n or s.free_key[p, i] != key:  # a cell that had no row: beside no tile, or facing no colour
            if not bits:
                continue
            move_rows(s, p, i, n, 1)
            n += 1
            s.free_key[p, i] = key
        s.free_faces[p, i] = bits
        for f in range(2 * 4):
            s.free_facing[p, i, f] = s.cell_facing[f]
    s.free_n[p] = n
    s.cells_current[p] = 1


@njit
def move_rows(s, p, lo, hi, by):
    """Rows lo..hi-1 of p's free cells move `by` (1 or -1) places."""
    if by > 0:
        for i in range(hi - 1, lo - 1, -1):
            copy_row(s, p, i, i + 1)
    else:
        for i in range(lo, hi):
            copy_row(s, p, i, i - 1)


@njit
def copy_row(s, p, i, j):
    s.free_key[p, j] = s.free_key[p, i]
    s.free_faces[p, j] = s.free_faces[p, i]
    for f in range(2 * 4):
        s.free_facing[p, j, f] = s.free_facing[p, i, f]


@njit(any_layout=True)  # a free_facing row or a local array
def facing_colours(s, p, facing):
    """The colours facing the positions of a free cell with facing squares `facing` (a free_facing row):
    free_faces."""
    bits = 0
    for i in range(2 * 4):
        q = facing[i]
        if q != NONE and s.sq_colour[p, q] != COVERED:
            bits |= 1 << (N_COLOURS * (i >> 1) + s.sq_colour[p, q])
    return bits


@njit
def recolour_facing(r, s, p, q, other):
    """Squares q and other of p's painting changed colour: the free cells they face take their new colours (what
    free_cells would build; a cell left facing no colour keeps its row, which then fits no tile)."""
    for row in range(free_cells(r, s, p)):
        for i in range(2 * 4):
            if s.free_facing[p, row, i] == q or s.free_facing[p, row, i] == other:
                s.free_faces[p, row] = facing_colours(s, p, s.free_facing[p, row])
                break


@njit
def free_search(s, p, key, n):
    """The first of p's free-cell rows 0..n-1 whose key is not below `key` (n if none)."""
    lo, hi = 0, n
    while lo < hi:
        mid = (lo + hi) >> 1
        if s.free_key[p, mid] < key:
            lo = mid + 1
        else:
            hi = mid
    return lo


@njit
def free_index(r, s, p, key):
    """The row of free_cells naming cell key (N_SIDES slot + side), or NONE."""
    n = free_cells(r, s, p)
    i = free_search(s, p, key, n)
    return i if i < n and s.free_key[p, i] == key else NONE


@njit
def forbidden_cell(s, p, key, forbidden_slot):
    """The cell named by key is where the lifted tile `forbidden_slot` came from (`move_tile`: "another empty
    cell", spec §4.8); the lifted tile is out of the grid, so its cell is among the free ones."""
    if forbidden_slot == NONE:
        return False
    tx, ty = side_cell(s, p, key // N_SIDES, key % N_SIDES)
    return tx == s.slot_cell[p, forbidden_slot, 0] and ty == s.slot_cell[p, forbidden_slot, 1]


@njit
def tile_placements(r, s, p, tile, forbidden_slot, out, first):
    """The legal placements of tile kind `tile` (spec §3.3) as first + N_ORIENTATIONS (N_SIDES slot + side) + o,
    ascending, into out; returns how many."""
    n = 0
    for i in range(free_cells(r, s, p)):
        key = s.free_key[p, i]
        fits = fitting_orientations(r, tile, s.free_faces[p, i])
        if fits == 0 or forbidden_cell(s, p, key, forbidden_slot):
            continue
        while fits:  # the orientations that fit, ascending
            out[n] = first + N_ORIENTATIONS * key + trailing_zeros(fits)
            fits &= fits - 1
            n += 1
    return n


@njit
def tile_placeable(r, s, p, tile, forbidden_slot):
    """Tile kind `tile` has a legal placement in p's painting (spec §4.1): tile_placements finds one."""
    for i in range(free_cells(r, s, p)):
        fits = fitting_orientations(r, tile, s.free_faces[p, i])
        if fits and not forbidden_cell(s, p, s.free_key[p, i], forbidden_slot):
            return True
    return False


@njit
def put_tile(r, s, p, tile, slot, tx, ty, o):
    """Put tile kind `tile` in orientation o at cell (tx, ty) as slot `slot`, its squares as printed."""
    s.slot_tile[p, slot] = tile
    s.slot_cell[p, slot, 0] = tx
    s.slot_cell[p, slot, 1] = ty
    s.slot_orientation[p, slot] = o
    d = r.tile_diagonal[tile]
    s.slot_diagonal[p, slot] = NO_DIAGONAL if d == NO_DIAGONAL else DIAGONAL_AFTER[o, d]
    s.slot_placed[p, slot] = 1
    s.grid[p, tx & GRID_MASK, ty & GRID_MASK] = slot + 1
    for side in range(N_SIDES):
        s.slot_next[p, slot, side] = cell_slot(s, p, tx + SIDE_DX[side], ty + SIDE_DY[side])
    link_slot(s, p, slot, slot)
    cells_changed(s, p)
    for j in range(4):
        q = 4 * slot + j
        s.sq_colour[p, q] = r.tile_colour[tile, SOURCE[o, j]]
        s.sq_mark[p, q] = r.tile_mark[tile, SOURCE[o, j]]
        s.sq_bottle[p, q] = NO_BOTTLE
        s.sq_tokens[p, q] = 0  # a moved tile keeps its growth marks (spec §3.5: marks survive the turn)


@njit
def add_tile(r, s, p, tile, slot, side, o):
    """A new slot for tile kind `tile` beside slot `slot` (spec §4.2); returns the new slot."""
    tx, ty = side_cell(s, p, slot, side)
    new = s.n_slots[p]
    s.n_slots[p] += 1
    current = s.cells_current[p] and r.max_painting_size == NO_LIMIT  # a size limit may drop cells: rebuild
    put_tile(r, s, p, tile, new, tx, ty, o)
    if current:
        cells_after_tile(r, s, p, new)
    return new


@njit
def link_slot(s, p, slot, value):
    """The tiles beside slot `slot` (slot_next) see `value` (the slot, or NONE) on their side facing it."""
    for side in range(N_SIDES):
        other = s.slot_next[p, slot, side]
        if other != NONE:
            s.slot_next[p, other, (side + 2) % N_SIDES] = value


@njit
def lift_tile(s, p, slot):
    """Take slot `slot` out of the painting (`move_tile`, spec §4.8): its squares leave every area. Its own
    slot_next row stays, as the grid still shows its cell's neighbours."""
    s.grid[p, s.slot_cell[p, slot, 0] & GRID_MASK, s.slot_cell[p, slot, 1] & GRID_MASK] = 0
    s.slot_placed[p, slot] = 0
    link_slot(s, p, slot, NONE)
    cells_changed(s, p)


@njit
def restore_tile(s, p, slot):
    """Undo lift_tile (a legality test that looked at the painting without the tile)."""
    s.grid[p, s.slot_cell[p, slot, 0] & GRID_MASK, s.slot_cell[p, slot, 1] & GRID_MASK] = slot + 1
    s.slot_placed[p, slot] = 1
    link_slot(s, p, slot, slot)
    cells_changed(s, p)


@njit
def placed_tiles(s, p):
    n = 0
    for slot in range(s.n_slots[p]):
        n += s.slot_placed[p, slot]
    return n


@njit
def connected_without(s, p, lifted, stack):
    """The placed tiles other than `lifted` form one edge-connected group (spec §4.8 `move_tile`); `stack` is
    scratch of at least MAX_SLOTS entries, and slot_placed is restored."""
    total, start = 0, NONE
    for slot in range(s.n_slots[p]):
        if s.slot_placed[p, slot] and slot != lifted:
            total += 1
            start = slot
    if total == 0:
        return False
    s.slot_placed[p, lifted] = 0  # the lifted tile is not a path
    seen = 0
    top = 0
    stack[top] = start
    top += 1
    s.slot_placed[p, start] = 2  # visited
    while top > 0:
        top -= 1
        slot = stack[top]
        seen += 1
        for side in range(N_SIDES):
            other = s.slot_next[p, slot, side]
            if other != NONE and s.slot_placed[p, other] == 1:
                s.slot_placed[p, other] = 2
                stack[top] = other
                top += 1
    for slot in range(s.n_slots[p]):
        if s.slot_placed[p, slot] == 2:
            s.slot_placed[p, slot] = 1
    s.slot_placed[p, lifted] = 1
    return seen == total
