"""The search: Optuna trials, sequential and seeded (the same file and seed give the same trials), each candidate
raced over growing numbers of games on the same seeds (rungs: start_games, twice that, ...). In `sum` mode a
trial reports its loss after every rung and the pruner (successive halving or median) stops the ones that trail;
in `pareto` mode (Optuna does not prune multi-objective studies) every trial plays the last rung."""

from __future__ import annotations

from typing import Callable

from simkit.core.errors import SimkitError
from simkit.tune.evaluate import measure
from simkit.tune.play import CandidateGames
from simkit.tune.space import candidate
from simkit.tune.spec import TuneSpec


def require_optuna():
    try:
        import optuna
    except ImportError:
        raise SimkitError("simkit tune needs Optuna: pip install 'simkit[tune]' (or pip install optuna)") from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def _pruner(optuna, spec: TuneSpec):
    if spec.budget.mode == "pareto" or spec.budget.pruner == "none" or spec.budget.rungs == 1:
        return optuna.pruners.NopPruner()
    if spec.budget.pruner == "median":
        return optuna.pruners.MedianPruner(n_startup_trials=5, n_warmup_steps=0)
    # rung k is reached at min_resource * 2**k games: exactly the doubling rungs
    return optuna.pruners.SuccessiveHalvingPruner(min_resource=spec.rung_games[0], reduction_factor=2)


def search(spec: TuneSpec, games: CandidateGames, trials: int, log: Callable[[str], None] = lambda line: None):
    """The finished study. Every trial keeps its candidate's values (`rules`, `thresholds`), its games per cell
    and each objective's loss at its last rung as user attributes."""
    optuna = require_optuna()
    pareto = spec.budget.mode == "pareto"
    sampler = optuna.samplers.TPESampler(seed=spec.seed, n_startup_trials=min(10, max(trials // 4, 2)))
    kwargs = {"directions": ["minimize"] * len(spec.objectives)} if pareto else {"direction": "minimize"}
    study = optuna.create_study(sampler=sampler, pruner=_pruner(optuna, spec), study_name=spec.name, **kwargs)
    rungs = spec.rung_games[-1:] if pareto else spec.rung_games

    def objective(trial):
        rules, thresholds = candidate(spec.dimensions, trial)
        trial.set_user_attr("rules", rules)
        trial.set_user_attr("thresholds", thresholds)
        for rung, n in enumerate(rungs):
            ev = measure(games.frame(rules, n), spec.objectives, thresholds).evaluate()
            trial.set_user_attr("games", n)
            trial.set_user_attr("losses", [float(x) for x in ev.losses])
            trial.set_user_attr("loss", float(ev.loss))
            if not pareto:
                trial.report(float(ev.loss), n)
                if rung < len(rungs) - 1 and trial.should_prune():
                    raise optuna.TrialPruned()
        return tuple(float(x) for x in ev.losses) if pareto else float(ev.loss)

    def progress(study, trial):
        log(f"trial {trial.number}: {trial.state.name.lower()} at {trial.user_attrs.get('games')} games per cell, "
            f"loss {trial.user_attrs.get('loss', float('nan')):.4f}")

    study.optimize(objective, n_trials=trials, callbacks=[progress])
    return study
