"""Experiment files (TOML): game, baseline rules and named variants, players, player counts, seating, how
many games (or a stopping rule) and the master seed.

    [experiment]
    name = "grey-ribbons"        # optional; defaults to the file name
    game = "canvas"
    games = 10000                # per variant and player count (the cap when [stopping] is given)
    seed = 2026
    seats = "rotate"             # fixed | rotate | random
    player_counts = [2, 4]       # optional; default: rules.n_players

    [rules]                      # the baseline ruleset (see `simkit rules GAME`)
    scoring_cards = ["Composition", "Emphasis", "Repetition", "Variety"]

    [variants.grey3]             # a house rule: overrides of the baseline (rules or data files)
    bonus_ribbon_points = 3

    [stopping]                   # optional sequential stopping, batch by batch
    batch = 2000
    halfwidth = 0.5              # stop when every watched 95% half-width is at most this...
    watch = "score_delta"        # ...of: score_delta (variant - baseline mean score) | win_share
    # or an SPRT on the variant-minus-baseline mean score: sprt_delta = 0.5, alpha = 0.05, beta = 0.05
    min_pairs = 100              # paired seeds per variant and player count before either rule may stop (>= 30)

    [[players]]                  # the lineup; seats are filled from it in order (cyclically)
    policy = "greedy"
    paint_threshold = 9
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from simkit.core.errors import ConfigError
from simkit.core.game import Game, game_class, game_ids, make
from simkit.core.policy import PolicyChoice, resolve_policy
from simkit.stats import DEFAULT_MIN_PAIRS, MIN_PAIRS

SEAT_MODES = ("fixed", "rotate", "random")
BASELINE = "baseline"
EXPERIMENT_KEYS = {"name": str, "game": str, "games": int, "seed": int, "seats": str, "description": str,
                   "player_counts": list}
STOPPING_KEYS = {"batch": int, "halfwidth": float, "watch": str, "sprt_delta": float, "alpha": float,
                 "beta": float, "min_pairs": int}
WATCHES = ("score_delta", "win_share")
TOP_LEVEL = ("experiment", "rules", "variants", "players", "stopping")


@dataclass(frozen=True)
class StoppingRule:
    batch: int
    halfwidth: float | None  # target half-width of every watched interval
    watch: str
    sprt_delta: float | None  # SPRT on variant - baseline mean score: H0 delta = 0 against H1 |delta| = this
    alpha: float
    beta: float
    min_pairs: int  # paired seeds per group before either rule may stop


@dataclass(frozen=True)
class Cell:
    """One block of games: a variant at one player count."""

    variant: str
    game: Game
    lineup: tuple[PolicyChoice, ...]

    @property
    def n_players(self) -> int:
        return self.game.n_players


@dataclass(frozen=True)
class Experiment:
    name: str
    game_id: str
    cells: tuple[Cell, ...]  # baseline cells first, then each variant, each over the player counts
    games: int
    seed: int
    seats: str
    source: str
    stopping: StoppingRule | None = None
    description: str = ""
    fingerprint: str = ""  # identifies the experiment's content, for --resume

    @property
    def variants(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c.variant for c in self.cells))

    @property
    def lineup(self) -> tuple[PolicyChoice, ...]:
        return self.cells[0].lineup

    @property
    def game(self) -> Game:
        """The baseline game at the first player count."""
        return self.cells[0].game


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


def table_of(data: Mapping, key: str, source: str) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ConfigError(f"expected a table [{key}], got {type(value).__name__}", source=source, key=key)
    return value


def typed_keys(table: Mapping, kinds: Mapping[str, type], section: str, source: str) -> None:
    for key, value in table.items():
        kind = kinds.get(key)
        if kind is None:
            raise ConfigError(f"unknown key; allowed: {', '.join(kinds)}", source=source, key=f"{section}.{key}")
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            continue
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ConfigError(f"expected {kind.__name__}, got {value!r}", source=source, key=f"{section}.{key}")


def _stopping(data: Mapping, games: int, source: str) -> StoppingRule | None:
    if "stopping" not in data:
        return None
    table = table_of(data, "stopping", source)
    typed_keys(table, STOPPING_KEYS, "stopping", source)
    batch = table.get("batch", min(1000, games))
    if not 1 <= batch <= games:
        raise ConfigError(f"must be in [1, games = {games}], got {batch}", source=source, key="stopping.batch")
    watch = table.get("watch", "score_delta")
    if watch not in WATCHES:
        raise ConfigError(f"{watch!r} is not allowed; expected one of {', '.join(WATCHES)}", source=source,
                          key="stopping.watch")
    halfwidth, delta = table.get("halfwidth"), table.get("sprt_delta")
    if (halfwidth is None) == (delta is None):
        raise ConfigError("give exactly one of halfwidth (precision target) or sprt_delta (SPRT)",
                          source=source, key="stopping")
    for key, value in (("halfwidth", halfwidth), ("sprt_delta", delta)):
        if value is not None and value <= 0:
            raise ConfigError(f"must be positive, got {value}", source=source, key=f"stopping.{key}")
    alpha, beta = float(table.get("alpha", 0.05)), float(table.get("beta", 0.05))
    for key, value in (("alpha", alpha), ("beta", beta)):
        if not 0 < value < 0.5:
            raise ConfigError(f"must be in (0, 0.5), got {value}", source=source, key=f"stopping.{key}")
    min_pairs = table.get("min_pairs", DEFAULT_MIN_PAIRS)  # the default may exceed a small cap: play to the cap
    if "min_pairs" in table and not MIN_PAIRS <= min_pairs <= games:
        raise ConfigError(f"must be in [{MIN_PAIRS}, games = {games}], got {min_pairs}", source=source,
                          key="stopping.min_pairs")
    return StoppingRule(batch, None if halfwidth is None else float(halfwidth), watch,
                        None if delta is None else float(delta), alpha, beta, min_pairs)


def _make_game(game_id: str, rules: Mapping, source: str, prefix: str) -> Game:
    try:
        return make(game_id, rules, source=source, prefix=prefix)
    except ConfigError as exc:
        if exc.source is None:
            raise ConfigError(str(exc), source=source) from None
        raise


def check_sections(data: Mapping[str, Any], allowed: tuple[str, ...], source: str) -> None:
    unknown = [k for k in data if k not in allowed]
    if unknown:
        raise ConfigError(f"unknown section {unknown[0]!r}; allowed: {', '.join(allowed)}", source=source,
                          key=unknown[0])


def parse_experiment(data: Mapping[str, Any], source: str) -> Experiment:
    check_sections(data, TOP_LEVEL, source)
    head = table_of(data, "experiment", source)
    typed_keys(head, EXPERIMENT_KEYS, "experiment", source)
    if "game" not in head:
        raise ConfigError(f"missing; one of {', '.join(game_ids())}", source=source, key="experiment.game")
    try:
        game_class(head["game"])  # unknown game: a clear error before anything else
    except ConfigError as exc:
        raise ConfigError(str(exc).split(": ", 1)[-1], source=source, key="experiment.game") from None
    games = head.get("games", 1000)
    if not 1 <= games <= 10**9:
        raise ConfigError(f"must be in 1..1e9, got {games}", source=source, key="experiment.games")
    seats = head.get("seats", "rotate")
    if seats not in SEAT_MODES:
        raise ConfigError(f"{seats!r} is not allowed; expected one of {', '.join(SEAT_MODES)}", source=source,
                          key="experiment.seats")
    seed = head.get("seed", 0)
    if not 0 <= seed < 2**63:
        raise ConfigError(f"must be in 0..2**63-1, got {seed}", source=source, key="experiment.seed")
    rules = table_of(data, "rules", source)
    variants = table_of(data, "variants", source)
    for name, overrides in variants.items():
        if not isinstance(overrides, dict):
            raise ConfigError(f"expected a table [variants.{name}] of rule overrides", source=source,
                              key=f"variants.{name}")
        if name == BASELINE:
            raise ConfigError(f"'{BASELINE}' names the [rules] ruleset; choose another variant name",
                              source=source, key=f"variants.{name}")
    baseline_game = _make_game(head["game"], rules, source, "rules.")
    counts = head.get("player_counts", [baseline_game.n_players])
    if not counts or not all(isinstance(n, int) and not isinstance(n, bool) for n in counts) \
            or len(set(counts)) != len(counts):
        raise ConfigError(f"expected a list of distinct player counts, got {counts!r}", source=source,
                          key="experiment.player_counts")
    players = data.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, dict) for p in players):
        raise ConfigError("expected [[players]] tables, each with policy = NAME", source=source, key="players")
    lineup = tuple(resolve_policy(baseline_game, p, source=source, key=f"players[{i}].")
                   for i, p in enumerate(players))
    if len(players) > max(counts) and seats == "fixed":
        raise ConfigError(f"{len(players)} players for at most {max(counts)} seats with fixed seating",
                          source=source, key="players")
    cells = []
    for variant, overrides in ((BASELINE, {}), *variants.items()):
        prefix = "rules." if variant == BASELINE else f"variants.{variant}."
        for n in counts:
            merged = {**rules, **overrides, "n_players": n}
            key = "experiment.player_counts" if "player_counts" in head else f"{prefix}n_players"
            try:  # the [rules] at the baseline's own player count are the baseline game's: not built again
                same = not overrides and n == baseline_game.n_players
                game = baseline_game if same else make(head["game"], merged, source=source, prefix=prefix)
            except ConfigError as exc:
                if exc.key and exc.key.endswith("n_players"):
                    raise ConfigError(str(exc).split(": ")[-1], source=source, key=key) from None
                raise
            cells.append(Cell(variant, game, lineup))
    stopping = _stopping(data, games, source)
    if stopping is not None and stopping.watch == "score_delta" and not variants:
        raise ConfigError("score_delta needs at least one [variants.NAME] to compare with the baseline",
                          source=source, key="stopping.watch")
    fingerprint = hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]
    name = head.get("name") or Path(source).stem
    return Experiment(name, head["game"], tuple(cells), games, seed, seats, source, stopping,
                      head.get("description", ""), fingerprint)


def load_experiment(path: str | Path) -> Experiment:
    return parse_experiment(load_toml(path), str(path))
