"""The skill ladder's comparisons (simkit.analysis.ladder): A rotates through every seat of each deal, so with two
players A's and B's shares of a deal add up to 1 whichever is called A; the excess share is measured from 1/n."""

import numpy as np

from simkit.analysis.ladder import Comparison, compare
from simkit.core.rng import game_seeds


def test_a_rotates_through_the_seats_of_each_deal():
    seeds = game_seeds(7, 0, 6)
    rules = {"n_players": 2}
    ab = compare("ink", rules, {"policy": "small_goal"}, {"policy": "big_goal"}, seeds)
    ba = compare("ink", rules, {"policy": "big_goal"}, {"policy": "small_goal"}, seeds)
    np.testing.assert_allclose(ab.shares + ba.shares, 1.0)
    assert ab.games == 12 and ab.cpu_s > 0
    alone = compare("ink", {"n_players": 3}, {"policy": "random"}, {"policy": "bonus_chaser"}, seeds[:3])
    assert alone.games == 9 and (alone.shares < 1 / 3).all()


def test_the_excess_share_is_measured_from_the_even_share():
    c = Comparison("a", "b", 4, np.array([0.25, 0.5, 0.0, 0.5]), 1.0)
    assert np.isclose(c.excess.estimate, 0.0625) and c.excess.lo < 0 < c.excess.hi
    assert "excess over 0.250: +0.062" in c.text() and "4 deals, 16 games" in c.text()
