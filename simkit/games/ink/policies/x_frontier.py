"""Where the heuristic families may put an X/XX token (spec §4.7): not where it leaves no wheel tile placeable
while another placement keeps one.

The token is placed before the tile is chosen (spec §4.1, printed crossing order), so a placement that covers the
last squares some wheel tile could face leaves the turn without a tile. Solo, nobody else takes a tile, so the
wheel never changes again and no later turn can place one: the game runs to the safety bound (big_goal, solo,
seed 6351: its token covered the only squares the six wheel tiles could match, while the 9 other legal placements
kept some wheel tile placeable; tests/ink/test_ink_policies.py).
"""

from simkit.core.jit import njit
from simkit.games.ink.engine.flow import nib_free
from simkit.games.ink.engine.lattice import neighbour
from simkit.games.ink.engine.layout import COVERED, NONE, CrossingOrder, X
from simkit.games.ink.engine.places import free_cells, recolour_facing, tile_placeable


@njit
def wheel_tile_placeable(r, s, p):
    """A tile p may take after the token has a legal placement: any free nib's tile (printed order; the nib just
    left only with `allow_full_lap`), or the tile of the nib already chosen (`crossing_order = "nib_first"`)."""
    if r.crossing_order == CrossingOrder.NIB_FIRST:
        tile = s.nib_tile[s.cross_nib]
        return tile != NONE and tile_placeable(r, s, p, tile, NONE)
    for d in range(1, r.nibs + 1):
        tile = s.nib_tile[d]
        if tile != NONE and nib_free(r, s, p, d) and (d != s.cross_from or r.allow_full_lap) \
                and tile_placeable(r, s, p, tile, NONE):
            return True
    return False


@njit
def strands_the_wheel(r, s, p, q, other):
    """Covering squares q and other leaves no wheel tile placeable. They are covered for the test only: their
    colours are put back."""
    free_cells(r, s, p)  # built before the test covers anything
    colour_q, colour_other = s.sq_colour[p, q], s.sq_colour[p, other]
    s.sq_colour[p, q] = COVERED
    s.sq_colour[p, other] = COVERED
    recolour_facing(r, s, p, q, other)
    placeable = wheel_tile_placeable(r, s, p)
    s.sq_colour[p, q] = colour_q
    s.sq_colour[p, other] = colour_other
    recolour_facing(r, s, p, q, other)
    return not placeable


@njit
def keeps_a_wheel_tile(r, s, p, q, other, legal, n):
    """Covering q and other keeps a wheel tile placeable, or no legal placement of the token (`place_x` actions
    legal[:n]) does."""
    if not strands_the_wheel(r, s, p, q, other):
        return True
    for i in range(n):
        q2 = (legal[i] - X) // 2
        if not strands_the_wheel(r, s, p, q2, neighbour(s, p, q2, (legal[i] - X) % 2)):
            return False
    return True
