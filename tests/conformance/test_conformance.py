"""The conformance suite every registered game runs (like pgx's api_test, OpenSpiel's random-simulation test and
playthroughs, TAG's forward-model tester), in each of its conformance configurations, through the public protocol
only (simkit.core.game): a new game gets all of it by registering and declaring `conformance_configs`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from conformance_cases import config_ids, configs, make, play, policy_batch, random_chooser
from conformance_playthrough import GOLDEN, dumps, path, record
from simkit.core.errors import GameAbortedError, PolicyError
from simkit.core.columns import frame_columns
from simkit.core.game import game_class, game_ids
from simkit.core.policy import PolicyChoice
from simkit.core.pyloop import play_one
from simkit.core.results import RUN_COLUMNS, results_frame

CONFIGS = pytest.mark.parametrize("game_id, name", configs(), ids=config_ids())
USER_POLICIES = Path(__file__).with_name("user_policies.py")


def check_state(game, state) -> None:
    """What holds in every state: legal actions are exactly those the engine's legality test accepts (ascending),
    there are some unless the game is over, each reads as a distinct description, every player can observe."""
    legal = state.legal_actions()
    scan = [a for a in range(game.num_distinct_actions) if state.is_legal(a)]
    where = f"seed {state.seed}, turn {state.turn}"
    assert legal == scan, f"legal_actions() {legal} != scan of is_legal {scan} ({where})"
    assert not state.is_legal(-1) and not state.is_legal(game.num_distinct_actions), where
    assert bool(legal) != state.is_terminal(), f"legal actions {legal}, terminal {state.is_terminal()} ({where})"
    descriptions = [state.describe_action(a) for a in legal]
    assert all(isinstance(d, str) and d for d in descriptions), (descriptions, where)
    assert len(set(descriptions)) == len(descriptions), f"two legal actions read the same: {descriptions} ({where})"
    for p in range(game.n_players):
        assert state.observation(p) is not None, where


def check_outcome(scores, ranks, shares) -> None:
    """Ranks follow scores (ties broken any way the rules say), rank 1 = best, counted as in sport (1, 1, 3);
    tied winners split the win."""
    scores, ranks, shares = np.asarray(scores), np.asarray(ranks), np.asarray(shares)
    for p in range(len(scores)):
        assert ranks[p] == 1 + np.sum(ranks < ranks[p]), f"ranks {ranks} are not competition ranks"
        assert np.all(ranks[scores < scores[p]] > ranks[p]), f"ranks {ranks} disagree with scores {scores}"
    winners = ranks == 1
    np.testing.assert_allclose(shares, np.where(winners, 1 / winners.sum(), 0), rtol=1e-6,
                               err_msg=f"win shares {shares} of ranks {ranks}")


# ---- the registry --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_declares_conformance_configs(game_id):
    declared = getattr(game_class(game_id), "conformance_configs", None)
    assert declared, f"{game_id} declares no conformance_configs (named rule overrides the suite plays)"
    for name in declared:
        make(game_id, name)  # valid rules


# ---- random games --------------------------------------------------------------------------------------------


@CONFIGS
def test_random_games(game_id, name):
    game = make(game_id, name)
    state, actions = play(game, 1, random_chooser(1), lambda s: check_state(game, s))
    check_outcome(state.scores(), state.ranks(), state.win_shares())
    again, replayed = play(game, 1, random_chooser(1))
    assert replayed == actions and np.array_equal(again.scores(), state.scores()), "same seed, another game"


# ---- shipped policies: batch path = step path ----------------------------------------------------------------


@CONFIGS
def test_policy_games_step_path_equals_batch_path(game_id, name):
    game, lineup, seeds, seats, batch = policy_batch(game_id, name)
    assert {c.name for c in lineup} == set(game.policy_params)
    assert {lineup[i].name for i in np.ravel(seats)} == set(game.policy_params), "a policy sat out"
    for g, seed in enumerate(seeds):
        players = []

        def choose(state):
            players.append(state.current_player)
            return state.compiled_action(lineup[seats[g, state.current_player]])

        state, actions = play(game, int(seed), choose, lambda s: check_state(game, s))
        for column, step in (("score", state.scores()), ("rank", state.ranks()), ("win_share", state.win_shares()),
                             ("turns", np.bincount(players, minlength=game.n_players))):
            np.testing.assert_array_equal(batch[column][g], step, err_msg=f"{column} of seed {seed}")
        check_outcome(batch["score"][g], batch["rank"][g], batch["win_share"][g])
        assert play(game, int(seed), choose)[1] == actions, f"seed {seed} played another game on the step path"
    again = game.play_batch(seeds, lineup, seats)
    for column, values in batch.items():
        assert np.ma.allequal(values, again[column]) and np.array_equal(np.ma.getmaskarray(values),
                                                                        np.ma.getmaskarray(again[column])), column


@CONFIGS
def test_results_frame_has_exactly_the_declared_columns(game_id, name):
    game, lineup, seeds, seats, arrays = policy_batch(game_id, name)
    columns = frame_columns(game.result_columns)  # the common columns, then the game's own
    declared = [name for name, _, _ in columns]
    assert set(arrays) == set(declared)
    for name, dtype, nullable in columns:
        values = arrays[name]
        assert values.shape == seats.shape, name
        assert nullable or not np.ma.is_masked(values), f"{name} is not declared nullable"
        if dtype == "str":
            assert all(isinstance(v, str) for v in np.ravel(values)), name
        else:
            assert values.dtype == np.dtype(dtype), f"{name}: {values.dtype}, declared {dtype}"
    frame = results_frame(experiment="conformance", game=game, variant="", game_index=np.arange(len(seeds)),
                          seeds=seeds, seats=seats, lineup_labels=[c.label for c in lineup], arrays=arrays)
    assert frame.columns == [*RUN_COLUMNS, *declared]
    for column in declared:  # every value survives the frame's types (no overflow, no loss)
        actual = frame[column].cast(pl.String) if frame[column].dtype == pl.Categorical else frame[column]
        assert actual.to_list() == np.ma.masked_array(arrays[column]).ravel().tolist(), column  # masked: None


# ---- error paths ---------------------------------------------------------------------------------------------


ERROR_SEED = 7


def error_on_both_paths(game, choice, error_type) -> Exception:
    """The error the game with ERROR_SEED, every seat played by `choice`, stops with; it must be the same on the
    batch path and the step path."""
    seed, seats = ERROR_SEED, np.zeros((1, game.n_players), np.int64)
    with pytest.raises(error_type) as batch:
        game.play_batch(np.array([seed], np.uint64), [choice], seats)
    with pytest.raises(error_type) as step:
        play_one(game, seed, [choice], seats[0], {0: choice.make_python_policy()})
    assert str(batch.value) == str(step.value)
    return batch.value


@CONFIGS
@pytest.mark.parametrize("kind, problem", [("Illegal", "chose illegal action -1"),
                                           ("Raises", "raised RuntimeError: the policy's own bug"),
                                           ("NoAction", "chose illegal action None")])
def test_a_failing_policy_gets_one_clear_error_on_both_paths(game_id, name, kind, problem):
    game = make(game_id, name)
    error = error_on_both_paths(game, PolicyChoice(f"{USER_POLICIES}:{kind}", {}, label=kind.lower()), PolicyError)
    seed = ERROR_SEED
    state = game.new_initial_state(seed)  # the policy fails on its third decision, having taken legal[0] twice
    for _ in range(2):
        state.apply_action(state.legal_actions()[0])
    assert (error.policy, error.seed, error.turn) == (kind.lower(), seed, state.turn)
    assert f"policy '{kind.lower()}' {problem}" in str(error)
    assert f"turn {state.turn} of the game with seed {seed}" in str(error)


def stalled(game, at_turn: int):
    """The game, but its states offer no legal action from turn `at_turn` on: the fault of an engine, which the
    legality scan reports; a game played with it must stop with a clear error too."""
    class Stalled(type(game)):
        def new_initial_state(self, seed):
            state = super().new_initial_state(seed)
            return Tampered(state, lambda legal: [] if state.turn >= at_turn else legal)
    copy = Stalled.__new__(Stalled)
    copy.__dict__.update(game.__dict__)
    return copy


@CONFIGS
def test_no_legal_action_gets_one_clear_error_on_both_paths(game_id, name):
    game = stalled(make(game_id, name), at_turn=2)
    choice = PolicyChoice(f"{USER_POLICIES}:Illegal", {}, label="first")  # takes legal[0] twice: reaches turn 2
    error = error_on_both_paths(game, choice, GameAbortedError)
    assert str(error) == (f"{game_id} game with seed {ERROR_SEED} stopped at turn 2: no legal action for policy "
                          "'first' although the game is not over")


# ---- golden playthroughs -------------------------------------------------------------------------------------


def test_golden_files_are_exactly_one_per_configuration():
    assert sorted(GOLDEN.glob("*.json")) == sorted(path(game_id, name) for game_id, name in configs())


@CONFIGS
def test_golden_playthrough(game_id, name):
    expected = json.loads(path(game_id, name).read_text(encoding="utf-8"))
    actual = json.loads(dumps(record(game_id, name, expected["seed"])))  # as stored: JSON types
    for i, (want, got) in enumerate(zip(expected["steps"], actual["steps"])):
        assert got == want, f"step {i} of {path(game_id, name).name} differs (regenerate only for a rule change)"
    assert actual == expected


# ---- the checks themselves can fail --------------------------------------------------------------------------


class Tampered:
    """A state whose legal_actions() is altered by `change` (everything else is the real state's)."""

    def __init__(self, state, change):
        self._state, self._change = state, change

    def legal_actions(self):
        return self._change(self._state.legal_actions())

    def __getattr__(self, name):
        return getattr(self._state, name)


@pytest.mark.parametrize("game_id", game_ids())
def test_the_checks_notice_a_dropped_or_an_extra_action_and_a_wrong_rank(game_id):
    name = next(n for g, n in configs() if g == game_id)
    game = make(game_id, name)
    state = game.new_initial_state(1)
    check_state(game, state)
    illegal = next(a for a in range(game.num_distinct_actions) if not state.is_legal(a))
    for change in (lambda legal: legal[:-1], lambda legal: sorted(legal + [illegal])):
        with pytest.raises(AssertionError, match="scan of is_legal"):
            check_state(game, Tampered(state, change))
    check_outcome([5, 3, 3], [1, 2, 2], [1, 0, 0])
    check_outcome([5, 3, 3], [1, 2, 3], [1, 0, 0])  # a tie-break may order equal scores
    for ranks, shares in (([1, 1, 3], [0.5, 0.5, 0]), ([2, 1, 1], [0, 0.5, 0.5]), ([1, 3, 3], [1, 0, 0]),
                          ([1, 2, 2], [0.5, 0.5, 0])):
        with pytest.raises(AssertionError):
            check_outcome([5, 3, 3], ranks, shares)
