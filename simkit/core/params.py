"""Named parameters (rule parameters, policy parameters) with defaults, allowed values and validation."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from simkit.core.errors import ConfigError


@dataclass(frozen=True)
class Param:
    name: str
    default: Any
    doc: str
    choices: tuple | None = None  # allowed values, for strings
    low: float | None = None  # inclusive bounds, for numbers
    high: float | None = None
    check: Callable[[Any], str | None] | None = None  # extra validation: returns an error text or None
    kind: type | None = None  # the value's type when not the default's (object: `check` alone decides)

    def allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.low is not None or self.high is not None:
            return f"a {type(self.default).__name__} in [{self.low}, {self.high}]"
        if self.kind is object:
            return self.doc
        return f"a {type(self.default).__name__}"

    def validate(self, value: Any, *, source: str | None, prefix: str = "") -> Any:
        key = f"{prefix}{self.name}"
        kind = self.kind or type(self.default)
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if kind is not object and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
            raise ConfigError(f"expected {self.allowed()}, got {value!r}", source=source, key=key)
        if self.choices is not None and value not in self.choices:
            raise ConfigError(f"{value!r} is not allowed; expected {self.allowed()}", source=source, key=key)
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise ConfigError(f"{value!r} is out of range; expected {self.allowed()}", source=source, key=key)
        if self.check is not None and (problem := self.check(value)):
            raise ConfigError(problem, source=source, key=key)
        return value


def resolve_params(specs: Sequence[Param], overrides: Mapping[str, Any], *, source: str | None = None,
                   prefix: str = "") -> dict[str, Any]:
    """Defaults updated with validated overrides; an unknown name is an error that lists the known ones."""
    by_name = {p.name: p for p in specs}
    unknown = [k for k in overrides if k not in by_name]
    if unknown:
        raise ConfigError(f"unknown parameter {unknown[0]!r}; known: {', '.join(by_name)}",
                          source=source, key=f"{prefix}{unknown[0]}")
    values = {p.name: p.default for p in specs}
    for name, value in overrides.items():
        values[name] = by_name[name].validate(value, source=source, prefix=prefix)
    return values


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):  # an inline table
        return "{" + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in value.items()) + "}"
    return repr(value)


def params_to_toml(specs: Sequence[Param], values: Mapping[str, Any] | None = None) -> str:
    """TOML lines `name = value  # doc` for every parameter (values default to the defaults)."""
    values = values or {}
    lines = []
    for p in specs:
        value = values.get(p.name, p.default)
        if value is None:
            lines.append(f"# {p.name} = (unset)  # {p.doc}")
        else:
            lines.append(f"{p.name} = {toml_value(value)}  # {p.doc}")
    return "\n".join(lines) + "\n"
