"""The free-place table (places.free_cells, spec §3.3): a new tile updates it in place (cells_after_tile on the lattice,
places_after_tile with `tile_alignment = "square"`) to exactly what a rebuild finds, on random boards with covered
squares (places facing no colour have no row)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ink_boards import POSITION_OFFSETS, blank_state, put, put_square_aligned
from simkit.games.ink.engine.layout import (COVERED, N_PLACES, N_SIDES, NO_LIMIT, PLACE_DX, PLACE_DY, RULES_DTYPE,
                                            SIDE_DX, SIDE_DY, TileAlignment)
from simkit.games.ink.engine.lattice import cells_changed, place_key
from simkit.games.ink.engine.places import add_tile, free_cells

tiles = st.lists(st.tuples(st.integers(0, 3), st.lists(st.integers(-3, 4), min_size=4, max_size=4)),
                 min_size=1, max_size=30)
offset_tiles = st.lists(st.tuples(st.integers(0, N_PLACES - 1), st.integers(0, 10 ** 6),
                                  st.lists(st.integers(-3, 4), min_size=4, max_size=4)), min_size=1, max_size=30)


def table(s) -> tuple:
    n = int(s["free_n"][0])
    return n, s["free_key"][0, :n].tolist(), s["free_faces"][0, :n].tolist(), s["free_facing"][0, :n].tolist()


@settings(max_examples=100, deadline=None)
@given(tiles, st.integers(0, 10 ** 6), st.lists(st.integers(0, 4), min_size=4, max_size=4))
def test_a_new_tile_updates_the_free_cells_as_a_rebuild_finds_them(steps, where, colours):
    r = rules(colours, TileAlignment.LATTICE)
    state = blank_state()
    s = state[0]
    cells = {(0, 0): put(state, 0, 0, 0, [(c, 0) for c in range(4)])}
    for side, squares in steps:  # a random walk of tiles: each beside the one before
        tx, ty = list(cells)[-1]
        cell = (tx + int(SIDE_DX[side]), ty + int(SIDE_DY[side]))
        if cell in cells:
            continue
        slot = put(state, 0, *cell, [(max(c, 0), 0) for c in squares])
        cells[cell] = slot
        cover(s, slot, squares)
    beside = [(slot, side) for (tx, ty), slot in cells.items() for side in range(N_SIDES)
              if (tx + int(SIDE_DX[side]), ty + int(SIDE_DY[side])) not in cells]
    slot, side = beside[where % len(beside)]
    assert_updated_as_rebuilt(r, s, place_key(slot, side))


@settings(max_examples=150, deadline=None)
@given(offset_tiles, st.integers(0, 10 ** 6), st.lists(st.integers(0, 4), min_size=4, max_size=4))
def test_a_new_square_aligned_tile_updates_the_free_places_as_a_rebuild_finds_them(steps, where, colours):
    r = rules(colours, TileAlignment.SQUARE)
    state = blank_state()
    s = state[0]
    corners = [(0, 0)]
    put_square_aligned(state, 0, 0, 0, [(c, 0) for c in range(4)])
    covered = {(dx, dy) for dx, dy in POSITION_OFFSETS}
    for place, beside, squares in steps:  # tiles at random places of random tiles, some half a tile along
        x, y = corners[beside % len(corners)]
        x, y = x + int(PLACE_DX[place]), y + int(PLACE_DY[place])
        block = {(x + dx, y + dy) for dx, dy in POSITION_OFFSETS}
        if block & covered:
            continue
        slot = put_square_aligned(state, 0, x, y, [(max(c, 0), 0) for c in squares])
        corners.append((x, y))
        covered |= block
        cover(s, slot, squares)
    empty = [(slot, place) for slot, (x, y) in enumerate(corners) for place in range(N_PLACES)
             if not {(x + int(PLACE_DX[place]) + dx, y + int(PLACE_DY[place]) + dy)
                     for dx, dy in POSITION_OFFSETS} & covered]
    slot, place = empty[where % len(empty)]
    assert_updated_as_rebuilt(r, s, place_key(slot, place))


def cover(s, slot: int, squares) -> None:
    """The tile's squares drawn below 0 are covered."""
    for j in range(4):
        if squares[j] < 0:
            s["sq_colour"][0, 4 * slot + j] = COVERED


def rules(colours, alignment: TileAlignment) -> np.void:
    """Rules without a size limit (the table is then updated in place), tile kind 0 coloured `colours`."""
    r = np.zeros(1, RULES_DTYPE)[0]
    r["max_painting_size"] = NO_LIMIT
    r["tile_alignment"] = alignment
    r["tile_colour"][0] = colours
    return r


def assert_updated_as_rebuilt(r, s, key: int) -> None:
    """A tile of kind 0 put at place `key` while the table is current updates it to what a rebuild finds."""
    free_cells(r, s, 0)
    add_tile(r, s, 0, 0, key, 0)
    assert s["cells_current"][0] == 1  # updated in place, not marked stale
    updated = table(s)
    cells_changed(s, 0)
    free_cells(r, s, 0)
    assert updated == table(s)
