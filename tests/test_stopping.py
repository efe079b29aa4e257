"""simkit.core.stopping.check on hand-made results frames (no game engine)."""

from types import SimpleNamespace

import numpy as np
import polars as pl

from simkit.core.experiment import StoppingRule
from simkit.core.stopping import check
from simkit.report.run_report import _stopping_note


def paired_frame(differences) -> pl.DataFrame:
    """One 2-player seat per seed for the baseline and variant v, the variant scoring ``differences`` more."""
    d = np.asarray(differences, dtype=float)
    base = np.random.default_rng(0).normal(50, 8, d.size)
    return pl.DataFrame({
        "variant": ["baseline"] * d.size + ["v"] * d.size, "n_players": 2, "policy": "greedy",
        "seed": np.tile(np.arange(d.size), 2), "score": np.concatenate([base, base + d]), "win_share": 0.5,
    })


def halfwidth_rule(target=0.25, min_pairs=100):
    return StoppingRule(batch=100, halfwidth=target, watch="score_delta", sprt_delta=None, alpha=0.05, beta=0.05,
                        min_pairs=min_pairs)


def sprt_rule(delta=0.5, min_pairs=100):
    return StoppingRule(batch=10, halfwidth=None, watch="score_delta", sprt_delta=delta, alpha=0.05, beta=0.05,
                        min_pairs=min_pairs)


def test_identical_pairs_do_not_meet_a_precision_target():
    """Every paired difference 0 so far (a rule that changes 2% of deals, none seen yet): the t interval is
    [0, 0], which met any target before."""
    verdict = check(halfwidth_rule(), paired_frame(np.zeros(500)))
    assert not verdict.stop
    assert "not measured yet" in verdict.detail


def test_precision_target_met_with_enough_changed_pairs():
    d = np.random.default_rng(1).normal(1.0, 1.0, 500)
    verdict = check(halfwidth_rule(), paired_frame(d))
    assert verdict.stop and "half-width 0.08" in verdict.detail
    assert not check(halfwidth_rule(min_pairs=501), paired_frame(d)).stop


def test_sprt_waits_for_its_minimum_sample():
    """Five pairs with a tiny spread decided "difference" before; the sd of five pairs is no basis for it."""
    frame = paired_frame([1.0, 1.1, 0.9, 1.05, 0.95])
    verdict = check(sprt_rule(), frame)
    assert not verdict.stop and verdict.detail == "SPRT v 2p: continue"


def test_sprt_acceptance_of_h0_is_worded_as_no_change_as_large_as_delta():
    verdict = check(sprt_rule(), paired_frame(np.random.default_rng(2).normal(0.0, 1.0, 400)))
    assert verdict.stop
    assert verdict.detail == "SPRT v 2p: no change as large as 0.5 points (smaller ones not ruled out)"
    change = check(sprt_rule(), paired_frame(np.random.default_rng(3).normal(0.8, 1.0, 400)))
    assert change.stop and change.detail == "SPRT v 2p: difference detected"


def test_report_note_states_the_minimum_sample_and_the_sprt_wording():
    note = _stopping_note(SimpleNamespace(stopping=sprt_rule()),
                          paired_frame(np.random.default_rng(2).normal(0.0, 1.0, 400)))
    assert "no stop before 100 seeds" in note and "target reached" in note
    assert note.endswith("SPRT v 2p: no change as large as 0.5 points (smaller ones not ruled out)")
