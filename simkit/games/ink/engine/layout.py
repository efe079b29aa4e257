"""Ink's records and codes: the rules record, the state record, the action space, stages, errors, end reasons.

A painting is held per player as a list of tile *slots* (slot 0 is the starting tile), each at its top-left
square (x, y) (spec §3.1); square q = 4 × slot + position (TL, TR, BR, BL) has the coordinates (x + dx, y + dy).
On the tile lattice (`tile_alignment = "lattice"`) x and y are even, and a toroidal grid of GRID × GRID tile cells
finds the slot at a cell: a painting holds at most MAX_SLOTS < GRID tiles, so its cells never meet modulo GRID, and
the painting is unbounded as the spec asks. With `"square"` the grid holds the slot of each square modulo GRID; a
painting wide enough for two of its squares to meet there sets `grid_clash`, and lookups check every slot.

A tile goes to a *place* beside a placed tile: its top-left square is offset (PLACE_DX, PLACE_DY) from that tile's.
Places 0–3 are edge to edge (E, S, W, N: the lattice's cells), places 4–11 half a tile along (`"square"` only). A
place is named by the lowest *key* of the (slot, place) pairs that reach it: the edge-to-edge places of every slot
come first (key 4 slot + place, as on the lattice), then the others (4 MAX_SLOTS + 8 slot + place − 4).

Action space (one fixed range; which part is legal depends on the stage, spec §4.10, §7.1b A6):

| actions | meaning | stage |
|---|---|---|
| MOVE + d − 1 | `move(d)`: the main bottle to nib d (with `crossing_order = "nib_first"` also a crossing) | turn |
| CROSS | `cross_start` (printed crossing order) | turn |
| PASS + k | `pass(k)`: k bottles from the palette to the wild reserve | turn |
| NIB + d − 1 | `choose_nib(d)` after a crossing; the nib of an `extra_tile` bonus | choose nib, bonus |
| STOP | `stop` in the goal loop; `end_bonus` / `skip_bonus` | goals, bonus |
| CHOICE + i | a bonus argument: k of `palette_to_wild`, the colour of `recolour`, the value of `add_goal` | bonus |
| LIFT + t | `move_tile`: lift the tile of slot t | bonus |
| SQUARE + q | a square: a bonus target, a splash filled when bottles run short | bonus, splashes |
| X + 2 q + e | `place_x`: cover square q and its east (e = 0) or south (e = 1) neighbour | place X |
| COMPLETE + 3 q + R | `complete(goal q, reserve R)` (Reserve) | goals |
| TILE + 8 key + o | `place_tile`: the place named by key (lattice: 4 t + side), orientation o (A13) | tile |
"""

from enum import IntEnum

import numpy as np

from simkit.games.ink.rules.components import (MAX_AMOUNT, MAX_BONUS_TILES, MAX_BONUS_TOKENS, MAX_PALETTES,
                                               MAX_START_TILES, MAX_TILES, MAX_X_TOKENS, N_COLOURS)
from simkit.games.ink.rules.params import MAX_BOTTLES, MAX_GOAL_VALUE, MAX_NIBS, MAX_PLAYERS

NONE = -1
NO_LIMIT = -1  # an unset optional limit (`max_painting_size`)

# ---- the painting -------------------------------------------------------------------------------------------------
MAX_SLOTS = MAX_TILES + 1  # the starting tile and every ink tile
MAX_SQUARES = 4 * MAX_SLOTS
GRID = 128  # > MAX_SLOTS + 1: the cells of a painting and its empty neighbours never meet modulo GRID
GRID_MASK = GRID - 1
N_ORIENTATIONS = 8
N_SIDES = 4  # E, S, W, N
SIDE_DX = np.array([1, 0, -1, 0], np.int64)
SIDE_DY = np.array([0, 1, 0, -1], np.int64)
# places beside a tile (top-left square offsets): E, S, W, N edge to edge, then the eight half a tile along
N_PLACES = 12
N_EDGE_PLACES = 4
N_OFFSET_PLACES = N_PLACES - N_EDGE_PLACES
PLACE_DX = np.array([2, 0, -2, 0, 2, 2, 1, -1, -2, -2, -1, 1], np.int64)
PLACE_DY = np.array([0, 2, 0, -2, -1, 1, 2, 2, 1, -1, -2, -2], np.int64)
N_KEYS = N_PLACES * MAX_SLOTS
# free places (empty places beside a painting that a tile may take): every one is named by a (slot, place) pair
MAX_FREE_CELLS = N_KEYS
POS_DX = np.array([0, 1, 1, 0], np.int64)  # TL, TR, BR, BL (spec §3.1)
POS_DY = np.array([0, 0, 1, 1], np.int64)
N_TILE_KINDS = MAX_TILES + MAX_START_TILES  # the rules record's tile table: ink tiles, then starting tiles

# bottles on a square (spec §3.2)
NO_BOTTLE, UPRIGHT_OWN, UPRIGHT_BLACK, UPSIDE_DOWN_OWN, UPSIDE_DOWN_BLACK = 0, 1, 2, 3, 4
CHOSEN = 5  # a splash chosen to receive a bottle while bottles run short; bottled once the choice is complete
COVERED = -1  # the colour of a square under an X/XX token (spec §4.7)


class Reserve(IntEnum):
    """Where the bottles of a completion come from (spec §4.4 requirement 4)."""

    PALETTE = 0
    WILD = 1
    BLACK = 2


N_RESERVES = len(Reserve)

# ---- bonus tokens (spec §4.8, §6.7): a table of every token of the supplies --------------------------------------
TOKEN_SPLASH, TOKEN_COLOUR, TOKEN_NUMBER = 0, 1, 2
IN_SUPPLY, REMOVED = -1, -2  # `btok_where`; a token on a painting holds player × MAX_SQUARES + square
# X/XX tokens (`x_where`)
X_BOX, X_BAG, X_ASIDE, X_HAND, X_PAINTING, X_DISCARDED = 0, 1, 2, 3, 4, 5

# ---- actions ------------------------------------------------------------------------------------------------------
MAX_CHOICE = max(MAX_AMOUNT, N_COLOURS, MAX_GOAL_VALUE) + 1
MOVE = 0
CROSS = MOVE + MAX_NIBS
PASS = CROSS + 1
NIB = PASS + MAX_BOTTLES + 1
STOP = NIB + MAX_NIBS
CHOICE = STOP + 1
LIFT = CHOICE + MAX_CHOICE
SQUARE = LIFT + MAX_SLOTS
X = SQUARE + MAX_SQUARES
COMPLETE = X + 2 * MAX_SQUARES
TILE = COMPLETE + N_RESERVES * MAX_SQUARES
N_ACTIONS = TILE + N_KEYS * N_ORIENTATIONS


class Stage(IntEnum):
    """What the current player decides (the `stage` field)."""

    TURN = 0  # move, cross_start, pass (spec §4.1, §4.6)
    PLACE_X = 1  # the X/XX token in hand (spec §4.7)
    CHOOSE_NIB = 2  # after a crossing (printed order, spec §4.1)
    PLACE_TILE = 3  # the tile in hand (spec §4.2, extra_tile, move_tile)
    GOALS = 4  # complete or stop (spec §4.3)
    SPLASHES = 5  # which free splashes get the last bottles (spec §4.4 a)
    BONUS = 6  # a unit of the bonus of the last completion, or end_bonus (spec §4.8, §7.1b A6)
    BONUS_ARG = 7  # the second half of a unit: a colour, a value, a bottle's new square
    DONE = 8


# ---- end reasons: bit i of `end_reason` / `triggers` is END_REASONS[i] ------------------------------------------
END_REASONS = ("last_bottle", "bag_empty", "max_rounds")
END_LAST_BOTTLE, END_BAG_EMPTY, END_MAX_ROUNDS = 1, 2, 4  # bit codes

# ---- errors -----------------------------------------------------------------------------------------------------
ERR_NONE, ERR_ILLEGAL_ACTION, ERR_NO_LEGAL_ACTION = 0, 1, 2
ERROR_TEXT = {ERR_NONE: "no error", ERR_ILLEGAL_ACTION: "illegal action applied",
              ERR_NO_LEGAL_ACTION: "no legal action for a compiled policy although the game is not over"}

# ---- random streams, keyed by (game seed, stream): one per kind of chance event (spec §2.3) ----------------------
STREAM_BAG, STREAM_START_TILES, STREAM_PALETTES, STREAM_X, STREAM_BONUS, STREAM_START_PLAYER = 1, 2, 3, 4, 5, 6
STREAM_POLICY = 32  # + seat

# ---- choices of the rules record, in the order of the params' choices ---------------------------------------------


class UnplaceableTile(IntEnum):  # `unplaceable_tile` (spec §7.1 #6)
    FORBID = 0
    DISCARD = 1


class GrowthRequirement(IntEnum):  # `growth_requirement` (spec §7.1 #7)
    TURN = 0
    NONE = 1


class GoalSizeRule(IntEnum):  # `goal_size_rule` (spec §7.1 #8)
    AT_LEAST = 0
    EXACT = 1


class BonusOrder(IntEnum):  # `bonus_order` (spec §7.1 #18)
    RANK = 0
    RANDOM = 1


class CrossingOrder(IntEnum):  # `crossing_order` (spec §4.1)
    PRINTED = 0
    NIB_FIRST = 1


class TileAlignment(IntEnum):  # `tile_alignment` (spec §7.1 #4)
    LATTICE = 0
    SQUARE = 1


MAX_ROWS = MAX_BONUS_TILES  # bonus rows

RULES_DTYPE = np.dtype([
    # spec §7.2, under the TOML names (a choice as its IntEnum, an unset limit as NO_LIMIT; list-valued keys as
    # flags/lookups by goal value)
    ("n_players", "i1"), ("nibs", "i1"), ("bottles_palette", "i2"), ("bottles_wild", "i2"),
    ("goal_values", "i1", MAX_GOAL_VALUE + 1),  # [v] = 1: v is a goal value
    ("bonus_rows", "i1", MAX_GOAL_VALUE + 1),  # [v] = the bonus row of goal value v, NONE without one
    ("n_bonus_rows", "i1"),
    ("bag_exhaustion_ends_game", "i1"), ("nib_sharing", "i1"), ("allow_full_lap", "i1"),
    ("tile_alignment", "i1"), ("max_painting_size", "i2"), ("tile_orientations", "i1"), ("unplaceable_tile", "i1"),
    ("growth_requirement", "i1"), ("goal_size_rule", "i1"), ("mix_reserves_in_completion", "i1"),
    ("fill_all_splashes", "i1"), ("black_bottles", "i2"), ("x_covers_goal_bottles", "i1"),
    ("x_tokens_per_player", "i1"), ("xx_tokens_per_player", "i1"), ("pass_transfer", "i2"), ("bonus_order", "i1"),
    ("bonus_red", "i1"), ("bonus_blue", "i1"), ("max_tie_rounds", "i1"), ("max_rounds", "i2"),
    ("crossing_order", "i1"),
    # tiles (spec §6.2, §6.3): ink tiles 0..n_tiles-1, starting tiles from MAX_TILES
    ("n_tiles", "i2"), ("n_start_tiles", "i1"),
    ("tile_colour", "i1", (N_TILE_KINDS, 4)), ("tile_mark", "i1", (N_TILE_KINDS, 4)),
    ("tile_diagonal", "i1", N_TILE_KINDS),
    ("tile_orientation_distinct", "i1", (N_TILE_KINDS, N_ORIENTATIONS)),  # 0: an earlier o gives the same squares
    # tile_bits of a tile kind in orientation o, 0 when o is no action (not distinct, or beyond tile_orientations):
    # the placement scans test it against every free cell (lattice.fitting_orientations)
    ("tile_fit", "i4", (N_TILE_KINDS, N_ORIENTATIONS)),
    # palettes, X tokens, bonus tiles (spec §6.4–§6.6)
    ("n_palettes", "i1"), ("palette_colours", "i1", (MAX_PALETTES, 2)),
    ("n_x_tokens", "i1"), ("x_kind", "i1", MAX_X_TOKENS), ("x_colours", "i1", (MAX_X_TOKENS, 2)),
    ("n_bonus_tiles", "i1"), ("bonus_back", "i1", MAX_BONUS_TILES), ("bonus_rank", "i2", MAX_BONUS_TILES),
    ("bonus_effect", "i1", MAX_BONUS_TILES), ("bonus_amount", "i1", MAX_BONUS_TILES),
    # supplies (spec §6.7): the bonus tokens as a table, in supply order
    ("n_bonus_tokens", "i1"), ("token_kind", "i1", MAX_BONUS_TOKENS), ("token_value", "i1", MAX_BONUS_TOKENS),
])

STATE_DTYPE = np.dtype([
    # chance (spec §2.3)
    ("bag_rng", "u8", 1), ("start_tiles_rng", "u8", 1), ("palettes_rng", "u8", 1), ("x_rng", "u8", 1),
    ("bonus_rng", "u8", 1), ("start_player_rng", "u8", 1), ("policy_rng", "u8", (MAX_PLAYERS, 1)),
    # the table
    ("current", "i1"), ("turn", "i4"), ("done", "i1"), ("error", "i1"), ("end_reason", "i1"), ("triggers", "i1"),
    ("first_player", "i1"), ("round", "i2"), ("stage", "i1"), ("truncated", "i1"),
    ("tie_round", "i1"), ("in_tie", "i1", MAX_PLAYERS),  # tie rounds (spec §5.4): which players still play
    # the Ink bag (bag_order[bag_pos:n_tiles]) and the wheel (nib_tile[d], d = 1..nibs; NONE: empty)
    ("bag_order", "i1", MAX_TILES), ("bag_pos", "i2"), ("nib_tile", "i2", MAX_NIBS + 1), ("tiles_removed", "i2"),
    # X tokens: the bag holds x_bag[x_bag_pos:x_bag_n], the set-aside XX tokens x_aside[:x_aside_n]
    ("x_bag", "i1", MAX_X_TOKENS), ("x_bag_n", "i1"), ("x_bag_pos", "i1"), ("x_aside", "i1", MAX_X_TOKENS),
    ("x_aside_n", "i1"), ("x_where", "i1", MAX_X_TOKENS), ("x_squares", "i2", (MAX_X_TOKENS, 2)),
    ("x_owner", "i1", MAX_X_TOKENS), ("x_hand", "i1"),
    # the bonus board (row i: bonus tile row_bonus[i], for the goal value bonus_rows names) and bonus tokens
    ("row_bonus", "i1", MAX_ROWS), ("btok_where", "i4", MAX_BONUS_TOKENS),
    # the players (spec §2.3 step 7): palette card, starting tile, main bottle, reserves, black bottles
    ("palette", "i1", MAX_PLAYERS), ("start_tile", "i1", MAX_PLAYERS), ("main_pos", "i1", MAX_PLAYERS),
    ("res_palette", "i2", MAX_PLAYERS), ("res_wild", "i2", MAX_PLAYERS), ("black_reserve", "i2"),
    ("black_placed", "i2", MAX_PLAYERS), ("black_discarded", "i2", MAX_PLAYERS),
    ("own_discarded", "i2", MAX_PLAYERS),
    # paintings: slots, the cell lookup, squares (spec §3.2)
    ("n_slots", "i2", MAX_PLAYERS), ("slot_tile", "i2", (MAX_PLAYERS, MAX_SLOTS)),
    ("slot_xy", "i2", (MAX_PLAYERS, MAX_SLOTS, 2)), ("slot_orientation", "i1", (MAX_PLAYERS, MAX_SLOTS)),
    ("slot_diagonal", "i1", (MAX_PLAYERS, MAX_SLOTS)), ("slot_placed", "i1", (MAX_PLAYERS, MAX_SLOTS)),
    ("grid", "u1", (MAX_PLAYERS, GRID, GRID)),  # slot + 1 at a cell, or a square with "square" (modulo GRID); 0: empty
    ("grid_clash", "i1", MAX_PLAYERS),
    # the square facing each slot's position j across its k-th outward side (face 2 j + k, lattice.OUTWARD), NONE
    ("slot_facing", "i2", (MAX_PLAYERS, MAX_SLOTS, 8)),
    ("sq_colour", "i1", (MAX_PLAYERS, MAX_SQUARES)), ("sq_mark", "i1", (MAX_PLAYERS, MAX_SQUARES)),
    ("sq_bottle", "i1", (MAX_PLAYERS, MAX_SQUARES)), ("sq_grown", "i1", (MAX_PLAYERS, MAX_SQUARES)),
    ("sq_tokens", "i1", (MAX_PLAYERS, MAX_SQUARES)),  # bonus tokens stacked on the square (§7.1b A4)
    # the turn in progress
    ("hand_tile", "i2"), ("hand_slot", "i2"),  # the tile to place; the slot of a lifted tile (move_tile)
    ("after_tile", "i1"),  # the tile in hand comes from a bonus: back to the bonus once placed
    ("cross_from", "i1"), ("cross_nib", "i1"),  # a crossing: the nib left; with nib_first, the nib chosen
    ("bonus_tile", "i1"), ("bonus_left", "i1"), ("bonus_units", "i1"), ("arg_square", "i2"),
    ("goal_value", "i1"),  # of the last completion: its bonus row
    ("f_list", "i2", MAX_SQUARES), ("f_n", "i2"),  # the splash set F of a completion (spec §4.4 a)
    ("picks_left", "i2"), ("pick_reserve", "i1"), ("pick_own", "i2"),  # F's squares still to choose when short
    # the areas of each painting (areas.py): valid while areas_current[p] is 1, 0 once p's painting changed
    ("areas_current", "i1", MAX_PLAYERS), ("area_label", "i2", (MAX_PLAYERS, MAX_SQUARES)),
    ("area_size", "i2", (MAX_PLAYERS, MAX_SQUARES)), ("size_before", "i2", MAX_SQUARES),
    ("area_goal_min", "i1", (MAX_PLAYERS, MAX_SQUARES)), ("area_goal_max", "i1", (MAX_PLAYERS, MAX_SQUARES)),
    ("area_splashes", "i2", (MAX_PLAYERS, MAX_SQUARES)),  # per area label: its goals' range, its free splashes
    ("open_colour", "i1", (MAX_PLAYERS, MAX_SQUARES)),  # the colour of an open square, or NONE
    ("stack", "i2", MAX_SQUARES),
    # the free cells of each painting (lattice.free_cells): valid while cells_current[p] is 1; scratch: the slots
    # around a cell and its facing squares (lattice.cell_name, set_facing)
    ("cells_current", "i1", MAX_PLAYERS), ("free_n", "i2", MAX_PLAYERS),
    ("free_key", "i2", (MAX_PLAYERS, MAX_FREE_CELLS)), ("free_faces", "i4", (MAX_PLAYERS, MAX_FREE_CELLS)),
    ("free_facing", "i2", (MAX_PLAYERS, MAX_FREE_CELLS, 8)), ("cell_around", "i2", N_SIDES),
    ("cell_facing", "i2", 8),
    # scratch of the heuristic policies: the open squares facing a cell (colour, area label, that area's size, free
    # splashes, largest and smallest goal, and a mask of the earlier faces of the same area)
    ("face_colour", "i1", 8), ("face_label", "i2", 8), ("face_size", "i2", 8), ("face_splashes", "i2", 8),
    ("face_goal_max", "i2", 8), ("face_goal_min", "i2", 8), ("face_same", "u1", 8),
    ("goal_w", "f8", MAX_GOAL_VALUE + 1),  # the family's weight of each goal value
    ("nib_value", "f8", MAX_NIBS + 1),  # the family's value of each nib's tile
    # the squares of the tile in hand per orientation and position: colour, mark, own goal value, value when it joins
    # no area
    ("placed_colour", "i1", (N_ORIENTATIONS, 4)), ("placed_mark", "i1", (N_ORIENTATIONS, 4)),
    ("placed_goal", "f8", (N_ORIENTATIONS, 4)), ("placed_alone", "f8", (N_ORIENTATIONS, 4)),
    # statistics (spec §5.5)
    ("turns_taken", "i2", MAX_PLAYERS), ("decisions", "i2", MAX_PLAYERS), ("passes", "i2", MAX_PLAYERS),
    ("completions", "i2", (MAX_PLAYERS, MAX_GOAL_VALUE + 1)), ("bonuses_used", "i2", MAX_PLAYERS),
    ("x_drawn", "i2", MAX_PLAYERS), ("tiles_taken", "i2", MAX_PLAYERS),
])
