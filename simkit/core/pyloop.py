"""Play games through the step-by-step API: the path for user-written Python policies (and the reference
the compiled fast paths are tested against)."""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

from simkit.core.errors import GameAbortedError, IllegalActionError, PolicyError


def policy_rng(seed: int, seat: int) -> np.random.Generator:
    """The random generator a Python policy gets in seat `seat` of the game with seed `seed`."""
    return np.random.default_rng([int(seed), seat])


def python_action(game, state, choice, policy, rngs: dict) -> int:
    """The action of the user's Python `policy` (of PolicyChoice `choice`) for the current player; `rngs` holds
    each seat's random generator, made on the seat's first decision of the game."""
    seed, p = state.seed, state.current_player
    legal = state.legal_actions()
    if not legal:  # an engine fault: say so, rather than let the policy fail on an empty list
        raise GameAbortedError(f"{game.id} game with seed {int(seed)} stopped at turn {state.turn}: no legal "
                               f"action for policy {choice.label!r} although the game is not over")
    rng = rngs.setdefault(p, policy_rng(seed, p))
    try:
        action = policy.act(state.observation(p), legal, rng)
    except Exception as exc:  # the user's code: name the policy, seed and turn, keep the cause chained
        raise PolicyError(f"raised {type(exc).__name__}: {exc}", policy=choice.label, seed=int(seed),
                          turn=state.turn) from exc
    if action not in legal:
        raise IllegalActionError(policy=choice.label, seed=int(seed), turn=state.turn, action=action, legal=legal)
    return action


def play_one(game, seed: int, lineup: Sequence, seats_of_game: Sequence[int], python_policies: dict):
    """Play one game to the end; returns the finished state."""
    state = game.new_initial_state(int(seed))
    rngs = {}
    while not state.is_terminal():
        i = seats_of_game[state.current_player]
        choice = lineup[i]
        if choice.is_python:
            action = python_action(game, state, choice, python_policies[i], rngs)
        else:
            action = state.compiled_action(choice)
        state.apply_action(action)
    return state


def play_with_step_api(game, seeds: np.ndarray, lineup: Sequence, seats: np.ndarray,
                       record_result: Callable) -> dict[str, np.ndarray]:
    """Like Game.play_batch, one game at a time through the step-by-step API."""
    python_policies = {i: c.make_python_policy() for i, c in enumerate(lineup) if c.is_python}
    parts = [record_result(play_one(game, seed, lineup, seats[g], python_policies)) for g, seed in enumerate(seeds)]
    return {name: np.ma.concatenate([part[name] for part in parts]) if np.ma.isMaskedArray(parts[0][name])
            else np.concatenate([part[name] for part in parts]) for name in parts[0]}
