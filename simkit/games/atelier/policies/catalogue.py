"""The shipped Atelier policies: their parameters and one-line descriptions (spec §8, §6.1b #29)."""

from simkit.core.params import Param

MAX_POLICY_PARAMS = 8
POLICY_PARAMS: dict[str, tuple[Param, ...]] = {
    "random": (),
}
POLICY_DOCS = {
    "random": "uniform over action heads, then over each argument (spec §6.1b #24); fuzz tests only",
}
