"""The turn (spec §4.1, §4.2, §4.5, §4.6), tile placement (§3.1, §3.3, §7.1b A13), setup (§2.3) and the ends of
a game (§5.1, §5.6, §5.7)."""

import numpy as np

from ink_fixtures import Game
from simkit.games.ink.engine.layout import (CROSS, END_BAG_EMPTY, END_MAX_ROUNDS, MOVE, NIB, NONE, PASS, STOP, TILE,
                                            Stage)
from simkit.games.ink.engine.orientation import SOURCE
from simkit.games.ink.engine.rules_record import put_tile_fits

P = 0
OFFSETS = ((0, 0), (1, 0), (1, 1), (0, 1))  # TL, TR, BR, BL


def turn(overrides=None, main_pos=0, tiles=None, seed=8) -> Game:
    g = Game({"n_players": 2, **(overrides or {})}, seed=seed)
    s = g.rec
    s["current"], s["first_player"], s["stage"], s["main_pos"][P] = P, P, Stage.TURN, main_pos
    if tiles:
        g.painting(P, tiles)
    return g


def with_rainbow_nibs(g: Game) -> None:
    """Every nib holds a tile placeable on any painting: a tile of all five colours' neighbours."""
    for d in range(1, 7):
        g.rec["nib_tile"][d] = g.tile_kind(int(g.rec["nib_tile"][d]), "B L P R")


def test_setup_deals_the_spec_counts():
    for n in range(1, 5):
        g = Game({"n_players": n}, seed=n)
        s, r = g.rec, g.r[0]
        assert s["bag_pos"] == 6 and (s["nib_tile"][1:7] >= 0).all() and s["nib_tile"][0] == NONE
        assert (s["x_bag_n"], s["x_aside_n"]) == (3 * n, 2 * n)
        assert len(set(s["start_tile"][:n])) == n and len(set(s["palette"][:n])) == n
        assert (s["res_palette"][:n] == 12).all() and (s["res_wild"][:n] == 12).all() and s["black_reserve"] == 20
        backs = r["bonus_back"][s["row_bonus"][:4]].tolist()
        assert backs == [0, 0, 1, 1] and list(r["bonus_rank"][s["row_bonus"][:4]]) == sorted(
            r["bonus_rank"][s["row_bonus"][:4]])
        assert (s["n_slots"][:n] == 1).all() and 0 <= s["first_player"] < n and s["round"] == 1
        start = s["start_tile"][0]
        assert s["sq_colour"][0, :4].tolist() == g.rules.start_tiles.colour[start].tolist()
    seeds = {int(Game({"n_players": 2}, seed=k).rec["bag_order"][0]) for k in range(8)}
    assert len(seeds) > 1  # the bag is shuffled from the seed


def test_the_first_move_never_crosses_and_crossing_comes_first_in_the_printed_order():
    g = turn(tiles={(0, 0): "B L P R"})
    with_rainbow_nibs(g)
    assert g.legal() == [MOVE + d for d in range(6)] + [PASS, PASS + 1, PASS + 2]
    g = turn(main_pos=4, tiles={(0, 0): "B L P R"})
    with_rainbow_nibs(g)
    assert g.legal() == [MOVE + 4, MOVE + 5, CROSS, PASS, PASS + 1, PASS + 2]  # nibs 5, 6, or cross
    g = turn({"crossing_order": "nib_first"}, main_pos=4, tiles={(0, 0): "B L P R"})
    with_rainbow_nibs(g)
    assert g.legal() == [MOVE + d for d in range(6)] + [PASS, PASS + 1, PASS + 2]  # 1–4 cross, 4 a full lap
    g = turn({"crossing_order": "nib_first", "allow_full_lap": False}, main_pos=4, tiles={(0, 0): "B L P R"})
    with_rainbow_nibs(g)
    assert MOVE + 3 not in g.legal()


def test_after_a_crossing_any_nib_with_a_placeable_tile_else_any_nib_and_no_tile():
    g = turn(main_pos=4, tiles={(0, 0): "B L P R"})
    with_rainbow_nibs(g)
    g.x_bag([])
    g.play(CROSS)
    assert g.rec["stage"] == Stage.CHOOSE_NIB and g.legal() == [NIB + d for d in range(6)]
    g = turn(main_pos=4, tiles={(0, 0): "B L P R"})
    g.rec["nib_tile"][1:7] = NONE
    g.x_bag([])
    g.play(CROSS)
    assert g.legal() == [NIB + d for d in range(6)]
    g.play(NIB + 2)
    assert g.rec["stage"] == Stage.GOALS and g.rec["main_pos"][P] == 3 and g.rec["tiles_taken"][P] == 0


def test_nib_sharing():
    g = turn({"nib_sharing": False}, tiles={(0, 0): "B L P R"})
    with_rainbow_nibs(g)
    g.rec["main_pos"][1] = 2
    assert MOVE + 1 not in g.legal() and MOVE + 2 in g.legal()


def test_an_unplaceable_tile_cannot_be_chosen_unless_the_rule_discards_it():
    for rule, legal in (("forbid", False), ("discard", True)):
        g = turn({"unplaceable_tile": rule}, tiles={(0, 0): "B B B B"})
        with_rainbow_nibs(g)
        g.rec["nib_tile"][3] = g.tile_kind(int(g.rec["nib_tile"][3]), "L P R Y")
        assert (MOVE + 2 in g.legal()) == legal
        if legal:
            g.play(MOVE + 2)
            assert g.rec["tiles_removed"] == 1 and g.rec["stage"] == Stage.GOALS


def test_pass_moves_up_to_pass_transfer_bottles_and_nothing_else():
    g = turn(tiles={(0, 0): "B L P R"})
    g.rec["res_palette"][P] = 1
    assert [a for a in g.legal() if a >= PASS] == [PASS, PASS + 1]
    nibs = g.rec["nib_tile"].copy()
    g.play(PASS + 1)
    s = g.rec
    assert (s["res_palette"][P], s["res_wild"][P], s["passes"][P]) == (0, 13, 1)
    assert (s["nib_tile"] == nibs).all() and s["current"] == 1 and s["main_pos"][P] == 0


def reference_placements(g: Game, p: int, tile: int) -> set:
    """(cell, o) of every placement of spec §3.3, by square coordinates, orientations deduplicated (§7.1b A13)."""
    s, r = g.rec, g.r[0]
    colour = {}
    for slot in range(int(s["n_slots"][p])):
        x, y = (int(v) for v in s["slot_xy"][p, slot])
        for j, (dx, dy) in enumerate(OFFSETS):
            colour[(x + dx, y + dy)] = int(s["sq_colour"][p, 4 * slot + j])
    cells = {(x >> 1, y >> 1) for x, y in colour}
    found, seen = set(), {}
    for o in range(8):
        squares = tuple(int(r["tile_colour"][tile, SOURCE[o, j]]) for j in range(4))
        if squares in seen.values():
            continue
        seen[o] = squares
        for tx, ty in {(cx + dx, cy + dy) for cx, cy in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}:
            if (tx, ty) in cells:
                continue
            for j, (dx, dy) in enumerate(OFFSETS):
                x, y = 2 * tx + dx, 2 * ty + dy
                near = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
                if any(colour.get(c) == squares[j] for c in near if (c[0] >> 1, c[1] >> 1) != (tx, ty)):
                    found.add(((tx, ty), o))
    return found


def test_placement_needs_an_empty_touching_cell_and_a_facing_pair_of_one_colour():
    rng = np.random.default_rng(3)
    letters = "BLPRY"
    for _ in range(12):
        tiles = {(0, 0): " ".join(rng.choice(list(letters), 4))}
        while len(tiles) < 5:  # a small random painting, edge-connected
            x, y = list(tiles)[rng.integers(len(tiles))]
            dx, dy = ((1, 0), (-1, 0), (0, 1), (0, -1))[rng.integers(4)]
            tiles.setdefault((x + dx, y + dy), " ".join(rng.choice(list(letters), 4)))
        g = turn(tiles=tiles)
        g.rec["hand_tile"] = g.tile_kind(0, " ".join(rng.choice(list(letters), 4)))
        g.r[0]["tile_orientation_distinct"][0] = [1] * 8
        g.rec["stage"] = Stage.PLACE_TILE
        expected = {g.place_tile(P, cell, o) for cell, o in reference_placements(g, P, 0)}
        g.r[0]["tile_orientation_distinct"][0] = 0  # recompute as the rules record does
        squares = []
        for o in range(8):
            sq = tuple(int(g.r[0]["tile_colour"][0, SOURCE[o, j]]) for j in range(4))
            g.r[0]["tile_orientation_distinct"][0, o] = sq not in squares
            squares.append(sq)
        put_tile_fits(g.r[0])
        assert set(g.legal()) == expected


def test_orientations_that_give_the_same_squares_are_one_action():
    g = turn(tiles={(0, 0): "R R R R"})
    s = g.rec
    s["hand_tile"] = g.tile_kind(0, "R R B B")
    g.r[0]["tile_orientation_distinct"][0] = [1, 1, 1, 1, 0, 0, 0, 0]  # as the rules record computes (mirror = same)
    put_tile_fits(g.r[0])
    s["stage"] = Stage.PLACE_TILE
    assert all((a - TILE) % 8 < 4 for a in g.legal())
    assert len(g.legal()) == 4 * 3  # each rotation faces the red painting with blue, blue on one side


def test_rotations_only_and_the_painting_size_limit():
    g = turn({"tile_orientations": 4, "max_painting_size": 1}, tiles={(0, 0): "R R R R"})
    s = g.rec
    s["hand_tile"] = g.tile_kind(0, "R R R R")
    s["stage"] = Stage.PLACE_TILE
    assert g.legal() == []  # a 1 x 1 painting is full
    g = turn({"tile_orientations": 4, "max_painting_size": 2}, tiles={(0, 0): "R R R R"})
    g.rec["hand_tile"] = g.tile_kind(0, "R R R B")
    g.rec["stage"] = Stage.PLACE_TILE
    assert len(g.legal()) == 4 * 4 and all((a - TILE) % 8 < 4 for a in g.legal())


def test_the_refill_drawing_the_last_tile_triggers_the_end_and_the_round_finishes():
    g = turn(tiles={(0, 0): "B L P R"})
    s = g.rec
    s["bag_pos"] = g.r[0]["n_tiles"] - 1
    s["nib_tile"][4] = NONE
    s["stage"] = Stage.GOALS
    g.play(STOP)
    assert s["triggers"] == END_BAG_EMPTY and s["nib_tile"][4] != NONE and not s["done"]
    g.play(PASS)  # seat 1 finishes the round
    assert s["done"] and s["end_reason"] == END_BAG_EMPTY


def test_the_safety_bound_truncates():
    g = turn({"max_rounds": 2}, tiles={(0, 0): "B L P R"})
    for _ in range(4):
        g.play(PASS)
    assert g.rec["done"] and g.rec["truncated"] and g.rec["end_reason"] == END_MAX_ROUNDS
    assert g.rec["triggers"] == 0


def test_solo_ends_when_the_last_own_bottle_is_placed():
    g = Game({"n_players": 1}, seed=1)
    s = g.rec
    s["res_palette"][0], s["res_wild"][0] = 0, 0
    s["triggers"] = 1
    g.play(PASS)
    assert s["done"] and s["turns_taken"][0] == 1
    assert np.all(s["turns_taken"][:1] == 1)


def test_the_rules_record_numbers_orientations_and_merges_equal_ones():
    """§7.1b A13: o = r + 4 m (mirror first, then r quarter turns clockwise); equal squares are one action."""
    assert SOURCE[1].tolist() == [3, 0, 1, 2]  # a quarter turn: TL moves to TR, so TR shows the printed TL
    assert SOURCE[4].tolist() == [1, 0, 3, 2]  # the mirror image: TL and TR swap, BL and BR swap
    g = Game({"n_players": 2})
    distinct = g.r[0]["tile_orientation_distinct"]
    ids = g.rules.tiles.ids
    assert distinct[ids.index(76)].tolist() == [1, 1, 1, 1, 0, 0, 0, 0]  # N6: mirror-symmetric, 4 distinct
    assert distinct[ids.index(1)].tolist() == [1] * 8  # G1: its goal breaks every symmetry
