"""The shipped Atelier policies: their parameters and one-line descriptions (spec §8, §6.1b #29); the parameter
order is the order of each compiled policy's parameter vector."""

from simkit.core.params import Param
from simkit.games.atelier.policies import painter

MAX_POLICY_PARAMS = 8
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
}
POLICY_DOCS = {
    "random": "uniform over action heads, then over each argument (spec §6.1b #24); fuzz tests only",
    "painter": painter.__doc__.split("\n\n")[0].replace("\n", " "),
}
assert [p.name.upper() for p in POLICY_PARAMS["painter"]] == ["VP_WEIGHT", "PATRON_WEIGHT", "MASTERPIECE_BONUS",
                                                            "RESERVE_TOKENS"]
