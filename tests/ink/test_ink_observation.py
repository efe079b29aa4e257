"""Ink's observation names the tile and the X token being placed (spec §2.4: drawn X tokens are revealed), the same
for every player, as the placing actions' own texts do; nothing is in hand at the start of a turn."""

import numpy as np

import simkit
from simkit.games.ink.engine.layout import Stage


def test_the_tile_and_the_x_token_in_hand_are_shown_to_every_player():
    game = simkit.make("ink", {"n_players": 2})
    state = game.new_initial_state(21)
    rng = np.random.default_rng(21)
    seen = dict.fromkeys(("place_tile", "place_x", "turn"), 0)
    while min(seen.values()) < 3:  # a few of each, well before the end
        action = int(rng.choice(state.legal_actions()))
        stage = Stage(int(state.record["stage"])).name.lower()
        if stage in seen:
            views = [state.observation(p) for p in range(game.n_players)]
            assert len({(v.tile_in_hand, v.x_token_in_hand) for v in views}) == 1
            if stage == "place_tile":
                assert state.describe_action(action).startswith(f"place tile {views[0].tile_in_hand} at")
            elif stage == "place_x":
                assert state.describe_action(action).startswith(f"place {views[0].x_token_in_hand} on")
            else:
                assert views[0].tile_in_hand is None and views[0].x_token_in_hand is None
            seen[stage] += 1
        state.apply_action(action)
