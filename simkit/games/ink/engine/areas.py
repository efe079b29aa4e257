"""Areas (spec §3.4) and growth marks (spec §3.5): the engine's hot spot.

An area is a maximal set of open squares (coloured, no bottle) joined by same-colour orthogonal neighbours or by
the joined corners of a diagonal tile (spec §7.1b A3: only when they have the same colour). `area_label[q]` is the
lowest square of q's area (NONE for a square in no area) and `area_size[label]` its size, kept per painting
(`area_label[p, q]`); every change to p's painting calls `touch(s, p)`, and `compute_areas` rebuilds them when asked
again (another player's turn leaves them current). A new
tile (the commonest change) only joins areas: `join_new_tile` updates the labels in place, as the rebuild would.
Beside its size, each area keeps what the policies ask of it: its smallest and largest goal (`area_goal_min`,
`area_goal_max`; 99 and 0 without one) and its free splashes (`area_splashes`), gathered by the same fills.
"""

from simkit.core.jit import njit
from simkit.games.ink.engine.lattice import diagonal_partner, neighbour
from simkit.games.ink.engine.layout import COVERED, N_SIDES, NO_BOTTLE, NONE
from simkit.games.ink.rules.components import SPLASH

JOINING = -2  # area_label of a square already queued by join_new_tile
NO_GOAL_MIN = 99  # area_goal_min of an area without a goal


@njit
def touch(s, p):
    """p's painting changed: its stored areas are stale."""
    s.areas_current[p] = 0


@njit
def is_open(s, p, q):
    """Square q is in the painting, has a colour and no bottle (spec §3.2)."""
    return s.slot_placed[p, q // 4] == 1 and s.sq_colour[p, q] != COVERED and s.sq_bottle[p, q] == NO_BOTTLE


@njit
def compute_areas(s, p):
    """Label every square of p's painting with its area (flood fill from the lowest square of each area)."""
    if s.areas_current[p]:
        return
    label, open_colour = s.area_label[p], s.open_colour[p]
    n = 4 * s.n_slots[p]
    for q in range(n):
        label[q] = NONE
        open_colour[q] = s.sq_colour[p, q] if is_open(s, p, q) else NONE
    fill_areas(s, p, 0)
    s.areas_current[p] = 1


@njit
def fill_areas(s, p, first):
    """Label the open squares from `first` on that have no label yet, each area by its lowest square (the squares
    before `first` are labelled)."""
    label, open_colour = s.area_label[p], s.open_colour[p]
    for start in range(first, 4 * s.n_slots[p]):
        colour = open_colour[start]
        if label[start] != NONE or colour == NONE:
            continue
        label[start] = start
        s.stack[0] = start
        top, size = 1, 0
        gmin, gmax, splashes = NO_GOAL_MIN, 0, 0
        while top > 0:
            top -= 1
            q = s.stack[top]
            size += 1
            gmin, gmax, splashes = with_mark(s.sq_mark[p, q], gmin, gmax, splashes)
            for side in range(N_SIDES + 1):
                other = neighbour(s, p, q, side) if side < N_SIDES else diagonal_partner(s, p, q)
                if other != NONE and label[other] == NONE and open_colour[other] == colour:
                    label[other] = start
                    s.stack[top] = other
                    top += 1
        set_area(s, p, start, size, gmin, gmax, splashes)


@njit
def close_squares(s, p, q, other):
    """Squares q and other of p's painting were just closed (an X token covered them) while its areas were current:
    the areas they were in are filled again (refill_areas). Closing squares only splits areas, so no area grows and
    no growth mark is due (spec §3.5)."""
    refill_areas(s, p, s.area_label[p, q], s.area_label[p, other])


@njit
def refill_areas(s, p, a, b):
    """Squares of the areas labelled a and b (NONE: no area) of p's painting were just closed while its areas were
    current: those areas are filled again, as compute_areas would label them (no other area changes)."""
    label = s.area_label[p]
    first = 4 * s.n_slots[p]
    for t in range(first):
        if label[t] != NONE and (label[t] == a or label[t] == b):
            label[t] = NONE
            s.open_colour[p, t] = s.sq_colour[p, t] if is_open(s, p, t) else NONE
            first = min(first, t)
    fill_areas(s, p, first)


@njit
def mark_changed(s, p, q):
    """Open square q of p's painting got a new mark (a bonus token): its area keeps its squares, so only its goal
    range and free splashes are gathered again, and no area grows (spec §3.5). Stale areas stay stale."""
    label = s.area_label[p, q]
    if not s.areas_current[p] or label == NONE:
        return
    size, gmin, gmax, splashes = 0, NO_GOAL_MIN, 0, 0
    for t in range(label, 4 * s.n_slots[p]):  # an area's squares are not below its label
        if s.area_label[p, t] == label:
            size += 1
            gmin, gmax, splashes = with_mark(s.sq_mark[p, t], gmin, gmax, splashes)
    set_area(s, p, label, size, gmin, gmax, splashes)


@njit
def with_mark(m, gmin, gmax, splashes):
    """An area's smallest and largest goal and free splashes, with one more open square marked m."""
    if m > 0:
        return min(gmin, m), max(gmax, m), splashes
    return gmin, gmax, splashes + (m == SPLASH)


@njit
def set_area(s, p, label, size, gmin, gmax, splashes):
    s.area_size[p, label] = size
    s.area_goal_min[p, label] = gmin
    s.area_goal_max[p, label] = gmax
    s.area_splashes[p, label] = splashes


@njit
def area_of(s, p, q):
    """The size of q's area (0 when q is in none); areas must be current (compute_areas)."""
    label = s.area_label[p, q]
    return 0 if label == NONE else s.area_size[p, label]


@njit
def clear_growth(s, p):
    """The start of p's turn: every growth mark is cleared (spec §3.5)."""
    for q in range(4 * s.n_slots[p]):
        s.sq_grown[p, q] = 0


@njit
def begin_event(s, p):
    """Before an event (spec §3.5): every square's area size; squares of slots not yet made count 0."""
    compute_areas(s, p)
    for q in range(4 * s.n_slots[p]):
        s.size_before[q] = area_of(s, p, q)
    for q in range(4 * s.n_slots[p], min(4 * s.n_slots[p] + 4, len(s.size_before))):
        s.size_before[q] = 0


@njit
def end_event(s, p):
    """After an event: an open square whose area grew gets a growth mark (spec §3.5)."""
    touch(s, p)
    compute_areas(s, p)
    for q in range(4 * s.n_slots[p]):
        if s.area_label[p, q] != NONE and area_of(s, p, q) > s.size_before[q]:
            s.sq_grown[p, q] = 1


@njit
def join_new_tile(s, p, slot):
    """End the event of a new tile (the newest slot) added to p's painting while its areas were current: the
    areas its open squares join become one, labelled by their lowest square, and every square of it gets a growth
    mark (it grew: it holds a new square; spec §3.5). No other area changes, so the labels are compute_areas' own,
    found without a rebuild or a scan of the whole painting."""
    first = 4 * slot
    labels, open_colour = s.area_label[p], s.open_colour[p]
    for q in range(first, first + 4):
        labels[q] = NONE
        open_colour[q] = s.sq_colour[p, q] if is_open(s, p, q) else NONE
    for start in range(first, first + 4):
        colour = open_colour[start]
        if labels[start] != NONE or colour == NONE:
            continue
        labels[start] = JOINING
        s.stack[0] = start
        n, head, label = 1, 0, start
        while head < n:  # breadth first: the queue keeps every square of the joined area
            q = s.stack[head]
            head += 1
            label = min(label, q)
            for side in range(N_SIDES + 1):
                other = neighbour(s, p, q, side) if side < N_SIDES else diagonal_partner(s, p, q)
                if other != NONE and open_colour[other] == colour and labels[other] != JOINING:
                    labels[other] = JOINING
                    s.stack[n] = other
                    n += 1
        gmin, gmax, splashes = NO_GOAL_MIN, 0, 0
        for i in range(n):
            q = s.stack[i]
            labels[q] = label
            s.sq_grown[p, q] = 1
            gmin, gmax, splashes = with_mark(s.sq_mark[p, q], gmin, gmax, splashes)
        set_area(s, p, label, n, gmin, gmax, splashes)
