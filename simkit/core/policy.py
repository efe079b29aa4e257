"""Policy choices: a shipped (compiled) policy by name with parameters, or a user's Python policy.

A user policy is a class in the user's own file, named as "path/to/file.py:ClassName". It is constructed with
its parameters as keyword arguments and must offer `act(observation, legal_actions, rng) -> action`.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from simkit.core.errors import ConfigError
from simkit.core.params import resolve_params


@dataclass(frozen=True)
class PolicyChoice:
    name: str  # shipped policy name, or "file.py:Class"
    params: Mapping[str, Any] = field(default_factory=dict)  # resolved (defaults filled in for shipped ones)
    label: str = ""  # how results name it

    @property
    def is_python(self) -> bool:
        return ":" in self.name

    def make_python_policy(self):
        path, _, cls_name = self.name.rpartition(":")
        file = Path(path)
        if not file.is_file():
            raise ConfigError(f"policy file {path!r} not found", key="policy")
        module_name = f"simkit_user_policy_{abs(hash(str(file.resolve())))}"
        module = sys.modules.get(module_name)
        if module is None:
            spec = importlib.util.spec_from_file_location(module_name, file)
            module = importlib.util.module_from_spec(spec)
            try:
                spec.loader.exec_module(module)
            except Exception as exc:  # the user's file: report, don't crash with a traceback
                raise ConfigError(f"cannot import policy file ({type(exc).__name__}: {exc})", source=path) from None
            sys.modules[module_name] = module
        cls = getattr(module, cls_name, None)
        if cls is None or not hasattr(cls, "act"):
            raise ConfigError(f"{path} has no policy class {cls_name!r} with an act() method", source=path)
        try:
            return cls(**self.params)
        except TypeError as exc:
            raise ConfigError(f"policy {cls_name} rejected its parameters: {exc}", source=path) from None


def resolve_policy(game, spec: Mapping[str, Any], *, source: str | None = None, key: str = "") -> PolicyChoice:
    """A PolicyChoice from {'policy': name, 'label': ..., **params}, validated against the game's policies."""
    spec = dict(spec)
    name = spec.pop("policy", None)
    label = spec.pop("label", None)
    if not isinstance(name, str):
        raise ConfigError(f"each player needs policy = NAME; known: {', '.join(game.policy_params)}",
                          source=source, key=f"{key}policy")
    if ":" in name:  # user's Python policy: parameters are the user's business, but it must load
        choice = PolicyChoice(name, spec, label or name.rpartition(":")[2])
        try:
            choice.make_python_policy()
        except ConfigError as exc:
            raise ConfigError(str(exc), source=source, key=f"{key}policy") from None
        return choice
    if name not in game.policy_params:
        raise ConfigError(f"unknown policy {name!r} for {game.id}; known: {', '.join(game.policy_params)} "
                          f"(or path/to/file.py:ClassName)", source=source, key=f"{key}policy")
    params = resolve_params(game.policy_params[name], spec, source=source, prefix=key)
    if label is None:
        changed = [f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}" for k, v in params.items()
                   if v != next(p.default for p in game.policy_params[name] if p.name == k)]
        label = name + (f"({', '.join(changed)})" if changed else "")
    return PolicyChoice(name, params, label)
