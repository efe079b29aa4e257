"""Tiles on any 2 × 2 block of squares (spec §7.1 #4, `tile_alignment = "square"`): a tile may take a block that
overlaps no tile and shares a square edge with the painting, and §3.3's colour test applies to every facing pair.
The engine's legal placements equal a brute force over square coordinates on random paintings; offset tiles join
areas and carry X tokens; `move_tile` and `max_painting_size` work by squares; a painting wider than the grid stays
exact; strategy policies finish their games."""

from __future__ import annotations

import numpy as np
import pytest

import simkit
from ink_boards import FACE_STEPS, square_or_none
from ink_fixtures import Game
from simkit.core.policy import resolve_policy
from simkit.games.ink.engine.areas import compute_areas
from simkit.games.ink.engine.lattice import key_slot_place, put_tile, square_at
from simkit.games.ink.engine.layout import (COVERED, LIFT, MAX_SLOTS, N_EDGE_PLACES, N_ORIENTATIONS, NO_LIMIT,
                                            PLACE_DX, PLACE_DY, STOP, TILE, X, Stage)
from simkit.games.ink.engine.orientation import SOURCE
from simkit.games.ink.engine.places import free_cells
from simkit.games.ink.engine.rules_record import put_tile_fits
from simkit.games.ink.policies.dispatch import FAMILIES
from simkit.games.ink.rules.components import COLOURS
from simkit.games.ink.rules.vocabulary import Effect, TokenKind

P = 0
OFFSETS = ((0, 0), (1, 0), (1, 1), (0, 1))  # TL, TR, BR, BL
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
SQUARE = {"tile_alignment": "square"}


def square_game(tiles: dict, overrides=None) -> Game:
    """Player 0 with a tile in hand and this painting: {(x, y) of the top-left square: "TL TR BR BL"}."""
    g = Game({"n_players": 2, **SQUARE, **(overrides or {})}, seed=8)
    s = g.rec
    s["current"], s["first_player"] = P, P
    g.painting(P, tiles)
    s["stage"] = Stage.PLACE_TILE
    return g


def hand_tile(g: Game, text: str) -> int:
    """Ink tile kind 0 becomes the fixture tile `text`, in hand, its orientations deduplicated by their squares as
    the rules record does (spec §7.1b A13)."""
    kind = g.tile_kind(0, text)
    r, squares = g.r[0], []
    for o in range(N_ORIENTATIONS):
        oriented = tuple(int(r["tile_colour"][kind, SOURCE[o, j]]) for j in range(4))
        r["tile_orientation_distinct"][kind, o] = oriented not in squares
        squares.append(oriented)
    put_tile_fits(r)
    g.rec["hand_tile"] = kind
    g.rec["cells_current"][P] = 0
    return kind


def painting_colours(g: Game, p: int) -> dict:
    """(x, y) -> colour of every square of p's placed tiles (COVERED for a covered one)."""
    s = g.rec
    colour = {}
    for slot in range(int(s["n_slots"][p])):
        if s["slot_placed"][p, slot]:
            x, y = (int(v) for v in s["slot_xy"][p, slot])
            for j, (dx, dy) in enumerate(OFFSETS):
                colour[(x + dx, y + dy)] = int(s["sq_colour"][p, 4 * slot + j])
    return colour


def reference_placements(g: Game, p: int, tile: int) -> set:
    """(top-left square, o) of every placement by spec §7.1 #4 and §3.3 over square coordinates: an empty block
    sharing an edge with the painting, some facing pair of one colour, inside max_painting_size; orientations that
    give the same squares once (§7.1b A13)."""
    r = g.r[0]
    colour = painting_colours(g, p)
    size = int(r["max_painting_size"])
    found, seen = set(), []
    for o in range(N_ORIENTATIONS):
        squares = tuple(int(r["tile_colour"][tile, SOURCE[o, j]]) for j in range(4))
        if squares in seen or o >= r["tile_orientations"]:
            continue
        seen.append(squares)
        xs, ys = [x for x, _ in colour], [y for _, y in colour]
        for bx in range(min(xs) - 2, max(xs) + 2):
            for by in range(min(ys) - 2, max(ys) + 2):
                block = [(bx + dx, by + dy) for dx, dy in OFFSETS]
                if any(b in colour for b in block):
                    continue
                facing = [(j, (x + dx, y + dy)) for j, (x, y) in enumerate(block) for dx, dy in STEPS
                          if (x + dx, y + dy) in colour]
                if not facing or not any(colour[c] == squares[j] for j, c in facing):
                    continue
                if size != NO_LIMIT and (max(max(xs), bx + 1) - min(min(xs), bx) >= 2 * size
                                         or max(max(ys), by + 1) - min(min(ys), by) >= 2 * size):
                    continue
                found.add(((bx, by), o))
    return found


def action_corner(g: Game, p: int, action: int) -> tuple:
    """The top-left square a place_tile action puts the tile on."""
    slot, place = key_slot_place((action - TILE) // N_ORIENTATIONS)
    x, y = g.rec["slot_xy"][p, slot]
    return int(x + PLACE_DX[place]), int(y + PLACE_DY[place])


def random_painting(rng, n: int) -> dict:
    """n tiles, each at a random place (edge to edge or half a tile along) beside a random earlier one."""
    tiles = {(0, 0): " ".join(rng.choice(list("BLPRY"), 4))}
    while len(tiles) < n:
        x, y = list(tiles)[rng.integers(len(tiles))]
        place = rng.integers(len(PLACE_DX))
        corner = (x + int(PLACE_DX[place]), y + int(PLACE_DY[place]))
        squares = {(cx + dx, cy + dy) for cx, cy in tiles for dx, dy in OFFSETS}
        if not squares & {(corner[0] + dx, corner[1] + dy) for dx, dy in OFFSETS}:
            tiles[corner] = " ".join(rng.choice(list("BLPRY"), 4))
    return tiles


@pytest.mark.parametrize("size", [None, 2, 3])
def test_legal_placements_equal_a_brute_force_over_squares(size):
    rng = np.random.default_rng(11 + (size or 0))
    for _ in range(15):
        g = square_game(random_painting(rng, int(rng.integers(1, 7))), {"max_painting_size": size})
        s = g.rec
        for q in rng.choice(4 * int(s["n_slots"][P]), 2, replace=False):  # covered squares face no colour
            s["sq_colour"][P, q] = COVERED
        hand_tile(g, " ".join(rng.choice(list("BLPRY"), 4)))
        expected = {g.place_tile_at_square(P, corner, o) for corner, o in reference_placements(g, P, 0)}
        legal = g.legal()
        assert set(legal) == expected and len(legal) == len(expected)
        corners = [(action_corner(g, P, a), a % N_ORIENTATIONS) for a in legal]
        assert len(set(corners)) == len(corners)  # one action per block and orientation


def test_a_half_offset_tile_needs_one_facing_pair_of_one_colour():
    g = square_game({(0, 0): "B B R B"})  # the red square is (1, 1)
    hand_tile(g, "R Y Y Y")  # red top-left only
    beside = g.place_tile_at_square(P, (2, 1))  # its top-left (2, 1) faces the red (1, 1)
    below = g.place_tile_at_square(P, (1, 2))
    level = g.place_tile_at_square(P, (2, 0))  # edge to edge: (2, 0) faces blue (1, 0), (2, 1) yellow faces red
    legal = g.legal()
    assert beside in legal and below in legal and level not in legal
    assert all(action_corner(g, P, a) != (2, 2) for a in legal)  # a corner touching a corner shares no edge
    assert (beside - TILE) // N_ORIENTATIONS >= N_EDGE_PLACES * MAX_SLOTS  # named by a place half a tile along
    g.play(beside)
    assert tuple(g.rec["slot_xy"][P, 1]) == (2, 1) and square_or_none(g.s, P, 2, 1) == 4
    assert g.rec["stage"] == Stage.GOALS


def test_a_block_facing_two_tiles_may_match_either():
    g = square_game({(0, 0): "B B B B", (0, 2): "Y Y Y Y"})
    hand_tile(g, "L L L Y")  # yellow bottom-left only
    corner = g.place_tile_at_square(P, (2, 1))  # top-left faces blue (1, 1), bottom-left faces yellow (1, 2)
    assert corner in g.legal()
    hand_tile(g, "L Y L L")  # yellow top-right faces nothing
    assert corner not in g.legal()


def test_offset_tiles_join_areas_and_take_x_tokens_across_their_edges():
    g = square_game({(0, 0): "B B R B", (2, 1): "R R Y Y"})  # (1, 1) red meets (2, 1) red
    compute_areas(g.rec, P)
    assert g.rec["area_size"][P, g.rec["area_label"][P, g.q(P, 1, 1)]] == 3  # (1, 1), (2, 1), (3, 1)
    tokens = g.rules.x_tokens
    red = COLOURS.index("red")
    g.rec["x_hand"] = next(t for t in range(len(tokens))
                           if tokens.kind[t] == TokenKind.X and tokens.colours[t, 0] == red)
    g.rec["stage"] = Stage.PLACE_X
    legal = g.legal()
    assert X + 2 * g.q(P, 1, 1) + 0 in legal  # (1, 1) and (2, 1), across the edge of two offset tiles
    assert X + 2 * g.q(P, 0, 0) + 0 not in legal  # two blue squares: a red X must cover red


def test_move_tile_lifts_a_tile_and_sets_it_down_half_a_tile_along():
    g = square_game({(0, 0): "R B B R", (2, 0): "B Y Y B", (4, 0): "Y R R Y"})
    s = g.rec
    g.tile_kind(0, "Y R R Y")  # the printed tile of every slot of the fixture: the one that moves
    b = list(g.rules.bonus_tiles.effect).index(Effect.MOVE_TILE)
    s["stage"], s["bonus_tile"], s["bonus_left"], s["bonus_units"] = Stage.BONUS, b, 1, 0
    assert LIFT + 2 in g.legal()
    g.play(LIFT + 2)
    assert s["stage"] == Stage.PLACE_TILE
    assert g.place_tile_at_square(P, (4, 0)) not in g.legal()  # not back where it was
    target = g.place_tile_at_square(P, (2, 2), 1)  # one turn: "Y Y R R", yellow under the yellow (3, 1)
    assert target in g.legal()
    g.play(target)
    assert tuple(s["slot_xy"][P, 2]) == (2, 2) and s["slot_placed"][P, 2] == 1
    assert square_or_none(g.s, P, 4, 0) == -1 and square_or_none(g.s, P, 3, 2) == 4 * 2 + 1


def test_a_painting_wider_than_the_grid_stays_exact():
    g = square_game({(0, 0): "R R R R"})
    r, s = g.r[0], g.rec
    kind = hand_tile(g, "R R R R")
    for i in range(1, 70):  # a row 140 squares wide, with every other tile half a tile lower
        put_tile(r, s, P, kind, int(s["n_slots"][P]), 2 * i, i % 2, 0)
        s["n_slots"][P] += 1
    assert s["grid_clash"][P] == 1  # squares 128 apart share a grid entry
    for slot in range(int(s["n_slots"][P])):
        for j, (dx, dy) in enumerate(OFFSETS):
            x, y = (int(v) + d for v, d in zip(s["slot_xy"][P, slot], (dx, dy)))
            assert square_at(r, s, P, x, y) == 4 * slot + j
    for x, y in ((-1, 0), (1, 2), (139, 0), (3, -1)):
        assert square_at(r, s, P, x, y) == -1
    for slot in range(int(s["n_slots"][P])):  # each square's neighbours across its tile's edges, both ways
        x, y = (int(v) for v in s["slot_xy"][P, slot])
        for f, (j, (dx, dy)) in enumerate((j, step) for j in range(4) for step in FACE_STEPS[j]):
            facing = square_or_none(g.s, P, x + OFFSETS[j][0] + dx, y + OFFSETS[j][1] + dy)
            assert s["slot_facing"][P, slot, f] == facing
    s["cells_current"][P] = 0
    expected = {g.place_tile_at_square(P, corner, o) for corner, o in reference_placements(g, P, kind)}
    assert set(g.legal()) == expected
    assert free_cells(r, s, P) == len({action_corner(g, P, a) for a in expected})


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_strategy_lineups_finish_their_games_on_squares(n):
    game = simkit.make("ink", {"n_players": n, **SQUARE})
    games = 60
    seeds = np.arange(games, dtype=np.uint64) + 900
    specs = [{"policy": name} for name in FAMILIES]
    seats = (np.arange(games)[:, None] + np.arange(n)[None, :]) % len(specs)
    out = game.play_batch(seeds, [resolve_policy(game, s) for s in specs], seats)
    assert not out["truncated"].any() and (out["rounds"][:, 0] < 200).all()
    lattice = simkit.make("ink", {"n_players": n})
    other = lattice.play_batch(seeds, [resolve_policy(lattice, s) for s in specs], seats)
    assert (out["rounds"] != other["rounds"]).any()  # the offset places are played


def test_lattice_rules_offer_edge_to_edge_places_only():
    g = Game({"n_players": 2}, seed=8)
    s = g.rec
    s["current"] = P
    g.painting(P, {(0, 0): "R R R R"})
    hand_tile(g, "R R R R")
    s["stage"] = Stage.PLACE_TILE
    keys = {(a - TILE) // N_ORIENTATIONS for a in g.legal()}
    assert keys == {0, 1, 2, 3} and STOP not in g.legal()
