"""The tune report: what the search found and how sure it is, the finalists with intervals on fresh seeds, the
racing, the search history and the landscape along each searched value (HTML and Markdown, PNG figures, data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

from simkit.core.params import toml_value
from simkit.report.document import Document
from simkit.report.intervals import interval_text
from simkit.tune import figures as F
from simkit.tune.final import Final, Scored
from simkit.tune.spec import TuneSpec


def trials_frame(spec: TuneSpec, study) -> pl.DataFrame:
    """One row per trial: state, games per cell at its last rung, loss, each objective's loss, each searched
    value (vectors element by element)."""
    rows = []
    for t in study.trials:
        attrs = t.user_attrs
        row = {"trial": t.number, "state": t.state.name.lower(), "games": attrs.get("games"),
               "loss": attrs.get("loss")}
        row.update({f"loss {o.name}": v for o, v in zip(spec.objectives, attrs.get("losses", []))})
        row.update(_scalars(spec, attrs.get("rules", {}), attrs.get("thresholds", {})))
        rows.append(row)
    return pl.DataFrame(rows)


def _scalars(spec: TuneSpec, rules: dict, thresholds: dict) -> dict[str, Any]:
    out = {}
    for dim in spec.dimensions:
        value = (rules if dim.rule else thresholds).get(dim.name)
        if value is not None:
            out.update(dim.components(value))
    return out


def _values(s: Scored) -> str:
    both = {**s.contender.rules, **s.contender.thresholds}
    return ", ".join(f"{k} = {toml_value(v)}" for k, v in both.items())


def _interval(values: np.ndarray, point: float, confidence: float, digits: int | None = None) -> str:
    tail = (1 - confidence) / 2
    lo, hi = np.nanquantile(values, [tail, 1 - tail])
    return interval_text(float(point), float(lo), float(hi), digits)


def found_text(spec: TuneSpec, final: Final) -> str:
    w, r = final.winner, final.runner_up
    d, lo, hi = final.difference
    pct = f"{final.confidence:.0%}"
    text = (f"The tuner's best candidate is {w.contender.label}: {_values(w)}. On {final.games:,} fresh games per "
            f"cell ({final.deals:,} deals, none of them played in the search) its loss is "
            f"{_interval(w.resampled.loss, float(w.point.loss), final.confidence)} ({pct} bootstrap interval over "
            f"deals). Against the runner-up, {r.contender.label} ({_values(r)}), the paired loss difference "
            f"(runner-up minus winner, same fresh deals) is {interval_text(d, lo, hi, None, signed=True)}; the winner "
            f"has the lower loss in {final.winner_better:.0%} of the resampled deal sets. ")
    if lo > 0:
        text += ("The winner is better than the runner-up beyond the interval's noise (it was picked as the best of "
                 f"{len(final.scored) - (1 if final.scored[-1].contender.trial is None else 0)} finalists on these "
                 "same games, which makes the interval slightly optimistic).")
    else:
        text += ("The interval includes zero: on these games the winner and the runner-up cannot be told apart, "
                 "and either is as good an answer.")
    return text


def _contender_table(spec: TuneSpec, final: Final) -> pl.DataFrame:
    rows = []
    for rank, s in enumerate(final.scored):
        c = s.contender
        row = {"rank": "reference" if c.trial is None else str(rank + 1), "candidate": c.label,
               "values": _values(s),
               "search loss": None if c.search_loss is None else f"{c.search_loss:.4f} ({c.search_games} games)",
               "fresh loss": _interval(s.resampled.loss, float(s.point.loss), final.confidence)}
        for o, point, boot in zip(spec.objectives, s.point.losses, s.resampled.losses):
            row[o.name] = _interval(boot, float(point), final.confidence)
        rows.append(row)
    return pl.DataFrame(rows)


def _statistics_table(spec: TuneSpec, final: Final) -> pl.DataFrame:
    rows = []
    for s in final.scored:
        for i, o in enumerate(spec.objectives):
            for j, cell in enumerate(final.cells[i]):
                rows.append({"candidate": s.contender.label, "objective": o.name, "goal": o.goal(), "cell": cell,
                             "statistic": _interval(s.resampled.stats[i][..., j], float(s.point.stats[i][j]),
                                                    final.confidence, 3)})
    return pl.DataFrame(rows)


def _racing_table(trials: pl.DataFrame, rungs: list[int]) -> pl.DataFrame:
    rows = []
    for n in rungs:
        reached = trials.filter(pl.col("games") >= n)
        rows.append({"games per cell": n, "trials that played it": len(reached),
                     "pruned after it": len(reached.filter((pl.col("games") == n) & (pl.col("state") == "pruned")))})
    return pl.DataFrame(rows)


def build_document(spec: TuneSpec, study, trials: pl.DataFrame, final: Final, elapsed: float, jobs: int,
                   played: int) -> Document:
    b = spec.budget
    doc = Document(f"simkit tune: {spec.name}")
    if spec.description:
        doc.text(spec.description)
    if b.quick:
        doc.text("QUICK RUN (--quick): a smoke-test budget of few trials and a quarter of the games; the answer "
                 "below is not a result.")
    doc.heading("Answer")
    d, lo, hi = final.difference
    doc.text(f"Best: {final.winner.contender.label}, {_values(final.winner)}; loss on fresh games "
             f"{_interval(final.winner.resampled.loss, float(final.winner.point.loss), final.confidence)}, runner-up "
             f"minus winner {interval_text(d, lo, hi, None, signed=True)} (paired). The closing note says how sure "
             "this is.")
    doc.heading("Set-up")
    exp = spec.base
    lineup = "; ".join(f"{c.label}: {c.name}" + (f" {dict(c.params)}" if c.params else "") for c in exp.lineup)
    fixed = spec.experiment_data.get("rules", {})
    doc.bullets([
        f"Game: {exp.game.title} (`{exp.game_id}`); tune file `{spec.source}`.",
        "Fixed rules: " + (", ".join(f"`{k} = {toml_value(v)}`" for k, v in fixed.items()) or "the defaults")
        + "; cells (variant x player count): " + ", ".join(f"{c.variant}/{c.n_players}p" for c in exp.cells) + ".",
        f"Lineup (seats {exp.seats}): {lineup}.",
        "Searched: " + "; ".join(_dimension_text(d) for d in spec.dimensions) + ".",
        "Objectives (the loss is the weighted sum of each objective's mean or max over its cells of the distance "
        "to the goal): " + "; ".join(f"{o.name}: {o.goal()}, weight {o.weight:g}, {o.combine} over cells"
                                     for o in spec.objectives) + ".",
        f"Search: {len(study.trials)} Optuna trials (TPE sampler, seed {spec.seed}, one at a time), mode {b.mode}, "
        f"pruner {b.pruner if b.mode == 'sum' else 'none (pareto)'}; rungs of {', '.join(map(str, spec.rung_games))} "
        f"games per cell on master seed {spec.seed}, the same games for every candidate (common random numbers).",
        f"Re-evaluation: the {b.finalists} best distinct candidates"
        + (" and the reference (the values in use)" if spec.reference else "")
        + f" on {final.games:,} games per cell on fresh master seed {final.seed}; intervals: {final.confidence:.0%} "
        f"percentile bootstrap over deals ({b.resamples} resamples, the same for every candidate, so differences "
        "are paired).",
        f"Run time {elapsed:.0f} s with {jobs} job(s); {played:,} games played (a candidate's games are played once).",
    ])
    doc.heading("Finalists on fresh seeds")
    doc.text("Ranked by their loss on the fresh games (the search's loss is on its own games, where the best of many "
             "noisy candidates looks better than it is). Objective columns: each objective's loss.")
    doc.table(_contender_table(spec, final))
    doc.heading("Statistics per objective and cell")
    doc.table(_statistics_table(spec, final))
    doc.heading("Racing")
    state_counts = trials.group_by("state").len().sort("state")
    doc.text("Each candidate played the rungs in turn on the same seeds; after a rung the pruner compared its loss "
             "with the other trials' at that rung and stopped those that trailed. A pruned candidate's loss is "
             "known only on fewer games, so it may have been unlucky: it is a finalist only when too few trials "
             "finished (then its search loss shows its games). Trials by state: "
             + ", ".join(f"{s} {n}" for s, n in state_counts.iter_rows()) + ".")
    doc.table(_racing_table(trials, spec.rung_games))
    doc.heading("Search history")
    doc.figure(F.HISTORY, "Loss of each trial at its last rung; the line is the best finished loss so far.")
    doc.heading("Landscape")
    doc.figure(F.LANDSCAPE, "Loss against each searched value (vectors: each element). Other values vary between "
                            "trials, so each panel is a projection; pruned trials are on fewer games.")
    doc.heading("Closing note")
    doc.text(_closing(spec, final, trials))
    doc.heading("Files")
    doc.bullets(["trials.parquet: one row per trial (state, games, loss, each objective's loss, each value)",
                 "finalists.json: the re-evaluated candidates' values, losses and statistics with intervals",
                 "best.toml: the winner's values as [rules] and [thresholds] lines"])
    return doc


def _dimension_text(d) -> str:
    if d.choices is not None:
        return f"`{d.name}` in {list(d.choices)}"
    kind = "integer" if d.integer else "number"
    what = "rule" if d.rule else "threshold (not a rule: read by the objectives on the same games)"
    if d.length is None:
        return f"`{d.name}` ({what}) {kind} in [{d.low}, {d.high}]" + (" (log scale)" if d.log else "")
    shape = (f"increasing, steps at least {d.min_step}" if d.constraint == "increasing" else "no constraint")
    return f"`{d.name}` ({what}) {d.length} {kind}s in [{d.low}, {d.high}], {shape}"


def _closing(spec: TuneSpec, final: Final, trials: pl.DataFrame) -> str:
    pruned = len(trials.filter(pl.col("state") == "pruned"))
    text = found_text(spec, final)
    ref = [s for s in final.scored if s.contender.trial is None]
    if ref:
        r = ref[0]
        diff = r.resampled.loss - final.winner.resampled.loss
        tail = (1 - final.confidence) / 2
        lo, hi = np.quantile(diff, [tail, 1 - tail])
        text += (f" Against the values in use ({_values(r)}), the winner's loss is lower by "
                 f"{interval_text(float(r.point.loss - final.winner.point.loss), float(lo), float(hi), None)}"
                 " (paired, same fresh deals).")
    text += (f" How sure: the finalists are the best of {len(trials)} trials ({pruned} pruned on fewer games), "
             "so the winner is the best of those tried, not proven the best value there is; the landscape shows "
             "how flat the objective is around it.")
    edges = _on_bounds(spec, final.winner)
    if edges:
        text += (" The winner sits on the edge of the space (" + ", ".join(edges) + "): a better value may lie "
                 "beyond it.")
    return text


def _on_bounds(spec: TuneSpec, s: Scored) -> list[str]:
    """The winner's searched numbers that equal a bound of their dimension."""
    values = {**s.contender.rules, **s.contender.thresholds}
    edges = []
    for dim in spec.dimensions:
        if dim.choices is None:
            edges += [f"{name} = {v} at {'low' if v == dim.low else 'high'}"
                      for name, v in dim.components(values[dim.name]) if v in (dim.low, dim.high)]
    return edges


def finalists_json(spec: TuneSpec, final: Final) -> str:
    out = []
    for s in final.scored:
        c = s.contender
        out.append({"label": c.label, "trial": c.trial, "rules": c.rules, "thresholds": c.thresholds,
                    "search_loss": c.search_loss, "search_games": c.search_games,
                    "fresh_loss": float(s.point.loss),
                    "objectives": {o.name: {"loss": float(s.point.losses[i]),
                                            "cells": dict(zip(final.cells[i], map(float, s.point.stats[i])))}
                                   for i, o in enumerate(spec.objectives)}})
    return json.dumps({"fresh_seed": final.seed, "games_per_cell": final.games, "deals": final.deals,
                       "runner_up_minus_winner": final.difference, "winner_better_share": final.winner_better,
                       "candidates": out}, indent=2)


def best_toml(final: Final) -> str:
    c = final.winner.contender
    lines = [f"# simkit tune: {c.label}", "[rules]"]
    lines += [f"{k} = {toml_value(v)}" for k, v in c.rules.items()]
    if c.thresholds:
        lines += ["", "[thresholds]"] + [f"{k} = {toml_value(v)}" for k, v in c.thresholds.items()]
    return "\n".join(lines) + "\n"


def write_report(spec: TuneSpec, study, final: Final, out: Path, *, elapsed: float, jobs: int, played: int) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    trials = trials_frame(spec, study)
    trials.write_parquet(out / "trials.parquet")
    axes = [c for c in trials.columns if c not in ("trial", "state", "games", "loss") and not c.startswith("loss ")]
    F.history_figure(trials, out / F.HISTORY)
    F.landscape_figure(trials, axes, out / F.LANDSCAPE)
    (out / "finalists.json").write_text(finalists_json(spec, final), encoding="utf-8")
    (out / "best.toml").write_text(best_toml(final), encoding="utf-8")
    build_document(spec, study, trials, final, elapsed, jobs, played).write(out)
    return out
