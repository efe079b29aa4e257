"""The invariants of spec §8.1 after every atomic action of random games, in every player count and the notable
rule options; the same seed plays the same game."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ink_invariants as invariants
from ink_fixtures import Game
from simkit.games.ink.engine.layout import CROSS, MAX_PLAYERS, NIB, PASS, STOP, Stage
from simkit.games.ink.engine.scoring import final_scores, ranks_and_win_shares

VARIANTS = [{}, {"crossing_order": "nib_first"}, {"unplaceable_tile": "discard", "tile_orientations": 4},
            {"goal_size_rule": "exact", "growth_requirement": "none", "mix_reserves_in_completion": True},
            {"fill_all_splashes": False, "bonus_order": "random", "max_painting_size": 4, "nib_sharing": False,
             "allow_full_lap": False, "x_covers_goal_bottles": True},
            {"bag_exhaustion_ends_game": False, "max_rounds": 30, "pass_transfer": 0},
            {"tile_alignment": "square"}, {"tile_alignment": "square", "max_painting_size": 5}]


def check_tiles_of_the_turn(turn: list, taken: int) -> None:
    """A full turn takes one tile from the wheel plus one per extra_tile (none when a crossing left no takeable
    tile); a pass takes none (spec §8.1)."""
    extra = sum(1 for stage, a in turn if stage == Stage.BONUS and NIB <= a < STOP)
    if turn[0][1] >= PASS and turn[0][1] < NIB:
        assert taken == 0
    elif turn[0][1] < CROSS:  # a move to a nib with a takeable tile
        assert taken == 1 + extra
    else:
        assert taken - extra in (0, 1)


def check_winners(g: Game) -> None:
    """A winner under rule 1 or 2 of spec §5.3 has no own bottle left."""
    n = int(g.r[0]["n_players"])
    scores, ranks, shares = np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n)
    final_scores(g.r[0], g.rec, scores)
    ranks_and_win_shares(g.r[0], g.rec, scores, ranks, shares)
    left = g.rec["res_palette"][:n] + g.rec["res_wild"][:n]
    if (left == 0).any():
        assert (left[ranks == 1] == 0).all()
    assert abs(shares.sum() - 1) < 1e-9


def random_game(overrides, seed: int, check_every: int = 1, limit: int = 5000):
    g = Game(overrides, seed=seed)
    rng = np.random.default_rng(seed)
    actions, turn, turn_start = [], [], None
    while not g.rec["done"]:
        legal = g.legal()
        assert legal, f"no legal action in stage {g.rec['stage']}"
        a = legal[rng.integers(len(legal))]
        actions.append(a)
        p, started = int(g.rec["current"]), int(g.rec["turns_taken"].sum())
        if turn_start is None or started != turn_start[1]:
            turn, turn_start = [], (p, started, int(g.rec["tiles_taken"][p]))
        turn.append((int(g.rec["stage"]), a))
        g.play(a)
        if int(g.rec["turns_taken"].sum()) != started or g.rec["done"]:  # the turn ended
            check_tiles_of_the_turn(turn, int(g.rec["tiles_taken"][p]) - turn_start[2])
        if len(actions) % check_every == 0:
            invariants.check(g.r[0], g.rec)
        assert len(actions) < limit
    invariants.check(g.r[0], g.rec)
    check_winners(g)
    return g, actions


@settings(max_examples=6, deadline=None)
@given(st.integers(1, MAX_PLAYERS), st.sampled_from(range(len(VARIANTS))), st.integers(0, 2**32))
def test_invariants_after_every_action(n_players, variant, seed):
    g, _ = random_game({"n_players": n_players, **VARIANTS[variant]}, seed)
    s = g.rec
    turns = s["turns_taken"][:n_players]
    if s["tie_round"] == 0 and not s["truncated"]:  # the round is finished: equal turns (spec §5.2)
        assert turns.min() == turns.max()


@pytest.mark.parametrize("n_players", [1, 2, 4])
@pytest.mark.parametrize("variant", [v for v in VARIANTS if v.get("tile_alignment") == "square"])
def test_invariants_after_every_action_with_tiles_on_any_block(n_players, variant):
    random_game({"n_players": n_players, **variant}, 100 + n_players)


def test_same_seed_same_game():
    a, actions_a = random_game({"n_players": 3}, 11, check_every=50)
    b, actions_b = random_game({"n_players": 3}, 11, check_every=50)
    assert actions_a == actions_b and a.rec.tobytes() == b.rec.tobytes()


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(1, MAX_PLAYERS), st.sampled_from(range(len(VARIANTS))), st.integers(0, 2**32))
def test_invariants_after_every_action_many_games(n_players, variant, seed):
    random_game({"n_players": n_players, **VARIANTS[variant]}, seed)
