"""The two records compiled code takes: the static rules record and the dynamic state record."""

import numpy as np
import pytest

from simkit.core.policy import resolve_policy
from simkit.games.canvas.engine import transitions as engine
from simkit.games.canvas.rules.ruleset import PARAMS, RULES_DTYPE
from canvas_helpers import game

CONFIGS = [
    {"n_players": 3},
    {"n_players": 2, "vincent_in_multiplayer": True, "scoring_cards": "random 3"},
    {"n_players": 1, "solo_mode": "vincent", "vincent_flip_p": 1},  # an int where the rule is a float
    {"n_players": 1, "solo_mode": "puzzle", "space_scoring": "bga_greedy", "cap_ribbons_at_track": False},
]


def rules_record(g, seed):
    return g.scenario(g.scoring_of(seed)).rules_arr[0]


@pytest.mark.parametrize("rules", CONFIGS)
def test_setup_leaves_nothing_of_what_the_record_held(rules):
    g = game(**rules)
    used = g.new_state_record()
    used.view(np.uint8)[:] = np.random.default_rng(0).integers(0, 256, used.nbytes, dtype=np.uint8)
    engine.setup(rules_record(g, 7), used[0], np.uint64(7))
    fresh = g.new_state_record()
    engine.setup(rules_record(g, 7), fresh[0], np.uint64(7))
    assert used.tobytes() == fresh.tobytes()


@pytest.mark.parametrize("rules", CONFIGS)
def test_setup_after_a_finished_game_equals_a_fresh_setup(rules):
    g = game(**rules)
    st = g.new_initial_state(3)
    planner = resolve_policy(g, {"policy": "planner"})
    while not st.is_terminal():
        st.apply_action(st.compiled_action(planner))
    engine.setup(rules_record(g, 4), st._arr[0], np.uint64(4))
    assert st._arr.tobytes() == g.new_initial_state(4)._arr.tobytes()


def test_rule_values_keep_their_toml_names():
    """Every rule the compiled code reads is a field of the rules record under its PARAMS name."""
    data_files = {"art_cards_file", "scoring_cards_file"}  # read into card_masks and tracks
    assert {p.name for p in PARAMS} - data_files <= set(RULES_DTYPE.names)
    g = game(n_players=3, vincent_flip_p=1)
    r = rules_record(g, 0)
    assert r["n_players"] == 3 and r["cards_per_painting"] == 3 and r["bonus_ribbon_points"] == 2
    assert r["vincent_flip_p"] == 1.0
    # First Game: Composition, Emphasis, Repetition, Variety
    assert r["scoring_cards"][: r["n_scoring_cards"]].tolist() == [0, 2, 7, 11]
