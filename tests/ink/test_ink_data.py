"""The shipped data equals spec §6: the tile file is what the generation rules of §6.2 produce (and the listing of
§6.8), with the check values of §6.2; the other files hold the tables of §6.3–§6.7."""

import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import simkit
from simkit.core.policy import resolve_policy
from simkit.games.ink.alternatives import ALTERNATIVES, TAG_PREFIX, write_alternatives
from simkit.games.ink.reconstruction import FAMILIES, tiles_csv
from simkit.games.ink.rules import InkRules
from simkit.games.ink.rules.components import NO_DIAGONAL, SPLASH
from simkit.games.ink.rules.datafiles import PACKAGE_DATA

RULES_MD = Path(__file__).resolve().parents[2] / "simkit/games/ink/RULES.md"


def test_tiles_follow_the_generation_rules_and_the_listing():
    shipped = (PACKAGE_DATA / "tiles.csv").read_text()
    assert shipped == tiles_csv(FAMILIES)
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



def test_the_alternatives_are_the_generator_output(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    for file in PACKAGE_DATA.iterdir():
        if file.is_file():
            (data / file.name).write_bytes(file.read_bytes())
    write_alternatives(data)
    for name in ALTERNATIVES:
        for file in (data / "alternatives" / name).iterdir():
            assert file.read_bytes() == (PACKAGE_DATA / "alternatives" / name / file.name).read_bytes(), file


@pytest.mark.parametrize("name, counts", [
    ("smaller-bag", (80, 40, 95, 15)), ("larger-bag", (120, 60, 165, 15)), ("denser-goals", (100, 60, 130, 15)),
    ("sparser-goals", (100, 40, 130, 15)), ("more-splashes", (100, 50, 150, 15)),
    ("fewer-splashes", (100, 50, 110, 15)), ("more-diagonals", (100, 50, 130, 25)),
    ("fewer-diagonals", (100, 50, 130, 5)),
])
def test_each_alternative_changes_what_its_readme_says_and_plays(name, counts):
    game = simkit.make("ink", {"n_players": 2, "data": f"alternatives/{name}"})
    tiles = game.rules.tiles
    assert (len(tiles), int((tiles.mark > 0).sum()), int((tiles.mark == SPLASH).sum()),
            int((tiles.diagonal != NO_DIAGONAL).sum())) == counts
    assert game.data_sources()["data_source"] == TAG_PREFIX + name
    for colour, mark in zip(tiles.colour, tiles.mark):  # still no tile completes a goal on its own
        for position in np.flatnonzero(mark > 0):
            assert np.sum(colour == colour[position]) < mark[position]
    arrays = game.play_batch(np.arange(2, dtype=np.uint64), [resolve_policy(game, {"policy": "random"})],
                             np.zeros((2, 2), np.int64))
    assert len(arrays["score"]) == 2
