"""The Couleurs de Paris painting-value curve report (`simkit report value-curves`).

Question: variant J changes the painting values by tier from 10/12/14/16 (base) to 9/12/15/18. Does a curve reward
chasing expensive paintings as much as cheap ones, and which curve would? Three tier strategies (cheap, balanced,
expensive) play mixed games under each curve (the variant J ruleset otherwise: only `painting_values` changes,
spec §5.1) at 2, 3 and 4 players, seats rotating and game i of every curve on the same seed (common random numbers).
The same comparison of base and J is repeated on each alternative data set of spec §1.5.

Everything is played through `simkit.core.experiment` / `simkit.core.runner`; the statistics are `simkit.stats`.
Win shares are averaged per deal (the len(lineup) consecutive games that share a seed while the seats rotate), and
intervals are over deals, so seats of one game or one deal are never treated as independent.
"""

from __future__ import annotations

import math
import sys
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

import numpy as np
import polars as pl

import simkit
from simkit.core.errors import ConfigError
from simkit.core.experiment import BASELINE, Experiment, parse_experiment
from simkit.core.results import write_parquet
from simkit.core.runner import RunOptions, run_experiment
from simkit.games.couleurs.alternatives import ALTERNATIVES
from simkit.games.couleurs.deck import VALUES_BASE, VALUES_J
from simkit.games.couleurs.game import CouleursGame
from simkit.games.couleurs.state import COMPONENT_NAMES, N_TIERS
from simkit.report.endings import end_reason_mix
from simkit.report.staging import staged, write_json
from simkit.stats import crossing_point, mean_interval, paired_difference, seat_advantage

REPORT_NAME = "couleurs-value-curves"
DEFAULT_OUT = Path("reports") / REPORT_NAME
CURVES_FILE = Path("scenarios/couleurs/value-curves.toml")  # optional extra curves, read from the working folder
MASTER_SEED = 2026
PLAYER_COUNTS = (2, 3, 4)
SLOPES = tuple(k / 2 for k in range(9))  # 0, 0.5, ..., 4
SWEEP_CENTRE = 12  # v_t = 12 + s * (t - 1.5)
TIER_NAMES = ("cheap", "balanced", "expensive")
# The strategies, one per tier preference: the ONE place to switch policies. Each entry is a [[players]] table.
STRATEGIES: dict[str, dict] = {name: {"policy": "heuristic", "tier": name} for name in TIER_NAMES}
REFERENCE, SPREAD_OF = "J", ("expensive", "cheap")  # the spread: win share of the first minus the second
TARGET_HALFWIDTH = 0.02
SHIPPED_DATA = "shipped"
SOURCE_COLUMNS = (*COMPONENT_NAMES, *(f"pp_tier{t}" for t in range(N_TIERS)))


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


# ---- analysis ---------------------------------------------------------------------------------------------------

def per_deal(df: pl.DataFrame, by: Sequence[str], value: str = "win_share") -> pl.DataFrame:
    """Mean of `value` per strategy within each deal (the lineup-size games sharing a seed), one column each."""
    size = len(STRATEGIES)
    return (df.with_columns((pl.col("game_index") // size).alias("deal"))
            .group_by([*by, "deal", "policy"], maintain_order=True).agg(pl.col(value).cast(pl.Float64).mean())
            .with_columns(pl.col("policy").cast(pl.String))
            .pivot(on="policy", index=[*by, "deal"], values=value).sort([*by, "deal"]))


def spread_per_deal(df: pl.DataFrame, by: Sequence[str]) -> pl.DataFrame:
    a, b = SPREAD_OF
    return per_deal(df, by).with_columns((pl.col(a) - pl.col(b)).alias("spread"))


def _interval_row(values) -> dict:
    ci = mean_interval(np.asarray(values, float))
    return {"estimate": ci.estimate, "lo": ci.lo, "hi": ci.hi, "halfwidth": ci.halfwidth, "deals": ci.n}


def win_share_table(df: pl.DataFrame, by: Sequence[str] = ("curve", "n_players")) -> pl.DataFrame:
    """Win share of each strategy (mean over its seats) with a 95% t interval over deals."""
    deals = per_deal(df, by)
    rows = []
    for key, group in deals.group_by(list(by), maintain_order=True):
        for name in STRATEGIES:
            rows.append({**dict(zip(by, key)), "strategy": name, **_interval_row(group[name])})
    return pl.DataFrame(rows)


def spread_table(df: pl.DataFrame, by: Sequence[str] = ("curve", "n_players")) -> pl.DataFrame:
    deals = spread_per_deal(df, by)
    return pl.DataFrame([{**dict(zip(by, key)), **_interval_row(g["spread"])}
                         for key, g in deals.group_by(list(by), maintain_order=True)])


def points_table(df: pl.DataFrame) -> pl.DataFrame:
    """Mean prestige points per seat by source, per curve, player count and strategy."""
    return (df.group_by("curve", "n_players", "policy", maintain_order=True)
            .agg(pl.len().alias("seats"), pl.col("score").cast(pl.Float64).mean().alias("score"),
                 *(pl.col(c).cast(pl.Float64).mean() for c in SOURCE_COLUMNS))
            .rename({"policy": "strategy"}).with_columns(pl.col("strategy").cast(pl.String)))


def tier_share_table(df: pl.DataFrame) -> pl.DataFrame:
    """Share of each strategy's exhibited paintings by tier, and exhibited paintings per seat."""
    counts = [f"exhibited_tier{t}" for t in range(N_TIERS)]
    agg = (df.group_by("curve", "n_players", "policy", maintain_order=True)
           .agg(pl.len().alias("seats"), *(pl.col(c).cast(pl.Int64).sum() for c in counts)))
    total = sum(pl.col(c) for c in counts)
    return (agg.with_columns(total.alias("exhibited"))
            .with_columns((pl.col("exhibited") / pl.col("seats")).alias("exhibited_per_seat"),
                          *((pl.col(c) / pl.col("exhibited")).alias(f"share_tier{t}") for t, c in enumerate(counts)))
            .rename({"policy": "strategy"}).with_columns(pl.col("strategy").cast(pl.String)))


def game_table(df: pl.DataFrame) -> pl.DataFrame:
    """Per curve and player count: the share of games per end reason (end_<reason>) and game length in rounds
    (mean, 95% t interval)."""
    by = ["curve", "n_players"]
    lengths = []
    for (curve, n), g in df.filter(pl.col("seat") == 0).group_by(by, maintain_order=True):
        ci = mean_interval(g["rounds"].to_numpy().astype(float))
        lengths.append({"curve": curve, "n_players": n, "rounds": ci.estimate, "rounds_lo": ci.lo,
                        "rounds_hi": ci.hi})
    mix = end_reason_mix(df, by, CouleursGame.end_reasons)
    return (mix.rename({r: f"end_{r}" for r in CouleursGame.end_reasons})
            .join(pl.DataFrame(lengths), on=by, maintain_order="left"))


def rates_table(df: pl.DataFrame) -> pl.DataFrame:
    """Mean assistants hired and black cubes owned at the end per player, per player count and strategy, over
    every curve: the rates the strategies played with."""
    return (df.group_by("n_players", "policy", maintain_order=True)
            .agg(pl.len().alias("seats"), pl.col("hires").cast(pl.Float64).mean(),
                 pl.col("black_cubes").cast(pl.Float64).mean())
            .rename({"policy": "strategy"}).with_columns(pl.col("strategy").cast(pl.String))
            .sort("n_players", maintain_order=True))


def seat_table(df: pl.DataFrame) -> pl.DataFrame:
    """Win share by turn order (1 = first player) per curve and player count."""
    return seat_advantage(df, seat_col="turn_order", by=("curve",))


def crossing_table(df: pl.DataFrame, curves: Sequence[Curve], n_boot: int, seed: int) -> pl.DataFrame:
    """Per player count: the sweep slope at which the spread (expensive - cheap win share) is zero."""
    sweep = [c for c in curves if c.kind == "sweep"]
    x = np.array([c.slope for c in sweep])
    deals = spread_per_deal(df.filter(pl.col("curve").is_in([c.name for c in sweep])), ("n_players", "curve"))
    rows = []
    for (n,), g in deals.group_by("n_players", maintain_order=True):
        y = g.pivot(on="curve", index="deal", values="spread").sort("deal").select([c.name for c in sweep])
        c = crossing_point(x, y.to_numpy(), n_boot=n_boot, seed=seed + n)
        rows.append({"n_players": n, "crossing_slope": c.estimate, "lo": c.lo, "hi": c.hi,
                     "spread_per_slope": c.slope, "spread_per_slope_lo": c.slope_lo,
                     "spread_per_slope_hi": c.slope_hi, "boot_inside_sweep": c.inside, "crosses": c.crosses,
                     "deals": c.n})
    return pl.DataFrame(rows).sort("n_players")


def verdict_table(df: pl.DataFrame, by: Sequence[str] = ("n_players",)) -> pl.DataFrame:
    """Base versus J, paired over deals: each curve's spread and the paired difference J - base."""
    deals = spread_per_deal(df.filter(pl.col("curve").is_in(["base", REFERENCE])), (*by, "curve"))
    rows = []
    for key, g in deals.group_by(list(by), maintain_order=True):
        wide = g.pivot(on="curve", index="deal", values="spread").sort("deal")
        j, b = wide[REFERENCE].to_numpy(), wide["base"].to_numpy()
        cj, cb, d = mean_interval(j), mean_interval(b), paired_difference(j, b)
        rows.append({**dict(zip(by, key)), "spread_base": cb.estimate, "base_lo": cb.lo, "base_hi": cb.hi,
                     "spread_J": cj.estimate, "J_lo": cj.lo, "J_hi": cj.hi, "J_minus_base": d.mean_diff,
                     "diff_lo": d.lo, "diff_hi": d.hi, "p_value": d.p_value, "deals": d.n,
                     "shift": shift(d), "closer_to_even": closer_to_even(cb, cj, d)})
    return pl.DataFrame(rows)


def shift(diff) -> str:
    """How J moves the spread relative to base, by the paired 95% interval."""
    if diff.lo > 0:
        return "J favours expensive more"
    if diff.hi < 0:
        return "J favours cheap more"
    return "no detectable change"


def closer_to_even(base, j, diff) -> str:
    """Which curve's spread is nearer zero, said only when the paired difference shows it: both spreads on one
    side of zero (their intervals) and the difference's interval excluding zero; else 'undetermined'."""
    same_side = (base.lo > 0 and j.lo > 0) or (base.hi < 0 and j.hi < 0)
    if diff.lo > 0 or diff.hi < 0:
        if same_side:
            return REFERENCE if abs(j.estimate) < abs(base.estimate) else "base"
        if base.lo <= 0 <= base.hi and not j.lo <= 0 <= j.hi:
            return "base"
        if j.lo <= 0 <= j.hi and not base.lo <= 0 <= base.hi:
            return REFERENCE
    return "undetermined"


def precision_table(win: pl.DataFrame) -> pl.DataFrame:
    return (win.group_by("n_players", maintain_order=True).agg(pl.col("halfwidth").max().alias("max_halfwidth"),
                                          pl.col("deals").min().alias("deals"))
            .with_columns((pl.col("max_halfwidth") <= TARGET_HALFWIDTH).alias("target_met")).sort("n_players"))


# ---- play and write ---------------------------------------------------------------------------------------------

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


def play(res: Results, log: Callable[[str], None]) -> None:
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


def analyse(res: Results) -> None:
    df = res.main
    win = win_share_table(df)
    t = res.tables
    t["win_share"] = win
    t["spread"] = spread_table(df)
    t["points"] = points_table(df)
    t["tiers"] = tier_share_table(df)
    t["games"] = game_table(df)
    t["rates"] = rates_table(df)
    t["seats"] = seat_table(df)
    t["crossing"] = crossing_table(df, res.curves, res.settings.n_boot, res.settings.seed)
    t["verdict"] = verdict_table(df)
    t["precision"] = precision_table(win)
    t["curves"] = pl.DataFrame([{"curve": c.name, "kind": c.kind, "values": "/".join(map(str, c.values)),
                                 "nominal_slope": c.nominal_slope, "slope": c.slope, "mean": c.mean}
                                for c in res.curves])
    t["sensitivity"] = verdict_table(res.sensitivity, ("data_set", "n_players"))


def write_report(out_dir: str | Path | None = None, *, quick: bool = False, jobs: int = 2,
                 log: Callable[[str], None] | None = None, settings: Settings | None = None,
                 curves_file: str | Path | None = None) -> Path:
    """Play, analyse and write the report into out_dir (default reports/couleurs-value-curves); staged in a
    temporary folder and moved in file by file, so a failure leaves the previous report in place."""
    from simkit.games.couleurs import value_curve_figures as F
    from simkit.games.couleurs.value_curve_document import build_document

    log = log or (lambda line: print(line, file=sys.stderr, flush=True))
    out = Path(out_dir) if out_dir else DEFAULT_OUT
    settings = settings or (QUICK if quick else FULL)
    path = Path(curves_file) if curves_file else CURVES_FILE
    began = time.perf_counter()
    res = Results(settings, all_curves(path), str(path) if path.exists() else "", jobs)
    play(res, log)
    log("analysing")
    analyse(res)
    with staged(out) as staging:
        F.write_figures(res, staging)
        write_parquet(res.main, staging / "results.parquet")
        write_parquet(res.sensitivity, staging / "sensitivity_results.parquet")
        for name, table in res.tables.items():
            write_parquet(table, staging / f"{name}.parquet")
        res.seconds["total"] = time.perf_counter() - began
        build_document(res).write(staging, stem="index")
        write_json(staging / "run.json", {
            "report": REPORT_NAME, "simkit": simkit.__version__, "quick": settings.quick, "jobs": jobs,
            "seed": settings.seed, "games": settings.games, "sensitivity_games": settings.sensitivity_games,
            "strategies": STRATEGIES, "curves": {c.name: c.values for c in res.curves},
            "data_sources": res.data_sources, "seconds": {k: round(v, 1) for k, v in res.seconds.items()},
        })
    log(f"report: {out / 'index.html'} (Markdown twin index.md) in {time.perf_counter() - began:.0f} s")
    return out
