"""`random`: uniform over the engine's legal actions, from the seat's policy stream (fuzz tests only).

The engine asks a unit with two arguments as two decisions (a bonus square, then its colour, value or destination;
a nib or a lifted tile, then the placement; the splashes chosen when bottles run short, one at a time), so this is
uniform over each decision, not yet over the atomic actions of spec §7.1b A7 (which weighs a first step by the
number of ways to finish it).
"""

from simkit.core.jit import njit
from simkit.core.rng import next_below
from simkit.games.ink.engine.legality import legal_actions


@njit
def random_action(r, s, legal):
    n = legal_actions(r, s, legal)
    if n == 0:
        return -1
    return legal[next_below(s.policy_rng[s.current], n)]
