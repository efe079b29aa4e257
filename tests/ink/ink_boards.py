"""Paintings written straight into an Ink state record, for rule tests and fixtures (spec §7.1b A2: fixtures may
use tiles that are not in the tile set)."""

from __future__ import annotations

import numpy as np

from simkit.games.ink.engine.layout import GRID_MASK, NO_BOTTLE, NONE, SIDE_DX, SIDE_DY, STATE_DTYPE
from simkit.games.ink.rules.components import COLOURS, NO_DIAGONAL, NO_MARK, SPLASH

LETTERS = {"B": "dark_blue", "L": "light_blue", "P": "purple", "R": "red", "Y": "yellow"}
POSITION_OFFSETS = ((0, 0), (1, 0), (1, 1), (0, 1))  # TL, TR, BR, BL


def blank_state() -> np.ndarray:
    return np.zeros(1, STATE_DTYPE)


def put(state: np.ndarray, p: int, tx: int, ty: int, squares, diagonal: int = NO_DIAGONAL, tile: int = 0) -> int:
    """Add a tile at cell (tx, ty) with squares [(colour index, mark)] in TL, TR, BR, BL order; returns its slot."""
    s = state[0]
    slot = int(s["n_slots"][p])
    s["n_slots"][p] += 1
    s["slot_tile"][p, slot] = tile
    s["slot_cell"][p, slot] = (tx, ty)
    s["slot_diagonal"][p, slot] = diagonal
    s["slot_placed"][p, slot] = 1
    s["grid"][p, tx & GRID_MASK, ty & GRID_MASK] = slot + 1
    for side, (dx, dy) in enumerate(zip(SIDE_DX, SIDE_DY)):  # the tiles beside it, both ways (slot_next)
        other = int(s["grid"][p, (tx + dx) & GRID_MASK, (ty + dy) & GRID_MASK]) - 1
        if other < 0 or tuple(s["slot_cell"][p, other]) != (tx + dx, ty + dy):
            other = NONE
        s["slot_next"][p, slot, side] = other
        if other != NONE:
            s["slot_next"][p, other, (side + 2) % len(SIDE_DX)] = slot
    for j, (colour, mark) in enumerate(squares):
        s["sq_colour"][p, 4 * slot + j] = colour
        s["sq_mark"][p, 4 * slot + j] = mark
        s["sq_bottle"][p, 4 * slot + j] = NO_BOTTLE
    s["areas_current"][p] = 0
    s["cells_current"][p] = 0
    return slot


def parse_square(text: str) -> tuple[int, int]:
    """`B`, `B6` (goal 6), `Bs` (splash): a colour letter and an optional marking."""
    colour = COLOURS.index(LETTERS[text[0]])
    rest = text[1:]
    return colour, (SPLASH if rest == "s" else int(rest) if rest else NO_MARK)


def put_text(state, p, tx, ty, text: str, diagonal: int = NO_DIAGONAL) -> int:
    """A tile written as four squares TL, TR, BR, BL: "R B6 B R"."""
    return put(state, p, tx, ty, [parse_square(t) for t in text.split()], diagonal)


def square_index(state, p: int, x: int, y: int) -> int:
    """The engine's square index of square (x, y)."""
    s = state[0]
    for slot in range(int(s["n_slots"][p])):
        tx, ty = s["slot_cell"][p, slot]
        if s["slot_placed"][p, slot] and (tx, ty) == (x >> 1, y >> 1):
            return 4 * slot + POSITION_OFFSETS.index((x & 1, y & 1))
    raise KeyError((x, y))


def square_xy(state, p: int, q: int) -> tuple[int, int]:
    tx, ty = state[0]["slot_cell"][p, q // 4]
    dx, dy = POSITION_OFFSETS[q % 4]
    return int(2 * tx + dx), int(2 * ty + dy)
