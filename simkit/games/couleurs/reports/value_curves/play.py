"""Playing the Couleurs de Paris value-curve report's games: the curves, the strategies and the experiments, all
played by the core runner (`simkit.core.experiment` / `simkit.core.runner`), game i of every curve on the same seed
(common random numbers).
"""

from __future__ import annotations

import math
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

import numpy as np
import polars as pl

from simkit.core.errors import ConfigError
from simkit.core.experiment import BASELINE, Experiment, parse_experiment
from simkit.core.runner import RunOptions, run_experiment
from simkit.games.couleurs.rules.alternatives import ALTERNATIVES
from simkit.games.couleurs.rules.components import N_TIERS
from simkit.games.couleurs.rules.deck import VALUES_BASE, VALUES_J

REPORT_NAME = "couleurs-value-curves"
CURVES_FILE = Path("scenarios/couleurs/value-curves.toml")  # optional extra curves, read from the working folder
MASTER_SEED = 2026
PLAYER_COUNTS = (2, 3, 4)
SLOPES = tuple(k / 2 for k in range(9))  # 0, 0.5, ..., 4
SWEEP_CENTRE = 12  # v_t = 12 + s * (t - 1.5)
TIER_NAMES = ("cheap", "balanced", "expensive")
# The strategies, one per tier preference: the ONE place to switch policies. Each entry is a [[players]] table.
STRATEGIES: dict[str, dict] = {name: {"policy": "heuristic", "tier": name} for name in TIER_NAMES}
REFERENCE = "J"  # the reference curve: the baseline ruleset of every experiment
SHIPPED_DATA = "shipped"


@dataclass(frozen=True)
class Settings:
    quick: bool
    games: Mapping[int, int]  # per curve and player count (multiples of the lineup size: whole deals)
    sensitivity_games: Mapping[int, int]  # per data set, curve (base, J) and player count
    n_boot: int = 2000
    seed: int = MASTER_SEED


FULL = Settings(False, {2: 5400, 3: 3000, 4: 2100}, {2: 5400, 3: 3000, 4: 2100})
QUICK = Settings(True, {2: 90, 3: 60, 4: 45}, {2: 60, 3: 45, 4: 30}, n_boot=300)


@dataclass(frozen=True)
class Curve:
    name: str
    values: tuple[int, ...]
    kind: str  # named | sweep | user
    nominal_slope: float | None = None  # the sweep's s before rounding

    @property
    def slope(self) -> float:
        """Least-squares slope of the values against the tier: points per tier step."""
        t = np.arange(4) - 1.5
        return float(np.dot(t, self.values) / np.dot(t, t))

    @property
    def mean(self) -> float:
        return float(np.mean(self.values))

    @property
    def label(self) -> str:
        return f"{self.name} ({'/'.join(map(str, self.values))})"


def round_half_up(x: float) -> int:
    return int(math.floor(x + 0.5))


def sweep_curve(s: float) -> Curve:
    """v_t = 12 + s (t - 1.5), rounded half up: `painting_values` takes integers (the engine scores integers)."""
    values = tuple(round_half_up(SWEEP_CENTRE + s * (t - 1.5)) for t in range(4))
    return Curve(f"s{s:g}", values, "sweep", s)


RESERVED_NAMES = ("base", REFERENCE, *(sweep_curve(s).name for s in SLOPES))


def load_user_curves(path: Path) -> list[Curve]:
    """Extra curves from a TOML file: `[curves] NAME = [v0, v1, v2, v3]` (four integers 0..999, tier 0 first)."""
    if not path.exists():
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ConfigError(f"cannot read the curves file ({exc})", source=str(path)) from None
    unknown = [k for k in data if k != "curves"]
    if unknown or not isinstance(data.get("curves", {}), dict):
        raise ConfigError("expected only a [curves] table of NAME = [v0, v1, v2, v3]", source=str(path),
                          key=(unknown or ["curves"])[0])
    curves = []
    for name, values in data.get("curves", {}).items():
        if not (isinstance(values, list) and len(values) == 4 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 999 for v in values)):
            raise ConfigError(f"expected 4 integers in [0, 999] (tier 0 first), got {values!r}", source=str(path),
                              key=f"curves.{name}")
        if name in RESERVED_NAMES:
            raise ConfigError(f"{', '.join(RESERVED_NAMES)} are the report's own curves; choose another name",
                              source=str(path), key=f"curves.{name}")
        curves.append(Curve(name, tuple(values), "user"))
    return curves


def all_curves(curves_file: Path | None) -> list[Curve]:
    named = [Curve("base", VALUES_BASE, "named"), Curve(REFERENCE, VALUES_J, "named")]
    return named + [sweep_curve(s) for s in SLOPES] + load_user_curves(curves_file or CURVES_FILE)


def lineup() -> list[dict]:
    return [{**spec, "label": name} for name, spec in STRATEGIES.items()]


def experiment(name: str, n_players: int, games: int, rules: Mapping, variants: Mapping[str, Mapping],
               seed: int) -> Experiment:
    """One player count: the reference curve (J) as the baseline ruleset, every other curve as a variant."""
    data = {"experiment": {"name": name, "game": "couleurs", "games": games, "seed": seed, "seats": "rotate",
                           "player_counts": [n_players]},
            "rules": dict(rules), "variants": {k: dict(v) for k, v in variants.items()}, "players": lineup()}
    return parse_experiment(data, f"<{REPORT_NAME}: {name}>")


def curve_experiments(settings: Settings, curves: Sequence[Curve]) -> list[Experiment]:
    variants = {c.name: {"painting_values": list(c.values)} for c in curves if c.name != REFERENCE}
    return [experiment(f"value-curves-{n}p", n, settings.games[n], {"painting_values": list(VALUES_J)}, variants,
                       settings.seed) for n in PLAYER_COUNTS]


def sensitivity_experiments(settings: Settings) -> list[tuple[str, Experiment]]:
    out = []
    for data_set, overrides in ((SHIPPED_DATA, {}), *((a.name, a.overrides) for a in ALTERNATIVES.values())):
        for n in PLAYER_COUNTS:
            out.append((data_set, experiment(
                f"sensitivity-{data_set}-{n}p", n, settings.sensitivity_games[n],
                {**overrides, "painting_values": list(VALUES_J)},
                {"base": {**overrides, "painting_values": list(VALUES_BASE)}}, settings.seed)))
    return out


def _named_variants(df: pl.DataFrame) -> pl.DataFrame:
    return df.with_columns(pl.col("variant").cast(pl.String).replace(BASELINE, REFERENCE).alias("curve"))


def with_tier_points(df: pl.DataFrame, curves: Mapping[str, Curve]) -> pl.DataFrame:
    """Add the points of exhibited paintings by tier (the recorded count times the curve's value); checks they add
    up to pp_paintings."""
    values = np.array([curves[c].values for c in df["curve"].to_list()])
    out = df.with_columns(**{f"pp_tier{t}": pl.Series(df[f"exhibited_tier{t}"].to_numpy() * values[:, t],
                                                      dtype=pl.Int16) for t in range(N_TIERS)})
    if not (out.select(sum(pl.col(f"pp_tier{t}").cast(pl.Int32) for t in range(N_TIERS)) == pl.col("pp_paintings"))
            .to_series().all()):
        raise RuntimeError("points by tier do not add up to pp_paintings")
    return out


@dataclass
class Results:
    settings: Settings
    curves: list[Curve]
    curves_file: str
    jobs: int
    main: pl.DataFrame | None = None
    sensitivity: pl.DataFrame | None = None
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    data_sources: dict[str, dict[str, str]] = field(default_factory=dict)  # data set -> sources
    ruleset: dict = field(default_factory=dict)
    game_title: str = ""  # the played game's title: it names the ruleset


def play_all(res: Results, log: Callable[[str], None]) -> None:
    options = RunOptions(jobs=res.jobs, progress=False)
    by_name = {c.name: c for c in res.curves}
    frames = []
    began = time.perf_counter()
    for exp in curve_experiments(res.settings, res.curves):
        log(f"playing {exp.name}: {len(exp.cells)} curves x {exp.games:,} games")
        df = _named_variants(run_experiment(exp, options))
        frames.append(with_tier_points(df, by_name))
        res.ruleset = {k: v for k, v in exp.game.rule_values.items() if k != "painting_values"}
        res.game_title = exp.game.title
        res.data_sources[SHIPPED_DATA] = exp.game.data_sources()
    res.main = pl.concat(frames)
    res.seconds["curves"] = time.perf_counter() - began
    began = time.perf_counter()
    frames = []
    for data_set, exp in sensitivity_experiments(res.settings):
        log(f"playing {exp.name}: base vs J x {exp.games:,} games")
        frames.append(_named_variants(run_experiment(exp, options)).with_columns(pl.lit(data_set).alias("data_set")))
        res.data_sources[data_set] = exp.game.data_sources()
    res.sensitivity = pl.concat(frames, how="diagonal_relaxed")
    res.seconds["sensitivity"] = time.perf_counter() - began


