"""Sequential stopping: after each batch of games, decide whether the watched quantities are known well
enough (every 95% half-width at most the target) or whether an SPRT has decided. Neither rule stops before
``min_pairs`` paired seeds per group; see simkit.stats.paired_halfwidth and sprt_paired for what else each
waits for."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import polars as pl

from simkit.core.experiment import BASELINE, StoppingRule
from simkit.stats import MIN_CHANGED_PAIRS, paired_difference, paired_halfwidth, sprt_paired, wilson_interval


# the columns `check` reads: a streaming run keeps only these of the games played so far
STOPPING_COLUMNS = ("variant", "n_players", "policy", "seed", "score", "win_share")


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


def _paired_groups(df: pl.DataFrame, by: tuple[str, ...]) -> list[tuple[dict, np.ndarray, np.ndarray]]:
    """Per variant and group with at least two seeds: its labels, the variant's and the baseline's per-seed
    mean scores."""
    out = []
    variants = [v for v in df["variant"].cast(pl.String).unique(maintain_order=True).to_list() if v != BASELINE]
    for variant in variants:
        paired = paired_scores(df, variant, by)
        for key, group in paired.group_by(list(by), maintain_order=True):
            if group.height >= 2:
                out.append(({"variant": variant, **dict(zip(by, key))}, group["variant_score"].to_numpy(),
                            group["baseline_score"].to_numpy()))
    return out


def score_delta_results(df: pl.DataFrame, by: tuple[str, ...] = ("n_players", "policy")) -> list[dict]:
    """Paired variant - baseline mean-score differences, per variant and group."""
    return [{**labels, "result": paired_difference(v, b)} for labels, v, b in _paired_groups(df, by)]


def _win_share_halfwidths(df: pl.DataFrame, min_pairs: int) -> list[tuple[str, float]]:
    per_seed = (df.group_by("variant", "n_players", "policy", "seed", maintain_order=True)
                .agg(pl.col("win_share").mean()))
    out = []
    for key, group in per_seed.group_by("variant", "n_players", "policy", maintain_order=True):
        lo, hi = wilson_interval(group["win_share"].sum(), group.height)
        out.append((f"win share {key[2]} {key[0]} {key[1]}p", (hi - lo) / 2 if group.height >= min_pairs
                    else float("inf")))
    return out


def _score_delta_halfwidths(df: pl.DataFrame, min_pairs: int) -> list[tuple[str, float]]:
    return [(f"score delta {g['variant']} {g['n_players']}p {g['policy']}", paired_halfwidth(v - b, min_pairs))
            for g, v, b in _paired_groups(df, ("n_players", "policy"))]


def check(rule: StoppingRule, df: pl.DataFrame) -> StopCheck:
    if rule.sprt_delta is not None:
        # Accepting the SPRT's H0 rules out a change as large as sprt_delta, not every change.
        words = {"change": "difference detected", "continue": "continue",
                 "smaller than delta": f"no change as large as {rule.sprt_delta:g} points "
                                       "(smaller ones not ruled out)"}
        decisions = [(sprt_paired(v - b, rule.sprt_delta, rule.alpha, rule.beta, rule.min_pairs), g)
                     for g, v, b in _paired_groups(df, ("n_players",))]
        detail = "; ".join(f"SPRT {g['variant']} {g['n_players']}p: {words[d]}" for d, g in decisions)
        return StopCheck(bool(decisions) and all(d != "continue" for d, _ in decisions), detail)
    widths = (_score_delta_halfwidths(df, rule.min_pairs) if rule.watch == "score_delta"
              else _win_share_halfwidths(df, rule.min_pairs))
    worst = max(widths, key=lambda w: w[1], default=("nothing yet", float("inf")))
    changed = f" and {MIN_CHANGED_PAIRS} with a changed score" if rule.watch == "score_delta" else ""
    where = (f"half-width {worst[1]:.4f}" if worst[1] < float("inf")
             else f"not measured yet (needs {rule.min_pairs} seeds{changed})")
    return StopCheck(bool(widths) and worst[1] <= rule.halfwidth,
                     f"widest: {worst[0]} {where} (target {rule.halfwidth})")
