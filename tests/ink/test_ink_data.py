"""The shipped data equals spec §6: the tile file is what the generation rules of §6.2 produce (and the listing of
§6.8), with the check values of §6.2; the other files hold the tables of §6.3–§6.7."""

import re
from collections import Counter
from pathlib import Path

import numpy as np
from simkit.games.ink.rules import InkRules
from simkit.games.ink.rules.components import COLOURS, NO_DIAGONAL, SPLASH
from simkit.games.ink.rules.datafiles import PACKAGE_DATA

RULES_MD = Path(__file__).resolve().parents[2] / "simkit/games/ink/RULES.md"
# spec §6.2: family -> offsets TL, TR, BR, BL; marks TL/TR/BR/BL; diagonal
FAMILIES = [
    ("G1", (0, 0, 1, 1), "3/·/s/·", ""), ("G2", (0, 0, 2, 3), "3/s/·/·", ""), ("G3", (0, 0, 0, 4), "4/·/s/·", ""),
    ("G4", (0, 1, 0, 3), "4/·/·/s", "tl_br"), ("G5", (0, 0, 2, 2), "5/s/·/s", ""), ("G6", (0, 1, 3, 4), "5/s/·/·", ""),
    ("G7", (0, 0, 0, 3), "6/s/s/·", ""), ("G8", (0, 0, 4, 1), "6/·/s/·", ""), ("G9", (0, 0, 3, 3), "7/s/·/s", ""),
    ("G10", (0, 0, 0, 2), "7/s/·/s", ""), ("N1", (0, 0, 4, 4), "s/·/·/·", ""), ("N2", (0, 0, 1, 3), "s/·/s/·", ""),
    ("N3", (0, 0, 0, 1), "·/s/·/·", ""), ("N4", (0, 2, 0, 4), "s/·/·/·", "tl_br"), ("N5", (0, 2, 4, 1), "s/·/s/·", ""),
    ("N6", (0, 0, 2, 2), "·/·/·/·", ""), ("N7", (0, 0, 3, 1), "s/·/·/·", ""), ("N8", (0, 0, 0, 4), "·/·/s/·", ""),
    ("N9", (0, 3, 0, 1), "·/s/·/·", "tl_br"), ("N10", (0, 0, 3, 3), "s/·/·/s", ""),
]


def generated_tiles() -> str:
    lines = ["tile_id,family,tl,tr,br,bl,tl_mark,tr_mark,br_mark,bl_mark,diagonal"]
    for f, (family, offsets, marks, diagonal) in enumerate(FAMILIES, start=1):
        for k in range(5):
            colours = [COLOURS[(k + o) % 5] for o in offsets]
            cells = [m.replace("·", "") for m in marks.split("/")]
            lines.append(",".join([str(5 * (f - 1) + k + 1), family, *colours, *cells, diagonal]))
    return "\n".join(lines) + "\n"


def test_tiles_follow_the_generation_rules_and_the_listing():
    shipped = (PACKAGE_DATA / "tiles.csv").read_text()
    assert shipped == generated_tiles()
    listing = re.search(r"```\n(tile_id,family.*?)```", RULES_MD.read_text(), re.S).group(1)
    assert shipped == listing
    assert "1,G1,dark_blue,dark_blue,light_blue,light_blue,3,,s,," in shipped.splitlines()
    assert "69,N4,red,dark_blue,red,purple,s,,,,tl_br" in shipped.splitlines()


def test_check_values_of_the_tile_set():
    tiles = InkRules.from_overrides({}).tiles
    assert len(tiles) == 100
    assert Counter(tiles.colour.ravel().tolist()) == {c: 80 for c in range(5)}
    distinct = Counter(len(set(row)) for row in tiles.colour.tolist())
    assert distinct == {2: 55, 3: 35, 4: 10}
    assert int(np.sum(tiles.diagonal != NO_DIAGONAL)) == 15
    goals = tiles.mark > 0
    assert goals.sum() == 50
    assert Counter(zip(tiles.colour[goals].tolist(), tiles.mark[goals].tolist())) == {
        (c, v): 2 for c in range(5) for v in range(3, 8)}
    splashes = tiles.mark == SPLASH
    assert splashes.sum() == 130 and Counter(tiles.colour[splashes].tolist()) == {c: 26 for c in range(5)}
    assert int(np.sum(tiles.mark == 0)) == 220
    for colour, mark in zip(tiles.colour, tiles.mark):  # no tile completes a goal on its own
        for position in np.flatnonzero(mark > 0):
            assert np.sum(colour == colour[position]) < mark[position]


def test_the_other_files_hold_the_tables_of_the_spec():
    rules = InkRules.from_overrides({})
    start = rules.start_tiles
    assert start.ids == (101, 102, 103, 104, 105)
    assert start.colour.tolist() == [[(k + i) % 5 for i in range(4)] for k in range(5)]
    assert not start.mark.any() and (start.diagonal == NO_DIAGONAL).all()
    pairs = [(a, b) for a in range(5) for b in range(a + 1, 5)]
    assert rules.palettes.ids == tuple(str(i) for i in range(1, 11))
    assert [tuple(p) for p in rules.palettes.colours.tolist()] == pairs
    x = rules.x_tokens
    assert x.ids == tuple(f"X{i}" for i in range(1, 16)) + tuple(f"XX{i}" for i in range(1, 11))
    assert x.colours[:15, 0].tolist() == [i // 3 for i in range(15)] and (x.colours[:15, 1] == -1).all()
    assert [tuple(p) for p in x.colours[15:].tolist()] == pairs
    bonus = rules.bonus_tiles
    assert bonus.ids == ("R1", "R2", "R3", "R4", "R5", "B1", "B2", "B3", "B4")
    assert bonus.rank.tolist() == list(range(1, 10)) and bonus.back.tolist() == [0] * 5 + [1] * 4
    assert bonus.effect.tolist() == [0, 1, 2, 3, 4, 4, 5, 6, 7]
    assert bonus.amount.tolist() == [2, 1, 1, 1, 1, 2, 1, 1, 1]
    s = rules.supplies
    assert (s.black_bottles, s.splash_tokens, s.colour_tokens_per_colour) == (20, 10, 2)
    assert s.number_tokens == {3: 2, 4: 2, 5: 2, 6: 2, 7: 2}
    assert rules.data_source == "reconstructed-v1" and rules.black_bottles == 20

