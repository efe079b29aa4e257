"""`random`: uniform over the distinct legal atomic actions of spec §4.10 (§7.1b A7), from the seat's policy
stream (fuzz tests only).

The engine asks some atomic actions as two decisions: a bonus unit with two arguments (`move_bottle` from, to;
`recolour` square, colour; `add_goal` square, value) and a completion whose splashes are chosen when bottles run
short (one square at a time). So the first decision weighs each action by the number of ways to finish it, and the
later ones are uniform: together uniform over the atomic actions. (With `fill_all_splashes = false` a completion
weighs 1 and the player's picks are uniform one by one.)
"""

from simkit.core.jit import njit
from simkit.core.rng import next_below
from simkit.games.ink.engine.areas import compute_areas
from simkit.games.ink.engine.bonus import second_choices
from simkit.games.ink.engine.goals import splash_choices
from simkit.games.ink.engine.layout import COMPLETE, N_RESERVES, SQUARE, TILE, X, Stage
from simkit.games.ink.engine.legality import legal_actions


@njit
def weight(r, s, a):
    """The atomic actions that begin with engine action a."""
    p = s.current
    if s.stage == Stage.GOALS and COMPLETE <= a < TILE:
        return splash_choices(r, s, p, (a - COMPLETE) // N_RESERVES, (a - COMPLETE) % N_RESERVES)
    if s.stage == Stage.BONUS and SQUARE <= a < X:
        return second_choices(r, s, p, a - SQUARE)
    return 1


@njit
def random_action(r, s, legal):
    n = legal_actions(r, s, legal)
    if n == 0:
        return -1
    rng = s.policy_rng[s.current]
    if s.stage != Stage.GOALS and s.stage != Stage.BONUS:
        return legal[next_below(rng, n)]
    compute_areas(s, s.current)
    total = 0
    for i in range(n):
        total += weight(r, s, legal[i])
    x = next_below(rng, total)
    for i in range(n):
        x -= weight(r, s, legal[i])
        if x < 0:
            return legal[i]
    return legal[n - 1]
