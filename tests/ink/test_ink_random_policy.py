"""`random` is uniform over the distinct legal atomic actions (spec §7.1b A7): a first decision weighs each engine
action by the ways to finish it."""

import numpy as np

from ink_fixtures import Game
from simkit.core.rng import stream_key
from simkit.games.ink.engine.areas import compute_areas
from simkit.games.ink.engine.goals import splash_choices
from simkit.games.ink.engine.layout import N_ACTIONS, STOP, Reserve, Stage
from simkit.games.ink.policies.random_policy import random_action
from test_ink_bonus import bonus
from test_ink_goals import goals_stage

P = 0


def draws(g: Game, n: int) -> list[int]:
    legal = np.zeros(N_ACTIONS, np.int64)
    out = []
    for k in range(n):
        g.rec["policy_rng"][P, 0] = stream_key(np.uint64(k), np.uint64(32))
        out.append(int(random_action(g.r[0], g.rec, legal)))
    return out


def test_a_short_completion_counts_each_choice_of_splashes():
    g = goals_stage(res=(2, 5))  # palette: the goal and 1 of the 3 splashes: 3 ways
    compute_areas(g.rec, P)
    assert splash_choices(g.r[0], g.rec, P, g.q(P, 0, 0), Reserve.PALETTE) == 3
    assert splash_choices(g.r[0], g.rec, P, g.q(P, 0, 0), Reserve.WILD) == 1


def test_units_with_two_arguments_weigh_their_second_choices():
    g = bonus("R4")  # recolour: 4 squares x 5 colours, or end_bonus
    assert len(g.legal()) == 5 and g.rec["stage"] == Stage.BONUS
    picks = draws(g, 4200)
    stops = picks.count(STOP)
    assert 140 < stops < 260  # 1 in 21 (200); uniform over the 5 engine actions would give 840
