"""Areas (spec §3.4): the engine's labels equal a plain flood fill over square coordinates on random boards
(connectivity, bottles and X tokens as walls, diagonal joins only between squares of one colour, §7.1b A3), so do
each area's goal range and free splashes, and growth marks follow spec §3.5."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ink_boards import blank_state, put, put_square_aligned, put_text, square_index, square_xy
from simkit.games.ink.engine.areas import (NO_GOAL_MIN, begin_event, close_squares, compute_areas, end_event,
                                          join_new_tile, mark_changed)
from simkit.games.ink.engine.layout import COVERED, NONE, UPRIGHT_OWN
from simkit.games.ink.rules.components import NO_DIAGONAL, SPLASH


def reference_areas(squares: dict, joins: set) -> dict:
    """(x, y) -> size of its area, by a plain flood fill; squares maps (x, y) -> (colour, open)."""
    size, seen = {}, set()
    for start, (colour, is_open) in squares.items():
        if not is_open or start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            x, y = todo.pop()
            group.append((x, y))
            near = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
            near += [b for a, b in joins if a == (x, y)] + [a for a, b in joins if b == (x, y)]
            for other in near:
                if other in squares and other not in seen and squares[other][1] and squares[other][0] == colour:
                    seen.add(other)
                    todo.append(other)
        for square in group:
            size[square] = group
    return size


def area_summary(squares: dict, marks: dict, group: list) -> tuple:
    """An area's (size, smallest goal, largest goal, free splashes) from its squares' marks."""
    goals = [marks[xy] for xy in group if marks[xy] > 0]
    return (len(group), min(goals, default=NO_GOAL_MIN), max(goals, default=0),
            sum(marks[xy] == SPLASH for xy in group))


def engine_summary(s, p: int, label: int) -> tuple:
    return (int(s["area_size"][p, label]), int(s["area_goal_min"][p, label]), int(s["area_goal_max"][p, label]),
            int(s["area_splashes"][p, label]))


boards = st.lists(st.tuples(st.integers(-70, 70), st.integers(-70, 70),
                            st.lists(st.integers(-1, 4), min_size=4, max_size=4),
                            st.lists(st.booleans(), min_size=4, max_size=4),
                            st.sampled_from([NO_DIAGONAL, 0, 1]),
                            st.lists(st.sampled_from([0, 0, SPLASH, 3, 5, 7]), min_size=4, max_size=4)),
                  min_size=1, max_size=40)


@settings(max_examples=150, deadline=None)
@given(boards, st.integers(-3, 3), st.integers(-3, 3))
def test_areas_equal_a_plain_flood_fill(tiles, cx, cy):
    check_areas(tiles, cx, cy, aligned=True)


@settings(max_examples=100, deadline=None)
@given(boards, st.integers(-3, 3), st.integers(-3, 3))
def test_areas_equal_a_plain_flood_fill_with_tiles_on_any_block(tiles, cx, cy):
    """`tile_alignment = "square"` (spec §7.1 #4): tiles half a tile along join areas across parts of their edges."""
    check_areas(tiles, cx, cy, aligned=False)


def check_areas(tiles, cx, cy, aligned: bool) -> None:
    """The engine's areas of a board of clustered tiles (negative coordinates too, so areas span tiles) against
    reference_areas: on lattice cells, or at any top-left square (a tile overlapping an earlier one is left out)."""
    state = blank_state()
    squares, marks, joins, taken = {}, {}, set(), set()
    for tx, ty, colours, bottles, diagonal, tile_marks in tiles:
        x, y = (2 * (tx // 8 + cx), 2 * (ty // 8 + cy)) if aligned else (tx // 4 + cx, ty // 4 + cy)
        block = {(x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)}
        if block & taken:
            continue
        taken |= block
        squares_of_tile = [(max(c, 0), m) for c, m in zip(colours, tile_marks)]
        slot = (put(state, 0, x // 2, y // 2, squares_of_tile, diagonal) if aligned
                else put_square_aligned(state, 0, x, y, squares_of_tile, diagonal))
        for j in range(4):
            q = 4 * slot + j
            if colours[j] < 0:
                state[0]["sq_colour"][0, q] = COVERED
            if bottles[j]:
                state[0]["sq_bottle"][0, q] = UPRIGHT_OWN
            squares[square_xy(state, 0, q)] = (colours[j], colours[j] >= 0 and not bottles[j])
            marks[square_xy(state, 0, q)] = tile_marks[j]
        if diagonal != NO_DIAGONAL:  # the reference joins only squares of one colour too (its flood fill checks)
            joins.add((square_xy(state, 0, 4 * slot + diagonal), square_xy(state, 0, 4 * slot + diagonal + 2)))
    s = state[0]
    compute_areas(s, 0)
    expected = reference_areas(squares, joins)
    for q in range(4 * int(s["n_slots"][0])):
        xy = square_xy(state, 0, q)
        label = s["area_label"][0, q]
        assert (label == NONE) == (xy not in expected), xy
        if label != NONE:  # its size, goals and splashes; single-coloured, labelled by its lowest square
            assert engine_summary(s, 0, label) == area_summary(squares, marks, expected[xy]), xy
            assert s["sq_colour"][0, label] == s["sq_colour"][0, q] and label <= q


def board(tiles) -> tuple:
    """A painting of player 0 from a `boards` example, on clustered cells; returns it and its cells."""
    state = blank_state()
    cells = set()
    for tx, ty, tile_colours, bottles, tile_diagonal, tile_marks in tiles:
        tx, ty = tx // 8, ty // 8
        if (tx, ty) in cells:
            continue
        cells.add((tx, ty))
        slot = put(state, 0, tx, ty, [(max(c, 0), m) for c, m in zip(tile_colours, tile_marks)], tile_diagonal)
        for j in range(4):
            if tile_colours[j] < 0:
                state[0]["sq_colour"][0, 4 * slot + j] = COVERED
            if bottles[j]:
                state[0]["sq_bottle"][0, 4 * slot + j] = UPRIGHT_OWN
    return state, cells


def assert_same_areas(got, want, n: int) -> None:
    assert list(got["area_label"][0, :n]) == list(want["area_label"][0, :n])
    for q in range(n):
        if want["area_label"][0, q] != NONE:
            assert engine_summary(got, 0, got["area_label"][0, q]) == engine_summary(want, 0, want["area_label"][0, q])


@settings(max_examples=100, deadline=None)
@given(boards, st.integers(0, 10 ** 6), st.integers(0, 10 ** 6))
def test_closing_two_squares_refills_areas_as_a_rebuild_finds_them(tiles, first, second):
    """close_squares (the engine's path for an X token) gives compute_areas' labels, sizes, goal ranges and free
    splashes after two squares are covered, and leaves the growth marks."""
    state, _ = board(tiles)
    n = 4 * int(state[0]["n_slots"][0])
    q, other = first % n, second % n
    compute_areas(state[0], 0)
    state[0]["sq_grown"][0, :n] = np.arange(n) % 2
    rebuilt = state.copy()
    for board_state in (state, rebuilt):
        board_state[0]["sq_colour"][0, [q, other]] = COVERED
    rebuilt[0]["areas_current"][0] = 0
    compute_areas(rebuilt[0], 0)
    close_squares(state[0], 0, q, other)
    assert_same_areas(state[0], rebuilt[0], n)
    assert list(state[0]["sq_grown"][0, :n]) == list(np.arange(n) % 2)


@settings(max_examples=100, deadline=None)
@given(boards, st.integers(0, 10 ** 6), st.sampled_from([SPLASH, 2, 4, 9]))
def test_a_new_mark_updates_its_area_as_a_rebuild_finds_it(tiles, where, mark):
    """mark_changed (the engine's path for a goal or splash token) gives compute_areas' goal ranges and free
    splashes after an open square's mark changes."""
    state, _ = board(tiles)
    n = 4 * int(state[0]["n_slots"][0])
    compute_areas(state[0], 0)
    q = where % n
    rebuilt = state.copy()
    for board_state in (state, rebuilt):
        board_state[0]["sq_mark"][0, q] = mark
    rebuilt[0]["areas_current"][0] = 0
    compute_areas(rebuilt[0], 0)
    mark_changed(state[0], 0, q)
    assert_same_areas(state[0], rebuilt[0], n)


@settings(max_examples=100, deadline=None)
@given(boards, st.integers(0, 10 ** 6), st.lists(st.integers(-1, 4), min_size=4, max_size=4),
       st.sampled_from([NO_DIAGONAL, 0, 1]))
def test_a_new_tile_joins_areas_as_a_rebuild_finds_them(tiles, where, colours, diagonal):
    """join_new_tile (the engine's path for a placed tile) gives compute_areas' labels, sizes, goal ranges and free
    splashes after the tile, and the growth marks of begin_event / end_event around it."""
    state, cells = board(tiles)
    empty = sorted({(x + dx, y + dy) for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - cells)
    tx, ty = empty[where % len(empty)]

    def place(board):
        slot = put(board, 0, tx, ty, [(max(c, 0), SPLASH if j == 0 else 5 - j) for j, c in enumerate(colours)],
                   diagonal)
        for j in range(4):
            if colours[j] < 0:
                board[0]["sq_colour"][0, 4 * slot + j] = COVERED
        return slot

    rebuilt = state.copy()
    begin_event(rebuilt[0], 0)
    place(rebuilt)
    end_event(rebuilt[0], 0)
    compute_areas(state[0], 0)
    slot = place(state)
    state[0]["areas_current"][0] = 1  # put marked them stale; join_new_tile is what keeps them current
    join_new_tile(state[0], 0, slot)
    n = 4 * (slot + 1)
    want, got = rebuilt[0], state[0]
    assert_same_areas(got, want, n)
    assert list(got["sq_grown"][0, :n]) == list(want["sq_grown"][0, :n])


def test_diagonal_joins_and_walls():
    state = blank_state()
    put_text(state, 0, 0, 0, "R B R Y", diagonal=0)  # TL and BR joined
    s = state[0]
    compute_areas(s, 0)
    tl, br = square_index(state, 0, 0, 0), square_index(state, 0, 1, 1)
    assert s["area_label"][0, tl] == s["area_label"][0, br] and s["area_size"][0, s["area_label"][0, tl]] == 2
    s["sq_bottle"][0, br] = UPRIGHT_OWN  # a bottle is a wall
    s["areas_current"][0] = 0
    compute_areas(s, 0)
    assert s["area_size"][0, s["area_label"][0, tl]] == 1 and s["area_label"][0, br] == NONE


def test_growth_marks_every_square_whose_area_grew():
    state = blank_state()
    put_text(state, 0, 0, 0, "R B B R")
    s = state[0]
    begin_event(s, 0)
    put_text(state, 0, 1, 0, "B Y Y B")  # the blue area grows from 2 to 4; red stays 1 + 1
    end_event(s, 0)
    grown = {square_xy(state, 0, q) for q in range(8) if s["sq_grown"][0, q]}
    assert grown == {(1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)}  # the new tile's squares all count
    begin_event(s, 0)
    s["sq_bottle"][0, square_index(state, 0, 1, 0)] = UPRIGHT_OWN  # shrinking marks nothing, keeps marks
    end_event(s, 0)
    assert np.count_nonzero(s["sq_grown"][0, :8]) == 6
