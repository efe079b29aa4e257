"""Paintings written straight into an Ink state record, for rule tests and fixtures (spec §7.1b A2: fixtures may
use tiles that are not in the tile set)."""

from __future__ import annotations

import numpy as np

from simkit.games.ink.engine.layout import GRID_MASK, NO_BOTTLE, NONE, STATE_DTYPE
from simkit.games.ink.rules.components import COLOURS, NO_DIAGONAL, NO_MARK, SPLASH

LETTERS = {"B": "dark_blue", "L": "light_blue", "P": "purple", "R": "red", "Y": "yellow"}
POSITION_OFFSETS = ((0, 0), (1, 0), (1, 1), (0, 1))  # TL, TR, BR, BL
# face f = 2 j + k: position j across its k-th outward side, as (dx, dy) (the engine's slot_facing order)
FACE_STEPS = (((-1, 0), (0, -1)), ((1, 0), (0, -1)), ((1, 0), (0, 1)), ((-1, 0), (0, 1)))


def blank_state() -> np.ndarray:
    return np.zeros(1, STATE_DTYPE)


def put(state: np.ndarray, p: int, tx: int, ty: int, squares, diagonal: int = NO_DIAGONAL, tile: int = 0) -> int:
    """Add a tile at lattice cell (tx, ty) with squares [(colour index, mark)] in TL, TR, BR, BL order; returns its
    slot."""
    slot = put_at_square(state, p, 2 * tx, 2 * ty, squares, diagonal, tile)
    state[0]["grid"][p, tx & GRID_MASK, ty & GRID_MASK] = slot + 1
    return slot


def put_square_aligned(state: np.ndarray, p: int, x: int, y: int, squares, diagonal: int = NO_DIAGONAL,
                       tile: int = 0) -> int:
    """As put, with the tile's top-left square at (x, y) (rules with `tile_alignment = "square"`)."""
    slot = put_at_square(state, p, x, y, squares, diagonal, tile)
    for dx, dy in POSITION_OFFSETS:
        state[0]["grid"][p, (x + dx) & GRID_MASK, (y + dy) & GRID_MASK] = slot + 1
    return slot


def put_at_square(state, p, x, y, squares, diagonal, tile) -> int:
    """A tile's slot with its top-left square at (x, y), its facing squares linked both ways (the grid is the
    caller's: it depends on the alignment)."""
    s = state[0]
    slot = int(s["n_slots"][p])
    s["n_slots"][p] += 1
    s["slot_tile"][p, slot] = tile
    s["slot_xy"][p, slot] = (x, y)
    s["slot_diagonal"][p, slot] = diagonal
    s["slot_placed"][p, slot] = 1
    for j, steps in enumerate(FACE_STEPS):
        for k, (dx, dy) in enumerate(steps):
            sx, sy = x + POSITION_OFFSETS[j][0] + dx, y + POSITION_OFFSETS[j][1] + dy
            q = square_or_none(state, p, sx, sy)
            s["slot_facing"][p, slot, 2 * j + k] = q
            if q != NONE:  # and the facing square's face towards this one
                jq = q % 4
                kq = FACE_STEPS[jq].index((-dx, -dy))
                s["slot_facing"][p, q // 4, 2 * jq + kq] = 4 * slot + j
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


def square_or_none(state, p: int, x: int, y: int) -> int:
    """The engine's square index of square (x, y), NONE where no placed tile covers it."""
    s = state[0]
    for slot in range(int(s["n_slots"][p])):
        sx, sy = (int(v) for v in s["slot_xy"][p, slot])
        if s["slot_placed"][p, slot] and (x - sx, y - sy) in POSITION_OFFSETS:
            return 4 * slot + POSITION_OFFSETS.index((x - sx, y - sy))
    return NONE


def square_index(state, p: int, x: int, y: int) -> int:
    """The engine's square index of square (x, y)."""
    q = square_or_none(state, p, x, y)
    if q == NONE:
        raise KeyError((x, y))
    return q


def square_xy(state, p: int, q: int) -> tuple[int, int]:
    x, y = state[0]["slot_xy"][p, q // 4]
    dx, dy = POSITION_OFFSETS[q % 4]
    return int(x + dx), int(y + dy)
