"""Canvas policies, compiled with numba so the batch runner and the step-by-step API play identical games.

- random: uniform over the legal actions (a painting is one action per choice of cards and order).
- greedy: the benchmark heuristic of the foundation issue, kept exactly.
- planner: fills the hand before painting, values the tokens a card carries and what a partial hand
  can still become.
- search (search.py): rollouts of the planner over resampled hidden decks.
A policy sees the state through the same fields an observation exposes (market, own hand, ribbons, tokens), and
values paintings with the scenario's `tables.PolicyTable` (its PaintingTable's lookups).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from simkit.core import explain
from simkit.core.jit import njit
from simkit.core.params import Param
from simkit.core.rng import next_below
from simkit.games.canvas.engine.transitions import legal_action_at, n_legal_actions
from simkit.games.canvas.rules.ruleset import MAX_HAND, MAX_K, MAX_MARKET
from simkit.games.canvas.engine.scoring import MAX_RIBBONS_PER_PAINTING, N_CONDITIONS
from simkit.games.canvas.engine.state import STATE_DTYPE


class Policy(IntEnum):
    """The compiled policies; POLICY_IDS maps their names (lower case) to these ids."""
    RANDOM = 0
    GREEDY = 1
    PLANNER = 2
    SEARCH = 3


MAX_PARAMS = 8
MAX_ROLLOUTS = 64

POLICY_PARAMS = {
    "random": (),
    "greedy": (
        Param("paint_threshold", 8.0, "paint once the best painting is worth this many points", low=0, high=1000),
        Param("token_cost", 1.0, "points one spent Inspiration token is worth", low=0, high=100),
    ),
    "planner": (
        Param("paint_threshold", 14.0, "paint before the hand is full if a painting is worth this much",
              low=0, high=1000),
        Param("token_cost", 1.0, "points one spent Inspiration token is worth", low=0, high=100),
        Param("token_value", 0.75, "points one collected Inspiration token is worth", low=0, high=100),
        Param("potential_weight", 0.5, "weight of a card's average painting value while the hand is short",
              low=0, high=10),
    ),
}
POLICY_PARAMS["search"] = (
    Param("rollouts", 8, "simulated continuations per candidate action (same sampled decks for every candidate)",
          low=1, high=MAX_ROLLOUTS),
    *POLICY_PARAMS["planner"],
)
POLICY_IDS = {p.name.lower(): int(p) for p in Policy}
POLICY_DOCS = {
    "random": "uniform over the legal actions",
    "greedy": "paints the best marginal painting once worth paint_threshold (or hand full); "
              "else takes the card that most improves its best painting, net of token_cost per token",
    "planner": "fills its hand before painting, values collected tokens and partial hands",
    "search": "tries each card it can take and its best painting, playing each out `rollouts` times with the "
              "planner (its parameters) on resampled hidden decks; keeps the best mean outcome",
}


@njit(inline="always")
def _gain_table(r, s, p, gains):
    """gains[c, n] = points player p adds by earning n more ribbons of the c-th scoring card in play (the rules
    record's gain_points: ribbons held beyond the track add nothing, capped or not)."""
    track_len, gain_points = r.track_len, r.gain_points
    for c in range(r.n_scoring_cards):
        cond = r.scoring_cards[c]
        held = min(s.ribbons[p, cond], track_len[cond])
        for n in range(gains.shape[1]):
            gains[c, n] = gain_points[cond, held, n]


@njit(inline="always")
def _vector_value(r, uniq, u, gains):
    """Marginal points of the u-th distinct ribbon vector (uniq: the table's) under the gains table."""
    n_scoring = r.n_scoring_cards
    value = r.bonus_ribbon_points * uniq[u, n_scoring]
    for c in range(n_scoring):
        value += gains[c, uniq[u, c]]
    return value


@njit(inline="always")
def _set_value(r, vec_ids, uniq, t, gains):
    """Marginal value of the card set of colex rank t: its best ribbon vector under the gains table (vec_ids, uniq:
    the table's; helpers in loops take arrays, not the table: each call would copy the tuple)."""
    best = -1e300
    for v in range(vec_ids.shape[1]):
        u = vec_ids[t, v]
        if u < 0:
            break
        best = max(best, _vector_value(r, uniq, u, gains))
    return best


@njit(inline="always")
def _first_subset(idx, m):
    for j in range(m):
        idx[j] = j


@njit(inline="always")
def _next_subset(idx, m, pool):
    """Advance idx[:m] to the next m-subset of range(pool) in lexicographic order; False after the last."""
    j = m - 1
    while j >= 0 and idx[j] == pool - m + j:
        j -= 1
    if j < 0:
        return False
    idx[j] += 1
    for i in range(j + 1, m):
        idx[i] = idx[i - 1] + 1
    return True


@njit(inline="always")
def best_painting(r, table, ascending, positions, n, gains, idx, chosen):
    """Best marginal painting value over the k-subsets of the hand whose cards, in ascending order, are
    ascending[:n], held at hand positions positions[:n]; -1 when no subset is worth more. chosen[:k] receives the
    best subset's hand positions in ascending card order and chosen[k] its vector's index in the table. Among
    equal values the choice is the subset first in hand order (lexicographic over its sorted positions), then its
    first vector: what walking the subsets in hand order would keep, found walking them in card order (a subset of
    sorted cards is sorted, so its rank needs no sort)."""
    k, binom, vec_ids, uniq = r.cards_per_painting, table.binom, table.vec_ids, table.uniq
    best = -1.0
    if n < k:
        return best
    best_set = 0  # hand positions of the chosen subset, one bit each; 0 while none is chosen
    _first_subset(idx, k)
    while True:
        t, held = 0, 0
        for j in range(k):
            t += binom[ascending[idx[j]], j + 1]
            held |= 1 << positions[idx[j]]
        differ = held ^ best_set
        earlier = best_set != 0 and (differ & -differ & held) != 0  # its lowest position not in the other's
        for v in range(vec_ids.shape[1]):
            u = vec_ids[t, v]
            if u < 0:
                break
            value = _vector_value(r, uniq, u, gains)
            if value > best or (value == best and earlier):
                best, best_set, earlier = value, held, False
                for j in range(k):
                    chosen[j] = positions[idx[j]]
                chosen[k] = v
        if not _next_subset(idx, k, n):
            return best


@njit(inline="always")
def values_with_market(r, s, table, p, ws):
    """ws.with_card[slot] = the value `best_painting` returns over the k-subsets holding the market card in that
    slot and k - 1 cards of p's hand (ws.ascending, its cards in ascending order), for every slot p can afford
    (a hand of at least k - 1 cards). One walk over the hand's (k-1)-subsets serves every slot: a subset's rank
    with the market card inserted at place q is base[q] + binom[card, q + 1]."""
    k, h, binom, ascending, idx = r.cards_per_painting, s.hand_size[p], table.binom, ws.ascending, ws.work
    base, with_card, gains, vec_ids, uniq = ws.base, ws.with_card, ws.gains, table.vec_ids, table.uniq
    n_slots = min(r.market_size, s.tokens[p] + 1)
    for slot in range(n_slots):
        with_card[slot] = -1.0
    _first_subset(idx, k - 1)
    while True:
        # base[q]: the subset's cards below place q at ranks 1..q, the others one rank up
        for q in range(k):
            base[q] = 0
        for j in range(k - 1):
            c = ascending[idx[j]]
            for q in range(k):
                base[q] += binom[c, j + 1] if j < q else binom[c, j + 2]
        for slot in range(n_slots):
            card = s.market[slot]
            if card < 0:
                continue
            q = 0
            for j in range(k - 1):
                q += ascending[idx[j]] < card
            with_card[slot] = max(with_card[slot], _set_value(r, vec_ids, uniq, base[q] + binom[card, q + 1], gains))
        if not _next_subset(idx, k - 1, h):
            return


@njit(inline="always")
def _paint_action(r, s, table, p, chosen):
    """The action that stacks the chosen hand positions in the table's best order for them."""
    k = r.cards_per_painting
    t = 0
    for j in range(k):
        t += table.binom[s.hand[p, chosen[j]], j + 1]
    o = table.vec_order[t, chosen[k]]
    code = 0
    for j in range(k - 1, -1, -1):
        code = code * r.hand_limit + chosen[table.orders[o, j]]
    return r.market_size + r.paint_index[code]


# Scratch the compiled policies reuse from turn to turn (no allocation in the game loop), as one record: its fields
# are arrays without reference counts (a tuple of arrays costs two atomic counts per array and call). `sim` is the
# state a search policy plays its rollouts in; `explain` the candidates a policy weighed (`core.explain`).
WORKSPACE_DTYPE = np.dtype([
    ("ascending", "i8", MAX_HAND), ("positions", "i8", MAX_HAND), ("work", "i8", MAX_K), ("base", "i8", MAX_K),
    ("with_card", "f8", MAX_MARKET),
    ("chosen", "i8", MAX_K + 1),
    ("gains", "f8", (N_CONDITIONS, MAX_RIBBONS_PER_PAINTING + 1)),
    ("rollout_seeds", "u8", MAX_ROLLOUTS), ("rng", "u8", 1),
    ("sim", STATE_DTYPE, (1,)), ("explain", "f8", explain.SIZE),
], align=True)


def new_workspace() -> np.void:
    """A blank workspace record (compiled code takes it as it is, by reference)."""
    return np.zeros(1, WORKSPACE_DTYPE)[0]


@njit(inline="always")
def _hand_value(r, s, table, p, ws):
    """Fill ws.gains with p's gains and ws.ascending with p's hand in ascending order; return the best painting's
    marginal value (its subset in ws.chosen, for `_paint_action`), or 0 with fewer than k cards."""
    h, ascending, positions = s.hand_size[p], ws.ascending, ws.positions
    if h + 1 < r.cards_per_painting:  # no painting in reach of this turn: nothing to value
        return 0.0
    for j in range(h):  # insertion sort, h <= MAX_HAND
        card = s.hand[p, j]
        i = j
        while i > 0 and ascending[i - 1] > card:
            ascending[i] = ascending[i - 1]
            positions[i] = positions[i - 1]
            i -= 1
        ascending[i] = card
        positions[i] = j
    _gain_table(r, s, p, ws.gains)
    if h < r.cards_per_painting:
        return 0.0
    return best_painting(r, table, ascending, positions, h, ws.gains, ws.work, ws.chosen)


@njit(inline="always")
def _note_painting(r, s, table, p, ws, now):
    """Explaining: note the best painting now at its marginal value (painted at paint_threshold or a full hand)."""
    if explain.explaining(ws.explain) and s.hand_size[p] >= r.cards_per_painting:
        explain.note(ws.explain, _paint_action(r, s, table, p, ws.chosen), now)


@njit
def _random_action(r, s, p, ws):
    n = n_legal_actions(r, s)  # as many as legal_actions lists; the one drawn is found without the list
    return legal_action_at(r, s, next_below(s.policy_rng[p], n))


@njit
def _greedy_action(r, s, table, p, params, ws):
    paint_threshold, token_cost = params[0], params[1]
    k, h = r.cards_per_painting, s.hand_size[p]
    now = _hand_value(r, s, table, p, ws)
    _note_painting(r, s, table, p, ws, now)
    if h >= k and (h >= r.hand_limit or now >= paint_threshold):
        return _paint_action(r, s, table, p, ws.chosen)
    if h + 1 >= k:
        values_with_market(r, s, table, p, ws)
    best_slot, best_score = -1, -1e300
    for slot in range(r.market_size):
        if s.market[slot] < 0 or slot > s.tokens[p]:
            continue
        value = max(now, ws.with_card[slot]) if h + 1 >= k else 0.0
        score = value - token_cost * slot
        explain.note(ws.explain, slot, score)
        if score > best_score:
            best_slot, best_score = slot, score
    return best_slot


@njit
def _planner_action(r, s, table, p, params, ws):
    paint_threshold, token_cost, token_value, potential_weight = params[0], params[1], params[2], params[3]
    k, h, card_quality = r.cards_per_painting, s.hand_size[p], r.card_quality
    now = _hand_value(r, s, table, p, ws)
    _note_painting(r, s, table, p, ws, now)
    if h >= k and (h >= r.hand_limit or now >= paint_threshold):
        return _paint_action(r, s, table, p, ws.chosen)
    # tokens are only worth something while there are cards left to buy
    cards_to_go = (r.paintings_per_player - s.n_paintings[p]) * k - h
    worth = token_value if cards_to_go > 1 else 0.0
    potential = 0.0  # the hand's part of a short hand's value, summed in hand order, the new card last
    for j in range(h):
        potential += potential_weight * card_quality[s.hand[p, j]]
    if h + 1 >= k:
        values_with_market(r, s, table, p, ws)
    best_slot, best_score = -1, -1e300
    for slot in range(r.market_size):
        if s.market[slot] < 0 or slot > s.tokens[p]:
            continue
        if h + 1 >= k:
            value = max(now, ws.with_card[slot])
        else:
            value = potential + potential_weight * card_quality[s.market[slot]]
        score = value - token_cost * slot + worth * s.market_tokens[slot]
        explain.note(ws.explain, slot, score)
        if score > best_score:
            best_slot, best_score = slot, score
    if best_slot < 0:  # hand not full but nothing affordable: paint
        return _paint_action(r, s, table, p, ws.chosen)
    return best_slot
