"""What the conformance suite plays: every registered game, each of its conformance configurations, and each
shipped policy (search policies with minimal parameters, so the suite stays fast)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np

import simkit
from simkit.core.game import game_class, game_ids
from simkit.core.policy import resolve_policy

# Search policies are slow: fewest rollouts (and candidates) their parameters allow. Keyed by parameter name, so
# a new game's search policy gets them by naming its parameters the same way.
FAST_SEARCH = {"rollouts": 1, "candidates": 2}


def configs() -> list[tuple[str, str]]:
    """(game id, configuration name) of every registered game and configuration."""
    return [(game_id, name) for game_id in game_ids() for name in game_class(game_id).conformance_configs]


def config_ids() -> list[str]:
    return [f"{game_id}-{name}" for game_id, name in configs()]


@lru_cache(maxsize=None)
def make(game_id: str, name: str):
    return simkit.make(game_id, game_class(game_id).conformance_configs[name])


def shipped_policies(game) -> list:
    """A PolicyChoice of every compiled policy the game ships, search parameters at their minimum."""
    choices = []
    for name, params in game.policy_params.items():
        fast = {p.name: FAST_SEARCH[p.name] for p in params if p.name in FAST_SEARCH}
        choices.append(resolve_policy(game, {"policy": name, **fast}))
    return choices


@lru_cache(maxsize=None)
def policy_batch(game_id: str, name: str):
    """The fewest games in which every shipped policy plays (seat p of game g holds policy (g n + p) mod L), on the
    batch path: (game, lineup, seeds, seats, arrays)."""
    game = make(game_id, name)
    lineup = shipped_policies(game)
    n = game.n_players
    n_games = -(-len(lineup) // n)
    seats = (np.arange(n_games)[:, None] * n + np.arange(n)[None, :]) % len(lineup)
    seeds = np.arange(100, 100 + n_games, dtype=np.uint64)
    return game, lineup, seeds, seats, game.play_batch(seeds, lineup, seats)


def play(game, seed: int, choose, visit=lambda state: None):
    """Play one game from `seed` through the step-by-step API; `choose(state)` picks each action, `visit(state)`
    sees every state before its action and the final one. Returns the final state and the actions played."""
    state = game.new_initial_state(seed)
    actions = []
    while not state.is_terminal():
        visit(state)
        action = choose(state)
        actions.append(action)
        state.apply_action(action)
    visit(state)
    return state, actions


def random_chooser(seed: int):
    """Uniform over the legal actions, from a generator of its own (no game ships it: any game can be played)."""
    rng = np.random.default_rng(seed)

    def choose(state):
        legal = state.legal_actions()
        return legal[rng.integers(len(legal))]
    return choose
