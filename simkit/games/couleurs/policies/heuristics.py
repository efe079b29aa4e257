"""The `heuristic` Couleurs de Paris policy: a rule-based player with designer-facing parameters.

It plans around its active painting: it works out which colours the painting still lacks (whites, up to
`white_tolerance` on the painting, stand in for the hardest squares, secondaries first), which primaries the
mixes for the missing secondaries need, and values every action by the progress it buys. In Phase 1 it places
each assistant on the most valuable free space, counting the cubes its earlier placements of the round will
bring; in Phase 2 it resolves gains first, then mixes, paint, exhibit and upgrades (which it pays with the cubes
it needs least). Painter powers are used when they help (free paints, Degas, Toulouse-Lautrec's mismatches,
Valadon's whites, Cézanne's second upgrade with spare cubes, Gauguin's white in a mix); with bonus cards it buys
a useful card when its exhibit assistant cannot exhibit. At a track's bonus space it hires or takes the token as
`hire` says (eager also pushes a track there); for a signature it mixes black from spare secondaries, or, as
`black_eagerness` says, gathers the black's three secondaries and signs before the painting's last squares.

Parameters (vector order, see policies.POLICY_PARAMS): tier (0 cheap, 1 balanced, 2 expensive), upgrades
(0 even, 1 brush, 2 tube, 3 palette), white_tolerance (0..3), black_signatures (0/1), hire (0 never, 1 early,
2 eager), black_eagerness (0 spare, 1 patient, 2 planned, 3 auto).
It reads only what the player may see (spec §2.4): its own reserve grids, and public information otherwise.
"""

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from simkit.core import explain
from simkit.core.jit import njit
from simkit.games.couleurs.rules.components import (BRUSH, EXHIBIT, GET_BLUE, GET_RED, LOWER_ACTIONS, MAX_SECTORS,
                                                    MIX_BLACK, MIX_ORANGE, MIX_PURPLE, PAINT, PALETTE, TAKE_PAINTING,
                                                    TUBE, UPGRADE_BRUSH, UPGRADE_TUBE, B, G, K, O, P, R, W, Y)
from simkit.games.couleurs.engine.transitions import (action_of_slot, active_index, can_buy, copyable, fill_legal,
                                                      is_legal, level, mix_inputs, non_black, painting_complete,
                                                      place_ok, resolvable, swap_ok)
from simkit.games.couleurs.engine.market import can_take, unfinished
from simkit.games.couleurs.engine.ops import market_mode, painting_counts, painting_market_places, slot_standing
from simkit.games.couleurs.engine.painting import paint_ok_on, valadon_ok_on, workable
from simkit.games.couleurs.engine.state import (ACCEPT, BUY, CARD, CARD_RESERVE, COLOUR, COPY, DECLINE, EFFECT, EMPTY,
                                                HELD, HIRE, KEEP, MIXCARD, N_GRID_COLOURS, N_UPPER, PAINT_CUBE, PLACE,
                                                ROTATE, STOP, SWAP, TAKE, TARGET, TK_NONE, TOKEN, TOOLMOVE, UP_FIRST,
                                                UP_IMITATOR, UP_ROTATE, UP_WHITES, USE, VALADON, Stage)

TIER_CHEAP, TIER_EXPENSIVE = 0, 2  # the `tier` parameter (1 = balanced)
# tool weights (tube, palette, brush) by the `upgrades` parameter: even, brush, tube, palette
UPGRADE_WEIGHTS = np.array([[1.0, 1.0, 1.0], [0.6, 0.6, 1.6], [1.6, 0.6, 0.6], [0.6, 1.6, 0.6]])
# painter preference (components.PAINTERS order): powers that place cubes for free or dodge colours rank high
PAINTER_RANK = np.array([2.0, 1.5, 1.0, 3.0, 3.0, 3.0, 3.5, 1.0, 2.0])
TOLERANCE, SIGN, HIRE_POLICY, BLACK_EAGERNESS = 2, 3, 4, 5  # positions in the parameter vector
# by the `hire` parameter (never, early, eager): the last round in which it hires at a bonus space (an assistant
# hired later plays too few rounds to beat the 6 PP token), and the extra value of an upgrade that brings the
# track it pushes nearer to that hire
HIRE_UNTIL_ROUND = np.array([0, 6, 9])
HIRE_PULL = np.array([0.0, 0.0, 2.0])
BLACK_SPARE, BLACK_PATIENT, BLACK_PLANNED, BLACK_AUTO = 0, 1, 2, 3  # `black_eagerness` levels
SECONDARY_EFFORT = 2.5  # a secondary costs about two primaries' worth of actions (a mix of two primaries)
SUNK = 1e12  # place_action: taken off a full slot's value, below any choice
LOWER_LOCATIONS = (1 << MAX_SECTORS) - 1  # the lower slots' bits in a set of locations (state standing_at)


# ---- what the player needs ------------------------------------------------------------------------------------


@njit(inline="always")  # a short loop, in needs() only
def focus_index(r, s, p):
    """The painting p plans around: the unfinished active painting with the fewest empty squares (the base game's
    market lets p hold several; finishing one before the next keeps cubes from spreading), else the first active
    one (-1: none). With a single active painting (variant J) it is that painting."""
    best, best_empty = -1, 99
    for i in range(s.n_kept[p]):
        if workable(r, s, p, i):
            filled, whites, blacks = painting_counts(r, s, p, i)
            if 9 - filled < best_empty:
                best, best_empty = i, 9 - filled
    return best if best >= 0 else active_index(r, s, p)


KEEP_AT = 11  # needs(): out[KEEP_AT + c] = cubes of colour c to keep in the reserve
SQUARES_AT = KEEP_AT + 7  # needs(): out[SQUARES_AT + c] = empty squares of colour c
N_NEEDS = SQUARES_AT + 6
N_LOWER = len(LOWER_ACTIONS)  # value_lower_actions: one value per lower action


@njit
def needs(r, s, p, ws):
    """What p's active painting asks for, given the cubes ws.have, into out = ws.need (ws.focus: the painting,
    focus_index, which the valuing helpers of the same decision read):
    out[c] = cubes of colour c it still lacks (c < 6; a planned black adds an orange, a green and a purple),
    out[W] = whites to gather for the squares whites will take, out[8 + x] = primaries x the missing secondaries'
    mixes need, out[KEEP_AT + c] = cubes of colour c (c < 7) worth keeping: the squares' colours, a planned
    black's inputs, the inputs of missing secondaries, whites within the tolerance; out[SQUARES_AT + c] = empty
    squares of colour c.
    Returns the empty squares left (0: no painting to work on)."""
    have, out = ws.have, ws.need
    tolerance = int(ws.params[TOLERANCE])
    for c in range(N_NEEDS):
        out[c] = 0
    i = focus_index(r, s, p)
    ws.focus = i
    if i < 0 or painting_complete(r, s, p, i):
        return 0
    filled, whites, blacks = painting_counts(r, s, p, i)
    empty = 9 - filled
    for c in range(N_GRID_COLOURS):
        out[c] = s.to_fill[p, i, c]
    out[KEEP_AT + W] = min(empty, max(0, tolerance - whites))
    for c in range(6):
        out[KEEP_AT + c] = out[c]  # squares of colour c
        out[SQUARES_AT + c] = out[c]
        out[c] = max(0, out[c] - have[c])
    # whites stand in for the squares hardest to fill: secondaries first
    free_whites = max(0, min(tolerance, r.max_whites_per_painting) - whites)
    stand_in = 0
    for c in (O, G, P, R, Y, B):
        take = min(out[c], free_whites - stand_in)
        out[c] -= take
        stand_in += take
    out[W] = max(0, stand_in - have[W])
    if plans_black(r, s, ws, blacks, out[O] + out[G] + out[P] > 0):
        for d in (O, G, P):  # one of each for the black, beyond the painting's squares (whites never stand in)
            if have[d] <= out[KEEP_AT + d]:
                out[d] += 1
            out[KEEP_AT + d] += 1
    palette = level(r, s, p, PALETTE)
    for d in (O, G, P):
        if out[d] > 0:  # mixes still to make, and their inputs
            x, z = mix_inputs(d)
            mixes = (out[d] + palette - 1) // palette
            out[8 + x] += mixes
            out[8 + z] += mixes
            out[KEEP_AT + x] += mixes
            out[KEEP_AT + z] += mixes
    for x in (R, Y, B):  # primaries beyond the painting's own squares feed the mixes
        out[8 + x] = max(0, out[8 + x] - max(0, have[x] - out[KEEP_AT + x] + out[8 + x]))
    return empty


@njit
def wants_signature(r, s, p, ws):
    """Whether p would put a black on the focus painting (black_signatures, none there yet); after needs()."""
    i = ws.focus
    if not ws.params[SIGN] > 0.5 or i < 0 or painting_complete(r, s, p, i):
        return False
    filled, whites, blacks = painting_counts(r, s, p, i)
    return blacks < r.max_blacks_per_painting


@njit
def plans_black(r, s, ws, blacks, lacks_secondary):
    """Whether needs() adds an orange, a green and a purple for a black: for a signature the focus painting (an
    unfinished one holding `blacks`) lacks, with none in hand (ws.have) and one left in the supply.
    black_eagerness patient waits until the painting's own secondaries are in hand (lacks_secondary false),
    planned does not wait; auto is planned with the painting market (base game), patient otherwise (what
    measured best in each)."""
    params = ws.params
    eager = int(params[BLACK_EAGERNESS])
    if eager == BLACK_AUTO:
        eager = BLACK_PLANNED if market_mode(r) else BLACK_PATIENT
    if eager == BLACK_SPARE or (eager == BLACK_PATIENT and lacks_secondary) or s.supply[K] == 0:
        return False
    return params[SIGN] > 0.5 and blacks < r.max_blacks_per_painting and ws.have[K] == 0


@njit
def hire_open(r, s, p, hire):
    """Whether p would still hire at a bonus space now (`hire` policy, assistants left in its reserve)."""
    return s.round <= HIRE_UNTIL_ROUND[hire] and s.owned[p] < r.max_assistants


@njit
def pushed_track(r, s, p, upgrades):
    """The track p pushes towards its bonus space for a hire: the one nearest it (the priority of the `upgrades`
    parameter breaks ties); -1 when every track is past it or already took its bonus."""
    best, best_key = -1, -1.0
    for t in range(3):
        if s.space[p, t] < r.track_bonus_space and s.token_kind[p, t] == TK_NONE:
            key = s.space[p, t] + 0.1 * UPGRADE_WEIGHTS[upgrades, t]
            if key > best_key:
                best, best_key = t, key
    return best


@njit
def spare_cubes(r, s, p, ws):
    """Reserve cubes beyond those worth keeping (see needs)."""
    need = ws.need
    total = 0
    for c in range(7):
        total += max(0, s.reserve[p, c] - need[KEEP_AT + c])
    return total


@njit
def least_needed_colour(r, s, p, ws):
    """The reserve colour (non-black) with the largest surplus over what p keeps, a white's counting half a cube
    more (the first on a tie); -1 if the reserve is empty. Surpluses are compared doubled, as integers."""
    need = ws.need
    best, best_surplus = -1, -(1 << 40)
    for c in range(7):
        surplus = 2 * (s.reserve[p, c] - need[KEEP_AT + c]) + (1 if c == W else 0)
        if s.reserve[p, c] > 0 and surplus > best_surplus:
            best, best_surplus = c, surplus
    return best


# ---- painting choice ------------------------------------------------------------------------------------------


@njit
def card_score(r, s, p, card, tier_pref, tolerance):
    """How much p wants painting card `card`: the tier preference, then how well its colours fit p's reserve."""
    t = r.card_tier[card]
    if tier_pref == TIER_CHEAP:
        score = 10.0 * (3 - t)
    elif tier_pref == TIER_EXPENSIVE:
        score = 10.0 * t
    else:  # value per expected effort: primaries count 1, secondaries SECONDARY_EFFORT, whites stand in for some
        primaries = r.card_colours[card, R] + r.card_colours[card, Y] + r.card_colours[card, B]
        effort = 1.0 * primaries + SECONDARY_EFFORT * (9 - primaries)  # exact: sums of halves
        effort -= (SECONDARY_EFFORT - 1.0) * min(tolerance, 3 + t)
        score = 30.0 * r.painting_values[t] / effort
    fit = 0.0
    for c in range(N_GRID_COLOURS):
        fit += min(r.card_colours[card, c], s.reserve[p, c])
    return score + 0.5 * fit


@njit
def best_card_action(r, s, p, tier_pref, tolerance, draft, ws):
    best, best_score = -1, -1e9
    n = s.hand_n[p] if draft else s.n_kept[p]
    for i in range(n):
        if draft:
            card = s.hand[p, i]
            score = card_score(r, s, p, card, tier_pref, tolerance)
            for k in range(s.n_kept[p]):  # the identical-pair bonus wants two of a type
                if r.card_type[s.cards[p, k]] == r.card_type[card]:
                    score += 2.0
        else:
            if s.card_state[p, i] != CARD_RESERVE:
                continue
            score = card_score(r, s, p, s.cards[p, i], tier_pref, tolerance)
        explain.note(ws.explain, CARD + i, score)
        if score > best_score:
            best, best_score = i, score
    return CARD + best


# ---- action values ----------------------------------------------------------------------------------------------


@njit
def paintable(r, s, p, ws):
    """Cubes a paint action could place now from ws.have (matching colours, whites within the tolerance, a
    signature), capped by the Brush level; after needs()."""
    have, need = ws.have, ws.need
    tolerance, sign = int(ws.params[TOLERANCE]), ws.params[SIGN] > 0.5
    i = ws.focus
    if i < 0 or painting_complete(r, s, p, i):
        return 0, False
    filled, whites, blacks = painting_counts(r, s, p, i)
    count = 0
    for c in range(6):
        count += min(need[SQUARES_AT + c], have[c])
    empty = 9 - filled
    extra = min(have[W], max(0, min(tolerance, r.max_whites_per_painting) - whites))
    if sign and blacks < r.max_blacks_per_painting and have[K] > 0:
        extra += 1
    count = min(empty, count + extra)
    brush = level(r, s, p, BRUSH)
    return min(count, brush), count >= empty and empty <= brush


@njit
def bonus_card_value(r, s, p, card, ws):
    if card == 0:  # Painting: a second paint
        n, done = paintable(r, s, p, ws)
        return 1.0 * n + (3.0 if done else 0.0)
    if card == 2:  # Mixing
        for c in (O, G, P):
            if ws.need[c] > 0:
                return 1.5
        return 0.2
    if card == 4:  # Tool: two free upgrades
        return 2.5
    if card == 3:  # Colour Swap
        return 1.0
    return 0.5  # Imitation


@njit
def value_lower_actions(r, s, p, ws, placing_paint, placing_exhibit):
    """ws.value[a] = action_value(a) for every lower action a: a placement reads its slot's there, the imitator
    those of the slots it could copy. Valued kind by kind in their order, the same branches every decision (which
    the processor learns), with what the upgrades share computed once: valuing only the free slots' actions, in
    the order the wheel turns them to, mispredicted more than the extra actions cost."""
    for a in range(GET_RED, GET_BLUE + 1):
        ws.value[a] = get_value(r, s, p, a, ws)
    for a in range(MIX_ORANGE, MIX_PURPLE + 1):
        ws.value[a] = mix_value(r, s, p, a, ws)
    ws.value[MIX_BLACK] = black_value(r, s, p, ws)
    payable, short = upgrade_terms(r, s, p, ws)
    for a in range(UPGRADE_TUBE, UPGRADE_BRUSH + 1):
        ws.value[a] = upgrade_value(r, s, p, a - UPGRADE_TUBE, ws, payable, short)
    ws.value[PAINT] = paint_value(r, s, p, ws, placing_paint)
    ws.value[EXHIBIT] = exhibit_value(r, s, p, ws, placing_exhibit)
    ws.value[TAKE_PAINTING] = take_value(r, s, p, ws)


@njit
def action_value(r, s, p, a, ws, placing_paint, placing_exhibit):
    """The value of performing lower action a now for p, from the cubes ws.have and the needs ws.need (after
    needs()); placing_paint / placing_exhibit: p already has an assistant standing on a paint / exhibit slot."""
    if a <= GET_BLUE:
        return get_value(r, s, p, a, ws)
    if a <= MIX_PURPLE:
        return mix_value(r, s, p, a, ws)
    if a == MIX_BLACK:
        return black_value(r, s, p, ws)
    if a <= UPGRADE_BRUSH:
        payable, short = upgrade_terms(r, s, p, ws)
        return upgrade_value(r, s, p, a - UPGRADE_TUBE, ws, payable, short)
    if a == PAINT:
        return paint_value(r, s, p, ws, placing_paint)
    if a == EXHIBIT:
        return exhibit_value(r, s, p, ws, placing_exhibit)
    if a == TAKE_PAINTING:
        return take_value(r, s, p, ws)
    return 0.0


@njit(inline="always")
def get_value(r, s, p, a, ws):
    tube = level(r, s, p, TUBE)
    return min(tube, ws.need[a] + ws.need[8 + a]) * 1.0 + 0.15 * tube


@njit(inline="always")
def mix_value(r, s, p, a, ws):
    x, z = mix_inputs(a)
    # 0 without both inputs in hand, by a product rather than a branch (valued every placement, unpredictably)
    return (min(level(r, s, p, PALETTE), ws.need[a]) * 1.6 + 0.1) * ((ws.have[x] > 0) & (ws.have[z] > 0))


@njit
def black_value(r, s, p, ws):
    have, need = ws.have, ws.need
    if not (have[O] > 0 and have[G] > 0 and have[P] > 0 and s.supply[K] > 0):
        return 0.0
    if wants_signature(r, s, p, ws) and have[K] == 0:
        return 3.0 - 1.5 * ((need[O] > 0) + (need[G] > 0) + (need[P] > 0))
    return 0.0


@njit(inline="always")
def upgrade_terms(r, s, p, ws):
    """What every upgrade's value reads: whether p can pay one, and whether paying would cost cubes worth
    keeping."""
    return non_black(r, s, p) >= r.upgrade_cost, spare_cubes(r, s, p, ws) < r.upgrade_cost


@njit(inline="always")  # valued three times a placement
def upgrade_value(r, s, p, t, ws, payable, short):
    """The value of upgrading tool t (upgrade_terms: payable, short)."""
    if s.space[p, t] >= r.track_len[t] or not payable:
        return 0.0
    params = ws.params
    upgrades = int(params[1])
    value = 1.0 * UPGRADE_WEIGHTS[upgrades, t]
    if s.space[p, t] + 1 == r.track_bonus_space:
        value += 1.0
    hire = int(params[HIRE_POLICY])
    if HIRE_PULL[hire] > 0 and hire_open(r, s, p, hire) and pushed_track(r, s, p, upgrades) == t:
        value += HIRE_PULL[hire]
    if short:
        value -= 1.2
    return value


@njit
def paint_value(r, s, p, ws, placing_paint):
    if placing_paint:
        return 0.0
    n, done = paintable(r, s, p, ws)
    return 1.3 * n + (3.0 if done else 0.0)


@njit
def exhibit_value(r, s, p, ws, placing_exhibit):
    i = active_index(r, s, p)
    if i >= 0 and painting_complete(r, s, p, i) and not placing_exhibit:
        return 12.0
    if can_buy(r, s, p):
        return buy_value(r, s, p, ws)
    return 0.0


@njit
def take_value(r, s, p, ws):
    if wants_painting(r, s, p, ws):
        return 6.0 if unfinished(r, s, p) == 0 else 1.5
    if can_buy(r, s, p):
        return buy_value(r, s, p, ws)
    return -1.0  # below every other copy choice: an unwanted painting spreads the cubes


@njit
def buy_value(r, s, p, ws):
    """Module 1: the value of buying the most useful affordable bonus card now."""
    best = 0.0
    for m in range(r.bonus_market_size):
        card = s.bonus_market[m]
        if card >= 0 and r.bonus_cost[card] <= s.reserve[p, W]:
            best = max(best, bonus_card_value(r, s, p, card, ws))
    return best - 0.5


@njit
def wants_painting(r, s, p, ws):
    """Base game: p takes a market painting when it has none in progress, or one a Paint action could nearly
    finish (so the next is ready); never a third, which would spread its cubes."""
    if not can_take(r, s, p):
        return False
    u = unfinished(r, s, p)
    if u == 0:
        return True
    empty = 0
    for c in range(6):
        empty += ws.need[SQUARES_AT + c]
    return u == 1 and empty <= level(r, s, p, BRUSH)


@njit
def best_take(r, s, p, tier_pref, tolerance, ws):
    """The legal TAKE action for the market painting p wants most (card_score), or -1."""
    best, best_score = -1, -1e9
    for m in range(painting_market_places(r)):
        if is_legal(r, s, TAKE + m):
            score = card_score(r, s, p, s.market[m], tier_pref, tolerance)
            explain.note(ws.explain, TAKE + m, score)
            if score > best_score:
                best, best_score = TAKE + m, score
    return best


@njit(inline="always")
def target_action(r, s, p):
    """paint_target: the painting closest to completion among those that can take a matching cube now, else
    among any legal target (finishing paintings one at a time)."""
    best, best_key = STOP, 99
    for i in range(s.n_kept[p]):
        if not is_legal(r, s, TARGET + i):
            continue
        filled, whites, blacks = painting_counts(r, s, p, i)
        key = 9 - filled + (0 if matching_square(r, s, p, i) else 10)
        if key < best_key:
            best, best_key = TARGET + i, key
    return best


@njit
def matching_square(r, s, p, i):
    card = s.cards[p, i]
    for q in range(9):
        if paint_ok_on(r, s, p, i, q, r.card_grid[card, q]):
            return True
    return False


@njit(inline="always")
def exhibit_choice(r, s, p):
    """exhibit_which: the completed painting worth the most."""
    best, best_value = -1, -1
    for i in range(s.n_kept[p]):
        if is_legal(r, s, CARD + i) and r.painting_values[r.card_tier[s.cards[p, i]]] > best_value:
            best, best_value = CARD + i, r.painting_values[r.card_tier[s.cards[p, i]]]
    return best


@njit(inline="always")
def held_action(r, s, p, ws):
    """Option B, after the action: use the most useful held card (unused cards are discarded at the half-turn),
    unless none would help."""
    best, best_value = STOP, 0.5
    for k in range(s.held_n[p]):
        value = bonus_card_value(r, s, p, s.held[p, k], ws)
        if value > best_value and is_legal(r, s, HELD + k):
            best, best_value = HELD + k, value
    return best


@njit
def upper_value(r, s, p, u, ws):
    """The value of placing on upper space u, after value_lower_actions."""
    if u == UP_WHITES:
        return min(level(r, s, p, TUBE), ws.need[W]) * 1.0 + 0.3
    if u == UP_FIRST:
        return 0.4
    if u == UP_ROTATE:
        return 0.05
    best = 0.0  # imitator: the best action it could copy now (a slot is tested only if its action is worth more)
    for j in range(r.n_sectors):
        a = action_of_slot(r, s, j)
        # a slot where no assistant stands sinks (copyable would refuse it) without a branch on it
        value = ws.value[a] - SUNK * (slot_standing(r, s, j) <= 0)
        if value > best and copyable(r, s, p, j):
            best = value
    return best - 0.1


# planned_round's tables by lower action: whether it is a get, a mix, the colour it gains and a mix's inputs (K for
# the others: they add or take nothing)
GETS = np.array([1 if a <= GET_BLUE else 0 for a in range(N_LOWER)])
MIXES = np.array([1 if MIX_ORANGE <= a <= MIX_PURPLE else 0 for a in range(N_LOWER)])
GAINED = np.array([a if a <= MIX_PURPLE else K for a in range(N_LOWER)])
INPUT_X = np.array([mix_inputs(a)[0] if MIX_ORANGE <= a <= MIX_PURPLE else K for a in range(N_LOWER)])
INPUT_Z = np.array([mix_inputs(a)[1] if MIX_ORANGE <= a <= MIX_PURPLE else K for a in range(N_LOWER)])


@njit
def planned_round(r, s, p, ws):
    """What p's standing assistants will do this round: p's reserve plus the cubes they will gain (gets, mixes,
    whites) in ws.have; returns whether one stands on a paint slot and one on an exhibit slot."""
    have = ws.have
    for c in range(8):
        have[c] = s.reserve[p, c]
    on_paint, on_exhibit = False, False
    standing = s.standing_at[p] & LOWER_LOCATIONS
    while standing != 0:  # p's standing lower assistants, by slot
        j = trailing_zeros(standing)
        standing &= standing - 1
        k = s.lower_standing[p, j]
        a = action_of_slot(r, s, j)
        # by table, without a branch per kind of action: a get gains k tube levels of its colour, a mix k palette
        # levels of its colour for k of each input; any other action adds and takes none (of the black, K)
        gained = k * (GETS[a] * level(r, s, p, TUBE) + MIXES[a] * level(r, s, p, PALETTE))
        have[GAINED[a]] += gained
        have[INPUT_X[a]] = max(0, have[INPUT_X[a]] - k * MIXES[a])
        have[INPUT_Z[a]] = max(0, have[INPUT_Z[a]] - k * MIXES[a])
        on_paint |= a == PAINT
        on_exhibit |= a == EXHIBIT
    have[W] += s.whites_standing[p] * level(r, s, p, TUBE)
    return on_paint, on_exhibit


@njit
def prepare_placement(r, s, p, ws):
    """Value p's placements: ws.have and ws.need from the round p has planned, then every lower action's value
    (a paint or exhibit action is worth nothing more when an assistant of p's already stands on one)."""
    on_paint, on_exhibit = planned_round(r, s, p, ws)
    needs(r, s, p, ws)
    value_lower_actions(r, s, p, ws, on_paint, on_exhibit)


@njit(inline="always")  # a read in the placement loops (of the heuristic and the search)
def placement_value(r, s, p, loc, ws):
    """The value of placing an assistant on location loc, after prepare_placement."""
    if loc < MAX_SECTORS:
        return ws.value[action_of_slot(r, s, loc)]
    return upper_value(r, s, p, loc - MAX_SECTORS, ws)


@njit
def place_action(r, s, p, ws):
    prepare_placement(r, s, p, ws)
    best, best_value = PLACE + MAX_SECTORS + UP_WHITES, -1e9
    for j in range(r.n_sectors):  # the lower slots, then the upper spaces (location order)
        ok = place_ok(r, s, p, j)
        value = placement_value(r, s, p, j, ws)
        if explain.explaining(ws.explain) and ok:
            explain.note(ws.explain, PLACE + j, value)
        # a full slot's value sinks below the start (values are a few points): no branch on the slot's occupancy
        value -= SUNK * (not ok)
        if value > best_value:
            best, best_value = PLACE + j, value
    for loc in range(MAX_SECTORS, MAX_SECTORS + N_UPPER):
        ok = place_ok(r, s, p, loc)
        if loc == MAX_SECTORS + UP_IMITATOR and not ok:
            continue  # valuing the imitator walks the slots: only when it is free
        value = placement_value(r, s, p, loc, ws)
        if explain.explaining(ws.explain) and ok:
            explain.note(ws.explain, PLACE + loc, value)
        value -= SUNK * (not ok)  # the other spaces' values are a few reads: a taken one sinks, no branch
        if value > best_value:
            best, best_value = PLACE + loc, value
    return best


# ---- Phase 2 --------------------------------------------------------------------------------------------------


def action_rank(a):
    """Order of resolution of lower action a: gains, mixes, black, take_painting (a painting taken first can
    receive this round's paint), paint, exhibit, upgrades."""
    if a <= GET_BLUE:
        return 0
    if a <= MIX_PURPLE:
        return 1
    if a == MIX_BLACK:
        return 2
    if a == TAKE_PAINTING:
        return 3
    if a == PAINT:
        return 4
    if a == EXHIBIT:
        return 5
    return 6


# action_rank by lower action and the upper spaces' (imitator before paint, rotate last): the turn reads one of
# them per standing assistant instead of a branch per kind of action, which the processor mispredicted
ACTION_RANK = np.array([action_rank(a) for a in range(N_LOWER)])
UPPER_RANK = np.array([3 if u == UP_IMITATOR else 7 if u == UP_ROTATE else 0 for u in range(N_UPPER)])


@njit(inline="always")
def turn_rank(r, s, loc):
    """Order of resolution of p's standing assistant on location loc (the lower ones by action_rank)."""
    if loc >= MAX_SECTORS:
        return UPPER_RANK[loc - MAX_SECTORS]
    return ACTION_RANK[action_of_slot(r, s, loc)]


@njit
def reserve_needs(r, s, p, ws):
    """needs() of p's reserve (ws.have)."""
    for c in range(8):
        ws.have[c] = s.reserve[p, c]
    needs(r, s, p, ws)


@njit
def turn_action(r, s, p, ws):
    """The standing assistant of best turn_rank p can resolve (the first such location), else the one of best rank
    to decline (declining ranks 10 lower). It does not resolve a take_painting assistant that would take no
    painting and buy no bonus card (needs() is computed for that test only)."""
    best, best_rank = -1, 99
    needs_known = False
    standing = s.standing_at[p]
    while standing != 0 and best_rank != 0:  # p's standing assistants by location (nothing ranks better than 0)
        loc = trailing_zeros(standing)
        standing &= standing - 1
        rank = turn_rank(r, s, loc)
        if rank >= best_rank:  # declining it would rank lower still
            continue
        usable = resolvable(r, s, p, loc)  # is_legal(USE + loc) for a standing assistant of p's
        if usable and loc < MAX_SECTORS and action_of_slot(r, s, loc) == TAKE_PAINTING:
            if not needs_known:
                reserve_needs(r, s, p, ws)
                needs_known = True
            usable = wants_painting(r, s, p, ws) or can_buy(r, s, p)
        if usable:
            best, best_rank = USE + loc, rank
        elif rank + 10 < best_rank:  # declining a standing assistant is always legal
            best, best_rank = DECLINE + loc, rank + 10
    return best


@njit
def paint_action(r, s, p, ws):
    """The next cube to place: the signature first when sign_first (black_eagerness other than spare: a black
    in hand always signs), on the square whose colour p holds fewest of; then a matching colour, a
    Toulouse-Lautrec mismatch for a colour p lacks, a signature, a white within the tolerance (or Valadon's), else
    stop. The cube goes on the painting the engine targets. needs() (what p keeps) is computed for the mismatches
    only."""
    tolerance, sign = int(ws.params[TOLERANCE]), ws.params[SIGN] > 0.5
    sign_first = int(ws.params[BLACK_EAGERNESS]) > 0
    i = s.target
    card = s.cards[p, i]
    filled, whites, blacks = painting_counts(r, s, p, i)
    if sign and sign_first and s.pend_count > 0 and s.reserve[p, K] > 0:  # (paint_ok_on wants a black in hand)
        best, fewest = -1, 1 << 30
        for q in range(9):
            if paint_ok_on(r, s, p, i, q, K) and s.reserve[p, r.card_grid[card, q]] < fewest:
                best, fewest = q, s.reserve[p, r.card_grid[card, q]]
        if best >= 0:
            return PAINT_CUBE + 8 * best + K
    if s.pend_count > 0:
        # the empty squares whose colour p holds, and those whose colour it lacks, as bits: no branch per square
        held, lacked = 0, 0
        for q in range(9):
            empty = s.squares[p, i, q] == EMPTY
            has = s.reserve[p, r.card_grid[card, q]] > 0
            held |= int(empty & has) << q
            lacked |= int(empty & (not has)) << q
        while held != 0:  # a matching colour
            q = trailing_zeros(held)
            held &= held - 1
            c = r.card_grid[card, q]
            if paint_ok_on(r, s, p, i, q, c):
                return PAINT_CUBE + 8 * q + c
        needs_known = False
        while lacked != 0:  # a square whose colour p lacks: a mismatch, a signature, or a white
            q = trailing_zeros(lacked)
            lacked &= lacked - 1
            if not needs_known:
                reserve_needs(r, s, p, ws)
                needs_known = True
            for c in range(6):
                if s.reserve[p, c] > ws.need[KEEP_AT + c] and paint_ok_on(r, s, p, i, q, c):
                    return PAINT_CUBE + 8 * q + c
            if sign and paint_ok_on(r, s, p, i, q, K):
                return PAINT_CUBE + 8 * q + K
            if whites < tolerance and paint_ok_on(r, s, p, i, q, W):
                return PAINT_CUBE + 8 * q + W
    if whites < tolerance:
        for o in range(r.n_players):
            for q in range(9):
                if valadon_ok_on(r, s, p, i, o, q):
                    return VALADON + 9 * o + q
    return STOP


@njit
def first_legal_in(r, s, lo, hi):
    for a in range(lo, hi):
        if is_legal(r, s, a):
            return a
    return -1


@njit(inline="always")
def card_action(r, s, p, ws):
    """Module 1: the bought card (exhibit if possible, else its effect when useful)."""
    if is_legal(r, s, ACCEPT):
        return ACCEPT
    card = s.pend_bonus
    if card == 2:
        for c in (O, G, P):
            if ws.need[c] > 0 and is_legal(r, s, MIXCARD + c - O):
                return MIXCARD + c - O
        if wants_signature(r, s, p, ws) and is_legal(r, s, MIXCARD + 3):
            return MIXCARD + 3
        for k in range(4):
            if k < 3 and is_legal(r, s, MIXCARD + k):
                return MIXCARD + k
        return STOP
    if is_legal(r, s, EFFECT):
        return EFFECT
    return STOP


@njit
def swap_action(r, s, p, ws):
    need = ws.need
    for t in range(6):
        if need[t] <= 0:
            continue
        for g in range(6):
            if s.reserve[p, g] > need[KEEP_AT + g] and swap_ok(r, s, p, g, t):
                return SWAP + 8 * g + t
    return STOP


@njit
def best_tool(r, s, p, upgrades):
    best, best_w = STOP, -1.0
    for t in range(3):
        if s.space[p, t] < r.track_len[t] and UPGRADE_WEIGHTS[upgrades, t] > best_w:
            best, best_w = TOOLMOVE + t, UPGRADE_WEIGHTS[upgrades, t]
    return best


@njit
def keep_action(r, s, p, ws):
    """Phase 3 step 4: keep standing the assistant whose slot offers the best action next round."""
    reserve_needs(r, s, p, ws)
    best, best_value = -1, -1e9
    placed = s.lower_at[p]
    while placed != 0:  # the lower slots holding p's assistants
        j = trailing_zeros(placed)
        placed &= placed - 1
        value = action_value(r, s, p, action_of_slot(r, s, j), ws, False, False)
        explain.note(ws.explain, KEEP + j, value)
        if value > best_value:
            best, best_value = KEEP + j, value
    return best


@njit(inline="always")
def heuristic_choice(r, s, p, ws):
    """The heuristic's action for p, its parameters in ws.params; the candidates it values are noted in ws.explain
    (`core.explain`). The frequent stages have a function each, the others share other_choice: compiled code clears
    a slot for every call a function makes when it starts, which one function holding every stage's calls did
    before each decision."""
    st = s.stage
    if st == Stage.TURN:
        return turn_action(r, s, p, ws)
    if st == Stage.PLACE:
        return place_action(r, s, p, ws)
    if st == Stage.KEEP:
        return keep_action(r, s, p, ws)
    if st == Stage.PAINT:
        return paint_action(r, s, p, ws)
    if st == Stage.PAY or st == Stage.DISCARD:
        return payment(r, s, p, ws)
    return other_choice(r, s, p, ws)


@njit
def payment(r, s, p, ws):
    """An upgrade's payment or a discard: the cube p needs least (needs() of its reserve)."""
    reserve_needs(r, s, p, ws)
    c = least_needed_colour(r, s, p, ws)
    return COLOUR + c if c >= 0 else -1


@njit
def other_choice(r, s, p, ws):
    """heuristic_choice in the less frequent stages. The stages that value cubes compute needs() first."""
    params = ws.params
    tier_pref, tolerance = int(params[0]), int(params[TOLERANCE])
    st = s.stage
    if st == Stage.FREE_PAINT or st == Stage.DEGAS:  # free placements: take them all
        a = first_legal_in(r, s, PAINT_CUBE, VALADON)
        return a if a >= 0 else STOP
    if st == Stage.DRAFT:
        return best_card_action(r, s, p, tier_pref, tolerance, True, ws)
    if st == Stage.ACTIVE or st == Stage.NEW_ACTIVE:
        return best_card_action(r, s, p, tier_pref, tolerance, False, ws)
    if st == Stage.BONUS:
        return HIRE if hire_open(r, s, p, int(params[HIRE_POLICY])) and is_legal(r, s, HIRE) else TOKEN
    if st == Stage.TOOL:
        return best_tool(r, s, p, int(params[1]))
    if st == Stage.PAINTER:
        best, best_rank = CARD, -1.0
        for k in range(r.painter_deal):
            explain.note(ws.explain, CARD + k, PAINTER_RANK[s.dealt[p, k]])
            if PAINTER_RANK[s.dealt[p, k]] > best_rank:
                best, best_rank = CARD + k, PAINTER_RANK[s.dealt[p, k]]
        return best
    if st == Stage.GAUGUIN:
        best, best_n = COLOUR + O, -1
        for c in (O, G, P):  # the secondary its paintings need most
            total = 0
            for i in range(s.n_kept[p]):
                for q in range(9):
                    if r.card_grid[s.cards[p, i], q] == c:
                        total += 1
            if total > best_n:
                best, best_n = COLOUR + c, total
        return best
    if st == Stage.ROTATE:
        return ROTATE
    if st == Stage.TAKE_PAINTING:
        return best_take(r, s, p, tier_pref, tolerance, ws)
    if st == Stage.PAINT_TARGET:
        return target_action(r, s, p)
    if st == Stage.EXHIBIT_WHICH:
        return exhibit_choice(r, s, p)
    reserve_needs(r, s, p, ws)
    need = ws.need
    if st == Stage.CEZANNE:
        t = s.pend_track
        return ACCEPT if spare_cubes(r, s, p, ws) >= r.track_level[t, s.space[p, t]] else STOP
    if st == Stage.MIX_PAY:
        x, z = mix_inputs(s.pend_colour)
        if s.reserve[p, W] > need[KEEP_AT + W]:
            worse = x if s.reserve[p, x] - need[KEEP_AT + x] < s.reserve[p, z] - need[KEEP_AT + z] else z
            if is_legal(r, s, COLOUR + worse):
                return COLOUR + worse
        return ACCEPT if is_legal(r, s, ACCEPT) else first_legal_in(r, s, COLOUR, COLOUR + 3)
    if st == Stage.EXHIBIT_OR_BUY:
        if is_legal(r, s, ACCEPT):
            return ACCEPT
        if wants_painting(r, s, p, ws):
            take = best_take(r, s, p, tier_pref, tolerance, ws)
            if take >= 0:
                return take
        best, best_value = -1, -1e9
        for m in range(r.bonus_market_size):
            if is_legal(r, s, BUY + m):
                value = bonus_card_value(r, s, p, s.bonus_market[m], ws)
                explain.note(ws.explain, BUY + m, value)
                if value > best_value:
                    best, best_value = BUY + m, value
        return best
    if st == Stage.BONUS_CARD:
        return card_action(r, s, p, ws)
    if st == Stage.SWAP:
        return swap_action(r, s, p, ws)
    if st == Stage.COPY:
        best, best_value = -1, -1e9
        for j in range(r.n_sectors):
            if copyable(r, s, p, j):  # is_legal(COPY + j)
                value = action_value(r, s, p, action_of_slot(r, s, j), ws, False, False)
                explain.note(ws.explain, COPY + j, value)
                if value > best_value:
                    best, best_value = COPY + j, value
        return best
    if st == Stage.USE_HELD:
        return held_action(r, s, p, ws)
    return -1


@njit(inline="always")
def chosen_legal(st):
    """Whether the heuristic's choice in stage st is legal whenever it makes one (the other stages' choices are
    checked): it picks a turn's, a placement's, a paint's, a copy's or a kept assistant's among the actions the
    stage's legality test accepts (the same tests: standing_at and resolvable, place_ok, paint_ok_on and
    valadon_ok_on on the target with cubes left, copyable, lower_at), a free placement with first_legal_in, a
    payment or a discard among the colours held (least_needed_colour)."""
    return (st == Stage.TURN or st == Stage.PLACE or st == Stage.KEEP or st == Stage.PAINT or st == Stage.PAY
            or st == Stage.DISCARD or st == Stage.COPY or st == Stage.FREE_PAINT or st == Stage.DEGAS)


@njit(inline="always")  # a dispatcher: typed in its callers, it adds no compiled level above the stages'
def heuristic_action(r, s, p, ws):
    """The heuristic's action (its parameters in ws.params); falls back to the first legal action should a rule it
    does not model (a future engine stage) leave its choice illegal."""
    a = heuristic_choice(r, s, p, ws)
    if a >= 0 and chosen_legal(s.stage):
        return a
    return checked(r, s, a, ws)


@njit
def checked(r, s, a, ws):
    """a if it is legal, else the first legal action (-1: none)."""
    if a >= 0 and is_legal(r, s, a):
        return a
    n = fill_legal(r, s, ws.legal)
    return ws.legal[0] if n > 0 else -1
