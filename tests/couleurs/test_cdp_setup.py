"""setup starts from a blank state record: nothing of an earlier game (or of garbage) survives it."""

import numpy as np
import pytest

from cdp_helpers import game
from simkit.games.couleurs.engine import transitions as engine

CONFIGS = [{"n_players": 2}, {"n_players": 3, "module_bonus_cards": True},
           {"n_players": 4, "module_bonus_cards": True, "bonus_card_option": "B", "module_painters": True},
           {"ruleset": "base", "n_players": 2}, {"ruleset": "base", "n_players": 4, "module_painters": True}]


@pytest.mark.parametrize("rules", CONFIGS)
def test_setup_over_garbage_or_a_finished_game_equals_a_fresh_setup(rules):
    g = game(**rules)
    fresh = g.new_initial_state(7)
    garbage = g.new_state_record()
    garbage.view(np.uint8)[:] = np.random.default_rng(1).integers(0, 256, garbage.nbytes, dtype=np.uint8)
    engine.setup(fresh.rules, garbage[0], np.uint64(7))
    finished = g.new_initial_state(3)
    while not finished.is_terminal():
        finished.apply_action(finished.legal_actions()[0])
    engine.setup(finished.rules, finished._arr[0], np.uint64(7))
    assert garbage.tobytes() == fresh._arr.tobytes()
    assert finished._arr.tobytes() == fresh._arr.tobytes()
