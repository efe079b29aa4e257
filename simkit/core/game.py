"""The game protocol every simkit game implements, and the registry `make(game_id)`.

A `Game` is immutable: rules and component data. A `State` is one game in progress, driven step by step.
Games also offer `play_batch`, the fast path the runner uses; for any seed and compiled policy it must play
exactly the games the step-by-step API plays.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from typing import Any, Mapping, Sequence

import numpy as np

from simkit.core.columns import Column
from simkit.core.errors import ConfigError
from simkit.core.params import Param
from simkit.games import REGISTRY


class State(ABC):
    """One game in progress. Agents see `observation(player)` and `legal_actions()`, never the whole state."""

    seed: int

    @property
    @abstractmethod
    def current_player(self) -> int: ...

    @abstractmethod
    def legal_actions(self) -> list[int]: ...

    @abstractmethod
    def is_legal(self, action: int) -> bool:
        """The engine's own legality test of one action (the one `apply_action` checks), for any integer in
        range(game.num_distinct_actions): `legal_actions()` must list exactly the actions it accepts."""

    @abstractmethod
    def compiled_action(self, choice) -> int:
        """The action shipped (compiled) policy `choice` takes here: the batch path's own policy code."""

    @abstractmethod
    def apply_action(self, action: int) -> None: ...

    @abstractmethod
    def observation(self, player: int) -> Any: ...

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def scores(self) -> np.ndarray: ...

    @abstractmethod
    def ranks(self) -> np.ndarray: ...

    @abstractmethod
    def win_shares(self) -> np.ndarray: ...

    @property
    @abstractmethod
    def turn(self) -> int: ...

    def describe_action(self, action: int) -> str:
        return str(action)


class Game(ABC):
    id: str
    title: str
    rule_params: tuple[Param, ...]
    policy_params: Mapping[str, tuple[Param, ...]]  # compiled policies shipped with the game
    policy_docs: Mapping[str, str]
    result_columns: tuple[Column, ...]  # the game's own columns, after SEAT_COLUMNS and END_COLUMNS (core.columns)
    end_reasons: tuple[str, ...]  # every value `end_reason` can take, in the order reports list them
    cap_end_reason: str | None = None  # the end reason of a game stopped by a safety bound, not by the rules
    bench_policy: str = "random"  # the shipped policy `simkit bench` times unless told otherwise
    # Named rule overrides the conformance suite (tests/conformance) plays: every ruleset, module, solo mode and
    # player count the game supports, each at least once.
    conformance_configs: Mapping[str, Mapping[str, Any]]

    @property
    @abstractmethod
    def num_distinct_actions(self) -> int:
        """Size of the action space: every action is an integer in range(num_distinct_actions)."""

    @property
    @abstractmethod
    def n_players(self) -> int: ...

    @property
    @abstractmethod
    def rule_values(self) -> Mapping[str, Any]: ...

    @abstractmethod
    def new_initial_state(self, seed: int) -> State: ...

    @abstractmethod
    def play_batch(self, seeds: np.ndarray, lineup: Sequence, seats: np.ndarray) -> dict[str, np.ndarray]:
        """Play one game per seed; seats[g, p] indexes `lineup` (policies). Returns arrays of shape
        [games, seats] for every column of `core.columns.frame_columns(result_columns)` (masked where null)."""

    def data_sources(self) -> dict[str, str]:
        return {}


def load(path: str):
    """The attribute named by a "module:attribute" path."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def game_ids() -> tuple[str, ...]:
    """Every registered game (`simkit.games.REGISTRY`)."""
    return tuple(REGISTRY)


def game_class(game_id: str) -> type[Game]:
    if game_id not in REGISTRY:
        raise ConfigError(f"unknown game {game_id!r}; known: {', '.join(REGISTRY)}", key="game")
    return load(REGISTRY[game_id].game_class)


def make(game_id: str, rules: Mapping[str, Any] | None = None, *, source: str | None = None,
         prefix: str = "") -> Game:
    """The game `game_id` with rule overrides (validated against the game's rule parameters)."""
    return game_class(game_id)(rules or {}, source=source, prefix=prefix)
