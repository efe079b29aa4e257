"""Couleurs de Paris policies, compiled with numba so the batch loop and the step-by-step API play identical games.

- random: uniform over the legal *options* other than "decline", declining only when nothing else is legal
  (spec §13.9). Its random stream is the seat's policy stream of the game seed. Two readings make "option"
  precise:
  * A cube placement (paint, free paint, Degas) is one option per colour: positions within the grid have no
    rule effect (spec §5.1), so "put a red cube on the painting" is one choice however many squares would take
    it. The random policy draws a colour uniformly, then a square uniformly among those that take it. (Counting
    every (square, colour) pair instead makes white, legal on every empty square, crowd out the coloured cubes
    the painting needs; the painting is then rarely completed and games drift to the round cap.) A Valadon
    white is one option per opponent it is taken from.
  * Placing an assistant where its action could only be declined (in Phase 1, when the action's requirements
    are not met now) is a decline chosen early; it is taken only when no other placement exists.
- heuristic (heuristics.py): a rule-based player with designer-facing parameters.
- search (search.py): rollouts of the heuristic at every placement.
"""

from __future__ import annotations

import numpy as np

from simkit.core import explain
from simkit.core.jit import njit
from simkit.core.params import Param
from simkit.core.rng import next_below
from simkit.games.couleurs.rules.components import MAX_SECTORS, PAINT
from simkit.games.couleurs.engine.transitions import action_of_slot, fill_legal, resolvable
from simkit.games.couleurs.policies.heuristics import N_LOWER, N_NEEDS
from simkit.games.couleurs.engine.painting import paint_ok_on, valadon_anywhere
from simkit.games.couleurs.policies.search import MAX_CANDIDATES, MAX_ROLLOUTS
from simkit.games.couleurs.engine.state import (BUY, COLOUR, DECLINE, MAX_LEGAL, N_ACTIONS, PAINT_CUBE, PLACE, STOP,
                                                USE, VALADON, Stage)

RANDOM, HEURISTIC, SEARCH = 0, 1, 2
MAX_PARAMS = 8
TIERS = ("cheap", "balanced", "expensive")
UPGRADES = ("even", "brush", "tube", "palette")
HIRES = ("never", "early", "eager")
BLACKS = ("spare", "patient", "planned", "auto")
POLICY_PARAMS = {
    "random": (),
    "heuristic": (
        Param("tier", "balanced", "painting-tier preference in the draft and for the next active painting: cheap "
              "(low tiers first), expensive (high tiers first), balanced (best value per expected effort)",
              choices=TIERS),
        Param("upgrades", "brush", "which tool it upgrades first: even, brush, tube or palette", choices=UPGRADES),
        Param("white_tolerance", 2, "whites it accepts on one painting (each costs white_penalty at the end)",
              low=0, high=3),
        Param("black_signatures", True, "whether it mixes black and signs its paintings (6 PP each)"),
        Param("hire", "early", "at a track's bonus space, when it hires an assistant instead of taking the 6 PP "
              "token: never, early (up to round 6), eager (up to round 9, and it pushes its most advanced track to "
              "the bonus space first)", choices=HIRES),
        Param("black_eagerness", "auto", "how it goes for black signatures (with black_signatures): spare mixes "
              "black only from secondaries it has to spare; patient, once its painting's own secondaries are in "
              "hand, gathers an orange, green and purple for a black, mixes it and signs before the last squares; "
              "planned gathers them from the start; auto is planned with the painting market (base game) and "
              "patient otherwise", choices=BLACKS),
    ),
}
POLICY_PARAMS["search"] = (
    Param("rollouts", 4, "continuations per candidate placement (the hidden decks are resampled for each)",
          low=1, high=MAX_ROLLOUTS),
    Param("candidates", 4, "placements tried: the heuristic's best ones", low=1, high=MAX_CANDIDATES),
    *POLICY_PARAMS["heuristic"],
)
POLICY_IDS = {"random": RANDOM, "heuristic": HEURISTIC, "search": SEARCH}
POLICY_DOCS = {
    "random": "uniform over the legal options other than declining (a cube placement is one option per colour); "
              "declines only when forced",
    "heuristic": "plans around its active painting: gathers the colours it lacks, mixes the missing secondaries, "
                 "paints, exhibits, upgrades with spare cubes; uses painter powers and bonus cards",
    "search": "at each placement, plays its best `candidates` placements out `rollouts` times with the heuristic "
              "(its parameters) over resampled hidden decks and keeps the best mean margin",
}

# The compiled policies' scratch, reused from turn to turn (no allocation in the game loop), as one record: numba
# passes a record by pointer and its fields as arrays without reference counts, while each array argument of a call
# costs two atomic reference-count updates (docs/adding-a-game.md). The search policy has its own in addition
# (search.new_search_workspace).
WORKSPACE_DTYPE = np.dtype([
    ("legal", "i8", MAX_LEGAL), ("keys", "i8", MAX_LEGAL),  # the random policy's legal list and option keys
    ("params", "f8", MAX_PARAMS),  # the deciding heuristic's parameters (dispatch.choose_action copies them)
    # the heuristic's cubes in hand (or planned) and what its painting needs (heuristics.needs), the painting it
    # plans around, and the values of the lower actions this decision (heuristics.value_lower_actions)
    ("have", "i8", 8), ("need", "i8", N_NEEDS), ("focus", "i8"), ("value", "f8", N_LOWER),
    ("explain", "f8", explain.SIZE),  # the candidates a policy weighed (`core.explain`)
], align=True)


def new_workspace() -> np.ndarray:
    """A blank workspace: a one-record array (the compiled code takes its record, [0])."""
    return np.zeros(1, WORKSPACE_DTYPE)


@njit
def effective(r, s, p, loc):
    """Whether the action at location loc would do something for p now: its requirements are met and, for a
    paint, at least one reserve cube can go on a painting in progress (a paint that places nothing is a decline)."""
    if not resolvable(r, s, p, loc):
        return False
    if loc < MAX_SECTORS and action_of_slot(r, s, loc) == PAINT:
        for i in range(s.n_kept[p]):
            for q in range(9):
                for c in range(8):
                    if paint_ok_on(r, s, p, i, q, c):
                        return True
        return valadon_anywhere(r, s, p)
    return True


@njit
def is_decline(r, s, p, a):
    """Declining an assistant's action, stopping a placement early, or choosing an assistant whose action could
    only be declined (spec §13.9): placing it (Phase 1) or resolving it (Phase 2)."""
    if s.stage == Stage.PLACE and PLACE <= a < USE:
        return not effective(r, s, p, a - PLACE)
    if s.stage == Stage.TURN and USE <= a < DECLINE:
        return not effective(r, s, p, a - USE)
    return (DECLINE <= a < COLOUR) or a == STOP


@njit
def option_key(r, s, a):
    """The option an action belongs to: a cube placement is keyed by its colour (and a Valadon white by the
    opponent it comes from), any other action is an option of its own."""
    st = s.stage
    if st == Stage.PAINT or st == Stage.FREE_PAINT or st == Stage.DEGAS:
        if PAINT_CUBE <= a < VALADON:
            return N_ACTIONS + (a - PAINT_CUBE) % 8
        if VALADON <= a < BUY:
            return N_ACTIONS + 8 + (a - VALADON) // 9
    return a


@njit
def random_action(r, s, p, ws):
    n = fill_legal(r, s, ws.legal)
    if n == 0:
        return -1
    # distinct option keys of the non-decline actions, in order of first appearance
    keys = ws.keys
    k = 0
    for i in range(n):
        a = ws.legal[i]
        if is_decline(r, s, p, a):
            continue
        key = option_key(r, s, a)
        new = True
        for j in range(k):
            if keys[j] == key:
                new = False
                break
        if new:
            keys[k] = key
            k += 1
    if k == 0:
        return ws.legal[next_below(s.policy_rng[p], n)]
    key = keys[next_below(s.policy_rng[p], k)]
    m = 0
    for i in range(n):
        a = ws.legal[i]
        if not is_decline(r, s, p, a) and option_key(r, s, a) == key:
            m += 1
    pick = next_below(s.policy_rng[p], m)
    for i in range(n):
        a = ws.legal[i]
        if not is_decline(r, s, p, a) and option_key(r, s, a) == key:
            if pick == 0:
                return a
            pick -= 1
    return -1
