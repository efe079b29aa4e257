"""The free places of each painting (spec §3.3, §7.1 #4): the empty places beside it that face a coloured square,
the only ones a tile may take, with the colours they face; placement legality and the legal placements of a tile.

One row per place, named by its key (layout.py), ascending: s.free_key[p, i]; s.free_faces[p, i] the colours facing
its positions, bit N_COLOURS j + colour for position j (as orientation.tile_bits); s.free_facing[p, i] its facing
squares (lattice.facing_square). Built once per change of the painting (lattice.cells_changed): the legal lists, the
placeability tests of a turn and the heuristics' placement scores read it many times. Without a size limit a new
tile updates it in place (cells_after_tile on the lattice, places_after_tile with "square")."""

from numba.cpython.unsafe.numbers import trailing_zeros

from simkit.core.jit import njit
from simkit.games.ink.engine.lattice import (NEXT_POSITION, OUTWARD, cell_slot, facing_squares, key_xy, place_key,
                                             put_tile, side_taken, slot_at, slot_with_corner, within_size)
from simkit.games.ink.engine.layout import (COVERED, N_EDGE_PLACES, N_ORIENTATIONS, N_PLACES, N_SIDES, NO_LIMIT, NONE,
                                            PLACE_DX, PLACE_DY, POS_DX, POS_DY, SIDE_DX, SIDE_DY, TileAlignment)
from simkit.games.ink.rules.components import N_COLOURS


@njit
def free_cells(r, s, p):
    """The rows of p's free places (module docstring), built when stale; returns how many."""
    if s.cells_current[p]:
        return s.free_n[p]
    if r.tile_alignment == TileAlignment.LATTICE:
        n = lattice_cells(r, s, p)
    else:
        n = square_places(r, s, p)
    s.free_n[p] = n
    s.cells_current[p] = 1
    return n


@njit
def lattice_cells(r, s, p):
    """free_cells on the lattice: the empty cells beside a tile, each named by the lowest (slot, side) beside it."""
    n = 0
    around = s.cell_around
    for slot in range(s.n_slots[p]):
        for side in range(N_SIDES):
            if not s.slot_placed[p, slot]:
                break
            key = place_key(slot, side)
            x, y = key_xy(s, p, key)
            if side_taken(s, p, slot, side) or cell_name(s, p, x >> 1, y >> 1, around) != key \
                    or not within_size(r, s, p, x, y):
                continue
            set_facing(s.free_facing[p, n], around)
            n = keep_row(s, p, n, key)
    return n


@njit
def square_places(r, s, p):
    """free_cells with `tile_alignment = "square"`: every empty 2 × 2 block at a place of a tile, named by the
    lowest key that reaches it; keys ascending (every slot's edge-to-edge places, then every slot's others)."""
    n = 0
    for first, last in ((0, N_EDGE_PLACES), (N_EDGE_PLACES, N_PLACES)):
        for slot in range(s.n_slots[p]):
            if not s.slot_placed[p, slot]:
                continue
            for place in range(first, last):
                key = place_key(slot, place)
                x, y = key_xy(s, p, key)
                if not block_empty(r, s, p, x, y) or block_name(r, s, p, x, y) != key \
                        or not within_size(r, s, p, x, y):
                    continue
                facing_squares(r, s, p, x, y, s.free_facing[p, n])
                n = keep_row(s, p, n, key)
    return n


@njit
def keep_row(s, p, n, key):
    """Row n of p's free places, its facing squares written, names place `key` if they show a colour (a place facing
    no colour fits no tile); returns the number of rows."""
    bits = facing_colours(s, p, s.free_facing[p, n])
    if bits == 0:
        return n
    s.free_key[p, n] = key
    s.free_faces[p, n] = bits
    return n + 1


@njit
def block_empty(r, s, p, x, y):
    """No tile covers a square of the 2 × 2 block with top-left square (x, y)."""
    for j in range(4):
        if slot_at(r, s, p, x + POS_DX[j], y + POS_DY[j]) != NONE:
            return False
    return True


@njit
def block_name(r, s, p, x, y):
    """The lowest key of the (slot, place) pairs whose place is the block with top-left square (x, y), NONE if none."""
    name = NONE
    for place in range(N_PLACES):
        slot = slot_with_corner(r, s, p, x - PLACE_DX[place], y - PLACE_DY[place])
        if slot != NONE:
            key = place_key(slot, place)
            name = key if name == NONE or key < name else name
    return name


@njit
def cell_name(s, p, tx, ty, around):
    """On the lattice, the key of empty cell (tx, ty): that of the lowest (slot, side) beside it, NONE when no placed
    tile is; `around` gets the slots beside it (E, S, W, N as SIDE_DX, SIDE_DY), NONE where there is none."""
    key = NONE
    for d in range(N_SIDES):
        around[d] = cell_slot(s, p, tx + SIDE_DX[d], ty + SIDE_DY[d])
        if around[d] != NONE and (key == NONE or place_key(around[d], (d + 2) % N_SIDES) < key):
            key = place_key(around[d], (d + 2) % N_SIDES)
    return key


@njit(any_layout=True)  # a free_facing row or a local array
def set_facing(facing, around):
    """The squares facing an empty lattice cell (facing_square) from the slots `around` it (cell_name)."""
    for i in range(2 * 4):  # from the tile beside the cell on the position's outward side
        j, d = i >> 1, OUTWARD[i >> 1, i & 1]
        facing[i] = NONE if around[d] == NONE else 4 * around[d] + NEXT_POSITION[j, d]


@njit
def cells_after_tile(r, s, p, slot):
    """Slot `slot`, p's newest tile, was just put down on the lattice while p's free cells were current (add_tile):
    its cell's row leaves, and the empty cells beside it get their rows as free_cells would build them (the cells of
    no other row change: their neighbours, hence their names and facing squares, stay; an older slot keeps naming a
    cell)."""
    tx, ty = s.slot_xy[p, slot, 0] >> 1, s.slot_xy[p, slot, 1] >> 1
    around = s.cell_around
    n = s.free_n[p]
    key = cell_name(s, p, tx, ty, around)  # the tile's cell was named by the same neighbours
    i = free_search(s, p, key, n)
    if i < n and s.free_key[p, i] == key:
        move_rows(s, p, i + 1, n, -1)
        n -= 1
    for side in range(N_SIDES):
        if side_taken(s, p, slot, side):
            continue
        key = cell_name(s, p, tx + SIDE_DX[side], ty + SIDE_DY[side], around)
        set_facing(s.cell_facing, around)
        n = put_row(s, p, n, key)
    s.free_n[p] = n
    s.cells_current[p] = 1


@njit
def places_after_tile(r, s, p, slot):
    """Slot `slot`, p's newest tile, was just put down with `tile_alignment = "square"` while p's free places were
    current (add_tile): the rows of the blocks it covers part of leave, and the blocks at its places get their rows
    as square_places would build them. No other row changes: only a block at one of its places faces it, and only
    such a block's name can change (an edge-to-edge key of the new slot may be below the half-offset key that named
    it)."""
    x, y = s.slot_xy[p, slot, 0], s.slot_xy[p, slot, 1]
    n = 0
    for row in range(s.free_n[p]):  # keep the rows of every other block, in order
        bx, by = key_xy(s, p, s.free_key[p, row])
        if not (abs(bx - x) <= 1 and abs(by - y) <= 1 or place_of(bx - x, by - y) != NONE):
            if row != n:
                copy_row(s, p, row, n)
            n += 1
    for place in range(N_PLACES):
        bx, by = x + PLACE_DX[place], y + PLACE_DY[place]
        if block_empty(r, s, p, bx, by):
            facing_squares(r, s, p, bx, by, s.cell_facing)
            n = put_row(s, p, n, block_name(r, s, p, bx, by))
    s.free_n[p] = n
    s.cells_current[p] = 1


@njit
def put_row(s, p, n, key):
    """Place `key`, which faces the squares s.cell_facing, in p's n free rows: its row takes their colours, or one is
    inserted in key order when it has none and they show a colour (a place facing no colour fits no tile); returns
    the number of rows."""
    bits = facing_colours(s, p, s.cell_facing)
    i = free_search(s, p, key, n)
    if i == n or s.free_key[p, i] != key:
        if not bits:
            return n
        move_rows(s, p, i, n, 1)
        n += 1
        s.free_key[p, i] = key
    s.free_faces[p, i] = bits
    for f in range(2 * 4):
        s.free_facing[p, i, f] = s.cell_facing[f]
    return n


@njit
def place_of(dx, dy):
    """The place a block offset (dx, dy) from a tile's top-left square is at, NONE if it is at none."""
    for place in range(N_PLACES):
        if PLACE_DX[place] == dx and PLACE_DY[place] == dy:
            return place
    return NONE


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
    """The colours facing the positions of a free place with facing squares `facing` (a free_facing row):
    free_faces."""
    bits = 0
    for i in range(2 * 4):
        q = facing[i]
        if q != NONE and s.sq_colour[p, q] != COVERED:
            bits |= 1 << (N_COLOURS * (i >> 1) + s.sq_colour[p, q])
    return bits


@njit
def recolour_facing(r, s, p, q, other):
    """Squares q and other of p's painting changed colour: the free places they face take their new colours (what
    free_cells would build; a place left facing no colour keeps its row, which then fits no tile)."""
    for row in range(free_cells(r, s, p)):
        for i in range(2 * 4):
            if s.free_facing[p, row, i] == q or s.free_facing[p, row, i] == other:
                s.free_faces[p, row] = facing_colours(s, p, s.free_facing[p, row])
                break


@njit
def free_search(s, p, key, n):
    """The first of p's free rows 0..n-1 whose key is not below `key` (n if none)."""
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
    """The row of free_cells naming place `key`, or NONE."""
    n = free_cells(r, s, p)
    i = free_search(s, p, key, n)
    return i if i < n and s.free_key[p, i] == key else NONE


@njit
def forbidden_cell(s, p, key, forbidden_slot):
    """The place named by key is where the lifted tile `forbidden_slot` came from (`move_tile`: "another empty
    cell", spec §4.8); the lifted tile is out of the grid, so its place is among the free ones."""
    if forbidden_slot == NONE:
        return False
    x, y = key_xy(s, p, key)
    return x == s.slot_xy[p, forbidden_slot, 0] and y == s.slot_xy[p, forbidden_slot, 1]


@njit
def fitting_orientations(r, tile, faces):
    """Bit o set: tile kind `tile` fits, in orientation o, a free place showing `faces` (r.tile_fit). A mask made
    without branches: whether an orientation fits follows no pattern a processor could predict, and the
    placement scans ask it of every free place."""
    fits = 0
    for o in range(N_ORIENTATIONS):
        fits |= (1 << o) if r.tile_fit[tile, o] & faces else 0
    return fits


@njit
def placement_legal(r, s, p, tile, key, o, forbidden_slot):
    """`place_tile` of ink/start tile kind `tile` at place `key`, orientation o (spec §3.3)."""
    bits = r.tile_fit[tile, o]
    i = free_index(r, s, p, key) if bits else NONE
    return i != NONE and not forbidden_cell(s, p, key, forbidden_slot) and bits & s.free_faces[p, i] != 0


@njit
def tile_placements(r, s, p, tile, forbidden_slot, out, first):
    """The legal placements of tile kind `tile` (spec §3.3) as first + N_ORIENTATIONS key + o, ascending, into out;
    returns how many."""
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
def add_tile(r, s, p, tile, key, o):
    """A new slot for tile kind `tile` at place `key` (spec §4.2); returns the new slot."""
    x, y = key_xy(s, p, key)
    new = s.n_slots[p]
    s.n_slots[p] += 1
    # without a size limit the table is updated in place; else rebuilt (a size limit may drop places anywhere)
    current = s.cells_current[p] and r.max_painting_size == NO_LIMIT
    put_tile(r, s, p, tile, new, x, y, o)
    if current and r.tile_alignment == TileAlignment.LATTICE:
        cells_after_tile(r, s, p, new)
    elif current:
        places_after_tile(r, s, p, new)
    return new
