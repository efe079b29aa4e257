"""Own and black bottles (spec §4.4 requirement 4, §4.9): the reserves, which may pay for a colour, taking bottles,
and the last-bottle trigger (spec §5.1)."""

from simkit.core.jit import njit
from simkit.games.ink.engine.layout import END_LAST_BOTTLE, Reserve


@njit
def own_left(s, p):
    return s.res_palette[p] + s.res_wild[p]


@njit
def reserve_count(s, p, reserve):
    if reserve == Reserve.PALETTE:
        return s.res_palette[p]
    if reserve == Reserve.WILD:
        return s.res_wild[p]
    return s.black_reserve


@njit
def reserve_usable(r, s, p, reserve, colour):
    """Reserve `reserve` may be played on an area of `colour` (spec §4.4 requirement 4; black only once the player
    has no own bottle, §4.9)."""
    if reserve == Reserve.PALETTE:
        palette = s.palette[p]
        return s.res_palette[p] > 0 and (r.palette_colours[palette, 0] == colour
                                         or r.palette_colours[palette, 1] == colour)
    if reserve == Reserve.WILD:
        return s.res_wild[p] > 0
    return own_left(s, p) == 0 and s.black_reserve > 0


@njit
def take_bottle(s, p, reserve):
    """One bottle from `reserve`; True if it is black (a black bottle placed counts for its player, §4.9)."""
    if reserve == Reserve.PALETTE:
        s.res_palette[p] -= 1
        return False
    if reserve == Reserve.WILD:
        s.res_wild[p] -= 1
        return False
    s.black_reserve -= 1
    s.black_placed[p] += 1
    return True


@njit
def trigger(s, code):
    """An end trigger fires (spec §5.1): the first one is the game's end reason."""
    if s.triggers == 0:
        s.end_reason = code
    s.triggers |= code


@njit
def check_last_bottle(s, p):
    """Placing the last own bottle triggers the end (spec §5.1)."""
    if own_left(s, p) == 0 and not s.triggers & END_LAST_BOTTLE:
        trigger(s, END_LAST_BOTTLE)
