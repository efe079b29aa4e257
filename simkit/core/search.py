"""What the games' Monte Carlo search policies share (Atelier, Ink; Couleurs's resampling): the budget parameters,
the resampling of a hidden deck, the common random numbers and the ranking of candidates (and their noted values).

A game's search keeps its own candidates, its own resampling of what its player cannot see, and its own rollout
(the game's transition and heuristic, compiled into it); every rollout of a decision starts from the same seeds, so
the candidates are compared on the same futures (common random numbers).
"""

import numpy as np

from simkit.core.jit import njit
from simkit.core.params import Param
from simkit.core.rng import next_u64, shuffle


def budget_params(rollouts: int, candidates: int, max_rollouts: int, max_candidates: int,
                  candidates_doc: str) -> tuple[Param, Param]:
    """The two budget parameters of a search policy, `rollouts` and `candidates`, at these defaults (the
    conformance suite plays every search with its minimal budget, by these names)."""
    return (Param("rollouts", rollouts, "rollouts per candidate, each to the end of the game", low=1,
                  high=max_rollouts),
            Param("candidates", candidates, candidates_doc, low=1, high=max_candidates))


@njit(any_layout=True)  # decks of several lengths
def reshuffle_unseen(rng, deck, lo, hi):
    """Sort deck[lo:hi], then shuffle it: the result depends on which cards are there, never on their order."""
    unseen = deck[lo:hi]
    unseen.sort()
    shuffle(rng, unseen, hi - lo)


@njit(any_layout=True)
def draw_rollout_seeds(rng, seeds, rollouts):
    """seeds[:rollouts] from the searcher's policy stream: one per rollout, the same for every candidate."""
    for i in range(rollouts):
        seeds[i] = next_u64(rng)


@njit
def better_candidate(share, margin, best_share, best_margin):
    """A candidate's total win share over its rollouts beats the best so far: more, or as much (to rounding) and a
    larger total score margin."""
    return share > best_share + 1e-9 or (share > best_share - 1e-9 and margin > best_margin)


@njit
def gain_lower_bound(total, squares, rollouts, evidence):
    """The lower bound, mean − evidence × standard error, of a candidate's mean paired gain over a base action from
    the sum and the sum of squares of its `rollouts` gains (one rollout: the gain itself). Gains all equal have no
    spread: their bound is the gain."""
    mean = total / rollouts
    if rollouts < 2:
        return mean
    var = max(0.0, (squares - rollouts * mean * mean) / (rollouts - 1))
    return mean - evidence * np.sqrt(var / rollouts)


MARGIN_TIE_BREAK = 1e-7  # the weight of a point of score margin in `rollout_value`


@njit
def rollout_value(share, margin, n_players):
    """An outcome's value for the searcher: its win share, the score margin over the best other player breaking
    ties at MARGIN_TIE_BREAK a point (mean shares differ by 1 / (12 rollouts) at least with up to 4 players: margins
    under 1,000 points apart only order equal shares); solo, where every share is 1, the margin (its score)."""
    return margin if n_players == 1 else share + MARGIN_TIE_BREAK * margin


@njit
def candidate_value(share, margin, rollouts, n_players):
    """The value a search notes for a candidate (`core.explain`) from its totals over `rollouts` rollouts, ranking
    candidates as `better_candidate` does: the mean `rollout_value`, the share rounded to 1e-9 as better_candidate
    compares it (equal shares summed in another order)."""
    return rollout_value(share if n_players == 1 else round(share, 9), margin, n_players) / rollouts

