"""Rule parameters (spec §7.2): every name is a ruleset key with the spec's default, bad values name the key and
the allowed values, and the values are checked against each other."""

import pytest

from simkit.core.errors import ConfigError
from simkit.games.ink.rules import PARAMS, InkRules

SPEC_7_2 = ("n_players nibs bottles_palette bottles_wild goal_values bonus_rows bag_exhaustion_ends_game nib_sharing "
            "allow_full_lap tile_alignment max_painting_size tile_orientations unplaceable_tile growth_requirement "
            "goal_size_rule mix_reserves_in_completion fill_all_splashes black_ink black_bottles x_covers_goal_bottles "
            "x_unplaceable x_tokens_per_player xx_tokens_per_player pass_transfer bonus_order bonus_red bonus_blue "
            "winner_without_finisher max_tie_rounds start_player solo_mode max_rounds crossing_order data").split()
DEFAULTS = {"nibs": 6, "bottles_palette": 12, "bottles_wild": 12, "goal_values": [3, 4, 5, 6, 7],
            "bonus_rows": [4, 5, 6, 7], "bag_exhaustion_ends_game": True, "nib_sharing": True, "allow_full_lap": True,
            "tile_alignment": "lattice", "max_painting_size": None, "tile_orientations": 8,
            "unplaceable_tile": "forbid", "growth_requirement": "turn", "goal_size_rule": "at_least",
            "mix_reserves_in_completion": False, "fill_all_splashes": True, "black_ink": "when_out",
            "x_covers_goal_bottles": False, "x_unplaceable": "discard", "x_tokens_per_player": 3,
            "xx_tokens_per_player": 2, "pass_transfer": 2, "bonus_order": "rank", "bonus_red": 2, "bonus_blue": 2,
            "winner_without_finisher": "most_placed", "max_tie_rounds": 3, "start_player": "random",
            "solo_mode": "race", "max_rounds": 200, "crossing_order": "printed", "data": ""}


def test_every_key_of_the_spec_and_its_default():
    assert [p.name for p in PARAMS] == SPEC_7_2
    values = InkRules.from_overrides({}).values
    assert {k: values[k] for k in DEFAULTS} == DEFAULTS


@pytest.mark.parametrize("key, value, words", [
    ("n_players", 5, "out of range"), ("n_players", 0, "out of range"), ("tile_orientations", 6, "4 (rotations)"),
    ("goal_values", [3, 3], "distinct integers"), ("goal_values", [], "non-empty"),
    ("max_painting_size", 0, "unbounded"), ("tile_alignment", "offset", "'lattice', 'square'"),
    ("unplaceable_tile", "keep", "'forbid', 'discard'"), ("crossing_order", "x_first", "'printed', 'nib_first'"),
    ("black_bottles", -1, "the data's value"), ("bag_exhaustion_ends_game", 1, "a bool"), ("solo_mode", "score",
                                                                                         "'race'"),
    ("colour_count", 5, "unknown parameter"),
])
def test_bad_values_name_the_key_and_what_is_allowed(key, value, words):
    with pytest.raises(ConfigError) as caught:
        InkRules.from_overrides({key: value}, source="house.toml", prefix="rules.")
    assert str(caught.value).startswith(f"house.toml: rules.{key}: ") and words in str(caught.value)


@pytest.mark.parametrize("overrides, key, words", [
    ({"bonus_rows": [4, 5, 6, 8]}, "bonus_rows", "goal value"),
    ({"bonus_rows": [4, 5, 6]}, "bonus_rows", "3 rows for bonus_red + bonus_blue = 4"),
    ({"bonus_red": 6, "bonus_rows": [3, 4, 5, 6, 7, 1, 2, 8], "goal_values": list(range(1, 9))}, "bonus_red",
     "holds 5"),
    ({"nib_sharing": False, "nibs": 3}, "nibs", "need at least 4"),
    ({"allow_full_lap": False, "nibs": 1, "n_players": 1}, "nibs", "need at least 2"),
    ({"goal_values": [4, 5, 6, 7]}, "data", "unknown marking '3'"),
])
def test_values_checked_against_each_other_and_the_data(overrides, key, words):
    with pytest.raises(ConfigError) as caught:
        InkRules.from_overrides(overrides, source="house.toml", prefix="rules.")
    assert str(caught.value).startswith(f"house.toml: rules.{key}: ") and words in str(caught.value)


def test_black_bottles_comes_from_the_data_unless_the_rule_sets_it():
    assert InkRules.from_overrides({}).black_bottles == 20
    assert InkRules.from_overrides({"black_bottles": 5}).black_bottles == 5


def test_solo_and_smaller_boards_are_valid():
    rules = InkRules.from_overrides({"n_players": 1, "nibs": 4, "bonus_red": 1, "bonus_blue": 1, "bonus_rows": [5, 7]})
    assert rules.n_players == 1
