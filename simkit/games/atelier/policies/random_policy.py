"""`random`: uniform over action heads, then uniform over each argument in turn (spec §6.1b #24).

The engine asks heads and arguments as separate decisions, so "uniform over the legal actions" is that
distribution everywhere but in a Move (die 3): there each player is asked in turn for "nothing" or one move, and the
spec draws every player uniformly and redraws when nobody moves. Asked in sequence, that is: while nobody has moved,
"nothing" weighs R − 1 and each move R, where R is the number of choices of the players still to be asked
(Π (moves + 1)); once somebody has moved, uniform. Its stream is the seat's policy stream of the game seed.
"""

from simkit.core.jit import njit
from simkit.core.rng import next_below
from simkit.games.atelier.engine.layout import N_COLOURS, SKIP, Stage
from simkit.games.atelier.engine.legality import fill_legal


@njit
def later_choices(r, s):
    """R: the product over the players still to be asked in this Move of (their moves + 1)."""
    n, total = r.n_players, 1
    for k in range(s.move_offset + 1, n):
        q = (s.current + k) % n
        piles = 0
        for c in range(N_COLOURS):
            piles += s.students[q, c] > 0
        total *= piles * (N_COLOURS - 1) + 1
    return total


@njit
def random_action(r, s, ws):
    legal = ws.legal
    n = fill_legal(r, s, legal)
    if n == 0:
        return -1
    rng = s.policy_rng[s.current]
    if s.stage != Stage.MOVE or s.moves_made > 0:
        return legal[next_below(rng, n)]
    weight = later_choices(r, s)
    moves = n - (legal[0] == SKIP)
    total = moves * weight + (weight - 1 if legal[0] == SKIP else 0)
    x = next_below(rng, total)
    if legal[0] == SKIP:
        if x < weight - 1:
            return SKIP
        x -= weight - 1
        return legal[1 + x // weight]
    return legal[x // weight]
