"""Putting cubes on paintings (spec §7.1 paint, §7.3, §8.4, §10.2, §11.2): which placements are legal, the painting
that receives the next cube, completion, exhibiting (by action or on completion) and Degas.

Every placement (Paint, Manet/Monet/Renoir free squares, Degas moves) goes on painting `s.target`. With one active
painting (variant J) it is that painting. With several unfinished paintings (draft with
`active_painting_limit` > 1, or the base game's market) the player picks the target before each cube (stage
paint_target) unless only one painting can take it. Functions that may open a decision return True ("waiting");
the caller ends the turn otherwise.
"""

from simkit.core.jit import njit
from simkit.games.couleurs.rules.components import Painter, W
from simkit.games.couleurs.engine.ops import (all_filled, has_painter, mismatches, painting_counts, set_square,
                                              to_supply, trigger)
from simkit.games.couleurs.rules.ruleset import ExhibitMode, ReturnColouredOn
from simkit.games.couleurs.engine.state import (CARD_ACTIVE, CARD_EXHIBITED, CARD_RESERVE, EMPTY, PAINT_CUBE, STOP,
                                                TARGET, TRIG_EXHIBIT, VALADON, Stage)


@njit
def workable(r, s, p, i):
    """Painting i of player p is in progress: active (taken, in market mode) and not completed."""
    return s.card_state[p, i] == CARD_ACTIVE and s.complete[p, i] == 0


@njit
def paint_ok_on(r, s, p, i, q, c):
    """Whether a cube of colour c from p's reserve may go on empty square q of p's painting i (spec §7.1)."""
    if not workable(r, s, p, i) or s.squares[p, i, q] != EMPTY or s.reserve[p, c] <= 0:
        return False
    if c < W:
        if r.card_grid[s.cards[p, i], q] == c:
            return True
        return r.module_painters and s.painter[p] == Painter.TOULOUSE_LAUTREC and mismatches(r, s, p, i) + 1 <= 2
    filled, whites, blacks = painting_counts(r, s, p, i)
    if c == W:
        return whites + 1 <= r.max_whites_per_painting
    return blacks + 1 <= r.max_blacks_per_painting


@njit
def free_paint_ok_on(r, s, p, i, q, c):
    """Manet/Monet/Renoir free placement: an empty square requiring pend_colour (free_paint_matching_only), or any
    cube the paint rules allow otherwise."""
    if r.free_paint_matching_only:
        return (c == s.pend_colour and workable(r, s, p, i) and s.squares[p, i, q] == EMPTY and s.reserve[p, c] > 0
                and r.card_grid[s.cards[p, i], q] == c)
    return paint_ok_on(r, s, p, i, q, c)


@njit
def degas_ok_on(r, s, p, i, q, c):
    """Degas: a coloured cube still on the exhibited painting, onto an empty square of painting i that requires
    exactly its colour. In draft mode i must be the painting activated in the exhibited one's place."""
    if s.degas_dst >= 0 and i != s.degas_dst:
        return False
    if not workable(r, s, p, i) or s.squares[p, i, q] != EMPTY or c >= W or r.card_grid[s.cards[p, i], q] != c:
        return False
    return degas_source(r, s, p, c) >= 0


@njit
def degas_source(r, s, p, c):
    """The square of the exhibited painting holding a colour-c cube Degas may move, or -1. With
    return_coloured_on = "completion" the cubes already left: Degas draws a cube of a colour the painting used
    from the supply instead (spec §8.5)."""
    for k in range(9):
        if r.return_coloured_on == ReturnColouredOn.COMPLETION:
            if s.ghost[p, s.degas_src, k] == c and s.supply[c] > 0:
                return k
        elif s.squares[p, s.degas_src, k] == c:
            return k
    return -1


@njit
def valadon_ok_on(r, s, p, i, o, q):
    """Valadon: once per paint action, a white from opponent o onto empty square q of painting i."""
    if (not has_painter(r, s, p, Painter.VALADON) or s.valadon_used or o == p or o >= r.n_players
            or s.reserve[o, W] <= 0):
        return False
    if not workable(r, s, p, i) or s.squares[p, i, q] != EMPTY:
        return False
    filled, whites, blacks = painting_counts(r, s, p, i)
    return whites + 1 <= r.max_whites_per_painting


@njit
def cube_ok(r, s, p, i, kind, a):
    """Whether placement action a (PAINT_CUBE + 8q + c, or VALADON + 9o + q in a paint action) is legal on painting i
    in a placement stage of kind Stage.PAINT, Stage.FREE_PAINT or Stage.DEGAS."""
    if kind == Stage.PAINT and VALADON <= a < VALADON + 36:
        return valadon_ok_on(r, s, p, i, (a - VALADON) // 9, (a - VALADON) % 9)
    if not PAINT_CUBE <= a < PAINT_CUBE + 72:
        return False
    q, c = (a - PAINT_CUBE) // 8, (a - PAINT_CUBE) % 8
    if kind == Stage.PAINT:
        return s.pend_count > 0 and paint_ok_on(r, s, p, i, q, c)
    if kind == Stage.FREE_PAINT:
        return free_paint_ok_on(r, s, p, i, q, c)
    return degas_ok_on(r, s, p, i, q, c)


@njit
def can_place_on(r, s, p, i, kind):
    for a in range(PAINT_CUBE, VALADON + 36):
        if cube_ok(r, s, p, i, kind, a):
            return True
    return False


@njit
def valadon_anywhere(r, s, p):
    if not has_painter(r, s, p, Painter.VALADON) or s.valadon_used:
        return False
    for i in range(s.n_kept[p]):
        for o in range(r.n_players):
            for q in range(9):
                if valadon_ok_on(r, s, p, i, o, q):
                    return True
    return False


@njit
def is_legal_placement(r, s, p, a):
    """Legality in the stages paint, free_paint, degas and paint_target."""
    if s.stage == Stage.PAINT_TARGET:
        if a == STOP:
            return True
        i = a - TARGET
        return 0 <= i < s.n_kept[p] and can_place_on(r, s, p, i, s.target_stage)
    return a == STOP or cube_ok(r, s, p, s.target, s.stage, a)


@njit
def open_target(r, s, p, kind):
    """Open a placement stage of `kind`, picking the target painting: the only candidate, or the player's choice
    (paint_target) among several. A candidate is a painting in progress; for free squares and Degas it must also
    have a legal placement. Returns False when there is none (the placements end)."""
    count, last = 0, -1
    for i in range(s.n_kept[p]):
        if workable(r, s, p, i) and (kind == Stage.PAINT or can_place_on(r, s, p, i, kind)):
            count += 1
            last = i
    if count == 0:
        return False
    s.target_stage = kind
    if count == 1:
        s.target = last
        s.stage = kind
    else:
        s.stage = Stage.PAINT_TARGET
    return True


@njit
def start_paint(r, s, p, count):
    """A paint action placing up to `count` cubes (Brush level); Valadon may add his white."""
    s.pend_count = count
    s.valadon_used = 0
    return continue_brush(r, s, p, Stage.PAINT)


@njit
def continue_brush(r, s, p, kind):
    """After a Paint or free-square placement (or at their start): more cubes to place?"""
    if kind == Stage.PAINT:
        if s.pend_count <= 0 and not valadon_anywhere(r, s, p):
            return False
    elif s.pend_count <= 0:
        return False
    return open_target(r, s, p, kind)


@njit
def resume(r, s, p):
    """After Degas: continue the Paint or free-square action whose cube completed the painting, if any."""
    if s.resume_stage < 0:
        return False
    kind = s.resume_stage
    s.resume_stage = -1
    s.pend_count = s.resume_count
    return continue_brush(r, s, p, kind)


@njit
def place(r, s, p, i, q, c):
    """Put a cube of colour c (already taken from its owner) on square q of p's card i; mark completion.
    Returns True when this filled the 9th square."""
    set_square(r, s, p, i, q, c)
    if not all_filled(r, s, p, i):
        return False
    s.complete[p, i] = 1
    if r.return_coloured_on == ReturnColouredOn.COMPLETION:
        for k in range(9):
            s.ghost[p, i, k] = s.squares[p, i, k] if s.squares[p, i, k] < W else EMPTY
        return_coloured(r, s, p, i)
    return True


@njit
def return_coloured(r, s, p, i):
    for k in range(9):
        c = s.squares[p, i, k]
        if c != EMPTY and c < W:
            to_supply(r, s, c, 1)
            set_square(r, s, p, i, k, EMPTY)


@njit
def apply_placement(r, s, p, a):
    """Apply action a in a placement stage (paint, free_paint, degas, paint_target). Returns True when waiting."""
    st = s.stage
    kind = s.target_stage if st == Stage.PAINT_TARGET else st
    if a == STOP:
        if kind == Stage.DEGAS:
            return end_degas(r, s, p)
        return False
    if st == Stage.PAINT_TARGET:
        s.target = a - TARGET
        s.stage = kind
        return True
    i = s.target
    if a >= VALADON:
        o, q = (a - VALADON) // 9, (a - VALADON) % 9
        s.reserve[o, W] -= 1  # taken from the opponent: no Brush cost
        s.valadon_used = 1
        c = W
    else:
        q, c = (a - PAINT_CUBE) // 8, (a - PAINT_CUBE) % 8
        s.pend_count -= 1
        if st == Stage.DEGAS:
            k = degas_source(r, s, p, c)
            if r.return_coloured_on == ReturnColouredOn.COMPLETION:
                s.ghost[p, s.degas_src, k] = EMPTY
                s.supply[c] -= 1
                s.gained[c] += 1
            else:
                set_square(r, s, p, s.degas_src, k, EMPTY)
        else:
            s.reserve[p, c] -= 1
    if place(r, s, p, i, q, c) and r.exhibit_mode == ExhibitMode.ON_COMPLETION:
        return exhibit_on_completion(r, s, p, i, st)
    if st == Stage.DEGAS:
        if s.pend_count > 0 and open_target(r, s, p, Stage.DEGAS):
            return True
        return end_degas(r, s, p)
    return continue_brush(r, s, p, st)


# ---- exhibiting ---------------------------------------------------------------------------------------------------


@njit
def to_easel(r, s, p, i):
    s.card_state[p, i] = CARD_EXHIBITED
    s.exhibited[p] += 1
    if s.exhibited[p] >= r.end_paintings_exhibited:
        trigger(r, s, TRIG_EXHIBIT)


@njit
def degas_applies(r, s, p):
    return has_painter(r, s, p, Painter.DEGAS) and r.degas_cubes > 0


@njit
def exhibit_on_completion(r, s, p, i, kind):
    """Base game (spec §10.2): painting i, just completed by a placement of stage `kind`, goes to the easel now.
    Degas moves its cubes at once, onto any painting in progress; the interrupted Paint or free-square action
    resumes afterwards. RULING (reconstructed): when a Degas move completes a painting, that move's unmoved cubes
    return to the supply and Degas starts again from the newly exhibited painting."""
    to_easel(r, s, p, i)
    if kind == Stage.DEGAS:
        degas_return(r, s, p)
    else:
        s.resume_stage = kind
        s.resume_count = s.pend_count
    if not degas_applies(r, s, p):
        return_coloured(r, s, p, i)
        return resume(r, s, p)
    s.degas_src = i
    s.degas_dst = -1
    s.pend_count = r.degas_cubes
    if open_target(r, s, p, Stage.DEGAS):
        return True
    return end_degas(r, s, p)


@njit
def end_degas(r, s, p):
    degas_return(r, s, p)
    return resume(r, s, p)


@njit
def degas_return(r, s, p):
    """The cubes Degas did not move go to the supply."""
    if s.degas_src < 0:
        return
    return_coloured(r, s, p, s.degas_src)
    for k in range(9):
        s.ghost[p, s.degas_src, k] = EMPTY
    s.degas_src = -1


@njit
def completed_active(r, s, p):
    """(number of completed active paintings, the last one's index)."""
    count, last = 0, -1
    for i in range(s.n_kept[p]):
        if s.card_state[p, i] == CARD_ACTIVE and s.complete[p, i]:
            count += 1
            last = i
    return count, last


@njit
def exhibit(r, s, p):
    """Spec §7.1 exhibit (draft mode): a completed active painting goes to the easel; with several (§8.4, k > 1)
    the player picks which (stage exhibit_which)."""
    count, last = completed_active(r, s, p)
    if count > 1:
        s.stage = Stage.EXHIBIT_WHICH
        return True
    return exhibit_card(r, s, p, last)


@njit
def exhibit_card(r, s, p, i):
    """Exhibit painting i: coloured cubes return (Degas keeps them for the new active painting); then the player
    activates a reserve painting in its place, if any remain."""
    s.degas_src = -1
    s.resume_stage = -1
    if degas_applies(r, s, p):
        s.degas_src = i  # his coloured cubes wait for the new active painting
    elif r.return_coloured_on != ReturnColouredOn.COMPLETION:  # with "completion" they left when the 9th square filled
        return_coloured(r, s, p, i)
    to_easel(r, s, p, i)
    for k in range(s.n_kept[p]):
        if s.card_state[p, k] == CARD_RESERVE:
            s.stage = Stage.NEW_ACTIVE
            return True
    degas_return(r, s, p)
    return False


@njit
def activate(r, s, p, i):
    """The new active painting after an exhibit; Degas may then move his cubes onto it."""
    s.card_state[p, i] = CARD_ACTIVE
    if s.degas_src < 0:
        return False
    s.degas_dst = i
    s.pend_count = r.degas_cubes
    if open_target(r, s, p, Stage.DEGAS):
        return True
    return end_degas(r, s, p)
