"""`simkit tune TUNE.toml`: search rule values (and objective thresholds) for a balance objective.

spec (the TOML file) -> search (Optuna trials raced over growing numbers of games on common random numbers) ->
final (the best few re-played on fresh seeds, paired bootstrap intervals) -> report (HTML and Markdown).
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

from simkit.core.errors import SimkitError
from simkit.tune.final import Contender, finalists, reevaluate
from simkit.tune.play import CandidateGames
from simkit.tune.report import write_report
from simkit.tune.search import search
from simkit.tune.spec import TuneSpec, load_tune, parse_tune

__all__ = ["TuneSpec", "load_tune", "parse_tune", "quick_spec", "run_tune"]


def quick_spec(spec: TuneSpec) -> TuneSpec:
    """A smoke-test budget: few trials, a quarter of the games (at least one deal)."""
    b = spec.budget
    return replace(spec, budget=replace(b, trials=min(b.trials, 12), start_games=max(1, b.start_games // 4),
                                        final_games=max(2, b.final_games // 4), resamples=min(b.resamples, 500),
                                        quick=True))


def run_tune(spec: TuneSpec, out: Path, *, jobs: int = 1, trials: int | None = None,
             log: Callable[[str], None] = lambda line: None) -> Path:
    start = time.perf_counter()
    games = CandidateGames(spec, spec.seed, jobs)
    study = search(spec, games, trials or spec.budget.trials, log)
    contenders = finalists(spec, study)
    if len(contenders) < 2:
        raise SimkitError(f"only {len(contenders)} distinct candidate(s) were tried: raise tune.trials (or --trials) "
                          "or widen the space")
    if spec.reference is not None:
        contenders.append(Contender("reference (in use)", None, *spec.reference, None, None))
    final = reevaluate(spec, contenders, jobs, log)
    played = games.played + final.games * len(spec.base.cells) * len(contenders)
    return write_report(spec, study, final, out, elapsed=time.perf_counter() - start, jobs=jobs, played=played)
