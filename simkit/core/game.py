"""The game protocol every simkit game implements, and the registry `make(game_id)`.

A `Game` is immutable: rules and component data. A `State` is one game in progress, driven step by step.
Games also offer `play_batch`, the fast path the runner uses; for any seed and compiled policy it must play
exactly the games the step-by-step API plays.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np

from simkit.core.errors import ConfigError
from simkit.core.params import Param
from simkit.games import REGISTRY



@dataclass(frozen=True)
class Column:
    """A result column a game adds to the per-seat results."""

    name: str
    dtype: str  # numpy dtype name
    doc: str


# Every game's results carry how each game ended (spec of each game; Couleurs §9.1, §13.9): declared here once.
END_COLUMNS = (
    Column("end_reason", "str", "why the game ended: its first end trigger, or the safety bound that stopped it "
                                "(one of the game's `end_reasons`)"),
    Column("triggers", "str", "every end trigger that fired, comma-joined, the first one first; empty when none "
                              "fired (a game stopped by its safety bound)"),
)


def end_columns(end_reason: Sequence[str], triggers: Sequence[str], n_players: int) -> dict[str, np.ndarray]:
    """The END_COLUMNS arrays, [games, seats], from one end reason and one triggers string per game."""
    return {col.name: np.repeat(np.asarray(values, dtype=object)[:, None], n_players, axis=1)
            for col, values in zip(END_COLUMNS, (end_reason, triggers), strict=True)}


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
    result_columns: tuple[Column, ...]  # per-seat columns beyond the common ones and END_COLUMNS
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
        [games, seats] for 'score', 'rank', 'win_share', 'turns', 'turn_order' (1 = first player), the
        END_COLUMNS (see `end_columns`) and every declared result column."""

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
