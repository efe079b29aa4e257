"""The heuristic families of spec §9 as one compiled greedy chooser with per-family weights.

Every decision scans the legal atomic actions (engine `legal_actions`; a tile placement, the same actions read
straight from the painting's free-cell table) and takes the best by a one-step score:
- tile placement: for each square of the placed tile, the same-colour open areas it joins (areas of the current
  painting, each counted once): a goal that the joined area would reach in size scores its goal weight plus the
  splash weight per free splash of the area (bottles placeable this turn), else the area-growth weight per square
  joined; the tile's own printed goals and splashes add a little;
- move / choose_nib / extra_tile: the printed goals and splashes of the nib's tile; a start crossing pays a
  penalty of 1; pass (the most bottles palette → wild) only when no move is legal, or, for the reserve pair, when
  the wild reserve is empty and the best tile is worth less than the pass threshold (so passes stay bounded);
- goals: the completable goal with the highest goal weight + splash weight × its area's free splashes, from the
  preferred reserve; goals whose weight is not positive are left;
- the X token: on the squares whose loss costs least (no goal, no splash, small areas), among those that keep a
  wheel tile placeable (x_frontier.py);
- bonuses: palette_to_wild (the most) and extra_tile (the best tile) always; the other effects only when the
  family values them (bonus_chaser), taking the first legal unit (palette_to_wild, a bonus left unused and the
  first unit are chosen without listing the legal actions, as are splash picks and bonus arguments: the first).

Every action valued in these comparisons is noted with its value (`core.explain`); a pass is noted (at the pass
threshold, less the crossing's penalty when the best head crosses) only where the reserve pair weighs it against the
best tile, and a placement of the X token that strands the wheel is no candidate.
"""

from numba.cpython.unsafe.numbers import trailing_zeros

from simkit.core import explain
from simkit.core.jit import njit
from simkit.games.ink.engine.areas import compute_areas, is_open
from simkit.games.ink.engine.lattice import facing_square, key_xy, neighbour
from simkit.games.ink.engine.layout import (CHOICE, COMPLETE, CROSS, MAX_CHOICE, MOVE, N_ORIENTATIONS, N_RESERVES, NIB,
                                            NONE, PASS, STOP, TILE, Reserve, Stage, X)
from simkit.games.ink.engine.legality import first_legal_in, is_legal, legal_actions, unit_range
from simkit.games.ink.engine.orientation import SOURCE
from simkit.games.ink.engine.places import fitting_orientations, forbidden_cell, free_cells, free_index
from simkit.games.ink.policies.x_frontier import keeps_a_wheel_tile
from simkit.games.ink.rules.components import SPLASH
from simkit.games.ink.rules.params import MAX_GOAL_VALUE
from simkit.games.ink.rules.vocabulary import Effect

# families
BIG_GOAL, SMALL_GOAL, SPLASH_MAXIMISER, PALETTE_FIRST, WILD_FIRST, BONUS_CHASER = range(6)
N_EFFECTS = 8


@njit
def goal_weight(r, s, family, v, p0, p1, p2, p3, p4, p5, p6, p7):
    """The value of completing a goal of value v for the family (0 or less: leave it)."""
    if family == BIG_GOAL:
        return float(v) * p1 if v >= p0 else 0.25
    if family == SMALL_GOAL:
        return 8.0 - v if v <= p0 else 0.25
    if family == BONUS_CHASER:
        row = r.bonus_rows[v]
        if row < 0:
            return 1.0
        e = r.bonus_effect[s.row_bonus[row]]
        vals = (p0, p1, p2, p3, p4, p5, p6, p7)
        for i in range(N_EFFECTS):
            if i == e:
                return 1.0 + vals[i]
        return 1.0
    return 1.0


@njit
def goal_weights(r, s, family, p0, p1, p2, p3, p4, p5, p6, p7):
    """s.goal_w[v] = goal_weight of every goal value v, for the many placements of one decision."""
    for v in range(1, MAX_GOAL_VALUE + 1):
        s.goal_w[v] = goal_weight(r, s, family, v, p0, p1, p2, p3, p4, p5, p6, p7)


@njit
def splash_weight(family, p0, p1):
    if family == SPLASH_MAXIMISER:
        return p0
    return 0.5


@njit
def growth_weight(family, p0, p1):
    if family == BIG_GOAL:
        return 0.2 * p1
    if family == SMALL_GOAL:
        return 0.02
    return 0.1


@njit
def tile_value(r, s, family, tile, p0, p1, p2, p3, p4, p5, p6, p7):
    if tile == NONE:
        return -1.0
    v = 0.0
    for k in range(4):
        m = r.tile_mark[tile, k]
        if m > 0:
            v += goal_weight(r, s, family, m, p0, p1, p2, p3, p4, p5, p6, p7)
        elif m == SPLASH:
            v += splash_weight(family, p0, p1)
    return v


@njit
def facing_areas(r, s, p, key):
    """The open squares facing a tile put at place `key`, areas current: for position j across
    its k-th outward side, face f = 2 j + k, s.face_colour[f] (NONE when there is no open square), its area's label,
    size, free splashes, largest and smallest goal, and s.face_same[f], the mask of the earlier faces of that area
    (what placement_score needs of a cell, gathered once for its many orientations)."""
    i = free_index(r, s, p, key)
    x, y = key_xy(s, p, key)
    for f in range(2 * 4):
        set_face(s, p, f, s.free_facing[p, i, f] if i != NONE else facing_square(r, s, p, x, y, f))


@njit
def set_face(s, p, f, q):
    """Face f of the cell facing_areas gathers: square q (NONE: none there)."""
    colour = NONE if q == NONE else s.open_colour[p, q]  # areas are current
    s.face_colour[f] = colour
    if colour == NONE:
        return
    lab = s.area_label[p, q]
    s.face_label[f] = lab
    s.face_size[f] = s.area_size[p, lab]
    s.face_splashes[f] = s.area_splashes[p, lab]
    s.face_goal_max[f] = s.area_goal_max[p, lab]
    s.face_goal_min[f] = s.area_goal_min[p, lab]
    same = 0
    for g in range(f):
        if s.face_colour[g] != NONE and s.face_label[g] == lab:
            same |= 1 << g
    s.face_same[f] = same


@njit
def placement_score(r, s, p, family, a, p0, p1, p2, p3, p4, p5, p6, p7):
    """The one-step score of place_tile action a; facing_areas must hold its cell, prepare_placements the tables."""
    o = (a - TILE) % N_ORIENTATIONS
    weights = s.goal_w
    joined = 0  # the faces whose area the tile joins: an area counts once, at its first joined face
    for f in range(2 * 4):
        if s.face_colour[f] == s.placed_colour[o, f >> 1]:
            joined |= 1 << f
    score = 0.0
    sw = splash_weight(family, p0, p1)
    gw = growth_weight(family, p0, p1)
    for j in range(4):
        if not joined >> 2 * j & 3:  # a square that joins no area
            score += s.placed_alone[o, j]
            continue
        m = s.placed_mark[o, j]
        size = 1
        splashes = 1 if m == SPLASH else 0
        best = s.placed_goal[o, j]
        hi, lo = (m, m) if m > 0 else (0, 99)
        for f in range(2 * j, 2 * j + 2):
            if joined >> f & 1 and not joined & s.face_same[f]:
                size += s.face_size[f]
                splashes += s.face_splashes[f]
                hi = max(hi, s.face_goal_max[f])
                lo = min(lo, s.face_goal_min[f])
        if size > 1:
            gain = gw * (size - 1)
            for v in (hi, lo):
                if 0 < v <= size:
                    w = weights[v] if v <= MAX_GOAL_VALUE else goal_weight(r, s, family, v, p0, p1, p2, p3, p4, p5,
                                                                            p6, p7)
                    if w > 0:
                        gain = max(gain, w + sw * splashes)
            best += gain
        else:
            best += 0.1 * sw * splashes
        score += best
    return score


@njit
def hand_tile_squares(r, s, family, p0, p1, p2, p3, p4, p5, p6, p7):
    """s.placed_colour[o, j], s.placed_mark[o, j]: the square the tile in hand puts at position j in orientation o;
    s.placed_goal[o, j] the value of its own goal (0 without one), and s.placed_alone[o, j] what placement_score
    gives it when it joins no area (the same sum, so the same bits)."""
    tile = s.hand_tile
    sw = splash_weight(family, p0, p1)
    for o in range(N_ORIENTATIONS):
        for j in range(4):
            m = r.tile_mark[tile, SOURCE[o, j]]
            s.placed_colour[o, j] = r.tile_colour[tile, SOURCE[o, j]]
            s.placed_mark[o, j] = m
            best = 0.0
            if m > 0:
                best = 0.3 * (s.goal_w[m] if m <= MAX_GOAL_VALUE else goal_weight(r, s, family, m, p0, p1, p2, p3,
                                                                                  p4, p5, p6, p7))
            s.placed_goal[o, j] = best
            s.placed_alone[o, j] = best + 0.1 * sw * (1 if m == SPLASH else 0)


@njit
def prepare_placements(r, s, p, family, p0, p1, p2, p3, p4, p5, p6, p7):
    """The tables placement_value reads for one decision: the player's areas (with their goals and splashes), the
    goal weights and the squares of the tile in hand."""
    compute_areas(s, p)
    goal_weights(r, s, family, p0, p1, p2, p3, p4, p5, p6, p7)
    hand_tile_squares(r, s, family, p0, p1, p2, p3, p4, p5, p6, p7)


@njit
def placement_value(r, s, p, family, a, cell, p0, p1, p2, p3, p4, p5, p6, p7):
    """The family's value of place_tile action a, after prepare_placements; `cell` is the cell whose facing areas
    the scratch holds (NONE at first). Returns (value, a's cell): a decision's actions of one cell come together,
    so the facing areas are looked up once per cell."""
    c = (a - TILE) // N_ORIENTATIONS
    if c != cell:
        facing_areas(r, s, p, c)
    return placement_score(r, s, p, family, a, p0, p1, p2, p3, p4, p5, p6, p7), c


@njit
def best_placement(r, s, p, notes, family, p0, p1, p2, p3, p4, p5, p6, p7):
    """Stage PLACE_TILE: the legal placement of the best value (the first of equal ones), or -1 when none is legal.
    The placements are tile_placements' own, in its order, read straight from the free-cell table, so a cell's
    facing areas are gathered from its row once for all its orientations."""
    prepare_placements(r, s, p, family, p0, p1, p2, p3, p4, p5, p6, p7)
    best, best_a = -1e18, -1
    for i in range(free_cells(r, s, p)):
        key = s.free_key[p, i]
        fits = fitting_orientations(r, s.hand_tile, s.free_faces[p, i])
        if fits == 0 or forbidden_cell(s, p, key, s.hand_slot):
            continue
        for f in range(2 * 4):
            set_face(s, p, f, s.free_facing[p, i, f])
        while fits:  # the orientations that fit, ascending
            a = TILE + N_ORIENTATIONS * key + trailing_zeros(fits)
            fits &= fits - 1
            v = placement_score(r, s, p, family, a, p0, p1, p2, p3, p4, p5, p6, p7)
            explain.note(notes, a, v)
            if v > best:
                best, best_a = v, a
    return best_a


@njit
def x_damage(s, p, q):
    if q == NONE:
        return 0.0
    d = 0.0
    m = s.sq_mark[p, q]
    if m > 0:
        d += 3.0
    elif m == SPLASH:
        d += 1.0
    if is_open(s, p, q):
        d += 0.05 * s.area_size[p, s.area_label[p, q]]
    return d


@njit
def x_value(s, p, a):
    """The value of place_x action a: minus the damage to the two squares it covers (areas current)."""
    q = (a - X) // 2
    return -(x_damage(s, p, q) + x_damage(s, p, neighbour(s, p, q, (a - X) % 2)))


@njit
def keeps_wheel(r, s, p, a, legal, n):
    """place_x action a keeps a wheel tile placeable (or none of legal[:n] does)."""
    q = (a - X) // 2
    return keeps_a_wheel_tile(r, s, p, q, neighbour(s, p, q, (a - X) % 2), legal, n)


@njit
def best_x_placement(r, s, p, legal, n, notes):
    """Stage PLACE_X: the first legal placement of the highest value among those that keep a wheel tile
    placeable. The wheel test is the costly part, so the placements are tried best first (value, then order) and
    it usually runs once; explained, every placement is tested and the ones that pass are noted."""
    compute_areas(s, p)
    if explain.explaining(notes):
        for i in range(n):
            if keeps_wheel(r, s, p, legal[i], legal, n):
                explain.note(notes, legal[i], x_value(s, p, legal[i]))
    after_v, after_i = 1e18, -1  # the candidate last rejected: the next is the best ranked after it
    while True:
        best, best_i = -1e18, -1
        for i in range(n):
            v = x_value(s, p, legal[i])
            if v > best and (v < after_v or (v == after_v and i > after_i)):
                best, best_i = v, i
        if best_i < 0 or keeps_wheel(r, s, p, legal[best_i], legal, n):
            return legal[best_i] if best_i >= 0 else legal[0]
        after_v, after_i = best, best_i


@njit
def heuristic_action(r, s, legal, notes, family, p0, p1, p2, p3, p4, p5, p6, p7):
    """The family's action for the current player; -1 when none is legal. The candidates it values are noted in
    `notes` (`core.explain`)."""
    p = s.current
    stage = s.stage
    if stage == Stage.BONUS and not s.done:  # STOP is always legal here: the list is needed only to choose a unit
        effect = r.bonus_effect[s.bonus_tile]
        if effect == Effect.PALETTE_TO_WILD:  # the most bottles
            k = min(s.bonus_left, s.res_palette[p], MAX_CHOICE - 1)
            return CHOICE + k if k >= 1 else STOP
        if effect != Effect.EXTRA_TILE and (family != BONUS_CHASER or effect == Effect.MOVE_TILE):
            return STOP
        if effect != Effect.EXTRA_TILE:  # bonus_chaser: the first unit (legal_actions lists them after STOP)
            lo, hi = unit_range(r, s, p)
            a = first_legal_in(r, s, lo, hi)
            return STOP if a == NONE else a
    if (stage == Stage.SPLASHES or stage == Stage.BONUS_ARG) and not s.done:  # the first that is not STOP
        lo, hi = unit_range(r, s, p)
        a = first_legal_in(r, s, lo, hi)
        if a != NONE:
            return a
        return STOP if is_legal(r, s, STOP) else -1
    if stage == Stage.PLACE_TILE and not s.done:
        return best_placement(r, s, p, notes, family, p0, p1, p2, p3, p4, p5, p6, p7)
    n = legal_actions(r, s, legal)
    if n == 0:
        return -1
    best_a = legal[0]
    best = -1e18
    if stage == Stage.TURN or stage == Stage.CHOOSE_NIB:
        for d in range(1, r.nibs + 1):  # each nib's value, read by its move and by a crossing
            s.nib_value[d] = tile_value(r, s, family, s.nib_tile[d], p0, p1, p2, p3, p4, p5, p6, p7)
        pass_a = -1
        for i in range(n):
            a = legal[i]
            if PASS <= a < NIB:
                if pass_a < a:
                    pass_a = a  # the most bottles to the wild reserve
                continue
            if MOVE <= a < CROSS:
                v = s.nib_value[a - MOVE + 1]
            elif a == CROSS:
                v = -1e9
                for d in range(1, r.nibs + 1):
                    v = max(v, s.nib_value[d])
                v -= 1.0
            else:
                v = s.nib_value[a - NIB + 1]
            explain.note(notes, a, v)
            if v > best:
                best, best_a = v, a
        if pass_a >= 0:
            if best == -1e18:
                return pass_a
            # the reserve pair passes on a poor wheel only to refill an empty wild reserve: passes stay bounded
            if (family == PALETTE_FIRST or family == WILD_FIRST) and s.res_wild[p] == 0 and s.res_palette[p] > 0:
                raw = best + 1.0 if best_a == CROSS else best
                explain.note(notes, pass_a, p0 - (raw - best))  # passes when the best is worth less than this
                if raw < p0:
                    return pass_a
        return best_a
    if stage == Stage.GOALS:
        compute_areas(s, p)
        prefer = Reserve.WILD if family == WILD_FIRST else Reserve.PALETTE
        sw = splash_weight(family, p0, p1)
        for i in range(n):
            a = legal[i]
            if a == STOP:
                continue
            q = (a - COMPLETE) // N_RESERVES
            res = (a - COMPLETE) % N_RESERVES
            w = goal_weight(r, s, family, s.sq_mark[p, q], p0, p1, p2, p3, p4, p5, p6, p7)
            if w <= 0:
                continue
            v = w + sw * s.area_splashes[p, s.area_label[p, q]] + (0.5 if res == prefer else 0.0)
            explain.note(notes, a, v)
            if v > best:
                best, best_a = v, a
        if best == -1e18:
            return STOP
        return best_a
    if stage == Stage.PLACE_X:
        return best_x_placement(r, s, p, legal, n, notes)
    if stage == Stage.BONUS:  # extra_tile (the other effects were chosen above)
        for i in range(n):
            a = legal[i]
            if NIB <= a < STOP:
                v = tile_value(r, s, family, s.nib_tile[a - NIB + 1], p0, p1, p2, p3, p4, p5, p6, p7)
                explain.note(notes, a, v)
                if v > best:
                    best, best_a = v, a
        return best_a
    return legal[0]
