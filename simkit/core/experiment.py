"""Experiment files (TOML): which game, rules, players, how many games, which seed.

    [experiment]
    name = "first-game"          # optional; defaults to the file name
    game = "canvas"
    games = 10000
    seed = 2026
    seats = "rotate"             # fixed | rotate | random

    [rules]                      # rule overrides (see `simkit rules GAME`)
    scoring_cards = ["Composition", "Emphasis", "Repetition", "Variety"]

    [[players]]                  # one table per seat
    policy = "greedy"
    paint_threshold = 9
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from simkit.core.errors import ConfigError
from simkit.core.game import Game, make
from simkit.core.policy import PolicyChoice, resolve_policy

SEAT_MODES = ("fixed", "rotate", "random")
EXPERIMENT_KEYS = {"name": str, "game": str, "games": int, "seed": int, "seats": str, "description": str}
TOP_LEVEL = ("experiment", "rules", "players")


@dataclass(frozen=True)
class Experiment:
    name: str
    game: Game
    lineup: tuple[PolicyChoice, ...]  # lineup[i] plays seat i before any rotation
    games: int
    seed: int
    seats: str
    source: str
    description: str = ""

    @property
    def variant(self) -> str:
        return "baseline"


def load_toml(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError("file not found", source=str(path)) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read file ({exc})", source=str(path)) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"malformed TOML: {exc}", source=str(path)) from None


def _table(data: Mapping, key: str, source: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"expected a table [{key}], got {type(value).__name__}", source=source, key=key)
    return value


def parse_experiment(data: Mapping[str, Any], source: str) -> Experiment:
    unknown = [k for k in data if k not in TOP_LEVEL]
    if unknown:
        raise ConfigError(f"unknown section {unknown[0]!r}; allowed: {', '.join(TOP_LEVEL)}", source=source,
                          key=unknown[0])
    head = _table(data, "experiment", source)
    for key, value in head.items():
        kind = EXPERIMENT_KEYS.get(key)
        if kind is None:
            raise ConfigError(f"unknown key; allowed: {', '.join(EXPERIMENT_KEYS)}", source=source,
                              key=f"experiment.{key}")
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ConfigError(f"expected {kind.__name__}, got {value!r}", source=source, key=f"experiment.{key}")
    if "game" not in head:
        raise ConfigError("missing; e.g. game = \"canvas\"", source=source, key="experiment.game")
    games = head.get("games", 1000)
    if not 1 <= games <= 10**9:
        raise ConfigError(f"must be in 1..1e9, got {games}", source=source, key="experiment.games")
    seats = head.get("seats", "rotate")
    if seats not in SEAT_MODES:
        raise ConfigError(f"{seats!r} is not allowed; expected one of {', '.join(SEAT_MODES)}", source=source,
                          key="experiment.seats")
    seed = head.get("seed", 0)
    if seed < 0:
        raise ConfigError(f"must be >= 0, got {seed}", source=source, key="experiment.seed")
    try:
        game = make(head["game"], _table(data, "rules", source), source=source, prefix="rules.")
    except ConfigError as exc:
        if exc.source is None:
            raise ConfigError(str(exc), source=source) from None
        raise
    players = data.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, dict) for p in players):
        raise ConfigError("expected one [[players]] table per seat, each with policy = NAME", source=source,
                          key="players")
    if len(players) != game.n_players:
        raise ConfigError(f"{len(players)} [[players]] tables for {game.n_players} players (rules.n_players); "
                          f"give one per seat", source=source, key="players")
    lineup = tuple(resolve_policy(game, p, source=source, key=f"players[{i}].") for i, p in enumerate(players))
    name = head.get("name") or Path(source).stem
    return Experiment(name, game, lineup, games, seed, seats, source, head.get("description", ""))


def load_experiment(path: str | Path) -> Experiment:
    return parse_experiment(load_toml(path), str(path))
