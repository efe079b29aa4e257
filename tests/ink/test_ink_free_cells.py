"""The free-cell table (lattice.free_cells, spec §3.3): a new tile updates it in place (cells_after_tile) to exactly
what a rebuild finds, on random boards with covered squares (cells facing no colour have no row)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ink_boards import blank_state, put
from simkit.games.ink.engine.layout import COVERED, N_SIDES, NO_LIMIT, RULES_DTYPE, SIDE_DX, SIDE_DY
from simkit.games.ink.engine.lattice import cells_changed, place_key
from simkit.games.ink.engine.places import add_tile, free_cells

tiles = st.lists(st.tuples(st.integers(0, 3), st.lists(st.integers(-3, 4), min_size=4, max_size=4)),
                 min_size=1, max_size=30)


def table(s) -> tuple:
    n = int(s["free_n"][0])
    return n, s["free_key"][0, :n].tolist(), s["free_faces"][0, :n].tolist(), s["free_facing"][0, :n].tolist()


@settings(max_examples=100, deadline=None)
@given(tiles, st.integers(0, 10 ** 6), st.lists(st.integers(0, 4), min_size=4, max_size=4))
def test_a_new_tile_updates_the_free_cells_as_a_rebuild_finds_them(steps, where, colours):
    r = np.zeros(1, RULES_DTYPE)[0]
    r["max_painting_size"] = NO_LIMIT
    r["tile_colour"][0] = colours
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
        for j in range(4):
            if squares[j] < 0:
                s["sq_colour"][0, 4 * slot + j] = COVERED
    beside = [(slot, side) for (tx, ty), slot in cells.items() for side in range(N_SIDES)
              if (tx + int(SIDE_DX[side]), ty + int(SIDE_DY[side])) not in cells]
    slot, side = beside[where % len(beside)]
    free_cells(r, s, 0)
    add_tile(r, s, 0, 0, place_key(slot, side), 0)  # the table was current: updated in place
    assert s["cells_current"][0] == 1
    updated = table(s)
    cells_changed(s, 0)
    free_cells(r, s, 0)
    assert updated == table(s)
