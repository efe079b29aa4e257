"""Sequential stopping: after each batch of games, decide whether the watched quantities are known well
enough (every 95% half-width at most the target) or whether an SPRT has decided."""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from simkit.core.experiment import BASELINE, StoppingRule
from simkit.stats import paired_difference, sprt_mean, wilson_interval


@dataclass(frozen=True)
class StopCheck:
    stop: bool
    detail: str  # what was watched and where it stands


def paired_scores(df: pl.DataFrame, variant: str, by: tuple[str, ...] = ("n_players", "policy")) -> pl.DataFrame:
    """Per seed (one deal) and group, the variant's and the baseline's mean score on the same seeds."""
    keys = [*by, "seed"]
    means = (df.filter(pl.col("variant").cast(pl.String).is_in([variant, BASELINE]))
             .group_by([*keys, pl.col("variant").cast(pl.String)], maintain_order=True).agg(pl.col("score").mean()))
    wide = means.pivot(on="variant", index=keys, values="score")
    return wide.rename({variant: "variant_score", BASELINE: "baseline_score"}).drop_nulls()


def score_delta_results(df: pl.DataFrame, by: tuple[str, ...] = ("n_players", "policy")) -> list[dict]:
    """Paired variant - baseline mean-score differences, per variant and group."""
    rows = []
    variants = [v for v in df["variant"].cast(pl.String).unique(maintain_order=True).to_list() if v != BASELINE]
    for variant in variants:
        paired = paired_scores(df, variant, by)
        for key, group in paired.group_by(list(by), maintain_order=True):
            if group.height < 2:
                continue
            rows.append({"variant": variant, **dict(zip(by, key)),
                         "result": paired_difference(group["variant_score"].to_numpy(),
                                                     group["baseline_score"].to_numpy())})
    return rows


def _win_share_halfwidths(df: pl.DataFrame) -> list[tuple[str, float]]:
    per_seed = (df.group_by("variant", "n_players", "policy", "seed", maintain_order=True)
                .agg(pl.col("win_share").mean()))
    out = []
    for key, group in per_seed.group_by("variant", "n_players", "policy", maintain_order=True):
        lo, hi = wilson_interval(group["win_share"].sum(), group.height)
        out.append((f"win share {key[2]} {key[0]} {key[1]}p", (hi - lo) / 2))
    return out


def check(rule: StoppingRule, df: pl.DataFrame) -> StopCheck:
    if rule.sprt_delta is not None:
        decisions = []
        for row in score_delta_results(df, by=("n_players",)):
            r = row["result"]
            sd = (r.hi - r.lo) / 2 / 1.96 * r.n ** 0.5 if r.hi > r.lo else 0.0
            if sd == 0:
                decisions.append(("continue", row))
                continue
            up = sprt_mean(r.n, r.mean_diff, sd, rule.sprt_delta, alpha=rule.alpha / 2, beta=rule.beta)
            down = sprt_mean(r.n, r.mean_diff, sd, -rule.sprt_delta, alpha=rule.alpha / 2, beta=rule.beta)
            if "accept H1" in (up.decision, down.decision):
                decision = "difference"
            elif up.decision == down.decision == "accept H0":
                decision = "no difference"
            else:
                decision = "continue"
            decisions.append((decision, row))
        detail = "; ".join(f"SPRT {row['variant']} {row['n_players']}p: {d}" for d, row in decisions)
        return StopCheck(bool(decisions) and all(d != "continue" for d, _ in decisions), detail)
    if rule.watch == "score_delta":
        widths = [(f"score delta {row['variant']} {row['n_players']}p {row['policy']}", row["result"].halfwidth)
                  for row in score_delta_results(df)]
    else:
        widths = _win_share_halfwidths(df)
    worst = max(widths, key=lambda w: w[1], default=("nothing yet", float("inf")))
    return StopCheck(bool(widths) and worst[1] <= rule.halfwidth,
                     f"widest: {worst[0]} half-width {worst[1]:.4f} (target {rule.halfwidth})")
