"""The invariants of spec §8.1, checked on an Ink state record (with §7.1b A1: a tile or token in hand counts)."""

from __future__ import annotations

import numpy as np

from simkit.games.ink.engine.layout import (CHOSEN, COVERED, IN_SUPPLY, MAX_SQUARES, NONE, REMOVED, SIDE_DX,
                                            SIDE_DY, UPRIGHT_BLACK, UPRIGHT_OWN, UPSIDE_DOWN_BLACK, UPSIDE_DOWN_OWN,
                                            X_BOX, Stage, TileAlignment)
from simkit.games.ink.rules.components import SPLASH


def check(r, s, totals=None) -> None:
    n = int(r["n_players"])
    own_total = int(r["bottles_palette"]) + int(r["bottles_wild"]) if totals is None else totals
    black_on = 0
    for p in range(n):
        slots = int(s["n_slots"][p])
        bottles = s["sq_bottle"][p, : 4 * slots]
        placed = np.repeat(s["slot_placed"][p, :slots] == 1, 4)
        bottles = np.where(placed, bottles, 0)
        own = int(np.sum((bottles == UPRIGHT_OWN) | (bottles == UPSIDE_DOWN_OWN)))
        black = int(np.sum((bottles == UPRIGHT_BLACK) | (bottles == UPSIDE_DOWN_BLACK)))
        assert s["res_palette"][p] >= 0 and s["res_wild"][p] >= 0, p
        assert s["res_palette"][p] + s["res_wild"][p] + own + s["own_discarded"][p] == own_total, p
        assert s["black_placed"][p] == black + s["black_discarded"][p], p
        black_on += black + int(s["black_discarded"][p])
        if s["stage"] != Stage.SPLASHES:
            assert not np.any(bottles == CHOSEN)
        marks = s["sq_mark"][p, : 4 * slots]
        upside = (bottles == UPSIDE_DOWN_OWN) | (bottles == UPSIDE_DOWN_BLACK)
        upright = (bottles == UPRIGHT_OWN) | (bottles == UPRIGHT_BLACK)
        assert np.all(marks[upside] > 0) and np.all(marks[upright] == SPLASH), p
        assert np.all(s["sq_colour"][p, : 4 * slots][upside | upright] != COVERED)
        assert 0 <= s["main_pos"][p] <= r["nibs"]
        check_tiles_connected(r, s, p)
        on_squares = int(np.sum(s["sq_tokens"][p, : 4 * slots]))
        where = s["btok_where"][: r["n_bonus_tokens"]]
        assert on_squares == int(np.sum((where >= p * MAX_SQUARES) & (where < (p + 1) * MAX_SQUARES)))
    assert s["black_reserve"] + black_on == r["black_bottles"]
    where = s["btok_where"][: r["n_bonus_tokens"]]
    assert np.all((where == IN_SUPPLY) | (where == REMOVED) | (where >= 0))
    in_paintings = sum(int(s["n_slots"][p]) - 1 for p in range(n))
    hand = int(s["hand_tile"] != NONE and s["hand_slot"] == NONE)
    wheel = int(np.sum(s["nib_tile"][1: r["nibs"] + 1] != NONE))
    bag = int(r["n_tiles"]) - int(s["bag_pos"])
    assert bag + wheel + in_paintings + hand + s["tiles_removed"] == r["n_tiles"]
    drawn = list(s["bag_order"][: s["bag_pos"]])
    assert len(set(drawn)) == len(drawn)
    tokens = s["x_where"][: r["n_x_tokens"]]
    assert np.sum(tokens != X_BOX) == n * (r["x_tokens_per_player"] + r["xx_tokens_per_player"])
    if s["stage"] == Stage.TURN and not s["done"] and bag > 0:  # after A4 every nib holds a tile
        assert wheel == r["nibs"]


def check_tiles_connected(r, s, p) -> None:
    """No two tiles share a square, every tile sits on the lattice or, with "square" alignment, anywhere, and the
    tiles' squares are edge-connected (spec §3.1, §3.3, §7.1 #4)."""
    corners = [tuple(int(v) for v in s["slot_xy"][p, t]) for t in range(int(s["n_slots"][p])) if s["slot_placed"][p, t]]
    if r["tile_alignment"] == TileAlignment.LATTICE:
        assert all(x % 2 == 0 and y % 2 == 0 for x, y in corners), "a tile off the lattice"
    squares = {(x + dx, y + dy) for x, y in corners for dx in (0, 1) for dy in (0, 1)}
    assert len(squares) == 4 * len(corners), "two tiles on one square"
    start = next(iter(squares))
    seen, todo = {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in zip(SIDE_DX, SIDE_DY):
            c = (x + int(dx), y + int(dy))
            if c in squares and c not in seen:
                seen.add(c)
                todo.append(c)
    lifted = s["hand_slot"] != NONE and s["current"] == p
    assert seen == squares or lifted, "the painting is not edge-connected"
