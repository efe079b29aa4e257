"""Painting tables for policies, derived at run time from the scoring rules and the card data.

For every unordered set of k cards, the distinct ribbon vectors (scoring cards in play + grey ribbons) that
its stacking orders achieve, each with one order achieving it; with non-decreasing tracks, orders whose
vector is dominated by another are dropped. A policy then values a set of cards by a few table lookups.
Tables depend on the scenario (scoring cards in play) and are cached per scenario.
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from simkit.core.jit import njit
from simkit.games.canvas.engine.scoring import BONUS, painting_ribbons


class PaintingTable(NamedTuple):
    """A scenario's painting table; compiled policies take it as it is (numba passes a named tuple of arrays)."""

    binom: np.ndarray  # int64[n_cards + 1, k + 1]: binomial coefficients for subset ranks
    orders: np.ndarray  # int8[k!, k]: stacking orders, as positions within the sorted subset, bottom first
    vecs: np.ndarray  # int8[n_subsets, k!, n_scoring + 1]: ribbons per scoring card in play, then grey
    n_vecs: np.ndarray  # int8[n_subsets]
    vec_order: np.ndarray  # int8[n_subsets, k!]: index into orders of an order achieving each vector
    # the same vectors, compact for the policies' lookups: a few distinct vectors (uniq, small enough to stay in
    # the fastest cache) and per subset the indices of its own, in the order of vecs, -1 after the last (one
    # cache line per subset, where vecs and n_vecs cost two reads far apart)
    vec_ids: np.ndarray  # int16[n_subsets, max n_vecs]
    uniq: np.ndarray  # int8[n_distinct, n_scoring + 1]


class PolicyTable(NamedTuple):
    """What the compiled policies read of a PaintingTable, arranged for valuing hands fast. Sets of k cards with
    the same ribbon vectors form a class (the printed deck with four scoring cards: 920 classes of 34,220 sets), so
    a set's marginal value under a player's gains is one class value (a row of the batch's value cache:
    `new_value_cache`). The rules record holds what depends on the rules alone (binom, orders). Three arrays: each
    array a compiled call takes costs it a few nanoseconds."""

    # int16[C(n_cards, k - 1), n_cards]: the class of the set made of the (k-1)-set of colex rank t and a card not
    # in it (-1 for a card in it): a hand plus one card is valued with one lookup per (k-1)-set of the hand
    completion: np.ndarray
    class_vectors: np.ndarray  # int8[n_classes, max n_vecs, n_scoring + 1]: each class's vectors, rows of -1 after
    vec_order: np.ndarray  # int8[n_subsets, max n_vecs]: the stacking order (row of orders) of each set's vectors

    @classmethod
    def of(cls, table: PaintingTable) -> "PolicyTable":
        class_vecs, classes = unique_rows(table.vec_ids)
        if len(class_vecs) > np.iinfo(np.int16).max:
            raise ValueError(f"{len(class_vecs)} classes of painting sets: more than the table's int16 indices hold")
        class_vectors = np.where((class_vecs >= 0)[..., None], table.uniq[class_vecs], -1).astype(np.int8)
        width = table.vec_ids.shape[1]
        return cls(completion_table(classes.astype(np.int16), table.binom), class_vectors,
                   np.ascontiguousarray(table.vec_order[:, :width]))


def unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of a 2-d integer array, and for each row the index of its own among them. Rows are
    compared as one integer each when their values fit in 63 bits (a fast 1-d unique), else as their bytes;
    either way rows of values >= 0 come out in ascending order."""
    lo = int(rows.min(initial=0))
    bits = max(1, (int(rows.max(initial=0)) - lo).bit_length())
    if bits * rows.shape[1] <= 63:
        keys = np.zeros(len(rows), np.int64)
        for column in rows.T:
            keys = keys << bits | (column.astype(np.int64) - lo)
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        return rows[first], inverse.reshape(-1)
    keys = np.ascontiguousarray(rows).view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).ravel()
    unique_keys, inverse = np.unique(keys, return_inverse=True)
    return unique_keys.view(rows.dtype).reshape(-1, rows.shape[1]), inverse.reshape(-1)


def completion_table(classes: np.ndarray, binom: np.ndarray) -> np.ndarray:
    """The completion table of PolicyTable from the class of each k-card set (in colex order) and the binomials
    of their ranks."""
    n_cards, k = binom.shape[0] - 1, binom.shape[1] - 1
    ranks, rest_ranks, left_out = _completions(n_cards, k)
    completion = np.full((math.comb(n_cards, k - 1), n_cards), -1, np.int16)
    completion[rest_ranks, left_out] = classes[ranks]  # each set completes each of its (k-1)-subsets
    return completion


@lru_cache(maxsize=4)
def _completions(n_cards: int, k: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every k-card set (in lexicographic order) and each of its cards: the set's colex rank, the rank of the
    (k-1)-set without the card, and the card (arrays [k, n_sets]: the same for every scenario of a deck size)."""
    binom = binomials(n_cards, k)
    sets = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n_cards), k)), np.int64,
                       count=math.comb(n_cards, k) * k).reshape(-1, k)
    ranks = binom[sets, np.arange(1, k + 1)].sum(axis=1)
    rest_ranks = np.stack([binom[np.delete(sets, j, axis=1), np.arange(1, k)].sum(axis=1) for j in range(k)])
    out = np.broadcast_to(ranks, rest_ranks.shape), rest_ranks, sets.T.copy()
    for array in out:
        array.flags.writeable = False  # shared by every scenario
    return out


MAX_CACHE_ROWS = 4096  # gains states a value cache keeps at once (shipped.values_row)


def new_value_cache(table: PolicyTable, n_states: int) -> np.ndarray:
    """A blank cache of the marginal values of a table's classes: float32[rows, n_classes], a row per gains state
    (what the ribbons a player holds make each ribbon vector worth), filled as play meets them
    (`shipped.values_row`; the workspace keeps which state each row holds). Values are whole points, which float32
    holds exactly. One per batch call: compiled code writes it."""
    return np.zeros((min(n_states, MAX_CACHE_ROWS), len(table.class_vectors)), np.float32)


def stacking_orders(k: int) -> np.ndarray:
    """int8[k!, k]: the orders of a painting's k cards, as places in the sorted set, bottom first."""
    return np.array(list(itertools.permutations(range(k))), np.int8)


def binomials(n: int, k: int) -> np.ndarray:
    return np.array([[math.comb(i, j) for j in range(k + 1)] for i in range(n + 1)], np.int64)


@njit
def subset_rank(sorted_cards, k, binom):
    """Colex rank of a sorted set of card indices."""
    r = 0
    for j in range(k):
        r += binom[sorted_cards[j], j + 1]
    return r


@njit
def next_colex(combo, k, n):
    """Advance a sorted k-subset of range(n) to the next in colex order; False after the last one."""
    j = 0
    while j < k - 1 and combo[j] + 1 == combo[j + 1]:
        combo[j] = j
        j += 1
    if j == k - 1 and combo[j] + 1 == n:
        return False
    combo[j] += 1
    return True


@njit
def _dominates(a, b):
    """a >= b in every entry."""
    for i in range(len(a)):
        if a[i] < b[i]:
            return False
    return True


@njit
def _equal(a, b):
    """a == b in every entry (without the temporary array of np.all(a == b))."""
    for i in range(len(a)):
        if a[i] != b[i]:
            return False
    return True


@njit(inline="always")
def _copy(src, dst):
    """dst[:] = src element by element: a slice assignment would compile numba's shape-mismatch error message
    (string formatting), a few seconds of every cold start."""
    for i in range(len(src)):
        dst[i] = src[i]


@njit(nogil=True)  # worker threads build the tables of their scenarios side by side
def _fill_table(card_masks, n_cards, k, scoring, space_scoring, prune_dominated, binom, orders, vecs, n_vecs,
                vec_order):
    n_scoring = len(scoring)
    width = n_scoring + 1
    combo = np.arange(k)
    stack = np.empty(k, np.int8)
    earned = np.empty(BONUS + 1, np.int8)
    vec = np.empty(width, np.int8)
    while True:
        t = subset_rank(combo, k, binom)
        count = 0
        for o in range(orders.shape[0]):
            for j in range(k):
                stack[j] = combo[orders[o, j]]
            painting_ribbons(card_masks, stack, k, space_scoring, earned)
            for c in range(n_scoring):
                vec[c] = earned[scoring[c]]
            vec[n_scoring] = earned[BONUS]
            keep = True
            for v in range(count):
                if (prune_dominated and _dominates(vecs[t, v], vec)) or _equal(vecs[t, v], vec):
                    keep = False
                    break
            if not keep:
                continue
            if prune_dominated:  # drop the kept vectors the new one dominates
                kept = 0
                for v in range(count):
                    if not _dominates(vec, vecs[t, v]):
                        _copy(vecs[t, v], vecs[t, kept])
                        vec_order[t, kept] = vec_order[t, v]
                        kept += 1
                count = kept
            _copy(vec, vecs[t, count])
            vec_order[t, count] = o
            count += 1
        n_vecs[t] = count
        if not next_colex(combo, k, n_cards):
            break


def build_painting_table(card_masks: np.ndarray, k: int, scoring: tuple[int, ...], space_scoring: int,
                         tracks_non_decreasing: bool) -> PaintingTable:
    n_cards = len(card_masks)
    binom = binomials(n_cards, k)
    orders = stacking_orders(k)
    n_subsets = math.comb(n_cards, k)
    vecs = np.zeros((n_subsets, len(orders), len(scoring) + 1), np.int8)
    n_vecs = np.zeros(n_subsets, np.int8)
    vec_order = np.zeros((n_subsets, len(orders)), np.int8)
    _fill_table(card_masks, n_cards, k, np.array(scoring, np.int64), space_scoring, tracks_non_decreasing, binom,
                orders, vecs, n_vecs, vec_order)
    vec_ids, uniq = compact_vectors(vecs, n_vecs)
    return PaintingTable(binom, orders, vecs, n_vecs, vec_order, vec_ids, uniq)


def compact_vectors(vecs: np.ndarray, n_vecs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct ribbon vectors of a table and, per subset, the indices of its vectors (-1 after the last)."""
    width = max(1, int(n_vecs.max(initial=0)))
    held = np.arange(vecs.shape[1])[None, :width] < n_vecs[:, None]
    uniq, inverse = unique_rows(vecs[:, :width][held])
    if len(uniq) > np.iinfo(np.int16).max:
        raise ValueError(f"{len(uniq)} distinct ribbon vectors: more than the table's int16 indices hold")
    vec_ids = np.full((len(n_vecs), width), -1, np.int16)
    vec_ids[held] = inverse
    return vec_ids, np.ascontiguousarray(uniq, np.int8)


@njit(nogil=True)
def _card_quality(n_cards, k, binom, vecs, n_vecs, scoring, tracks, track_len, bonus_points):
    """Mean, over the k-card sets holding a card, of the set's best painting score from zero ribbons."""
    total = np.zeros(n_cards)
    count = np.zeros(n_cards)
    combo = np.arange(k)
    n_scoring = len(scoring)
    while True:
        t = subset_rank(combo, k, binom)
        best = 0.0
        for v in range(n_vecs[t]):
            value = bonus_points * vecs[t, v, n_scoring]
            for c in range(n_scoring):
                r = min(vecs[t, v, c], track_len[scoring[c]])
                if r > 0:
                    value += tracks[scoring[c], r - 1]
            best = max(best, value)
        for j in range(k):
            total[combo[j]] += best
            count[combo[j]] += 1
        if not next_colex(combo, k, n_cards):
            break
    return total / count


def card_quality(table: PaintingTable, n_cards: int, k: int, scoring: tuple[int, ...], tracks: np.ndarray,
                 track_len: np.ndarray, bonus_points: int) -> np.ndarray:
    return _card_quality(n_cards, k, table.binom, table.vecs, table.n_vecs, np.array(scoring, np.int64), tracks,
                         track_len, float(bonus_points))
