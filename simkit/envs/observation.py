"""A state as the acting player sees it, in numbers: the game's `env_observation` writer (simkit.games.REGISTRY)
applied to `State.observation(player)`, so the vector holds what the game's view shows that player and nothing
of the hidden state."""

from __future__ import annotations

from typing import Callable

import numpy as np

from simkit.core.errors import ConfigError
from simkit.core.game import Game, State, load
from simkit.envs.features import Features
from simkit.games import REGISTRY


def observation_writer(game: Game) -> Callable:
    path = REGISTRY[game.id].env_observation
    if path is None:
        raise ConfigError(f"game {game.id!r} has no RL observation (its REGISTRY entry names no env_observation)",
                          key="game")
    return load(path)


def encode(game: Game, write: Callable, state: State, player: int) -> np.ndarray:
    """The observation vector of `player` in `state` (float32)."""
    features = Features(player, game.n_players)
    write(game, state.observation(player), features)
    return features.vector()
