"""Atelier rule parameters (spec §6.2): every name with its default, a ruleset using every key validates, and a bad
value or an inconsistent combination is an error naming the ruleset key."""

import re
import tomllib
import warnings
from pathlib import Path

import pytest

from simkit.core.errors import ConfigError
from simkit.core.params import params_to_toml
from simkit.games.atelier.rules import PARAMS, AtelierDataWarning, AtelierRules
from simkit.games.atelier.rules.params import PARAM_NAMES

RULES_MD = Path(__file__).parents[2] / "simkit/games/atelier/RULES.md"
DATA_FILE_KEYS = ("paintings_file", "powers_file", "patrons_file")

# spec §6.1, §6.1b and §2: the printed rules and the rulings' defaults
DEFAULTS = {
    "n_players": 4, "paint_supply_limited": True, "paint_per_colour": 15, "inspiration_supply_limited": True,
    "inspiration_tokens": 20, "start_inspiration": 1, "dice_per_player": 4, "students_per_player": 12,
    "row_size": 7, "patron_deal": 2, "patron_keep": 1, "collect_ties_player_counts": [4],
    "allow_null_die_actions": False, "student_return_choice": "player", "max_rerolls_per_turn": None,
    "reroll_cost": 1, "inspiration_paint_cost": 2, "patron_draw_cost": 3, "inspiration_paint_is_main_action": False,
    "max_inspiration_paints_per_turn": None, "paint_hand_limit": None, "masterpieces_to_trigger": 3,
    "final_rounds_after_trigger": 1, "first_master_vp": 4, "tie_break": ["paint", "first_master"], "max_rounds": 50,
    "free_actions_after_b": False, "data": "",
}

# a house ruleset changing every key of spec §6.2 (and the file keys) to another valid value
EVERY_KEY = """
n_players = 3
paint_supply_limited = false
paint_per_colour = 12
inspiration_supply_limited = false
inspiration_tokens = 30
start_inspiration = 2
dice_per_player = 5
students_per_player = 10
row_size = 6
patron_deal = 3
patron_keep = 2
collect_ties_player_counts = [3, 4]
allow_null_die_actions = true
student_return_choice = "random"
max_rerolls_per_turn = 2
reroll_cost = 0
inspiration_paint_cost = 3
patron_draw_cost = 2
inspiration_paint_is_main_action = true
max_inspiration_paints_per_turn = 1
paint_hand_limit = 10
masterpieces_to_trigger = 4
final_rounds_after_trigger = 2
first_master_vp = 6
tie_break = ["first_master"]
max_rounds = 80
free_actions_after_b = true
data = "alternatives/more-masterpieces"
paintings_file = "alternatives/steeper-vp/paintings.csv"
powers_file = "alternatives/more-masterpieces/powers.csv"
patrons_file = "patrons.csv"
"""


def test_every_spec_name_is_a_param_with_its_default():
    spec_names = re.findall(r"`(\w+)`", RULES_MD.read_text().split("### 6.2 Full parameter list")[1].split("---")[0])
    assert set(spec_names) == set(DEFAULTS)
    assert PARAM_NAMES == (*DEFAULTS, *DATA_FILE_KEYS)
    assert {p.name: p.default for p in PARAMS} == {**DEFAULTS, **{k: "" for k in DATA_FILE_KEYS}}


def test_defaults_validate_and_round_trip_through_toml():
    text = params_to_toml(PARAMS)
    assert "# max_rerolls_per_turn = (unset)" in text
    rules = AtelierRules.from_overrides(tomllib.loads(text), source="defaults.toml")
    assert dict(rules.values) == {**DEFAULTS, **{k: "" for k in DATA_FILE_KEYS}}


def test_a_ruleset_with_every_key_validates():
    overrides = tomllib.loads(EVERY_KEY)
    assert set(overrides) == set(PARAM_NAMES)
    rules = AtelierRules.from_overrides(overrides, source="house.toml", prefix="rules.")
    assert dict(rules.values) == overrides
    assert rules.data_source == "sensitivity-steeper-vp + sensitivity-more-masterpieces + reconstructed-v1"


@pytest.mark.parametrize("key, value, words", [
    ("n_players", 5, "out of range"),
    ("n_players", 1, "out of range"),
    ("paint_per_colour", 0, "out of range"),
    ("dice_per_player", "4", "expected a int"),
    ("paint_supply_limited", 1, "expected a bool"),
    ("student_return_choice", "nearest", "not allowed; expected one of 'player', 'random'"),
    ("max_rerolls_per_turn", -1, "expected an integer in [0, 99] or no value"),
    ("paint_hand_limit", 0, "expected an integer in [1, 99] or no value"),
    ("collect_ties_player_counts", [5], "distinct player counts in [2, 4]"),
    ("collect_ties_player_counts", [4, 4], "distinct player counts"),
    ("tie_break", ["paint", "youngest"], "distinct tie-breaks from paint, first_master"),
    ("masterpieces_to_trigger", 0, "out of range"),
    ("max_rounds", 0, "out of range"),
    ("tie_breaks", ["paint"], "unknown parameter 'tie_breaks'; known: n_players"),
])
def test_a_bad_value_names_the_key(key, value, words):
    with pytest.raises(ConfigError) as caught:
        AtelierRules.from_overrides({key: value}, source="house.toml", prefix="rules.")
    assert str(caught.value).startswith(f"house.toml: rules.{key}: ")
    assert words in str(caught.value)


@pytest.mark.parametrize("overrides, key, words", [
    ({"patron_keep": 3}, "patron_keep", "keeps 3 of the 2"),
    ({"row_size": 12, "data": "alternatives/no-powers"}, None, None),  # 12 of 40: fine
    ({"inspiration_tokens": 3}, "inspiration_tokens", "cannot give 4 players 1 each"),
    ({"reroll_cost": 0}, "reroll_cost", "free rerolls need a max_rerolls_per_turn"),
    ({"masterpieces_to_trigger": 13}, "masterpieces_to_trigger", "12 masterpieces, fewer than"),
])
def test_inconsistent_rules_name_the_key(overrides, key, words):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AtelierDataWarning)
        if key is None:
            AtelierRules.from_overrides(overrides)
            return
        with pytest.raises(ConfigError) as caught:
            AtelierRules.from_overrides(overrides, source="house.toml", prefix="rules.")
    assert str(caught.value).startswith(f"house.toml: rules.{key}: ") and words in str(caught.value)


def test_unlimited_inspiration_needs_no_tokens_in_the_box():
    AtelierRules.from_overrides({"inspiration_supply_limited": False, "inspiration_tokens": 0})


def test_too_few_patrons_to_deal(tmp_path):
    shipped = Path(__file__).parents[2] / "simkit/games/atelier/data"
    (tmp_path / "meta.toml").write_text('data_source = "short"\n')
    (tmp_path / "patrons.csv").write_text("".join((shipped / "patrons.csv").read_text().splitlines(True)[:8]))
    with pytest.raises(ConfigError, match=r"^house.toml: rules.patron_deal: 4 players x 2 patrons need more than"):
        AtelierRules.from_overrides({"patrons_file": str(tmp_path / "patrons.csv")}, source="house.toml",
                                    prefix="rules.")
    assert AtelierRules.from_overrides({"patrons_file": str(tmp_path / "patrons.csv"), "n_players": 3})
