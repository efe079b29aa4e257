"""The compiled rules record (layout.RULES_DTYPE) of validated Ink rules: rule values under their TOML names,
choices as their IntEnum values, an unset limit as NO_LIMIT, and the component arrays (spec §6, §7.2)."""

from __future__ import annotations

import numpy as np

from simkit.games.ink.engine.layout import (MAX_TILES, NO_LIMIT, NONE, RULES_DTYPE, TOKEN_COLOUR, TOKEN_NUMBER,
                                            TOKEN_SPLASH, BonusOrder, CrossingOrder, GoalSizeRule, GrowthRequirement,
                                            TileAlignment, UnplaceableTile)
from simkit.games.ink.engine.orientation import oriented, tile_bits
from simkit.games.ink.rules import params
from simkit.games.ink.rules.components import N_COLOURS, Tiles
from simkit.games.ink.rules.record import InkRules

CHOICES = {"unplaceable_tile": (UnplaceableTile, params.UNPLACEABLE_TILE),
           "growth_requirement": (GrowthRequirement, params.GROWTH_REQUIREMENTS),
           "goal_size_rule": (GoalSizeRule, params.GOAL_SIZE_RULES), "bonus_order": (BonusOrder, params.BONUS_ORDERS),
           "crossing_order": (CrossingOrder, params.CROSSING_ORDERS),
           "tile_alignment": (TileAlignment, params.TILE_ALIGNMENTS)}
for _enum, _names in CHOICES.values():
    assert [m.name.lower() for m in _enum] == list(_names)
# Keys the engine does not read: the data folder (read by the loader), and choices with one allowed value (the
# engine implements that one).
_NOT_IN_RECORD = ("data", "black_ink", "x_unplaceable", "winner_without_finisher", "start_player",
                  "solo_mode", "goal_values", "bonus_rows", "black_bottles")


def _put_tiles(r, tiles: Tiles, first: int) -> None:
    k = len(tiles)
    r["tile_colour"][first:first + k] = tiles.colour
    r["tile_mark"][first:first + k] = tiles.mark
    r["tile_diagonal"][first:first + k] = tiles.diagonal
    for i in range(k):  # spec §7.1b A13: orientations that give the same squares are one action, the lowest o
        seen = []
        for o in range(r["tile_orientation_distinct"].shape[1]):
            squares = oriented(tiles.colour[i], tiles.mark[i], int(tiles.diagonal[i]), o)
            r["tile_orientation_distinct"][first + i, o] = squares not in seen
            seen.append(squares)


def put_tile_fits(r) -> None:
    """r["tile_fit"] from the record's tile colours: tile_bits of every tile kind in every orientation that is an
    action (one of `tile_orientations`, spec §7.1 #5, and the lowest giving its squares, §7.1b A13), else 0. Built
    with the record; call it again after changing a record's tiles."""
    for tile in range(len(r["tile_fit"])):
        for o in range(r["tile_fit"].shape[1]):
            action = o < r["tile_orientations"] and r["tile_orientation_distinct"][tile, o] == 1
            r["tile_fit"][tile, o] = tile_bits(r["tile_colour"][tile], o) if action else 0


def rules_record(rules: InkRules) -> np.ndarray:
    arr = np.zeros(1, RULES_DTYPE)
    r, v = arr[0], rules.values
    for name, value in v.items():
        if name in _NOT_IN_RECORD:
            continue
        if name in CHOICES:
            r[name] = CHOICES[name][0][value.upper()]
        elif value is None:
            r[name] = NO_LIMIT
        else:
            r[name] = value
    r["black_bottles"] = rules.black_bottles
    r["goal_values"][v["goal_values"]] = 1
    r["bonus_rows"][:] = NONE
    for row, value in enumerate(v["bonus_rows"]):
        r["bonus_rows"][value] = row
    r["n_bonus_rows"] = len(v["bonus_rows"])
    r["n_tiles"], r["n_start_tiles"] = len(rules.tiles), len(rules.start_tiles)
    _put_tiles(r, rules.tiles, 0)
    _put_tiles(r, rules.start_tiles, MAX_TILES)
    put_tile_fits(r)
    r["n_palettes"] = len(rules.palettes)
    r["palette_colours"][: len(rules.palettes)] = rules.palettes.colours
    x = rules.x_tokens
    r["n_x_tokens"] = len(x)
    r["x_kind"][: len(x)] = x.kind
    r["x_colours"][: len(x)] = x.colours
    b = rules.bonus_tiles
    r["n_bonus_tiles"] = len(b)
    r["bonus_back"][: len(b)], r["bonus_rank"][: len(b)] = b.back, b.rank
    r["bonus_effect"][: len(b)], r["bonus_amount"][: len(b)] = b.effect, b.amount
    supplies = rules.supplies
    tokens = ([(TOKEN_SPLASH, 0)] * supplies.splash_tokens
              + [(TOKEN_COLOUR, c) for c in range(N_COLOURS) for _ in range(supplies.colour_tokens_per_colour)]
              + [(TOKEN_NUMBER, value) for value, count in sorted(supplies.number_tokens.items())
                 for _ in range(count)])
    r["n_bonus_tokens"] = len(tokens)
    for i, (kind, value) in enumerate(tokens):
        r["token_kind"][i], r["token_value"][i] = kind, value
    return arr
