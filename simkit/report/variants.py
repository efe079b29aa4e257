"""Report sections comparing an experiment's variants (house rules) with its baseline ruleset.

Game i of every variant is played on the same seed as game i of the baseline (common random numbers), with
the same policy in every seat. Results are therefore paired by (player count, game index, seat). Games that
share a seed (the seat rotations of one deal) are not independent, so every paired analysis is done on
per-seed means: one observation per seed. Nothing here depends on a particular game: only the common
columns of the results frame are used (variant, game_index, seed, n_players, seat, policy, score, rank,
win_share, turns, turn_order).

Entry point: :func:`add_variant_sections`. The computing functions (:func:`paired_seed_means`,
:func:`score_differences`, :func:`win_share_differences`, :func:`length_differences`, :func:`verdicts`,
...) return plain frames and strings, so they can be used and tested without a report.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import polars as pl

from simkit.core.experiment import BASELINE
from simkit.report.document import Document
from simkit.report.intervals import interval_text
from simkit.report.variant_figures import (
    forest_figure,
    length_distribution_figure,
    score_distribution_figure,
    score_panels_per_policy,
)
from simkit.stats import (
    Interval,
    closeness,
    game_length_summary,
    holm,
    mean_interval,
    paired_difference,
    plackett_luce,
    seat_advantage,
    tie_rate,
)

FOREST_FIGURE = "variant_differences.png"
SCORES_FIGURE = "variant_scores.png"
LENGTHS_FIGURE = "variant_lengths.png"
PL_PRIOR = 1.0  # virtual drawn games per policy, only where the plain maximum-likelihood ratings do not exist
SEAT_UNIT = ("n_players", "game_index", "seat")
GAME_UNIT = ("n_players", "game_index")
_DIFF_COLUMNS = ["pairs", "baseline_mean", "variant_mean", "diff", "lo", "hi", "p_value", "p_holm", "d_z",
                 "variance_reduction", "identical"]


# ---------------------------------------------------------------------------------------------- computing

def _strings(df: pl.DataFrame) -> pl.DataFrame:
    """Categorical columns as strings (categoricals from different frames do not compare reliably)."""
    return df.with_columns(pl.col(c).cast(pl.String) for c, t in df.schema.items() if t == pl.Categorical)


def variant_names(df: pl.DataFrame, baseline: str = BASELINE) -> list[str]:
    """The variants of the frame other than the baseline, in order of appearance."""
    names = df["variant"].cast(pl.String).unique(maintain_order=True).to_list()
    if baseline not in names:
        raise ValueError(f"no rows of the baseline variant {baseline!r}")
    return [v for v in names if v != baseline]


def game_lengths(df: pl.DataFrame) -> pl.DataFrame:
    """One row per game: variant, n_players, game_index, seed and length = total turns of all players.

    Games keep the order of their first row in ``df``."""
    return (_strings(df).group_by("variant", "n_players", "game_index", "seed", maintain_order=True)
            .agg(length=pl.col("turns").cast(pl.Int64).sum()))


def paired_seed_means(df: pl.DataFrame, variant: str, baseline: str = BASELINE, value: str = "score",
                      by: Sequence[str] = ("n_players", "policy"),
                      unit: Sequence[str] = SEAT_UNIT) -> pl.DataFrame:
    """Pair the variant's rows with the baseline's and average each side per seed.

    Rows are matched on ``unit`` (by default (n_players, game_index, seat): same deal, same policy in the
    seat); a matched pair must have the same seed and the same values of ``by``, else the runs were not
    played on common random numbers and ``ValueError`` is raised. Unmatched rows are dropped. Returns one
    row per (``by``, seed) with ``variant`` and ``baseline`` (the means of ``value`` over the seed's matched
    rows), ``rows`` (how many pairs the seed holds) and ``differing`` (how many of them differ).
    """
    unit, by = list(unit), list(by)
    extra = [c for c in dict.fromkeys([*by, "seed"]) if c not in unit]
    frame = _strings(df.select("variant", *dict.fromkeys([*unit, *extra]), value))
    side = {name: frame.filter(pl.col("variant") == name).drop("variant") for name in (variant, baseline)}
    joined = side[variant].join(side[baseline], on=unit, how="inner", suffix="_baseline", maintain_order="left")
    for col in extra:
        if joined.filter(pl.col(col) != pl.col(f"{col}_baseline")).height:
            raise ValueError(f"variant {variant!r} and baseline {baseline!r} differ in {col!r} for the same "
                             f"{', '.join(unit)}: the games are not paired")
    return (joined.group_by([*by, "seed"])
            .agg(variant=pl.col(value).cast(pl.Float64).mean(),
                 baseline=pl.col(f"{value}_baseline").cast(pl.Float64).mean(),
                 rows=pl.len(),
                 differing=(pl.col(value) != pl.col(f"{value}_baseline")).sum().cast(pl.Int64))
            .sort([*by, "seed"]))


def _paired_table(df: pl.DataFrame, baseline: str, value: str, by: list[str], unit: Sequence[str],
                  confidence: float) -> pl.DataFrame:
    """Paired variant - baseline differences per variant and group, Holm-adjusted over all rows."""
    rows = []
    for variant in variant_names(df, baseline):
        paired = paired_seed_means(df, variant, baseline, value, by, unit)
        for key, group in paired.group_by(by, maintain_order=True):
            if group.height < 2:
                continue
            v, b = group["variant"].to_numpy(), group["baseline"].to_numpy()
            r = paired_difference(v, b, confidence)
            rows.append({"variant": variant, **dict(zip(by, key)), "pairs": r.n,
                         "baseline_mean": float(b.mean()), "variant_mean": float(v.mean()),
                         "diff": r.mean_diff, "lo": r.lo, "hi": r.hi, "p_value": r.p_value, "d_z": r.effect_size,
                         "variance_reduction": r.variance_reduction,
                         "identical": int(group["differing"].sum()) == 0})
    if not rows:
        schema = {"variant": pl.String, **{c: df.schema[c] for c in by}}
        return pl.DataFrame(schema={**schema, **{c: pl.Float64 for c in _DIFF_COLUMNS}})
    table = pl.DataFrame(rows)
    table = table.with_columns(p_holm=pl.Series(holm(table["p_value"].to_numpy())))
    order = {v: i for i, v in enumerate(variant_names(df, baseline))}
    return (table.with_columns(_v=pl.col("variant").replace_strict(order)).sort("_v", *by).drop("_v")
            .select("variant", *by, *_DIFF_COLUMNS))


def score_differences(df: pl.DataFrame, baseline: str = BASELINE, confidence: float = 0.95) -> pl.DataFrame:
    """Paired mean-score difference variant - baseline per (variant, n_players, policy).

    Columns: variant, n_players, policy, pairs (seeds), baseline_mean, variant_mean, diff, lo, hi (t
    interval over seeds), p_value (paired t), p_holm (Holm over all rows), d_z (Cohen's d_z), variance_reduction
    (how many times more independent games an unpaired comparison would need) and identical (every paired
    row has the same value).
    """
    return _paired_table(df, baseline, "score", ["n_players", "policy"], SEAT_UNIT, confidence)


def win_share_differences(df: pl.DataFrame, baseline: str = BASELINE, confidence: float = 0.95) -> pl.DataFrame:
    """Paired win-share difference variant - baseline per (variant, n_players, policy); as score_differences."""
    return _paired_table(df, baseline, "win_share", ["n_players", "policy"], SEAT_UNIT, confidence)


def length_differences(df: pl.DataFrame, baseline: str = BASELINE, confidence: float = 0.95) -> pl.DataFrame:
    """Paired difference of the game length (total turns of all players per game) per (variant, n_players)."""
    return _paired_table(game_lengths(df), baseline, "length", ["n_players"], GAME_UNIT, confidence)


def seat_table(df: pl.DataFrame, confidence: float = 0.95) -> pl.DataFrame:
    """Win share by position in turn order, per variant and player count, from per-seed means.

    A seed's mean win share at a position is one trial (the rotations of one deal count once), so ``games``
    is the number of seeds and the Wilson intervals are over seeds. The p-value for equal positions is
    Hotelling's T² over seeds (:func:`simkit.stats.seat_advantage` with ``cluster_col="seed"``): it uses the
    seed means' actual variance, where a chi-square on them assumed a trial's (power 0.54 instead of 0.97
    for a 40% first player over 300 independent 3-game deals, tests/test_variant_report.py).
    """
    per_seed = (_strings(df).group_by("variant", "n_players", "seed", "turn_order", maintain_order=True)
                .agg(pl.col("win_share").cast(pl.Float64).mean()))
    order = {v: i for i, v in enumerate(df["variant"].cast(pl.String).unique(maintain_order=True).to_list())}
    table = seat_advantage(per_seed, seat_col="turn_order", win_col="win_share", by=("variant",),
                           players_col="n_players", confidence=confidence, cluster_col="seed")
    return (table.with_columns(_v=pl.col("variant").replace_strict(order))
            .sort("_v", "n_players", "turn_order").drop("_v"))


def policy_ratings(df: pl.DataFrame, confidence: float = 0.95, prior: float = PL_PRIOR) -> pl.DataFrame:
    """Plackett–Luce log-strengths per variant (games of all player counts pooled), with Wald intervals.

    A game is identified by (variant, n_players, game_index). The plain maximum-likelihood fit is used where
    it exists (every policy both beats and loses to the others); otherwise ``prior`` virtual drawn games per
    policy keep the strengths finite. (With a prior, simkit.stats.plackett_luce pins the overall scale only
    through the prior, so on large samples its MM iteration creeps and may not converge: the prior is the
    fallback, not the default.) Columns: variant, policy, log_strength, se, lo, hi, games, prior. A variant
    that cannot be fitted is left out. Empty when there are fewer than two policies.
    """
    data = _strings(df)
    if data["policy"].n_unique() < 2:
        return pl.DataFrame()
    data = data.with_columns(game_key=pl.format("{}|{}|{}", "variant", "n_players", "game_index"))
    frames = []
    for variant in data["variant"].unique(maintain_order=True).to_list():
        rows = data.filter(pl.col("variant") == variant)
        for used in (0.0, prior):
            try:
                fit = plackett_luce(rows, game_col="game_key", policy_col="policy", rank_col="rank",
                                    confidence=confidence, prior=used)
            except (ValueError, RuntimeError):  # not identifiable without a prior / no convergence
                continue
            frames.append(fit.select(pl.lit(variant).alias("variant"), pl.all(), pl.lit(used).alias("prior")))
            break
    return pl.concat(frames) if frames else pl.DataFrame()


def balance_table(df: pl.DataFrame, confidence: float = 0.95) -> pl.DataFrame:
    """Tie rate, closeness and game length (total turns per game) per variant and player count.

    Tie rate (Wilson) and closeness (t) count games individually; the mean game length has a t interval
    over per-seed means.
    """
    data = _strings(df)
    lengths = game_lengths(data)
    rows = []
    for (variant, n_players), cell in data.group_by("variant", "n_players", maintain_order=True):
        ties = tie_rate(cell, game_col="game_index", win_col="win_share", confidence=confidence)
        try:
            close = closeness(cell, game_col="game_index", score_col="score", confidence=confidence)
        except ValueError:  # fewer than two games
            close = Interval(math.nan, math.nan, math.nan, 0, confidence)
        cell_lengths = lengths.filter((pl.col("variant") == variant) & (pl.col("n_players") == n_players))
        summary = game_length_summary(cell_lengths["length"].to_numpy())
        per_seed = cell_lengths.group_by("seed", maintain_order=True).agg(pl.col("length").mean())["length"].to_numpy()
        mean = (mean_interval(per_seed, confidence) if per_seed.size > 1
                else Interval(summary.mean, math.nan, math.nan, 1, confidence))
        rows.append({"variant": variant, "n_players": n_players, "games": ties.n,
                     "tie_rate": ties.estimate, "tie_lo": ties.lo, "tie_hi": ties.hi,
                     "closeness": close.estimate, "close_lo": close.lo, "close_hi": close.hi,
                     "length": summary.mean, "length_lo": mean.lo, "length_hi": mean.hi, "length_sd": summary.sd,
                     **{f"length_q{round(q * 100):02d}": v for q, v in summary.quantiles.items()}})
    return pl.DataFrame(rows)


# ------------------------------------------------------------------------------------------- formatting

def _p(p: float) -> str:
    if not math.isfinite(p):
        return "–"
    return "<0.0001" if p < 1e-4 else f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


def _factor(x: float) -> str:
    if math.isnan(x):
        return "–"
    return "∞" if math.isinf(x) else f"{x:.1f}"


def _significant(row: dict, alpha: float) -> bool:
    return (row["lo"] > 0 or row["hi"] < 0) and row["p_holm"] < alpha


def _possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _magnitude(row: dict, least: int) -> str:
    """|diff| with its interval mirrored to positive numbers, for "raises ... by X [lo, hi]"."""
    lo, hi = sorted((abs(row["lo"]), abs(row["hi"])))
    return interval_text(abs(row["diff"]), lo, hi, None, least=least)


def _no_change(row: dict, subject: str, unit: str, least: int) -> str:
    detail = "every paired game identical" if row["identical"] else f"{row['pairs']:,} paired seeds"
    caveat = ("; the interval excludes zero, but not after Holm correction for multiple comparisons"
              if (row["lo"] > 0 or row["hi"] < 0) else "")
    return (f"{row['variant']}: no detectable difference in {subject} at this sample size ({detail}): "
            f"{interval_text(row['diff'], row['lo'], row['hi'], None, least=least, signed=True)}{unit}{caveat}")


def verdicts(scores: pl.DataFrame, wins: pl.DataFrame, lengths: pl.DataFrame,
             confidence: float = 0.95) -> list[str]:
    """Plain-language statements, one per row of the three difference tables, grouped by variant.

    A change is stated only where the interval excludes zero and the Holm-adjusted p-value is below
    1 - confidence; otherwise the row reads "no detectable difference ... at this sample size" with its
    interval.
    """
    alpha = 1 - confidence
    out = []
    names = list(dict.fromkeys([*scores["variant"], *wins["variant"], *lengths["variant"]]))
    for variant in names:
        for table, label, unit, least in ((scores, "mean score", " points", 1), (wins, "win share", "", 3)):
            for row in table.filter(pl.col("variant") == variant).iter_rows(named=True):
                subject = f"{_possessive(row['policy'])} {label}"
                where = f"in {row['n_players']}-player games"
                if _significant(row, alpha):
                    verb = "raises" if row["diff"] > 0 else "lowers"
                    out.append(f"{variant} {verb} {subject} by {_magnitude(row, least)}{unit} {where} "
                               f"(from {row['baseline_mean']:.{least}f} to {row['variant_mean']:.{least}f})")
                else:
                    out.append(_no_change(row, f"{subject} {where}", unit, least))
        for row in lengths.filter(pl.col("variant") == variant).iter_rows(named=True):
            games = f"{row['n_players']}-player games"
            if _significant(row, alpha):
                verb = "lengthens" if row["diff"] > 0 else "shortens"
                out.append(f"{variant} {verb} {games} by {_magnitude(row, 1)} turns in total "
                           f"(from {row['baseline_mean']:.1f} to {row['variant_mean']:.1f})")
            else:
                out.append(_no_change(row, f"the length of {games}", " turns", 1))
    return out


def _difference_display(table: pl.DataFrame, by: list[str], least: int, level: int) -> pl.DataFrame:
    """The difference table as report text: estimates with their intervals, p-values, factors."""
    rows = []
    for r in table.iter_rows(named=True):
        rows.append({"variant": r["variant"], **{("players" if k == "n_players" else k): r[k] for k in by},
                     "seeds": r["pairs"], "baseline mean": f"{r['baseline_mean']:.{least + 1}f}",
                     "variant mean": f"{r['variant_mean']:.{least + 1}f}",
                     f"difference [{level}% CI]": interval_text(r["diff"], r["lo"], r["hi"], None, least=least,
                                                                signed=True),
                     "Holm p": _p(r["p_holm"]), "d_z": f"{r['d_z']:.2f}" if math.isfinite(r["d_z"]) else "±∞",
                     "variance reduction": _factor(r["variance_reduction"])})
    return pl.DataFrame(rows)


# ---------------------------------------------------------------------------------------------- sections

def add_variant_sections(doc: Document, df: pl.DataFrame, out_dir: Path | None, *, baseline: str = BASELINE,
                         confidence: float = 0.95) -> None:
    """Append the variant-versus-baseline sections (and, when out_dir is given, their figures) to ``doc``.

    Does nothing when the frame holds fewer than two variants. Figures are written into ``out_dir`` as PNG
    and referenced by file name.
    """
    if df["variant"].n_unique() < 2:
        return
    variants = variant_names(df, baseline)
    level = round(confidence * 100)
    scores = score_differences(df, baseline, confidence)
    wins = win_share_differences(df, baseline, confidence)
    lengths = length_differences(df, baseline, confidence)

    doc.heading("Variants against the baseline")
    if scores.height == 0:
        doc.text(f"No variant has at least two seeds paired with the {baseline}: nothing to compare.")
        return
    doc.text(f"Game i of every variant is played on the same deal as game i of the {baseline} (common random "
             "numbers), with the same policy in every seat, so results are paired by (player count, game index, "
             "seat). Games that share a seed (the seat rotations of one deal) count as one observation: each "
             f"side is averaged per seed and the differences get a paired t interval ({level}%) over seeds. "
             f"Holm p adjusts the paired t-test p-values over all rows of the table; d_z = mean difference / "
             "sd of the per-seed differences. Variance reduction = (var(variant) + var(baseline)) / "
             "var(difference): how many times more independent games an unpaired comparison would need for "
             "the same precision.")
    doc.text("Mean score, variant − baseline (points):")
    doc.table(_difference_display(scores, ["n_players", "policy"], 1, level))
    doc.text("Win share (ties split), variant − baseline:")
    doc.table(_difference_display(wins, ["n_players", "policy"], 3, level))
    doc.text("Game length (total turns of all players per game), variant − baseline:")
    doc.table(_difference_display(lengths, ["n_players"], 1, level))
    if out_dir is not None:
        out_dir = Path(out_dir)
        forest_figure(scores, wins, baseline, out_dir / FOREST_FIGURE, level=level)
        doc.figure(FOREST_FIGURE, f"Paired differences variant − {baseline} per player count and policy, "
                                  f"{level}% intervals over seeds. Left: mean score; right: win share.")

    doc.heading("Verdict")
    doc.text(f"A change is stated only where the {level}% interval excludes zero and the Holm-adjusted p-value is "
             f"below {1 - confidence:.2f}.")
    doc.bullets(verdicts(scores, wins, lengths, confidence))

    doc.heading("First-player advantage by variant")
    doc.text("Win share by position in turn order (1 = moves first), per variant and player count. Each seed "
             f"counts once (its games' mean win share at that position); Wilson {level}% intervals. "
             "p (equal positions) is Hotelling's T² test over seeds that all positions win equally often "
             "(it estimates the variance of the seed means, so dependent rotations are accounted for).")
    seats = seat_table(df, confidence)
    doc.table(seats.select(
        "variant", pl.col("n_players").alias("players"), pl.col("turn_order").alias("position"),
        pl.col("games").alias("seeds"),
        pl.struct("win_share", "lo", "hi").map_elements(
            lambda s: interval_text(s["win_share"], s["lo"], s["hi"], None, least=3),
            return_dtype=pl.String
        ).alias(f"win share [{level}% CI]"),
        pl.col("fair_share").round(3).alias("fair share"),
        pl.col("p_value").map_elements(_p, return_dtype=pl.String).alias("p (equal positions)")))

    if df["policy"].n_unique() >= 2:
        ratings = policy_ratings(df, confidence)
        doc.heading("Policy ratings by variant")
        doc.text(f"Plackett–Luce log-strengths from the finishing ranks (ties split), per variant with all its "
                 f"player counts pooled, centred to mean 0; a difference of 1 multiplies the odds of finishing "
                 f"ahead by e ≈ 2.7. Wald {level}% intervals count games individually (slightly optimistic "
                 f"when rotations share a seed). Maximum likelihood (prior 0) where it exists; otherwise a prior "
                 f"of {PL_PRIOR:g} virtual drawn game(s) per policy against a reference keeps the ratings finite.")
        if ratings.height:
            doc.table(ratings.select(
                "variant", "policy",
                pl.struct("log_strength", "lo", "hi").map_elements(
                    lambda s: interval_text(s["log_strength"], s["lo"], s["hi"], None, least=2),
                    return_dtype=pl.String
                ).alias(f"log-strength [{level}% CI]"),
                "games",
                pl.when(pl.col("prior") > 0).then(pl.format("prior {}", pl.col("prior")))
                .otherwise(pl.lit("maximum likelihood")).alias("fit")))
        fitted = set(ratings["variant"].to_list()) if ratings.height else set()
        missing = [v for v in df["variant"].cast(pl.String).unique(maintain_order=True).to_list() if v not in fitted]
        if missing:
            doc.text(f"No ratings for {', '.join(missing)}: the fit did not converge.")

    doc.heading("Balance by variant")
    doc.text("Tie rate: share of games without an outright winner. Closeness: mean margin between first and "
             "second place divided by the sum of their scores (0 = dead heat). Both count games individually. "
             "Game length: total turns of all players per game; the interval of the mean is over per-seed "
             "means; p10 to p90 are quantiles.")
    balance = balance_table(df, confidence)
    doc.table(balance.select(
        "variant", pl.col("n_players").alias("players"), "games",
        pl.struct("tie_rate", "tie_lo", "tie_hi").map_elements(
            lambda s: interval_text(s["tie_rate"], s["tie_lo"], s["tie_hi"], None, least=3),
            return_dtype=pl.String
        ).alias(f"tie rate [{level}% CI]"),
        pl.struct("closeness", "close_lo", "close_hi").map_elements(
            lambda s: interval_text(s["closeness"], s["close_lo"], s["close_hi"], None, least=3),
            return_dtype=pl.String
        ).alias(f"closeness [{level}% CI]"),
        pl.struct("length", "length_lo", "length_hi").map_elements(
            lambda s: interval_text(s["length"], s["length_lo"], s["length_hi"], None, least=1),
            return_dtype=pl.String
        ).alias(f"mean turns [{level}% CI]"),
        *[pl.col(f"length_q{q}").alias(f"p{q}" if q != 50 else "median") for q in (10, 25, 50, 75, 90)]))
    if out_dir is not None:
        score_distribution_figure(df, baseline, variants, out_dir / SCORES_FIGURE)
        per_policy = score_panels_per_policy(len(variants), df["n_players"].n_unique(), df["policy"].n_unique())
        doc.figure(SCORES_FIGURE, f"Final-score distributions, {baseline} (solid) against each variant (dashed) on "
                                  "the same deals, per player count" + (" and policy." if per_policy else
                                                                         ", all seats and policies pooled."))
        length_distribution_figure(game_lengths(df), baseline, out_dir / LENGTHS_FIGURE)
        doc.figure(LENGTHS_FIGURE, "Game length (total turns of all players) per variant and player count.")
