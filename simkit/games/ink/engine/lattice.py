"""The painting's geometry (spec §3.1, §7.1 #4): squares and their coordinates, the slot at a square, neighbours,
places and their keys, putting and lifting tiles. See layout.py for how slots, squares, places and the grid are held;
places.py keeps the table of the places a tile may take."""

import numpy as np

from simkit.core.jit import njit
from simkit.games.ink.engine.layout import (GRID_MASK, MAX_SLOTS, N_EDGE_PLACES, N_OFFSET_PLACES, N_SIDES, NO_BOTTLE,
                                            NO_LIMIT, NONE, PLACE_DX, PLACE_DY, POS_DX, POS_DY, SIDE_DX, SIDE_DY,
                                            TileAlignment)
from simkit.games.ink.engine.orientation import DIAGONAL_AFTER, SOURCE
from simkit.games.ink.rules.components import NO_DIAGONAL

# the position of the square at offset (dx, dy) inside its tile: POSITION_AT[dy][dx]
POSITION_AT = ((0, 1), (3, 2))
# the two sides of each position (TL, TR, BR, BL) that face out of its tile: W and N, E and N, E and S, W and S;
# face f = 2 j + k is position j across its k-th outward side
OUTWARD = np.array([[2, 3], [0, 3], [0, 1], [2, 1]], np.int64)
FACE = np.full((4, N_SIDES), NONE, np.int64)  # FACE[j, side]: the face of position j across `side`, NONE inside
for _j in range(4):
    for _k in range(2):
        FACE[_j, OUTWARD[_j, _k]] = 2 * _j + _k
# a face across each side: on the lattice, its square is in the tile beside that side, if any
SIDE_FACE = np.array([min(f for f in range(8) if OUTWARD[f >> 1, f & 1] == d) for d in range(N_SIDES)], np.int64)
# the square beside position j in direction `side`, inside its tile (INSIDE = 1): position NEXT_POSITION[j, side]
NEXT_POSITION = np.zeros((4, N_SIDES), np.int64)
INSIDE = np.zeros((4, N_SIDES), np.int64)
for _j in range(4):
    for _side in range(N_SIDES):
        _x, _y = POS_DX[_j] + SIDE_DX[_side], POS_DY[_j] + SIDE_DY[_side]
        NEXT_POSITION[_j, _side] = POSITION_AT[_y & 1][_x & 1]
        INSIDE[_j, _side] = 0 <= _x <= 1 and 0 <= _y <= 1


@njit
def place_key(slot, place):
    """The key of (slot, place): edge-to-edge places first (layout.py)."""
    if place < N_EDGE_PLACES:
        return N_EDGE_PLACES * slot + place
    return N_EDGE_PLACES * MAX_SLOTS + N_OFFSET_PLACES * slot + place - N_EDGE_PLACES


@njit
def key_slot_place(key):
    """The (slot, place) a key names."""
    if key < N_EDGE_PLACES * MAX_SLOTS:
        return key // N_EDGE_PLACES, key % N_EDGE_PLACES
    k = key - N_EDGE_PLACES * MAX_SLOTS
    return k // N_OFFSET_PLACES, N_EDGE_PLACES + k % N_OFFSET_PLACES


@njit
def key_xy(s, p, key):
    """The top-left square of the place named by key."""
    slot, place = key_slot_place(key)
    return s.slot_xy[p, slot, 0] + PLACE_DX[place], s.slot_xy[p, slot, 1] + PLACE_DY[place]


@njit
def cell_slot(s, p, tx, ty):
    """The slot of p's painting at tile cell (tx, ty) of the lattice, or NONE."""
    slot = s.grid[p, tx & GRID_MASK, ty & GRID_MASK] - 1
    if slot < 0 or s.slot_xy[p, slot, 0] != 2 * tx or s.slot_xy[p, slot, 1] != 2 * ty:
        return NONE
    return slot


@njit
def covers(s, p, slot, x, y):
    """Placed slot `slot` of p's painting covers square (x, y)."""
    dx, dy = x - s.slot_xy[p, slot, 0], y - s.slot_xy[p, slot, 1]
    return s.slot_placed[p, slot] == 1 and 0 <= dx <= 1 and 0 <= dy <= 1


@njit
def slot_at(r, s, p, x, y):
    """The placed slot of p's painting covering square (x, y), or NONE."""
    if r.tile_alignment == TileAlignment.LATTICE:
        return cell_slot(s, p, x >> 1, y >> 1)
    slot = s.grid[p, x & GRID_MASK, y & GRID_MASK] - 1
    if slot >= 0 and covers(s, p, slot, x, y):
        return slot
    if s.grid_clash[p]:  # the grid may not show it: ask every slot
        for other in range(s.n_slots[p]):
            if covers(s, p, other, x, y):
                return other
    return NONE


@njit
def slot_with_corner(r, s, p, x, y):
    """The placed slot of p's painting whose top-left square is (x, y), or NONE."""
    slot = slot_at(r, s, p, x, y)
    return slot if slot != NONE and s.slot_xy[p, slot, 0] == x and s.slot_xy[p, slot, 1] == y else NONE


@njit
def square_at(r, s, p, x, y):
    """The square of p's painting at square coordinates (x, y), or NONE (spec §3.1)."""
    slot = slot_at(r, s, p, x, y)
    if slot == NONE:
        return NONE
    return 4 * slot + POSITION_AT[y - s.slot_xy[p, slot, 1]][x - s.slot_xy[p, slot, 0]]


@njit
def square_x(s, p, q):
    return s.slot_xy[p, q // 4, 0] + POS_DX[q % 4]


@njit
def square_y(s, p, q):
    return s.slot_xy[p, q // 4, 1] + POS_DY[q % 4]


@njit
def neighbour(s, p, q, side):
    """The square beside square q in direction `side` (E, S, W, N), or NONE. Inside q's own tile it is that tile's
    square while the tile is placed (a lifted tile is in no cell)."""
    slot, j = q >> 2, q & 3
    if INSIDE[j, side]:
        return q - j + NEXT_POSITION[j, side] if s.slot_placed[p, slot] == 1 else NONE
    return s.slot_facing[p, slot, FACE[j, side]]


@njit
def diagonal_partner(s, p, q):
    """The joined corner of q on a diagonal tile (spec §3.1), or NONE."""
    d = s.slot_diagonal[p, q // 4]
    if d == NO_DIAGONAL or q % 2 != d:
        return NONE
    return q - q % 4 + (q % 4 + 2) % 4


@njit
def side_taken(s, p, slot, side):
    """On the lattice: a tile stands in the cell beside slot `slot` on `side`."""
    return s.slot_facing[p, slot, SIDE_FACE[side]] != NONE


@njit
def within_size(r, s, p, x, y):
    """The painting with a tile at top-left square (x, y) fits `max_painting_size` × `max_painting_size` tile cells,
    2 m × 2 m squares (spec §7.1 #4)."""
    if r.max_painting_size == NO_LIMIT:
        return True
    x0, x1, y0, y1 = x, x, y, y
    for slot in range(s.n_slots[p]):
        if s.slot_placed[p, slot]:
            x0, x1 = min(x0, s.slot_xy[p, slot, 0]), max(x1, s.slot_xy[p, slot, 0])
            y0, y1 = min(y0, s.slot_xy[p, slot, 1]), max(y1, s.slot_xy[p, slot, 1])
    return x1 - x0 + 2 <= 2 * r.max_painting_size and y1 - y0 + 2 <= 2 * r.max_painting_size


@njit
def facing_square(r, s, p, x, y, f):
    """The square facing position j = f // 2 of a tile at top-left square (x, y) across its (f % 2)-th outward side
    (spec §3.3: facing squares), or NONE."""
    j = f >> 1
    side = OUTWARD[j, f & 1]
    return square_at(r, s, p, x + POS_DX[j] + SIDE_DX[side], y + POS_DY[j] + SIDE_DY[side])


@njit(any_layout=True)  # a slot_facing or free_facing row, or the cell_facing scratch row
def facing_squares(r, s, p, x, y, out):
    """out[f] = facing_square(r, s, p, x, y, f) for the 8 faces of a tile at top-left square (x, y)."""
    for f in range(2 * 4):
        out[f] = facing_square(r, s, p, x, y, f)


@njit
def cells_changed(s, p):
    """A tile or a square's colour of p's painting changed: its free places (places.free_cells) are stale."""
    s.cells_current[p] = 0


@njit
def put_tile(r, s, p, tile, slot, x, y, o):
    """Put tile kind `tile` in orientation o with its top-left square at (x, y) as slot `slot`, its squares as
    printed."""
    facing_squares(r, s, p, x, y, s.slot_facing[p, slot])  # before the grid shows the tile (they are outside it)
    s.slot_tile[p, slot] = tile
    s.slot_xy[p, slot, 0] = x
    s.slot_xy[p, slot, 1] = y
    s.slot_orientation[p, slot] = o
    d = r.tile_diagonal[tile]
    s.slot_diagonal[p, slot] = NO_DIAGONAL if d == NO_DIAGONAL else DIAGONAL_AFTER[o, d]
    s.slot_placed[p, slot] = 1
    set_in_grid(r, s, p, slot, True)
    link_faces(s, p, slot, True)
    cells_changed(s, p)
    for j in range(4):
        q = 4 * slot + j
        s.sq_colour[p, q] = r.tile_colour[tile, SOURCE[o, j]]
        s.sq_mark[p, q] = r.tile_mark[tile, SOURCE[o, j]]
        s.sq_bottle[p, q] = NO_BOTTLE
        s.sq_tokens[p, q] = 0  # a moved tile keeps its growth marks (spec §3.5: marks survive the turn)


@njit
def set_in_grid(r, s, p, slot, shown):
    """The grid shows placed slot `slot` (`shown`: at its cell, or at its four squares, noting a clash), or no longer
    shows it (the entries that still do)."""
    x, y = s.slot_xy[p, slot, 0], s.slot_xy[p, slot, 1]
    if r.tile_alignment == TileAlignment.LATTICE:
        s.grid[p, (x >> 1) & GRID_MASK, (y >> 1) & GRID_MASK] = slot + 1 if shown else 0
        return
    for j in range(4):
        gx, gy = (x + POS_DX[j]) & GRID_MASK, (y + POS_DY[j]) & GRID_MASK
        other = s.grid[p, gx, gy] - 1
        if shown:
            if other >= 0 and other != slot and s.slot_placed[p, other]:
                s.grid_clash[p] = 1
            s.grid[p, gx, gy] = slot + 1
        elif other == slot:
            s.grid[p, gx, gy] = 0


@njit
def link_faces(s, p, slot, present):
    """The squares facing slot `slot` (slot_facing) face its squares back, or NONE when not `present`."""
    for f in range(2 * 4):
        q = s.slot_facing[p, slot, f]
        if q != NONE:
            back = FACE[q & 3, (OUTWARD[f >> 1, f & 1] + 2) % N_SIDES]
            s.slot_facing[p, q >> 2, back] = 4 * slot + (f >> 1) if present else NONE


@njit
def lift_tile(r, s, p, slot):
    """Take slot `slot` out of the painting (`move_tile`, spec §4.8): its squares leave every area. Its own
    slot_facing row stays, as its neighbours stay where they are."""
    set_in_grid(r, s, p, slot, False)
    s.slot_placed[p, slot] = 0
    link_faces(s, p, slot, False)
    cells_changed(s, p)


@njit
def restore_tile(r, s, p, slot):
    """Undo lift_tile (a legality test that looked at the painting without the tile)."""
    s.slot_placed[p, slot] = 1
    set_in_grid(r, s, p, slot, True)
    link_faces(s, p, slot, True)
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
        for f in range(2 * 4):
            q = s.slot_facing[p, slot, f]
            if q != NONE and s.slot_placed[p, q >> 2] == 1:
                s.slot_placed[p, q >> 2] = 2
                stack[top] = q >> 2
                top += 1
    for slot in range(s.n_slots[p]):
        if s.slot_placed[p, slot] == 2:
            s.slot_placed[p, slot] = 1
    s.slot_placed[p, lifted] = 1
    return seen == total
