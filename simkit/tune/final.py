"""The best few candidates re-played on fresh seeds (none of the search's games), with bootstrap intervals over
deals, and how sure the winner is against the runner-up: both are played on the same fresh deals, so one set of
resampled deals gives a paired interval of their loss difference."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from simkit.tune.evaluate import Evaluation, deal_weights, measure
from simkit.tune.play import CandidateGames
from simkit.tune.spec import TuneSpec


@dataclass(frozen=True)
class Contender:
    label: str
    trial: int | None  # None: the reference (the values in use)
    rules: dict[str, Any]
    thresholds: dict[str, Any]
    search_loss: float | None
    search_games: int | None


@dataclass(frozen=True)
class Scored:
    contender: Contender
    point: Evaluation
    resampled: Evaluation  # on the shared bootstrap deals


@dataclass(frozen=True)
class Final:
    seed: int  # the fresh master seed
    games: int  # per cell
    deals: int
    scored: list[Scored]  # finalists by fresh loss, then the reference
    difference: tuple[float, float, float]  # runner-up minus winner loss: estimate, lo, hi
    winner_better: float  # share of resamples where the winner's loss is below the runner-up's
    confidence: float
    cells: tuple[tuple[str, ...], ...]  # each objective's cells

    @property
    def winner(self) -> Scored:
        return self.scored[0]

    @property
    def runner_up(self) -> Scored:
        return self.scored[1]


def fresh_seed(seed: int) -> int:
    """The re-evaluation's master seed: derived from the tune seed, far from it."""
    return int(np.random.SeedSequence([seed, 0xF2E5]).generate_state(1, np.uint64)[0] >> np.uint64(1))


def _key(trial) -> str:
    return json.dumps([trial.user_attrs["rules"], trial.user_attrs["thresholds"]], sort_keys=True)


def finalists(spec: TuneSpec, study) -> list[Contender]:
    """The best distinct candidates that played every rung, by loss (the weighted sum of the objectives); in
    pareto mode the Pareto front's members come first. When too few finished (a short search), the pruned ones
    that got furthest fill the list, by their loss at their last rung (the report shows on how many games)."""
    done = [t for t in study.trials if t.state.name == "COMPLETE"]
    front = {t.number for t in study.best_trials} if spec.budget.mode == "pareto" else set()
    order = sorted(done, key=lambda t: (t.number not in front, t.user_attrs["loss"], t.number))
    pruned = [t for t in study.trials if t.state.name == "PRUNED"]
    order += sorted(pruned, key=lambda t: (-t.user_attrs["games"], t.user_attrs["loss"], t.number))
    picked, seen = [], set()
    for trial in order:
        if _key(trial) not in seen:
            seen.add(_key(trial))
            picked.append(Contender(f"trial {trial.number}", trial.number, trial.user_attrs["rules"],
                                    trial.user_attrs["thresholds"], trial.user_attrs["loss"],
                                    trial.user_attrs["games"]))
        if len(picked) == spec.budget.finalists:
            break
    return picked


def reevaluate(spec: TuneSpec, contenders: list[Contender], jobs: int = 1,
               log: Callable[[str], None] = lambda line: None) -> Final:
    """Contenders (finalists, then optionally the reference) on fresh seeds; at least two finalists."""
    seed = fresh_seed(spec.seed)
    games = CandidateGames(spec, seed, jobs)
    n = spec.games(spec.budget.final_games)
    measures = []
    for c in contenders:
        log(f"re-evaluating {c.label} on {n} fresh games per cell")
        measures.append(measure(games.frame(c.rules, n), spec.objectives, c.thresholds))
    deals = measures[0].seeds
    assert all(np.array_equal(m.seeds, deals) for m in measures), "common random numbers: the same deals"
    weights = deal_weights(len(deals), spec.budget.resamples, spec.seed)
    scored = [Scored(c, m.evaluate(), m.evaluate(weights)) for c, m in zip(contenders, measures)]
    finals = sorted((s for s in scored if s.contender.trial is not None), key=lambda s: float(s.point.loss))
    scored = finals + [s for s in scored if s.contender.trial is None]
    diff = scored[1].resampled.loss - scored[0].resampled.loss
    tail = (1 - spec.budget.confidence) / 2
    lo, hi = np.quantile(diff, [tail, 1 - tail])
    point = float(scored[1].point.loss - scored[0].point.loss)
    return Final(seed, n, len(deals), scored, (point, float(lo), float(hi)), float(np.mean(diff > 0)),
                 spec.budget.confidence, measures[0].cells)
