"""`painter` (spec §8): picks a target painting in the row and spends dice to gather its paint; paints as soon as
something is affordable. It reads only what its observation holds (spec §2.4): the table and its own patrons.

Exact formula (spec §6.1b #29):
- value(card) = (vp_weight × vp + patron_weight × fit + masterpiece_bonus × [masterpiece]) / (1 + missing), where
  missing = Σ max(0, cost − held) over colours, less its `wild_paint` substitutions (0 when affordable), and fit =
  Σ over its own patrons of the VP one more painting like this adds (category_count of its category,
  masterpiece_count of a masterpiece, power_count of a powered card, painting_count always; category_set when the
  card's category is its rarest). The target is the best value in the row (lowest slot on a tie).
- Turn, in order: paint the best-valued affordable card (a 5, else Inspiration when it holds
  inspiration_paint_cost + reserve_tokens); Collect (a 4) when it gives a colour the target lacks; a 6 on the
  colour the target lacks most; a 1 or 2 on the pile of a lacking colour where one
  more student wins or keeps the strict majority (else the lacking colour's pile); otherwise, with no die spent,
  take Inspiration with the first die (B); with a die spent, end the turn (the other dice wait for the next turn).
  Collecting with every legal 4 instead (the careless variant of spec §7.2) stalled 2 of 10,000 4-player self-play
  games (seeds 7148, 9629: every cylinder held, nothing affordable), so it is not shipped.
- Arguments: the most-lacking available colour; return students from the pile with its largest lead; keep the
  patron with the best expected value; place its initial student at the pile with fewest students; on a wild
  payment pay as printed when it can, else the first substitution; anything else: the first legal action.
"""

import numpy as np

from simkit.core import explain
from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import (DIE, END_TURN, INSPIRE, INSPIRE_PAINT, KEEP, N_CATEGORIES,
                                                N_COLOURS, NONE, PILE, SKIP, SLOT, Stage)
from simkit.games.atelier.engine.legality import (die_ready, fill_legal, inspire_paint_open, take_legal,
                                                  turn_action_legal)
from simkit.games.atelier.engine.supply import any_affordable, collect_ties, has_most, owned_effect, payable
from simkit.games.atelier.rules.components import NO_CAP
from simkit.games.atelier.rules.vocabulary import Condition, Effect

VP_WEIGHT, PATRON_WEIGHT, MASTERPIECE_BONUS, RESERVE_TOKENS = range(4)

# The helpers below take the policies' scratch record `ws` (scratch.SCRATCH_DTYPE) and read the target weights from
# ws.weights (painter's parameter vector): records and scalars only, no array arguments (scratch.py says why).
# Those that choose an action among valued ones note each in ws.explain (`core.explain`); the turn's heads follow
# fixed rules and note none (dispatch.choose_action pauses noting there).


# ws.fits[p, k] of `patron_fits`: the VP of player p's category_count patrons of category k (k < N_CATEGORIES), then
# of its patrons counting masterpieces, powered cards, every painting and category sets
FIT_MASTERPIECE, FIT_POWER, FIT_PAINTING, FIT_SET = range(N_CATEGORIES, N_CATEGORIES + 4)


@njit
def player_fits(r, s, p, ws):
    """ws.fits[p] and ws.category_fit[p] (`patron_fits`, `category_fits`) for the paintings and patrons p holds now.
    They depend on nothing else, so they are kept while those stay the same (a few changes a game, while the
    target is valued again at most of p's decisions)."""
    if ws.fits_valid[p] == 1 and ws.fits_owned[p] == s.owned[p] and ws.fits_patrons[p] == s.patrons_held[p]:
        return
    patron_fits(r, s, p, ws)
    category_fits(r, s, p, ws)
    ws.fits_valid[p] = 1
    ws.fits_owned[p] = s.owned[p]
    ws.fits_patrons[p] = s.patrons_held[p]


@njit
def patron_fits(r, s, p, ws):
    """ws.fits[p, :] = the VP of p's own patrons by what they count (FIT_* above), for `patron_fit`."""
    fits = ws.fits
    for i in range(N_CATEGORIES + 4):
        fits[p, i] = 0
    held = s.patrons_held[p]
    patron = -1
    while held != 0:  # its patrons only (bit patron of held)
        patron += 1
        bit = held & 1
        held >>= 1
        if bit == 0:
            continue
        kind, vp = r.patron_condition[patron], r.patron_vp[patron]
        if kind == Condition.CATEGORY_COUNT:
            fits[p, r.patron_param[patron]] += vp
        elif kind == Condition.MASTERPIECE_COUNT:
            fits[p, FIT_MASTERPIECE] += vp
        elif kind == Condition.POWER_COUNT:
            fits[p, FIT_POWER] += vp
        elif kind == Condition.PAINTING_COUNT:
            fits[p, FIT_PAINTING] += vp
        elif kind == Condition.CATEGORY_SET:
            fits[p, FIT_SET] += vp


@njit
def category_fits(r, s, p, ws):
    """ws.category_fit[p, k] = the VP its own patrons would add for one more painting of category k: painting_count
    always, category_count of k, category_set when k is its rarest category (none of the data's categories has
    fewer); from p's paintings per category and ws.fits[p] (`patron_fits`)."""
    fits = ws.fits
    fewest = 1 << 30
    for k in range(N_CATEGORIES):
        if r.category_in_data[k]:
            fewest = min(fewest, np.int64(s.category_count[p, k]))
    for k in range(N_CATEGORIES):
        ws.category_fit[p, k] = (fits[p, FIT_PAINTING] + fits[p, k]
                                 + (fits[p, FIT_SET] if s.category_count[p, k] <= fewest else 0))


@njit
def patron_fit(r, p, card, ws):
    """The VP p's own patrons would add for one more painting like `card` (caps ignored): that of its category
    (`category_fits`), masterpiece_count of a masterpiece, power_count of a powered card; whole VP, so the sum is
    exact in any order."""
    fit = ws.category_fit[p, r.painting_category[card]]
    if r.painting_masterpiece[card]:
        fit += ws.fits[p, FIT_MASTERPIECE]
    if r.painting_power[card] != NONE:
        fit += ws.fits[p, FIT_POWER]
    return np.float64(fit)


@njit
def missing(r, s, p, card, wild):
    """Cylinders p lacks for `card`, less `wild` (p's wild_paint substitutions)."""
    short = 0
    for c in range(N_COLOURS):
        short += max(0, r.painting_cost[card, c] - s.paint[p, c])
    return max(0, short - wild)


@njit
def card_value(r, s, p, card, ws, wild):
    w = ws.weights
    value = (w[VP_WEIGHT] * r.painting_vp[card] + w[PATRON_WEIGHT] * patron_fit(r, p, card, ws)
             + w[MASTERPIECE_BONUS] * r.painting_masterpiece[card])
    return value / (1 + missing(r, s, p, card, wild))


@njit
def best_slot(r, s, p, affordable_only, ws):
    """The row slot of the best-valued card (NONE if none qualifies). With affordable_only the slot is the one
    painted, so its candidates are noted; otherwise it is the target, no action of the decision."""
    player_fits(r, s, p, ws)
    wild = owned_effect(r, s, p, Effect.WILD_PAINT)[1]
    best, best_value = NONE, -1e18
    for i in range(r.row_size):
        card = s.row[i]
        if card == NONE or (affordable_only and not payable(r, s, p, card, wild)):
            continue
        value = card_value(r, s, p, card, ws, wild)
        if affordable_only:
            explain.note(ws.explain, SLOT + i, value)
        if value > best_value:
            best, best_value = i, value
    return best


@njit
def lacking(r, s, p, ws):
    """ws.need[c] = cylinders of colour c the target lacks. Taken from the last one computed for p when nothing it
    depends on changed since (`target_inputs_seen`): a turn asks for the target again and again on the same paint
    and table (the head, then a 6's colour; after a placement or a move), and p's paint only changes in its turn."""
    need = ws.need
    if target_inputs_seen(r, s, p, ws):
        for c in range(N_COLOURS):
            need[c] = ws.seen_need[p, c]
        return
    slot = best_slot(r, s, p, False, ws)
    for c in range(N_COLOURS):
        need[c] = 0 if slot == NONE else max(0, r.painting_cost[s.row[slot], c] - s.paint[p, c])
    see_target_inputs(r, s, p, ws)


@njit
def target_inputs_seen(r, s, p, ws):
    """What p's target depends on is what its last need was computed from: the target weights, its paint, the row
    and its own paintings and patrons (ws.seen_*[p]; one scratch serves one rules record). Compared without early
    exits, which costs less than branching at every field."""
    w = ws.weights
    if (ws.seen_valid[p] == 0 or w[VP_WEIGHT] != ws.seen_weights[p, 0] or w[PATRON_WEIGHT] != ws.seen_weights[p, 1]
            or w[MASTERPIECE_BONUS] != ws.seen_weights[p, 2]):
        return False
    diff = (s.owned[p] ^ ws.seen_owned[p]) | (s.patrons_held[p] ^ ws.seen_patrons[p])
    for c in range(N_COLOURS):
        diff |= s.paint[p, c] ^ ws.seen_paint[p, c]
    for i in range(r.row_size):
        diff |= s.row[i] ^ ws.seen_row[p, i]
    return diff == 0


@njit
def see_target_inputs(r, s, p, ws):
    """Remember p's need (ws.need) and what it was computed from (`target_inputs_seen`)."""
    ws.seen_valid[p] = 1
    ws.seen_weights[p, 0] = ws.weights[VP_WEIGHT]
    ws.seen_weights[p, 1] = ws.weights[PATRON_WEIGHT]
    ws.seen_weights[p, 2] = ws.weights[MASTERPIECE_BONUS]
    for c in range(N_COLOURS):
        ws.seen_need[p, c] = ws.need[c]
        ws.seen_paint[p, c] = s.paint[p, c]
    for i in range(r.row_size):
        ws.seen_row[p, i] = s.row[i]
    ws.seen_owned[p] = s.owned[p]
    ws.seen_patrons[p] = s.patrons_held[p]


@njit
def most_lacking_pile(r, s, p, ws):
    """Among the piles p may take from (GAIN or POWER_PAINT stage), the colour with the largest need (ws.need; the
    pile with most paint on a tie): its PILE action, -1 when none is legal. Noted at need × 1000 + paint."""
    need = ws.need
    best, key = -1, -1
    for c in range(N_COLOURS):
        if take_legal(r, s, p, c):
            k = need[c] * 1000 + s.pile[c]
            explain.note(ws.explain, PILE + c, np.float64(k))
            if k > key:
                best, key = PILE + c, k
    return best


@njit
def majority_pile(r, s, p, ws):
    """The pile of a lacking colour (ws.need) where one more student gives (or keeps) p the strict majority; else
    the most lacking colour's pile. Noted at need + 100 for the majority (the lacking colours only)."""
    need = ws.need
    best, key = 0, -1
    for c in range(N_COLOURS):
        if need[c] == 0:
            continue
        others = 0
        for q in range(r.n_players):
            if q != p:
                others = max(others, np.int64(s.students[q, c]))
        k = need[c] + (100 if s.students[p, c] + 1 > others else 0)
        explain.note(ws.explain, PILE + c, np.float64(k))
        if k > key:
            best, key = c, k
    return best


@njit
def head_legal(r, s, a):
    """is_legal of a turn-stage head `a`, for the heads below (only ever called in the turn stage): the turn's
    legality check called directly, without is_legal's dispatch on the stage."""
    return not s.done and turn_action_legal(r, s, s.current, a)


@njit
def paint_head(r, s, p, tokens_to_paint):
    """Paint with a 5, else with Inspiration when p holds `tokens_to_paint` (a float: one compiled signature);
    NONE when neither. Both need an affordable painting, asked once for the two."""
    if s.done:
        return NONE
    die_5 = die_ready(s, p, 5)
    inspire = not die_5 and s.tokens[p] >= tokens_to_paint and inspire_paint_open(r, s, p)  # the cheap test first
    if (die_5 or inspire) and any_affordable(r, s, p):
        return DIE + 4 if die_5 else INSPIRE_PAINT
    return NONE


@njit
def gather_head(r, s, p, collect_ok, ws):
    """Collect (a 4) when it gives a colour the target lacks (ws.need, from `lacking`), else a 6 when a lacking
    colour is left in its pile; NONE when neither. collect_ok: head_legal of a 4 (the callers have asked it)."""
    need = ws.need
    if collect_ok:
        ties = collect_ties(r, s, p)
        for c in range(N_COLOURS):
            if need[c] > 0 and s.pile[c] > 0 and has_most(r, s, p, c, ties):
                return DIE + 3  # a lacking colour is among the piles it leads (the rest is collected too)
    if head_legal(r, s, DIE + 5):
        for c in range(N_COLOURS):
            if need[c] > 0 and s.pile[c] > 0:
                return DIE + 5
    return NONE


@njit
def place_head(r, s, p, ws):
    """A 1 or 2 when the target lacks a colour (the pile is chosen by `majority_pile`); NONE otherwise."""
    for f in range(2):
        if head_legal(r, s, DIE + f) and ws.need[majority_pile(r, s, p, ws)] > 0:
            return DIE + f
    return NONE


@njit
def finish_head(r, s):
    """End the turn when a die is spent, else take Inspiration with the lowest die (B)."""
    if head_legal(r, s, END_TURN):
        return END_TURN
    for f in range(6):
        if head_legal(r, s, INSPIRE + f):
            return INSPIRE + f
    return NONE


@njit
def turn_action(r, s, p, ws):
    """The turn's head for the target weights ws.weights (NONE when none is legal)."""
    action = paint_head(r, s, p, r.inspiration_paint_cost + ws.weights[RESERVE_TOKENS])
    if action != NONE:
        return action
    collect_ok = head_legal(r, s, DIE + 3)
    if collect_ok or head_legal(r, s, DIE + 5) or head_legal(r, s, DIE + 0) or head_legal(r, s, DIE + 1):
        lacking(r, s, p, ws)  # the target only matters with a die that gathers or places
        action = gather_head(r, s, p, collect_ok, ws)
        if action == NONE:
            action = place_head(r, s, p, ws)
        if action != NONE:
            return action
    return finish_head(r, s)


@njit
def keep_value(r, patron):
    """A patron's expected VP, by a fixed guess of the units it will count."""
    kind, vp = r.patron_condition[patron], np.float64(r.patron_vp[patron])
    units = 6.0 if kind == Condition.PAINTING_COUNT else 2.0
    if kind == Condition.MASTERPIECE_COUNT or kind == Condition.CATEGORY_COUNT:
        units = 2.5
    value = vp * units
    return value if r.patron_cap[patron] == NO_CAP else min(value, np.float64(r.patron_cap[patron]))


@njit
def first_legal(r, s, ws):
    """The lowest legal action, -1 when none is (a policy's fallback)."""
    return ws.legal[0] if fill_legal(r, s, ws.legal) > 0 else -1


@njit
def target_weights(ws, vp_weight, patron_weight, masterpiece_bonus, reserve_tokens):
    """ws.weights = painter's parameter vector with these values (a family's target, without allocating)."""
    w = ws.weights
    w[VP_WEIGHT] = vp_weight
    w[PATRON_WEIGHT] = patron_weight
    w[MASTERPIECE_BONUS] = masterpiece_bonus
    w[RESERVE_TOKENS] = reserve_tokens


@njit
def painter_action(r, s, ws):
    """ws: the policies' scratch record (scratch.SCRATCH_DTYPE), painter's parameters in ws.params. The heads and
    the arguments are chosen directly; a legal-action list is built only where the choice reads one (and as the
    fallback: -1 when none is legal)."""
    params = ws.params
    target_weights(ws, params[VP_WEIGHT], params[PATRON_WEIGHT], params[MASTERPIECE_BONUS], params[RESERVE_TOKENS])
    if s.stage == Stage.TURN:
        action = turn_action(r, s, s.current, ws)
        return action if action != NONE else first_legal(r, s, ws)
    return argument_action(r, s, ws)


@njit
def argument_action(r, s, ws):
    """Every stage but the turn's heads (the Arguments of the module docstring), for the target weights
    ws.weights; -1 when no action is legal. The other heuristic families choose their arguments here too."""
    if s.done:
        return -1
    p, st = s.current, s.stage
    if st == Stage.PAINT:  # the slots best_slot considers are the legal ones
        slot = best_slot(r, s, p, True, ws)
        return -1 if slot == NONE else SLOT + slot
    if st == Stage.PLACE or st == Stage.POWER_PLACE:  # every pile is legal
        lacking(r, s, p, ws)
        return PILE + majority_pile(r, s, p, ws)
    if st == Stage.GAIN or st == Stage.POWER_PAINT:  # chosen among the legal piles directly
        lacking(r, s, p, ws)
        return most_lacking_pile(r, s, p, ws)
    legal = ws.legal
    n = fill_legal(r, s, legal)
    if n == 0:
        return -1
    if st == Stage.RETURN:
        best, lead = legal[0], -1000
        for i in range(n):
            c = legal[i] - PILE
            others = 0
            for q in range(r.n_players):
                if q != p:
                    others = max(others, np.int64(s.students[q, c]))
            explain.note(ws.explain, legal[i], np.float64(s.students[p, c] - others))
            if s.students[p, c] - others > lead:
                best, lead = legal[i], s.students[p, c] - others
        return best
    if st == Stage.KEEP_PATRON:
        best, value = legal[0], -1.0
        for i in range(n):
            v = keep_value(r, s.dealt[p, legal[i] - KEEP])
            explain.note(ws.explain, legal[i], v)
            if v > value:
                best, value = legal[i], v
        return best
    if st == Stage.INITIAL_STUDENT:
        best, fewest = legal[0], 1 << 30
        for i in range(n):
            c = legal[i] - PILE
            total = 0
            for q in range(r.n_players):
                total += s.students[q, c]
            explain.note(ws.explain, legal[i], np.float64(-total))  # the fewest students is the best
            if total < fewest:
                best, fewest = legal[i], total
        return best
    if st == Stage.WILD and legal[0] == SKIP:
        return SKIP
    return legal[0]
