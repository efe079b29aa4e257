"""The shipped Ink policies: their parameters and one-line descriptions (spec §9); the parameter order is the order
of each compiled policy's parameter vector."""

from simkit.core.params import Param

MAX_POLICY_PARAMS = 1
POLICY_PARAMS: dict[str, tuple[Param, ...]] = {"random": ()}
POLICY_DOCS = {"random": "uniform over the legal atomic actions (spec §9, §7.1b A7); fuzz tests only"}
