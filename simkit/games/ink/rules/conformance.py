"""Named rule overrides the conformance suite (tests/conformance) plays: every player count, and the rule options
of spec §7.1 (short safety bounds keep the suite fast; every game still ends by its own rules or by the bound)."""

CONFORMANCE_CONFIGS = {
    "1p": {"n_players": 1, "max_rounds": 40},
    "2p": {"n_players": 2},
    "3p-nib-first-discard-exact": {"n_players": 3, "crossing_order": "nib_first", "unplaceable_tile": "discard",
                                   "goal_size_rule": "exact", "max_rounds": 30},
    "4p": {"n_players": 4},
    "3p-square": {"n_players": 3, "tile_alignment": "square"},
    "2p-house-rules": {"n_players": 2, "growth_requirement": "none", "mix_reserves_in_completion": True,
                       "fill_all_splashes": False, "tile_orientations": 4, "max_painting_size": 5,
                       "nib_sharing": False, "allow_full_lap": False, "bonus_order": "random",
                       "bag_exhaustion_ends_game": False, "x_covers_goal_bottles": True, "max_rounds": 25},
}
