"""The Couleurs de Paris value-curve report's analysis: its tables, from the results frames only.

Win shares are averaged per deal (the len(lineup) consecutive games that share a seed while the seats rotate), and
intervals are over deals, so seats of one game or one deal are never treated as independent.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import polars as pl

from simkit.games.couleurs.rules.components import N_TIERS
from simkit.games.couleurs.game import CouleursGame
from simkit.games.couleurs.reports.value_curves.play import REFERENCE, STRATEGIES, Curve, Results
from simkit.games.couleurs.engine.state import COMPONENT_NAMES
from simkit.report.endings import end_reason_mix
from simkit.stats import clustered_mean, crossing_point, mean_interval, paired_difference, seat_advantage

SPREAD_OF = ("expensive", "cheap")  # the spread: win share of the first minus the second
TARGET_HALFWIDTH = 0.02
SOURCE_COLUMNS = (*COMPONENT_NAMES, *(f"pp_tier{t}" for t in range(N_TIERS)))


def _with_deal(df: pl.DataFrame) -> pl.DataFrame:
    return df.with_columns((pl.col("game_index") // len(STRATEGIES)).alias("deal"))


def per_deal(df: pl.DataFrame, by: Sequence[str], value: str = "win_share") -> pl.DataFrame:
    """Mean of `value` per strategy within each deal (the lineup-size games sharing a seed), one column each."""
    return (_with_deal(df).group_by([*by, "deal", "policy"], maintain_order=True)
            .agg(pl.col(value).cast(pl.Float64).mean())
            .with_columns(pl.col("policy").cast(pl.String))
            .pivot(on="policy", index=[*by, "deal"], values=value).sort([*by, "deal"]))


def spread_per_deal(df: pl.DataFrame, by: Sequence[str]) -> pl.DataFrame:
    a, b = SPREAD_OF
    return per_deal(df, by).with_columns((pl.col(a) - pl.col(b)).alias("spread"))


def win_share_table(df: pl.DataFrame, by: Sequence[str] = ("curve", "n_players")) -> pl.DataFrame:
    """Win share of each strategy (mean over its seats) with a 95% t interval over deals."""
    seats = _with_deal(df).with_columns(pl.col("policy").cast(pl.String).alias("strategy"))
    order = {name: i for i, name in enumerate(STRATEGIES)}
    return (clustered_mean(seats, "win_share", "deal", [*by, "strategy"]).rename({"clusters": "deals"})
            .with_columns(pl.col("strategy").replace_strict(order).alias("_o")).sort([*by, "_o"]).drop("_o"))


def spread_table(df: pl.DataFrame, by: Sequence[str] = ("curve", "n_players")) -> pl.DataFrame:
    return clustered_mean(spread_per_deal(df, by), "spread", "deal", by).rename({"clusters": "deals"})


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


