"""The invariants of spec §8.1 after every atomic action of random games, in every player count and the notable
rule options; the same seed plays the same game."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import invariants
from fixtures import Game
from simkit.games.ink.engine.layout import MAX_PLAYERS

VARIANTS = [{}, {"crossing_order": "nib_first"}, {"unplaceable_tile": "discard", "tile_orientations": 4},
            {"goal_size_rule": "exact", "growth_requirement": "none", "mix_reserves_in_completion": True},
            {"fill_all_splashes": False, "bonus_order": "random", "max_painting_size": 4, "nib_sharing": False,
             "allow_full_lap": False}, {"bag_exhaustion_ends_game": False, "max_rounds": 30, "pass_transfer": 0}]


def random_game(overrides, seed: int, check_every: int = 1, limit: int = 5000):
    g = Game(overrides, seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    while not g.rec["done"]:
        legal = g.legal()
        assert legal, f"no legal action in stage {g.rec['stage']}"
        a = legal[rng.integers(len(legal))]
        actions.append(a)
        g.play(a)
        if len(actions) % check_every == 0:
            invariants.check(g.r[0], g.rec)
        assert len(actions) < limit
    invariants.check(g.r[0], g.rec)
    return g, actions


@settings(max_examples=6, deadline=None)
@given(st.integers(1, MAX_PLAYERS), st.sampled_from(range(len(VARIANTS))), st.integers(0, 2**32))
def test_invariants_after_every_action(n_players, variant, seed):
    g, _ = random_game({"n_players": n_players, **VARIANTS[variant]}, seed)
    s = g.rec
    turns = s["turns_taken"][:n_players]
    if s["tie_round"] == 0 and not s["truncated"]:  # the round is finished: equal turns (spec §5.2)
        assert turns.min() == turns.max()


def test_same_seed_same_game():
    a, actions_a = random_game({"n_players": 3}, 11, check_every=50)
    b, actions_b = random_game({"n_players": 3}, 11, check_every=50)
    assert actions_a == actions_b and a.rec.tobytes() == b.rec.tobytes()


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(1, MAX_PLAYERS), st.sampled_from(range(len(VARIANTS))), st.integers(0, 2**32))
def test_invariants_after_every_action_many_games(n_players, variant, seed):
    random_game({"n_players": n_players, **VARIANTS[variant]}, seed)
