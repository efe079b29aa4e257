"""The search space of `simkit tune`: integers, floats, choices and vectors (a value curve), each suggested to an
Optuna trial under its own name.

An increasing vector is searched as its first value and the steps between neighbours, each at least `min_step`:
every candidate is increasing by construction, and a value past `high` is lowered to the highest value that
leaves room for the steps still to come, so the curve stays inside [low, high] and increasing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

CONSTRAINTS = ("none", "increasing")


def increasing_vector(first: float, steps: Sequence[float], high: float, min_step: float) -> list:
    """first, first + steps[0], ... each capped so that the values after it still fit below `high` with
    `min_step` between neighbours: increasing by at least min_step whenever every step is (and first fits)."""
    values = [first]
    for step in steps:
        values.append(values[-1] + step)
    last = len(values) - 1
    return [min(v, high - (last - i) * min_step) for i, v in enumerate(values)]


@dataclass(frozen=True)
class Dimension:
    """One searched value: a rule (`rule` True) or a threshold the objectives read (False)."""

    name: str
    rule: bool
    low: float | None = None
    high: float | None = None
    integer: bool = False
    log: bool = False
    choices: tuple | None = None
    length: int | None = None  # a vector's length (None: a scalar)
    constraint: str = "none"
    min_step: float = 1
    max_step: float | None = None

    def suggest(self, trial) -> Any:
        if self.choices is not None:
            return trial.suggest_categorical(self.name, list(self.choices))
        if self.length is None:
            return self._number(trial, self.name, self.low, self.high)
        if self.constraint == "none":
            return [self._number(trial, f"{self.name}[{i}]", self.low, self.high) for i in range(self.length)]
        room = (self.length - 1) * self.min_step  # the first value leaves room for the steps
        first = self._number(trial, f"{self.name}[0]", self.low, self.high - room)
        steps = [self._number(trial, f"{self.name}.step{i}", self.min_step, self.step_high)
                 for i in range(1, self.length)]
        return increasing_vector(first, steps, self.high, self.min_step)

    @property
    def step_high(self) -> float:
        return self.max_step if self.max_step is not None else self.high - self.low - (self.length - 2) * self.min_step

    def _number(self, trial, name: str, low: float, high: float):
        if self.integer:
            return trial.suggest_int(name, int(low), int(high), log=self.log)
        return trial.suggest_float(name, float(low), float(high), log=self.log)

    def corners(self) -> list[Any]:
        """Extreme values of the dimension, to validate against the game's rules before searching."""
        if self.choices is not None:
            return list(self.choices)
        if self.length is None:
            return [self.low, self.high]
        if self.constraint == "none":
            return [[self.low] * self.length, [self.high] * self.length]
        return [increasing_vector(self.low, [self.min_step] * (self.length - 1), self.high, self.min_step),
                increasing_vector(self.high, [self.min_step] * (self.length - 1), self.high, self.min_step)]

    def components(self, value: Any) -> list[tuple[str, Any]]:
        """(axis name, number) per scalar in a value: a vector gives one per element, for the landscape."""
        if self.length is None:
            return [(self.name, value)]
        return [(f"{self.name}[{i}]", v) for i, v in enumerate(value)]


def candidate(dimensions: Sequence[Dimension], trial) -> tuple[dict[str, Any], dict[str, Any]]:
    """(rule values, threshold values) of one trial."""
    rules, thresholds = {}, {}
    for dim in dimensions:
        (rules if dim.rule else thresholds)[dim.name] = dim.suggest(trial)
    return rules, thresholds
