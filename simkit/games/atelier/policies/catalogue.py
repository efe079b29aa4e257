"""The shipped Atelier policies: their parameters and one-line descriptions (spec §8, §6.1b #29); the parameter
order is the order of each compiled policy's parameter vector."""

from simkit.core.params import Param
from simkit.core.search import budget_params
from simkit.games.atelier.policies import (inspiration_hoarder, majority, masterpiece_rush, painter, patient_roller,
                                           patron_chaser, search)

POLICY_PARAMS: dict[str, tuple[Param, ...]] = {
    "random": (),
    "painter": (
        Param("vp_weight", 1.0, "weight of a painting's VP in its target value", low=0.0, high=10.0),
        Param("patron_weight", 1.0, "weight of the VP its own patrons add for the painting", low=0.0, high=10.0),
        Param("masterpiece_bonus", 1.0, "value added to a masterpiece (toward the First Master)", low=0.0,
              high=20.0),
        Param("reserve_tokens", 0, "Inspiration tokens kept back: it paints with Inspiration only when it holds "
              "inspiration_paint_cost + this many", low=0, high=20),
    ),
    "majority": (
        Param("piles_to_hold", 2, "piles it tries to hold: it places a student to win a pile only while it holds "
              "fewer", low=0, high=4),
        Param("blocking_weight", 1.0, "value of breaking one opponent's majority with a 3, against 1 for winning a "
              "pile itself", low=0.0, high=10.0),
    ),
    "inspiration_hoarder": (
        Param("reserve_tokens", 0, "tokens kept back: it paints with Inspiration only when it holds "
              "inspiration_paint_cost + this many, and rerolls only above that", low=0, high=20),
        Param("patron_draw_threshold", 5, "it draws a patron whenever it holds at least this many tokens (the draw "
              "still needs patron_draw_cost)", low=0, high=20),
    ),
    "masterpiece_rush": (
        Param("rush_start_round", 6, "the first round in which it may rush for masterpieces", low=1, high=50),
        Param("min_lead", 0, "the least lead in painting VP over every other player for it to rush (negative: even "
              "when behind)", low=-50, high=50),
    ),
    "patron_chaser": (
        Param("draws_per_game", 2, "patrons it draws with Inspiration (beyond the ones kept at setup)", low=0,
              high=16),
        Param("category_bias", 3.0, "weight of the VP its patrons add for a painting in its target value (painter's "
              "patron_weight)", low=0.0, high=20.0),
    ),
    "patient_roller": (
        Param("dice_per_turn", 1, "dice it spends per turn before it only paints or ends the turn", low=1, high=6),
    ),
}
POLICY_PARAMS["search"] = (
    *budget_params(8, 4, search.MAX_ROLLOUTS, search.PILE,
                   "heads searched: the first this many in majority's own order (1: majority itself)"),
    *(Param(p.name, p.default, f"majority's {p.name} in the rollouts and outside the turn's heads: {p.doc}", low=p.low,
            high=p.high) for p in POLICY_PARAMS["majority"]),
)
FAMILY_MODULES = {"painter": painter, "majority": majority, "inspiration_hoarder": inspiration_hoarder,
                  "masterpiece_rush": masterpiece_rush, "patron_chaser": patron_chaser,
                  "patient_roller": patient_roller}
POLICY_DOCS = {
    "random": "uniform over action heads, then over each argument (spec §6.1b #24); fuzz tests only",
    **{name: module.__doc__.split("\n\n")[0].replace("\n", " ") for name, module in FAMILY_MODULES.items()},
    "search": search.__doc__.split("\n\n")[0].replace("\n", " "),
}
assert all(getattr(FAMILY_MODULES[name], p.name.upper()) == i for name in FAMILY_MODULES
           for i, p in enumerate(POLICY_PARAMS[name])), "a Param out of its compiled index"
