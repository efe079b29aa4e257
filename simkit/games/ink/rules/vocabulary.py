"""The closed vocabulary of Ink's data files (spec §1.1, §6): colours, markings, diagonals, token kinds, bonus
backs and bonus effect kinds.

Each is declared once here. A data file names a member by its lower-case name (`dark_blue`, `move_bottles`,
`tl_br`); the loader turns it into the member's integer value, which is all the engine reads. A printed bonus no
kind expresses needs a new member here and its code in the engine (spec §1.1).
"""

from __future__ import annotations

from enum import IntEnum


class Colour(IntEnum):
    """The five ink colours, in the index order of spec §6.1 (RULING: these are all five)."""

    DARK_BLUE = 0
    LIGHT_BLUE = 1
    PURPLE = 2
    RED = 3
    YELLOW = 4


# A square's marking in the files (spec §6.2): empty, `s` (a white splash) or a goal value.
SPLASH_TEXT = "s"


class Diagonal(IntEnum):
    """The joined corners of a diagonal tile (spec §3.1), as positions in the clockwise order TL, TR, BR, BL."""

    TL_BR = 0  # positions 0 and 2
    TR_BL = 1  # positions 1 and 3


class TokenKind(IntEnum):
    """X tokens show one colour, XX tokens two (spec §4.7, §6.5)."""

    X = 0
    XX = 1


class Back(IntEnum):
    """The back of a bonus tile (spec §2.3 step 6, §6.6)."""

    RED = 0
    BLUE = 1


class Effect(IntEnum):
    """Effect kinds of `bonus_tiles.csv` (spec §4.8): the closed vocabulary the engine implements."""

    PALETTE_TO_WILD = 0
    ADD_SPLASH = 1
    DISCARD_BOTTLES = 2
    RECOLOUR = 3
    MOVE_BOTTLES = 4
    ADD_GOAL = 5
    EXTRA_TILE = 6
    MOVE_TILE = 7
