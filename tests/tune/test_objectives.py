"""Objectives on a small hand-made results frame equal hand-computed values."""

import numpy as np
import polars as pl
import pytest

from simkit.tune.evaluate import deal_weights, measure
from simkit.tune.objectives import Objective

# two deals (seeds 5 and 9) of a 2-player cell and one deal (seed 5) of a 3-player cell
ROWS = [
    # variant, n_players, seed, seat, policy, win_share, score, turns
    ("baseline", 2, 5, 0, "a", 1.0, 30, 10), ("baseline", 2, 5, 1, "b", 0.0, 20, 10),
    ("baseline", 2, 5, 0, "b", 0.5, 25, 12), ("baseline", 2, 5, 1, "a", 0.5, 25, 12),
    ("baseline", 2, 9, 0, "a", 0.0, 18, 8), ("baseline", 2, 9, 1, "b", 1.0, 22, 8),
    ("baseline", 3, 5, 0, "a", 1.0, 40, 14), ("baseline", 3, 5, 1, "b", 0.0, 10, 14),
    ("baseline", 3, 5, 2, "a", 0.0, 35, 14),
]
FRAME = pl.DataFrame(ROWS, schema=["variant", "n_players", "seed", "seat", "policy", "win_share", "score", "turns"],
                     orient="row")


def test_spread_per_cell_and_mean_loss():
    obj = Objective("win_share_spread", "s", policies=("a", "b"))
    m = measure(FRAME, [obj], {})
    ev = m.evaluate()
    # 2p: a's seats 1, .5, 0 -> 0.5; b's 0, .5, 1 -> 0.5; 3p: a 0.5, b 0
    np.testing.assert_allclose(ev.stats[0], [0.0, 0.5])
    assert float(ev.loss) == pytest.approx(0.25)
    assert m.cells[0] == ("baseline/2p", "baseline/3p")
    worst = Objective("win_share_spread", "s", policies=("a", "b"), combine="max", players=(2, 3))
    assert float(measure(FRAME, [worst], {}).evaluate().loss) == pytest.approx(0.5)


def test_reach_reads_a_threshold_value():
    obj = Objective("reach", "r", policies=("a",), column="score", threshold="t", target=0.5, players=(2,))
    ev = measure(FRAME, [obj], {"t": 25}).evaluate()
    assert float(ev.stats[0][0]) == pytest.approx(2 / 3)  # a's 2p scores 30, 25, 18
    assert float(ev.loss) == pytest.approx(1 / 6)
    assert float(measure(FRAME, [obj], {"t": 31}).evaluate().stats[0][0]) == 0.0


def test_seat_advantage_and_game_length():
    seats = Objective("seat_advantage", "seats")
    ev = measure(FRAME, [seats], {}).evaluate()
    # 2p: seat 0 wins 1.5 of 3 -> 0.5 (fair); 3p: seat 0 wins 1 of 1 -> |1 - 1/3|
    np.testing.assert_allclose(ev.stats[0], [0.0, 2 / 3])
    length = Objective("game_length", "len", column="turns", low=9, high=11)
    ev = measure(FRAME, [length], {}).evaluate()
    np.testing.assert_allclose(ev.stats[0], [10.0, 14.0])  # one row per game: seat 0
    assert float(ev.loss) == pytest.approx((0 + 3) / 2)


def test_weighted_sum_and_resampled_deals():
    objs = [Objective("win_share_spread", "s", weight=2.0, policies=("a", "b")),
            Objective("seat_advantage", "seats", weight=0.5)]
    m = measure(FRAME, objs, {})
    assert float(m.evaluate().loss) == pytest.approx(2 * 0.25 + 0.5 * (1 / 3))
    ones = np.ones((3, len(m.seeds)))
    np.testing.assert_allclose(m.evaluate(ones).loss, [float(m.evaluate().loss)] * 3)
    # deal 9 alone: 2p spread a 0 - b 1 = -1; the 3p cell has no games there
    only_nine = np.array([[0.0, 1.0]])
    assert m.evaluate(only_nine).stats[0][0, 0] == pytest.approx(-1.0)
    w = deal_weights(40, 100, seed=1)
    assert w.shape == (100, 40) and np.all(w.sum(axis=1) == 40)
    np.testing.assert_array_equal(w, deal_weights(40, 100, seed=1))
