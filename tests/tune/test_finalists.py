"""Which candidates go on to the fresh re-evaluation: the best distinct finished ones, the Pareto front in pareto
mode, and the furthest pruned ones when too few finished."""

from dataclasses import replace

import optuna
from optuna.distributions import IntDistribution
from optuna.trial import TrialState, create_trial

from simkit.tune import load_tune
from simkit.tune.final import finalists


def _trial(x, state, loss, games, losses=None, values=None):
    attrs = {"rules": {"bonus_ribbon_points": x}, "thresholds": {"target": 20}, "loss": loss, "games": games,
             "losses": losses or [loss]}
    kwargs = {"values": values} if values is not None else ({"value": loss} if state == TrialState.COMPLETE else {})
    return create_trial(state=state, params={"bonus_ribbon_points": x},
                        distributions={"bonus_ribbon_points": IntDistribution(1, 4)}, user_attrs=attrs, **kwargs)


def test_best_distinct_finished_then_furthest_pruned(write_tune, tiny_text):
    spec = load_tune(write_tune(tiny_text))
    spec = replace(spec, budget=replace(spec.budget, finalists=3))
    study = optuna.create_study()
    for t in (_trial(1, TrialState.COMPLETE, 0.3, 16), _trial(2, TrialState.COMPLETE, 0.1, 16),
              _trial(2, TrialState.COMPLETE, 0.1, 16), _trial(3, TrialState.PRUNED, 0.05, 8),
              _trial(4, TrialState.PRUNED, 0.2, 16)):
        study.add_trial(t)
    picked = finalists(spec, study)
    # trial 2 repeats trial 1's candidate; trial 4 got further than trial 3 before it was pruned
    assert [c.label for c in picked] == ["trial 1", "trial 0", "trial 4"]
    assert [c.search_games for c in picked] == [16, 16, 16]


def test_pareto_front_first_by_weighted_sum(write_tune, tiny_text):
    spec = load_tune(write_tune(tiny_text.replace("seed = 7", 'seed = 7\nmode = "pareto"')
                                .replace("finalists = 2", "finalists = 4")))
    study = optuna.create_study(directions=["minimize", "minimize"])
    # weights 1 and 0.5: weighted sums 0.55, 0.45, 0.50, 0.525; the last is dominated by the second
    for x, values in ((1, [0.1, 0.9]), (2, [0.4, 0.1]), (3, [0.2, 0.6]), (4, [0.45, 0.15])):
        study.add_trial(_trial(x, TrialState.COMPLETE, values[0] + 0.5 * values[1], 16, values, values=values))
    picked = finalists(spec, study)
    assert [c.label for c in picked] == ["trial 1", "trial 2", "trial 0", "trial 3"]  # the front first
