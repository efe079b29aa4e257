"""The shipped Ink policies: their parameters and one-line descriptions (spec §9); the parameter order is the order
of each compiled policy's parameter vector (heuristic.py reads them as p0, p1, ...)."""

import numpy as np

from simkit.core.compiled import encoded
from simkit.core.params import Param
from simkit.core.search import budget_params
from simkit.games.ink.policies import search
from simkit.games.ink.policies.dispatch import FAMILIES
from simkit.games.ink.rules.vocabulary import Effect

MAX_POLICY_PARAMS = 8
_PASS = Param("pass_threshold", 0.0, "with an empty wild reserve it passes (moving the most bottles palette → wild) "
              "when the best tile on the wheel is worth less than this (0: only when no move is legal)",
              low=0.0, high=10.0)
POLICY_PARAMS: dict[str, tuple[Param, ...]] = {
    "random": (),
    "big_goal": (
        Param("min_goal_value", 5, "goals below this value are worth little (0.25): it builds toward the big ones",
              low=3, high=7),
        Param("area_growth_weight", 1.0, "weight of a big goal's value and of joining large areas", low=0.0,
              high=10.0),
    ),
    "small_goal": (
        Param("max_goal_value", 4, "goals above this value are worth little (0.25); smaller ones are worth more",
              low=3, high=7),
    ),
    "splash_maximiser": (
        Param("splash_weight", 2.0, "value per free splash in the area a goal completes (bottles placed with it)",
              low=0.0, high=10.0),
    ),
    "palette_first": (_PASS,),
    "wild_first": (_PASS,),
    "bonus_chaser": tuple(Param(f"value_{e.name.lower()}", 1.0, f"value added to a goal whose row holds a "
                                f"{e.name.lower()} bonus", low=0.0, high=10.0) for e in Effect),
    "search": (
        *budget_params(8, 4, search.MAX_ROLLOUTS, search.MAX_CANDIDATES,
                       "actions searched per decision: the first this many in the rollout family's own order "
                       "(1: the family itself)"),
        Param("rollout_policy", "bonus_chaser", "the heuristic family every seat plays in the rollouts (at its "
              "defaults), and the searcher outside the searched decisions", choices=FAMILIES),
        Param("evidence", 1.0, "standard errors by which a candidate's mean paired gain over the family's own "
              "choice must exceed 0 for the search to take it (0: the best mean)", low=0.0, high=10.0),
    ),
}
POLICY_DOCS = {
    "random": "uniform over the legal atomic actions (spec §9, §7.1b A7); fuzz tests only",
    "big_goal": "builds large areas and values goals by size (§9 big_goal)",
    "small_goal": "completes small goals first and values them most (§9 small_goal)",
    "splash_maximiser": "places tiles and completes goals by the bottles they place: goal + free splashes (§9)",
    "palette_first": "spends palette bottles whenever the colour allows, keeps the wild ones flexible (§9)",
    "wild_first": "spends wild bottles first (§9, the pair of palette_first)",
    "bonus_chaser": "values goals by the bonus tile in their row and uses every bonus (§9)",
    "search": search.__doc__.split("\n\n")[0].replace("\n", " "),
}


def family_defaults() -> np.ndarray:
    """Each heuristic family's default parameter vector, a row per family in FAMILIES order (the search's
    rollouts play the families at their defaults)."""
    out = np.zeros((len(FAMILIES), MAX_POLICY_PARAMS))
    for f, name in enumerate(FAMILIES):
        values = [encoded(p, p.default) for p in POLICY_PARAMS[name]]
        out[f, :len(values)] = values
    return out
