"""The compiled policies' scratch (`AtelierGame.policy_args`): arrays they fill during a decision instead of
allocating them, one set per batch loop or step-API state."""

from collections import namedtuple

import numpy as np

from simkit.games.atelier.engine.layout import N_ACTIONS, N_CATEGORIES, N_COLOURS

PolicyScratch = namedtuple("PolicyScratch", "legal need counts weights")


def new_policy_scratch() -> PolicyScratch:
    """legal: a legal-action list; need: cylinders per colour a target lacks (painter.lacking); counts: a player's
    paintings per category (painter.owned_categories); weights: a family's target weights (painter's parameter
    vector)."""
    return PolicyScratch(np.zeros(N_ACTIONS, np.int64), np.zeros(N_COLOURS, np.int64),
                         np.zeros(N_CATEGORIES, np.int64), np.zeros(4))
