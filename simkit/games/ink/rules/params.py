"""Ink rule parameters: every name of spec §7.2 with its default (spec §7.1, §7.1b) and allowed values.

The spec defines no named rulesets: the printed rules (with the spec's RULINGs) are the defaults, and a house rule
is a change of these values or a replacement data folder (`data`, spec §7.2).
"""

from __future__ import annotations

from typing import Any, Callable

from simkit.core.params import Param

MIN_PLAYERS, MAX_PLAYERS = 1, 4
MAX_NIBS = 12
MAX_BOTTLES = 60  # per reserve
MAX_GOAL_VALUE = 20
MAX_ROUNDS = 1000
MAX_TIE_ROUNDS = 20
MAX_PAINTING_SIZE = 60  # tile cells along each side of the bounding box

# The allowed values of each choice (the first is the default, the spec's RULING).
TILE_ALIGNMENTS = ("lattice", "square")
UNPLACEABLE_TILE = ("forbid", "discard")
GROWTH_REQUIREMENTS = ("turn", "none")
GOAL_SIZE_RULES = ("at_least", "exact")
BLACK_INK = ("when_out",)  # spec §7.1 #11 names no alternative
X_UNPLACEABLE = ("discard",)  # spec §7.1 #14 names no alternative
BONUS_ORDERS = ("rank", "random")
WINNER_WITHOUT_FINISHER = ("most_placed",)  # spec §7.1 #21 names no alternative
START_PLAYERS = ("random",)  # spec §7.1 #23 names no alternative
SOLO_MODES = ("race",)  # spec §5.6
CROSSING_ORDERS = ("printed", "nib_first")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _optional_int(low: int, high: int, unset: str) -> Callable[[Any], str | None]:
    """null (leave the key out of a TOML file) or an integer in [low, high]."""
    def check(value: Any) -> str | None:
        if value is None or (_is_int(value) and low <= value <= high):
            return None
        return f"expected an integer in [{low}, {high}] or no value ({unset}), got {value!r}"
    return check


def _distinct_ints(low: int, high: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if (isinstance(value, list) and value and all(_is_int(v) and low <= v <= high for v in value)
                and len(set(value)) == len(value)):
            return None
        return f"expected a non-empty list of distinct integers in [{low}, {high}], got {value!r}"
    return check


def _orientations(value: Any) -> str | None:
    return None if value in (4, 8) and _is_int(value) else f"expected 4 (rotations) or 8 (and mirror images), got " \
                                                           f"{value!r}"


PARAMS = (
    Param("n_players", 4, "number of players (spec §2.2; 1 = solo, §5.6)", low=MIN_PLAYERS, high=MAX_PLAYERS),
    Param("nibs", 6, "nibs on the wheel, each with one tile slot (spec §2.1)", low=1, high=MAX_NIBS),
    Param("bottles_palette", 12, "own bottles in the palette reserve at setup (spec §2.2)", low=0, high=MAX_BOTTLES),
    Param("bottles_wild", 12, "own bottles in the wild reserve at setup (spec §2.2)", low=0, high=MAX_BOTTLES),
    Param("goal_values", [3, 4, 5, 6, 7], "the goal values a marking or number token may show (spec §6.2)",
          check=_distinct_ints(1, MAX_GOAL_VALUE), kind=object),
    Param("bonus_rows", [4, 5, 6, 7], "the goal values with a bonus row, in board order (spec §4.4 b, §2.3 step 6)",
          check=_distinct_ints(1, MAX_GOAL_VALUE), kind=object),
    Param("bag_exhaustion_ends_game", True, "a refill drawing the last tile triggers the end (§7.1 #1)"),
    Param("nib_sharing", True, "several main bottles may stand on one nib (§7.1 #2)"),
    Param("allow_full_lap", True, "a main bottle may go a full lap back to its own nib, crossing the start (§7.1 #3)"),
    Param("tile_alignment", "lattice", "tiles on the tile lattice, or on any 2 x 2 block of squares ('square') "
          "(§7.1 #4)",
          choices=TILE_ALIGNMENTS),
    Param("max_painting_size", None, "bounding box of a painting in tile cells per side: an integer in [1, "
          f"{MAX_PAINTING_SIZE}], or unset for unbounded (§7.1 #4)",
          check=_optional_int(1, MAX_PAINTING_SIZE, "unbounded"), kind=object),
    Param("tile_orientations", 8, "4: rotations only; 8: rotations and mirror images (§7.1 #5)",
          check=_orientations, kind=int),
    Param("unplaceable_tile", "forbid", "a nib whose tile has no legal placement cannot be chosen ('forbid') or may "
          "be chosen to discard the tile (§7.1 #6)", choices=UNPLACEABLE_TILE),
    Param("growth_requirement", "turn", "a goal's area must have grown this turn ('turn', §3.5) or not ('none') "
          "(§7.1 #7)", choices=GROWTH_REQUIREMENTS),
    Param("goal_size_rule", "at_least", "a goal needs an area of at least / exactly its value (§7.1 #8)",
          choices=GOAL_SIZE_RULES),
    Param("mix_reserves_in_completion", False, "one completion may mix the palette and wild reserves (§7.1 #9)"),
    Param("fill_all_splashes", True, "every free splash of the area gets a bottle while bottles last (§7.1 #10)"),
    Param("black_ink", "when_out", "when black ink may be used (§7.1 #11, §4.9)", choices=BLACK_INK),
    Param("black_bottles", None, "size of the black reserve: an integer in [0, 99], or unset for the black_bottles "
          "of the data's supplies.toml (20) (§7.1 #12)", check=_optional_int(0, 99, "the data's value"), kind=object),
    Param("x_covers_goal_bottles", False, "an X/XX token may cover an upside-down bottle (§7.1 #13)"),
    Param("x_unplaceable", "discard", "an X/XX token with no legal placement (§7.1 #14)", choices=X_UNPLACEABLE),
    Param("x_tokens_per_player", 3, "X tokens in the X bag per player (§7.1 #15)", low=0, high=8),
    Param("xx_tokens_per_player", 2, "XX tokens set aside per player (§7.1 #15)", low=0, high=8),
    Param("pass_transfer", 2, "most bottles a pass moves from the palette to the wild reserve (§7.1 #17)", low=0,
          high=MAX_BOTTLES),
    Param("bonus_order", "rank", "bonus tiles take the rows by rank ascending, or in random order (§7.1 #18)",
          choices=BONUS_ORDERS),
    Param("bonus_red", 2, "red-backed bonus tiles per game (§7.1 #19)", low=0, high=8),
    Param("bonus_blue", 2, "blue-backed bonus tiles per game (§7.1 #19)", low=0, high=8),
    Param("winner_without_finisher", "most_placed", "the winner when nobody placed every own bottle (§7.1 #21)",
          choices=WINNER_WITHOUT_FINISHER),
    Param("max_tie_rounds", 3, "tie rounds before a tie is shared (§7.1 #22, §5.4)", low=0, high=MAX_TIE_ROUNDS),
    Param("start_player", "random", "how the start player is chosen (§7.1 #23)", choices=START_PLAYERS),
    Param("solo_mode", "race", "the solo rules (§5.6)", choices=SOLO_MODES),
    Param("max_rounds", 200, "safety bound: the game ends after this round, truncated (§5.7)", low=1,
          high=MAX_ROUNDS),
    Param("crossing_order", "printed", "crossing the start space: draw and place the X, then choose the nib "
          "('printed'), or choose the nib first ('nib_first') (§4.1)", choices=CROSSING_ORDERS),
    Param("data", "", "data folder with the files of spec §6 and meta.toml ('' = the shipped reconstructed-v1 data; a "
          "path under the shipped folder such as 'alternatives/NAME' works)"),
)
PARAM_NAMES = tuple(p.name for p in PARAMS)
