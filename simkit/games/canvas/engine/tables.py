"""Painting tables for policies, derived at run time from the scoring rules and the card data.

For every unordered set of k cards, the distinct ribbon vectors (scoring cards in play + grey ribbons) that
its stacking orders achieve, each with one order achieving it; with non-decreasing tracks, orders whose
vector is dominated by another are dropped. A policy then values a set of cards by a few table lookups.
Tables depend on the scenario (scoring cards in play) and are cached per scenario.
"""

from __future__ import annotations

import itertools
import math
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
    """What the compiled policies read of a PaintingTable: the arrays they look up, no more (a compiled function
    taking a tuple of arrays counts a reference to each of them on every call)."""

    binom: np.ndarray
    orders: np.ndarray
    vec_order: np.ndarray
    vec_ids: np.ndarray
    uniq: np.ndarray

    @classmethod
    def of(cls, table: PaintingTable) -> "PolicyTable":
        return cls(table.binom, table.orders, table.vec_order, table.vec_ids, table.uniq)


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


@njit
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
    orders = np.array(list(itertools.permutations(range(k))), np.int8)
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
    rows = np.ascontiguousarray(vecs[:, :width][held], np.int8)
    keys = rows.view(np.dtype((np.void, rows.shape[1]))).ravel()  # one key per row: a fast 1-d unique
    unique_keys, inverse = np.unique(keys, return_inverse=True)
    uniq = unique_keys.view(np.int8).reshape(-1, rows.shape[1])
    if len(uniq) > np.iinfo(np.int16).max:
        raise ValueError(f"{len(uniq)} distinct ribbon vectors: more than the table's int16 indices hold")
    vec_ids = np.full((len(n_vecs), width), -1, np.int16)
    vec_ids[held] = inverse.ravel()
    return vec_ids, np.ascontiguousarray(uniq)


@njit
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
