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
from simkit.games.canvas.rules.ruleset import MAX_HAND, MAX_HAND_SETS, MAX_K
from simkit.games.canvas.engine.scoring import MAX_RIBBONS_PER_PAINTING, N_CONDITIONS
from simkit.games.canvas.engine.state import STATE_DTYPE
from simkit.games.canvas.engine.tables import MAX_CACHE_ROWS


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
def _vector_value(r, vector, gains):
    """Marginal points of a ribbon vector (per scoring card in play, then grey) under the gains table."""
    n_scoring = r.n_scoring_cards
    value = r.bonus_ribbon_points * vector[n_scoring]
    for c in range(n_scoring):
        value += gains[c, vector[c]]
    return value


# Scratch the compiled policies reuse from turn to turn (no allocation in the game loop), as one record: its fields
# are arrays without reference counts (a tuple of arrays costs two atomic counts per array and call). `sim` is the
# state a search policy plays its rollouts in; `explain` the candidates a policy weighed (`core.explain`);
# `cache_states` which gains state each row of the value cache holds (-1: none yet; `_values_row`).
WORKSPACE_DTYPE = np.dtype([
    ("ascending", "i8", MAX_HAND), ("positions", "i8", MAX_HAND),
    ("set_ranks", "i8", MAX_HAND_SETS), ("set_ends", "i8", MAX_HAND_SETS), ("set_held", "i8", MAX_HAND_SETS),
    ("chosen", "i8", MAX_K), ("painting", "i8", 3),
    ("gains", "f8", (N_CONDITIONS, MAX_RIBBONS_PER_PAINTING + 1)),
    ("cache_states", "i8", MAX_CACHE_ROWS),
    ("rollout_seeds", "u8", MAX_ROLLOUTS), ("rng", "u8", 1),
    ("sim", STATE_DTYPE, (1,)), ("explain", "f8", explain.SIZE),
], align=True)


def new_workspace() -> np.void:
    """A blank workspace record (compiled code takes it as it is, by reference), for a blank value cache."""
    ws = np.zeros(1, WORKSPACE_DTYPE)[0]
    ws["cache_states"] = -1
    return ws


@njit
def _fill_values(r, s, table, p, ws, values, row):
    """values[row, c] = the marginal value of class c under p's gains: its best vector's."""
    _gain_table(r, s, p, ws.gains)
    class_vectors = table.class_vectors
    for c in range(class_vectors.shape[0]):
        best = -np.inf
        for v in range(class_vectors.shape[1]):
            if class_vectors[c, v, 0] < 0:
                break
            best = max(best, _vector_value(r, class_vectors[c, v], ws.gains))
        values[row, c] = best


@njit(inline="always")
def _values_row(r, s, table, values, p, ws):
    """The row of the value cache that holds the marginal values under p's gains state (the ribbons p holds of
    each scoring card in play, up to its track's end: all that `_gain_table` reads), filled on first use. A state
    sits in row `state % rows`: with no more states than rows, none displaces another."""
    state = 0
    for c in range(r.n_scoring_cards):
        cond = r.scoring_cards[c]
        state = state * (r.track_len[cond] + 1) + min(s.ribbons[p, cond], r.track_len[cond])
    rows = values.shape[0]
    row = state if state < rows else state % rows  # no division while every state has a row of its own
    if ws.cache_states[row] != state:
        _fill_values(r, s, table, p, ws, values, row)
        ws.cache_states[row] = state
    return row


@njit(inline="always")
def _hand_values(r, s, table, values, p, ws):
    """Prepare the valuation of p's hand: its cards in ascending order in ws.ascending (their hand positions in
    ws.positions), and for each of its (k-1)-subsets (rules record: hand_sets) the colex rank in ws.set_ranks, the
    highest place in ws.ascending it uses in ws.set_ends and its hand positions, one bit each, in ws.set_held.
    Returns how many (k-1)-subsets there are and the row of the value cache for p; (0, -1) when no painting is in
    reach of this turn (fewer than k - 1 cards: nothing to value)."""
    k, h, ascending, positions, binom = r.cards_per_painting, s.hand_size[p], ws.ascending, ws.positions, r.binom
    if h + 1 < k:
        return 0, -1
    for j in range(h):  # insertion sort, h <= MAX_HAND
        card = s.hand[p, j]
        i = j
        while i > 0 and ascending[i - 1] > card:
            ascending[i] = ascending[i - 1]
            positions[i] = positions[i - 1]
            i -= 1
        ascending[i] = card
        positions[i] = j
    n_sets = r.hand_sets_upto[h]
    for i in range(n_sets):
        t, held = 0, 0
        for j in range(k - 1):
            place = r.hand_sets[i, j]
            t += binom[ascending[place], j + 1]
            held |= 1 << positions[place]
        ws.set_ranks[i] = t
        ws.set_ends[i] = r.hand_sets[i, k - 2]
        ws.set_held[i] = held
    return n_sets, _values_row(r, s, table, values, p, ws)


@njit(inline="always")
def _now(r, s, table, values, p, ws, n_sets, row):
    """What p's best painting is worth now (0 with fewer than k cards): each k-subset of the hand is a (k-1)-subset
    completed by a card later in ascending order, one lookup. The best painting is kept for `_best_painting` in
    ws.painting: its hand positions, one bit each, its colex rank and its class. Among sets of equal value it is the
    one walking them in hand order would meet first (lexicographic over their sorted positions): the set whose
    lowest position not in the other is its own."""
    k, h = r.cards_per_painting, s.hand_size[p]
    if h < k:
        return 0.0
    ascending, positions, completion = ws.ascending, ws.positions, table.completion
    best, best_set, best_t, best_class = -np.inf, 0, 0, 0
    for i in range(n_sets):
        t = ws.set_ranks[i]
        for last in range(ws.set_ends[i] + 1, h):
            c = completion[t, ascending[last]]
            value = values[row, c]
            if value >= best:
                held = ws.set_held[i] | 1 << positions[last]
                differ = held ^ best_set
                if value > best or (differ & -differ & held) != 0:
                    best, best_set, best_t, best_class = value, held, t + r.binom[ascending[last], k], c
    ws.painting[0], ws.painting[1], ws.painting[2] = best_set, best_t, best_class
    return best


@njit(inline="always")
def _with_card(table, values, ws, n_sets, row, card):
    """The best marginal value of a painting of `card` and k - 1 cards of the hand `_hand_values` prepared: one
    lookup per (k-1)-subset of the hand."""
    completion = table.completion
    best = -np.inf
    for i in range(n_sets):
        value = values[row, completion[ws.set_ranks[i], card]]
        if value > best:
            best = value
    return best


@njit
def _best_painting(r, s, table, p, ws, now):
    """The action that paints p's best painting, worth `now` (kept in ws.painting by `_now`): its hand positions in
    ascending card order, stacked in the table's order for the first of its vectors worth `now`."""
    k, positions, chosen = r.cards_per_painting, ws.positions, ws.chosen
    best_set, t, c = ws.painting[0], ws.painting[1], ws.painting[2]
    n = 0
    for j in range(s.hand_size[p]):
        if (best_set >> positions[j]) & 1:
            chosen[n] = positions[j]
            n += 1
    _gain_table(r, s, p, ws.gains)
    v = 0
    while _vector_value(r, table.class_vectors[c, v], ws.gains) != now:
        v += 1
    o = table.vec_order[t, v]
    code = 0
    for j in range(k - 1, -1, -1):
        code = code * r.hand_limit + chosen[r.orders[o, j]]
    return r.market_size + r.paint_index[code]


@njit
def best_painting_action(r, s, table, values, p, ws):
    """The action that paints p's best painting now (p holds at least k cards)."""
    n_sets, row = _hand_values(r, s, table, values, p, ws)
    return _best_painting(r, s, table, p, ws, _now(r, s, table, values, p, ws, n_sets, row))


@njit(inline="always")
def _note_painting(r, s, table, p, ws, now):
    """Explaining: note the best painting now at its marginal value (painted at paint_threshold or a full hand)."""
    if explain.explaining(ws.explain) and s.hand_size[p] >= r.cards_per_painting:
        explain.note(ws.explain, _best_painting(r, s, table, p, ws, now), now)


@njit
def _random_action(r, s, p, ws):
    n = n_legal_actions(r, s)  # as many as legal_actions lists; the one drawn is found without the list
    return legal_action_at(r, s, next_below(s.policy_rng[p], n))


@njit
def _greedy_action(r, s, table, values, p, params, ws):
    paint_threshold, token_cost = params[0], params[1]
    k, h = r.cards_per_painting, s.hand_size[p]
    n_sets, row = _hand_values(r, s, table, values, p, ws)
    now = _now(r, s, table, values, p, ws, n_sets, row)
    _note_painting(r, s, table, p, ws, now)
    if h >= k and (h >= r.hand_limit or now >= paint_threshold):
        return _best_painting(r, s, table, p, ws, now)
    best_slot, best_score = -1, -1e300
    for slot in range(r.market_size):
        card = s.market[slot]
        if card < 0 or slot > s.tokens[p]:
            continue
        value = max(now, _with_card(table, values, ws, n_sets, row, card)) if row >= 0 else 0.0
        score = value - token_cost * slot
        explain.note(ws.explain, slot, score)
        if score > best_score:
            best_slot, best_score = slot, score
    return best_slot


@njit
def _planner_action(r, s, table, values, p, params, ws):
    paint_threshold, token_cost, token_value, potential_weight = params[0], params[1], params[2], params[3]
    k, h, card_quality = r.cards_per_painting, s.hand_size[p], r.card_quality
    n_sets, row = _hand_values(r, s, table, values, p, ws)
    now = _now(r, s, table, values, p, ws, n_sets, row)
    _note_painting(r, s, table, p, ws, now)
    if h >= k and (h >= r.hand_limit or now >= paint_threshold):
        return _best_painting(r, s, table, p, ws, now)
    # tokens are only worth something while there are cards left to buy
    cards_to_go = (r.paintings_per_player - s.n_paintings[p]) * k - h
    worth = token_value if cards_to_go > 1 else 0.0
    potential = 0.0  # a short hand's part of its value (no painting in reach), summed in hand order, the new card last
    if row < 0:
        for j in range(h):
            potential += potential_weight * card_quality[s.hand[p, j]]
    best_slot, best_score = -1, -1e300
    for slot in range(r.market_size):
        card = s.market[slot]
        if card < 0 or slot > s.tokens[p]:
            continue
        if row >= 0:
            value = max(now, _with_card(table, values, ws, n_sets, row, card))
        else:
            value = potential + potential_weight * card_quality[card]
        score = value - token_cost * slot + worth * s.market_tokens[slot]
        explain.note(ws.explain, slot, score)
        if score > best_score:
            best_slot, best_score = slot, score
    if best_slot < 0 and h >= k:  # hand not full but nothing affordable: paint
        return _best_painting(r, s, table, p, ws, now)
    return best_slot
