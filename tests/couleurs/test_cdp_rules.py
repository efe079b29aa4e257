"""Couleurs de Paris rule parameters (spec §12.2), rulesets (spec §10.1) and their validation."""

import pytest

from simkit.core.errors import ConfigError
from simkit.games.couleurs.game import CouleursGame
from simkit.games.couleurs.rules.ruleset import PARAM_NAMES, PARAMS, CouleursRules

SPEC_12_2 = """n_players painting_values unlimited_supply supply_counts black_cubes_by_players painting_types_by_players
painting_types_in_play painting_mode painting_market_size painting_deck_reshuffle draft_mode draft_hand_size
active_painting_limit exhibit_mode return_coloured_on start_pigments start_assistants max_assistants first_player
rotation_per_round rotate_options half_turn_rule pigment_limit van_gogh_pigment_limit upgrade_cost track_bonus_space
track_bonus_points track_end_points bonus_on_pass max_whites_per_painting white_penalty max_blacks_per_painting
black_signature_points black_in_reserve_scores end_paintings_exhibited end_on_last_black end_on_track_end
identical_pair_bonus identical_pair_match identical_pair_max score_completed_unexhibited tie_breaks supply_shortfall
round_cap module_bonus_cards bonus_card_option bonus_market_size bonus_deck_reshuffle bonus_b_immediate_counts
module_painters painter_pool painter_deal painter_choice_before_draft painter_powers_on_copies
free_paint_matching_only degas_cubes cezanne_on_tool_card observe_reserve_grids""".split()


def test_every_spec_parameter_exists():
    assert set(SPEC_12_2) <= set(PARAM_NAMES)
    assert all(p.doc for p in PARAMS)


def test_variant_j_defaults():
    v = CouleursRules.from_overrides({}).values
    assert v["painting_values"] == [9, 12, 15, 18] and v["unlimited_supply"] is True
    assert v["black_cubes_by_players"] == {"2": 3, "3": 4, "4": 5}
    assert v["rotate_options"] == [0, 2] and v["pigment_limit"] == 12 and v["identical_pair_bonus"] == 4
    assert v["tie_breaks"] == ["best_painting", "most_black", "fewest_whites"] and v["round_cap"] == 30
    assert v["end_on_track_end"] is True and v["painting_mode"] == "draft" and v["active_painting_limit"] == 1
    assert "valadon" in v["painter_pool"]


def test_base_ruleset_values():
    r = CouleursRules.from_overrides({"ruleset": "base"})
    v = r.values
    assert v["painting_values"] == [10, 12, 14, 16] and v["unlimited_supply"] is False
    assert v["painting_mode"] == "market" and v["exhibit_mode"] == "on_completion"
    assert v["active_painting_limit"] == 0 and v["end_on_track_end"] is False and v["identical_pair_bonus"] == 0
    assert "valadon" not in v["painter_pool"] and v["white_penalty"] == 2
    assert r.board.wheel[11] == 12  # take_painting
    # an override still wins over the ruleset
    assert CouleursRules.from_overrides({"ruleset": "base", "white_penalty": 0})["white_penalty"] == 0


@pytest.mark.parametrize("overrides, key, fragment", [
    ({"n_players": 5}, "n_players", "out of range"),
    ({"painting_values": [9, 12, 15]}, "painting_values", "list of 4 integers"),
    ({"rotate_options": [0, -1]}, "rotate_options", "every value"),
    ({"pigment_limit": -1}, "pigment_limit", "out of range"),
    ({"colour": 3}, "colour", "unknown parameter"),
    ({"half_turn_rule": "sometimes"}, "half_turn_rule", "not allowed"),
    ({"tie_breaks": ["coin_flip"]}, "tie_breaks", "distinct tie-breaks"),
    ({"black_cubes_by_players": {"2": 3, "3": 4}}, "black_cubes_by_players", "keys 2, 3 and 4"),
    ({"supply_counts": {"Q": 3}}, "supply_counts", "unknown colour"),
    ({"first_player": 7}, "first_player", "seat"),
    ({"ruleset": "deluxe"}, "ruleset", "not allowed"),
    ({"module_painters": True, "painter_deal": 3, "painter_pool": ["cezanne", "degas"]}, "painter_pool",
     "cannot deal"),
    ({"painting_types_in_play": ["T1", "T9"], "n_players": 2}, "painting_types_in_play", "unknown painting type"),
    ({"painting_types_in_play": ["T1", "T2"], "n_players": 2}, "painting_types_in_play", "2 types listed"),
    ({"start_assistants": 5, "max_assistants": 4}, "start_assistants", "exceed"),
    ({"first_player": 3, "n_players": 2}, "first_player", "does not exist"),
    ({"track_bonus_space": 9}, "track_bonus_space", "beyond a track"),
    ({"draft_hand_size": 8, "n_players": 4, "painting_types_by_players": {"2": 4, "3": 6, "4": 7}},
     "draft_hand_size", "need more than"),
])
def test_validation_names_source_and_key(overrides, key, fragment):
    with pytest.raises(ConfigError) as err:
        CouleursRules.from_overrides(overrides, source="exp.toml", prefix="rules.")
    assert str(err.value).startswith(f"exp.toml: rules.{key}:") and fragment in str(err.value), str(err.value)


def test_data_file_errors_name_ruleset_key(tmp_path):
    bad = tmp_path / "tracks.csv"
    bad.write_text("# source: printed\ntool,space\n")
    with pytest.raises(ConfigError, match=r"exp.toml: tracks_file: .*missing column"):
        CouleursRules.from_overrides({"tracks_file": str(bad)}, source="exp.toml")


def test_unimplemented_features_are_rejected_by_the_game():
    for overrides, key in (({"ruleset": "base", "exhibit_mode": "action"}, "exhibit_mode"),):
        with pytest.raises(ConfigError, match=f"{key}: .*not implemented"):
            CouleursGame(overrides)


def test_game_metadata():
    g = CouleursGame({"n_players": 3})
    assert g.n_players == 3 and g.id == "couleurs"
    assert all("reconstructed-v1" in v for v in g.data_sources().values())


def test_game_pickles_by_rule_values():
    import pickle

    g = CouleursGame({"n_players": 3, "black_cubes_by_players": {2: 3, 3: 5, 4: 5}, "module_painters": True})
    h = pickle.loads(pickle.dumps(g))
    assert h.rule_values == g.rule_values and h.rule_values["black_cubes_by_players"]["3"] == 5
