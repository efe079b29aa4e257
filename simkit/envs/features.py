"""The numeric vector a game's observation becomes in the RL environments: `Features` collects its parts.

Each game's `env_observation` module writes its observation (`State.observation(player)`, what that player sees)
into a `Features`, in a fixed order and with fixed lengths set by the rules, so every state of one game gives a
vector of one length. Seats are written relative to the observing player (0 = itself, 1 = the next seat, ...),
so one agent can play any seat. A missing value (None, an empty slot) is -1, or all zeros in a one-hot.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

MISSING = -1.0


class Features:
    """The parts of one observation vector, in the order they are added."""

    def __init__(self, player: int, n_players: int):
        self.player = player
        self.n_players = n_players
        self._values: list[float] = []

    def seats(self) -> list[int]:
        """Every seat, the observing player's first, then in turn order."""
        return [(self.player + i) % self.n_players for i in range(self.n_players)]

    def numbers(self, *values: float | None) -> None:
        self._values.extend(MISSING if v is None else float(v) for v in values)

    def seat(self, seat: int | None) -> None:
        """A seat number, relative to the observing player."""
        self.numbers(None if seat is None else (seat - self.player) % self.n_players)

    def padded(self, values: Sequence[float | None], length: int, name: str) -> None:
        """`values`, then MISSING up to `length` (see `slots`)."""
        self.numbers(*slots(values, length, name))

    def one_hot(self, value, choices: Sequence) -> None:
        """1 at value's position in `choices`; all zeros for None."""
        part = [0.0] * len(choices)
        if value is not None:
            part[_index(choices, value)] = 1.0
        self._values.extend(part)

    def counts(self, values: Iterable, choices: Sequence) -> None:
        """How many times each of `choices` is among `values` (a multi-hot for sets)."""
        part = [0.0] * len(choices)
        for value in values:
            part[_index(choices, value)] += 1.0
        self._values.extend(part)

    def vector(self) -> np.ndarray:
        return np.array(self._values, np.float32)


def slots(values: Sequence, length: int, name: str) -> list:
    """`values`, then None up to `length`: a bound the rules set, so exceeding it is a bug, not something to clip."""
    if len(values) > length:
        raise ValueError(f"observation field {name!r} has {len(values)} values, more than its bound {length}")
    return [*values, *[None] * (length - len(values))]


def _index(choices: Sequence, value) -> int:
    try:
        return list(choices).index(value)
    except ValueError:
        raise ValueError(f"observation value {value!r} is not one of {list(choices)!r}") from None
