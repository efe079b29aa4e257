"""Ink games set up from a seed, then rewritten into a fixture (spec §7.1b A2), driven through the engine's own
legality and transition; the action numbers of spec §4.10 by square coordinates."""

from __future__ import annotations

import numpy as np

from ink_boards import LETTERS, parse_square, put_square_aligned, put_text, square_index
from simkit.games.ink.engine.lattice import place_key
from simkit.games.ink.engine.layout import (COMPLETE, N_ACTIONS, N_ORIENTATIONS, N_RESERVES, NIB, PLACE_DX, PLACE_DY,
                                            SQUARE, STATE_DTYPE, TILE, X)
from simkit.games.ink.engine.legality import legal_actions
from simkit.games.ink.engine.rules_record import put_tile_fits, rules_record
from simkit.games.ink.engine.setup import setup
from simkit.games.ink.engine.transition import apply_action
from simkit.games.ink.rules import InkRules
from simkit.games.ink.rules.components import COLOURS


class Game:
    """A rules record (a copy tests may change) and a state, after setup with `seed`."""

    def __init__(self, overrides=None, seed: int = 1):
        self.rules = InkRules.from_overrides(overrides or {})
        self.r = rules_record(self.rules)
        self.s = np.zeros(1, STATE_DTYPE)
        setup(self.r[0], self.s[0], np.uint64(seed))
        self._out = np.zeros(N_ACTIONS, np.int64)

    @property
    def rec(self):
        return self.s[0]

    def legal(self) -> list[int]:
        n = legal_actions(self.r[0], self.s[0], self._out)
        return self._out[:n].tolist()

    def play(self, action: int) -> None:
        assert action in self.legal(), (action, self.legal())
        apply_action(self.r[0], self.s[0], action)
        assert not self.rec["error"]

    # ---- fixtures ---------------------------------------------------------------------------------------------
    def clear_painting(self, p: int) -> None:
        s = self.rec
        s["n_slots"][p] = 0
        s["grid"][p] = 0
        s["grid_clash"][p] = 0
        s["slot_placed"][p] = 0
        s["sq_grown"][p] = 0
        s["areas_current"][:] = 0
        s["cells_current"][:] = 0

    def painting(self, p: int, tiles: dict) -> None:
        """p's painting becomes these tiles: {(tx, ty): "TL TR BR BL"} on the lattice, {(x, y): ...} at top-left
        squares with `tile_alignment = "square"`."""
        self.clear_painting(p)
        for (x, y), text in tiles.items():
            if self.rules.values["tile_alignment"] == "lattice":
                put_text(self.s, p, x, y, text)
            else:
                put_square_aligned(self.s, p, x, y, [parse_square(t) for t in text.split()])

    def tile_kind(self, index: int, text: str) -> int:
        """Rewrite ink tile kind `index` of the rules record as "TL TR BR BL" (a fixture tile); returns index."""
        squares = [parse_square(t) for t in text.split()]
        r = self.r[0]
        r["tile_colour"][index] = [c for c, _ in squares]
        r["tile_mark"][index] = [m for _, m in squares]
        r["tile_diagonal"][index] = -1
        r["tile_orientation_distinct"][index] = [1] * 8
        put_tile_fits(r)
        return index

    def palette_of(self, a: str, b: str) -> int:
        ca, cb = COLOURS.index(LETTERS[a]), COLOURS.index(LETTERS[b])
        pairs = [tuple(sorted(p)) for p in self.rules.palettes.colours.tolist()]
        return pairs.index(tuple(sorted((ca, cb))))

    def bonus_rows(self, ids: list[str]) -> None:
        self.rec["row_bonus"][: len(ids)] = [self.rules.bonus_tiles.ids.index(i) for i in ids]

    def x_bag(self, token_ids: list[str]) -> None:
        s = self.rec
        s["x_bag"][: len(token_ids)] = [self.rules.x_tokens.ids.index(t) for t in token_ids]
        s["x_bag_n"], s["x_bag_pos"], s["x_aside_n"] = len(token_ids), 0, 0

    # ---- actions by coordinates -------------------------------------------------------------------------------
    def q(self, p: int, x: int, y: int) -> int:
        return square_index(self.s, p, x, y)

    def place_x(self, p: int, a: tuple, b: tuple) -> int:
        """Cover squares a and b: the west (or north) one and its east (or south) neighbour."""
        first, e = (min(a, b), 0) if a[1] == b[1] else (min(a, b, key=lambda c: c[1]), 1)
        return X + 2 * self.q(p, *first) + e

    def place_tile(self, p: int, cell: tuple, o: int = 0) -> int:
        """The place_tile action of lattice cell `cell`, orientation o."""
        return self.place_tile_at_square(p, (2 * cell[0], 2 * cell[1]), o)

    def place_tile_at_square(self, p: int, xy: tuple, o: int = 0) -> int:
        """The place_tile action putting the tile's top-left square at xy, orientation o: the place is named by the
        lowest key of the (slot, place) pairs reaching it (layout.py)."""
        s = self.rec
        keys = []
        for place, (dx, dy) in enumerate(zip(PLACE_DX, PLACE_DY)):
            corner = (xy[0] - int(dx), xy[1] - int(dy))  # the top-left square of the tile this place is beside
            for slot in range(int(s["n_slots"][p])):
                if s["slot_placed"][p, slot] and tuple(s["slot_xy"][p, slot]) == corner:
                    keys.append(place_key(slot, place))
        return TILE + N_ORIENTATIONS * min(keys) + o

    def complete(self, p: int, goal: tuple, reserve: int) -> int:
        return COMPLETE + N_RESERVES * self.q(p, *goal) + reserve

    def square(self, p: int, xy: tuple) -> int:
        return SQUARE + self.q(p, *xy)

    @staticmethod
    def nib(d: int) -> int:
        return NIB + d - 1
