"""The public state of a game in progress, as flat JSON-ready fields, and what one action changed in it.

Public is what every player sees alike, from the observations (each game's view.py) of all players at every step
of a game: a field whose value depends on who looks (a player's own hand, the observer's seat, the acting player's
legal actions) is left out throughout; a hidden value (None to the players who cannot see it, such as Couleurs's
reserve grids of other players) shows at the steps where every player sees it. No per-game list of private fields
is needed. Nested observations are flattened to dotted keys ("paintings.1.0.cubes"); a sequence of plain values
stays one field.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping

import numpy as np

OBSERVER_FIELDS = ("player", "actions")  # what describes the observer, not the game


def _container(value: Any) -> bool:
    return isinstance(value, (Mapping, list, tuple)) or dataclasses.is_dataclass(value)


def _plain(value: Any) -> Any:
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def flatten(value: Any, prefix: str = "", out: dict[str, Any] | None = None) -> dict[str, Any]:
    """Dotted key -> plain value (JSON-ready) for an observation (dataclasses, mappings, sequences)."""
    out = {} if out is None else out
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        items = [(str(k), v) for k, v in value.items()]
    elif isinstance(value, (list, tuple)) and any(_container(v) for v in value):
        items = [(str(i), v) for i, v in enumerate(value)]
    else:
        out[prefix] = _plain(value)
        return out
    for key, item in items:
        flatten(item, f"{prefix}.{key}" if prefix else key, out)
    return out


def views(state, n_players: int) -> list[dict[str, Any]]:
    """Every player's flattened observation of the state, without the fields describing the observer."""
    out = []
    for p in range(n_players):
        flat = flatten(state.observation(p))
        out.append({k: v for k, v in flat.items() if k.split(".")[0] not in OBSERVER_FIELDS})
    return out


def public_states(steps: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    """The public state at each step of a game, from every player's views at each step (see the docstring)."""
    observer_dependent = set()
    for step in steps:
        for key, value in step[0].items():
            seen = [v.get(key) for v in step]
            if any(v != value for v in seen) and None not in seen:
                observer_dependent.add(key)
    return [{key: value for key, value in step[0].items()
             if key not in observer_dependent and all(v.get(key, ...) == value for v in step[1:])}
            for step in steps]


def changes(before: Mapping[str, Any], after: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The fields that took a new value (or appeared), and those that disappeared."""
    changed = {k: v for k, v in after.items() if k not in before or before[k] != v}
    return changed, [k for k in before if k not in after]
