"""Tile orientations (spec §3.1, §7.1b A13): o = r + 4 m, where m = 1 mirrors the tile left–right first (TL↔TR,
BL↔BR) and then r quarter turns clockwise move each square one place clockwise (TL→TR→BR→BL→TL).

`SOURCE[o, j]` is the position of the printed tile whose square lands on position j in orientation o. Plain
Python and numpy: the rules record and the engine's compiled code both read these tables.
"""

import numpy as np

from simkit.games.ink.rules.components import N_COLOURS

N_ORIENTATIONS = 8
MIRROR = (1, 0, 3, 2)


def destination(o: int, k: int) -> int:
    """Where printed position k lands in orientation o."""
    mirrored = MIRROR[k] if o >= 4 else k
    return (mirrored + o % 4) % 4


SOURCE = np.zeros((N_ORIENTATIONS, 4), np.int64)
for _o in range(N_ORIENTATIONS):
    for _k in range(4):
        SOURCE[_o, destination(_o, _k)] = _k
# DIAGONAL_AFTER[o, d]: the diagonal (0: positions 0–2, 1: positions 1–3) of a tile with diagonal d in orientation o
DIAGONAL_AFTER = np.array([[destination(o, d) % 2 for d in range(2)] for o in range(N_ORIENTATIONS)], np.int64)


def oriented(colour, mark, diagonal: int, o: int) -> tuple:
    """The squares (colour, mark per position) and the diagonal of a tile in orientation o, comparable."""
    squares = tuple((int(colour[SOURCE[o, j]]), int(mark[SOURCE[o, j]])) for j in range(4))
    return squares, (int(DIAGONAL_AFTER[o, diagonal]) if diagonal >= 0 else -1)


def tile_bits(colour, o: int) -> int:
    """A tile with printed colours `colour` in orientation o as lattice.free_cells shows a cell (free_faces): bit
    N_COLOURS j + its colour at position j. A cell takes the tile in orientation o when the two share a bit (spec
    §3.3 condition 2)."""
    return sum(1 << (N_COLOURS * j + int(colour[SOURCE[o, j]])) for j in range(4))
