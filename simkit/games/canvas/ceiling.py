"""The perfect-information ceiling of a Canvas scenario: the best total any player could reach.

A player who could pick any cards from the whole deck makes `paintings` disjoint paintings of
`cards_per_painting` cards each, every one stacked in its best order. The total is

    sum over scoring cards c of track_points(min(ribbons_c, track_len_c)) + bonus_ribbon_points * grey,

so the track cap makes it non-additive: a painting's best order depends on the other paintings. The search
therefore keeps every non-dominated ribbon vector of every card set (`tables.build_painting_table`).

Exact method. Each (card set, ribbon vector) option belongs to the class of its capped vector (ribbons of a
scoring card beyond its track add nothing, grey ribbons are kept whole); the classes are few (tens to a few
thousand). The total of a multiset of classes is known without looking at cards, and it is the total of the
players' ribbons if the classes hold pairwise-disjoint card sets. The search visits the thresholds
t = U, U-1, U-2, ... (U = the best class total, cards ignored); for each t it enumerates, by depth-first
search pruned with exact memoised bounds (the best completion of a partial sum, cards ignored), every multiset
of classes whose total is exactly t, and looks for disjoint card sets in its classes. The first multiset that
has them is optimal: every multiset with a larger total was enumerated at an earlier threshold and has none.
`CeilingResult.combinations_checked` counts the multisets examined; all but the last were infeasible.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import asdict, dataclass
from typing import Sequence

import numpy as np
from numba import types
from numba.typed import Dict

from simkit.core.errors import ConfigError
from simkit.core.jit import njit
from simkit.games.canvas.rules.components import (SCORING_CONDITIONS, load_art_cards, load_scoring_cards,
                                            scoring_condition_ids)
from simkit.games.canvas.engine.scoring import BONUS, SPACE_SCORING_MODES, painting_ribbons, track_points
from simkit.games.canvas.engine.tables import binomials, build_painting_table

BONUS_RIBBON_POINTS = 2  # rule parameter bonus_ribbon_points (spec §9)


@dataclass(frozen=True)
class CeilingResult:
    scoring: tuple[str, ...]  # scoring cards in play
    total: int  # the ceiling: best total of any `paintings` disjoint paintings
    paintings: list[tuple[int, ...]]  # card ids of each painting, bottom -> top, in its optimal order
    painting_ribbons: list[dict[str, int]]  # ribbons each painting earns: {card name: n, ..., "bonus": grey}
    ribbons: dict[str, int]  # ribbons held per scoring card at the end (capped at the track)
    grey: int  # grey bonus ribbons held (not capped)
    points: dict[str, int]  # points per scoring card, and "bonus" for the grey ribbons
    combinations_checked: int  # class multisets searched for disjoint cards; all but the last had none
    combinations_above: int  # of them, those with a total above `total` (all of those, none realisable)
    upper_bound: int  # best class total with cards ignored (the first threshold)
    n_classes: int  # distinct capped ribbon vectors over all card sets
    seconds: float

    def to_dict(self) -> dict:
        d = asdict(self)
        d["scoring"] = list(self.scoring)
        d["paintings"] = [list(p) for p in self.paintings]
        d["proof"] = self.proof()
        return d

    def proof(self) -> str:
        classes = f"{self.n_classes} ribbon classes, {self.combinations_checked} combination(s) checked"
        if self.combinations_above == 0:
            return (f"proof: optimal, the paintings reach the bound {self.upper_bound} that ignores which cards "
                    f"are used ({classes})")
        return (f"proof: optimal, all {self.combinations_above} combinations of ribbon classes totalling "
                f"{self.total + 1}..{self.upper_bound} have no {len(self.paintings)} pairwise-disjoint card sets "
                f"({classes} in descending total)")


# ---- compiled search ---------------------------------------------------------------------------------------

@njit
def _value(s, pts, bonus):
    """Points of a capped ribbon sum s (scoring cards in play, then grey)."""
    n_sc = len(s) - 1
    v = s[n_sc] * bonus
    for d in range(n_sc):
        v += pts[d, s[d]]
    return v


@njit
def _add_capped(a, b, cap, out):
    for d in range(len(a)):
        x = a[d] + b[d]
        out[d] = x if x < cap[d] else cap[d]


@njit
def _key(s, stride):
    k = 0
    for d in range(len(s)):
        k += s[d] * stride[d]
    return k


@njit
def _bound(r, s, vecs, bound_idx, cap, stride, pts, bonus, memo, n_levels):
    """Best total reachable from the capped sum s by adding r more classes (card sets ignored). Exact for the
    classes, so a valid upper bound; memoised by (s, r)."""
    if r == 0:
        return _value(s, pts, bonus)
    key = _key(s, stride) * n_levels + r
    if key in memo:
        return memo[key]
    best = np.int64(-1)
    t = np.empty_like(s)
    for i in bound_idx:
        _add_capped(s, vecs[i], cap, t)
        b = _bound(r - 1, t, vecs, bound_idx, cap, stride, pts, bonus, memo, n_levels)
        if b > best:
            best = b
    memo[key] = best
    return best


@njit
def _realise(cls, start, m_lo, m_hi, picks):
    """Pairwise-disjoint card sets, one from each class of the multiset `cls`; picks[j] = member for cls[j]."""
    P = len(cls)
    pos = np.argsort((start[cls + 1] - start[cls]) * (len(start) + 1) + cls, kind="mergesort")  # small first
    mi = np.empty(P, np.int64)
    u_lo = np.zeros(P + 1, np.uint64)
    u_hi = np.zeros(P + 1, np.uint64)
    j = 0
    mi[0] = start[cls[pos[0]]]
    while j >= 0:
        c = cls[pos[j]]
        found = False
        while mi[j] < start[c + 1]:
            m = mi[j]
            if (m_lo[m] & u_lo[j]) == 0 and (m_hi[m] & u_hi[j]) == 0:
                found = True
                break
            mi[j] += 1
        if not found:
            j -= 1
            if j >= 0:
                mi[j] += 1
            continue
        m = mi[j]
        u_lo[j + 1] = u_lo[j] | m_lo[m]
        u_hi[j + 1] = u_hi[j] | m_hi[m]
        if j == P - 1:
            for q in range(P):
                picks[pos[q]] = mi[q]
            return True
        j += 1
        # a repeated class takes its members in increasing order (the other orders are the same paintings)
        mi[j] = mi[j - 1] + 1 if cls[pos[j]] == cls[pos[j - 1]] else start[cls[pos[j]]]
    return False


@njit
def _search_total(t, P, vecs, bound_idx, cap, stride, pts, bonus, memo, start, m_lo, m_hi, cls_out, picks):
    """Check every multiset of P classes whose total is exactly t, in a fixed order, until one has disjoint
    card sets. Returns (multisets checked, found)."""
    C, D = vecs.shape
    checked = 0
    sums = np.zeros((P + 1, D), np.int64)
    if _bound(P, sums[0], vecs, bound_idx, cap, stride, pts, bonus, memo, P + 1) < t:
        return checked, False
    idx = np.zeros(P, np.int64)
    j = 0
    while j >= 0:
        if idx[j] >= C:
            j -= 1
            if j >= 0:
                idx[j] += 1
            continue
        c = idx[j]
        _add_capped(sums[j], vecs[c], cap, sums[j + 1])
        r = P - 1 - j
        if r == 0:
            if _value(sums[j + 1], pts, bonus) == t:
                checked += 1
                if _realise(idx, start, m_lo, m_hi, picks):
                    cls_out[:] = idx
                    return checked, True
            idx[j] += 1
        elif _bound(r, sums[j + 1], vecs, bound_idx, cap, stride, pts, bonus, memo, P + 1) >= t:
            j += 1
            idx[j] = c  # multisets: non-decreasing class indices
        else:
            idx[j] += 1
    return checked, False


@njit
def _pareto(vecs):
    """Indices of the classes no other class dominates (>= everywhere, > somewhere)."""
    C, D = vecs.shape
    keep = np.ones(C, np.bool_)
    for i in range(C):
        for k in range(C):
            if k == i:
                continue
            ge, gt = True, False
            for d in range(D):
                if vecs[k, d] < vecs[i, d]:
                    ge = False
                    break
                if vecs[k, d] > vecs[i, d]:
                    gt = True
            if ge and gt:
                keep[i] = False
                break
    return np.flatnonzero(keep)


# ---- public ------------------------------------------------------------------------------------------------

def _scoring_ids(names: Sequence[str]) -> tuple[int, ...]:
    ids = scoring_condition_ids(names)
    if not ids:
        raise ConfigError("no scoring cards given")
    return ids


def ceiling(scoring_names: Sequence[str], *, space_scoring: str = "max_matching", art_cards_file: str | None = None,
            scoring_cards_file: str | None = None, paintings: int = 3, cards_per_painting: int = 3,
            bonus_ribbon_points: int = BONUS_RIBBON_POINTS, cards: Sequence[int] | None = None) -> CeilingResult:
    """The best total of `paintings` disjoint paintings from the deck, each in its best order, with a proof.

    `cards` restricts the deck to these Art card ids (default: every card in the deck file).
    """
    began = time.perf_counter()
    if space_scoring not in SPACE_SCORING_MODES:
        raise ConfigError(f"space_scoring must be one of {', '.join(SPACE_SCORING_MODES)}, got {space_scoring!r}")
    if not 1 <= paintings <= 5:
        raise ConfigError(f"paintings must be in 1..5, got {paintings}")
    if not 2 <= cards_per_painting <= 4:
        raise ConfigError(f"cards_per_painting must be in 2..4, got {cards_per_painting}")
    if bonus_ribbon_points < 0:
        raise ConfigError(f"bonus_ribbon_points must be >= 0, got {bonus_ribbon_points}")
    scoring = _scoring_ids(scoring_names)
    names = tuple(SCORING_CONDITIONS[c] for c in scoring)
    deck = load_art_cards(art_cards_file)
    sc = load_scoring_cards(scoring_cards_file)
    if cards is None:
        index = np.arange(len(deck))
    else:
        index = np.array([deck.index_of(int(c)) for c in cards], np.int64)
        if len(set(index.tolist())) != len(index):
            raise ConfigError(f"card ids repeat: {list(cards)}")
        index.sort()
    masks, ids = deck.masks[index], deck.ids[index]
    n_cards, k, P = len(ids), cards_per_painting, paintings
    if n_cards < P * k:
        raise ConfigError(f"{P} paintings of {k} cards need {P * k} cards, the deck has {n_cards}")
    if n_cards > 128:
        raise ConfigError(f"at most 128 Art cards are supported, got {n_cards}")

    track_len = sc.track_len.astype(np.int64)
    non_decreasing = all(bool(np.all(np.diff(sc.tracks[c, : track_len[c]]) >= 0)) for c in scoring)
    table = build_painting_table(masks, k, scoring, SPACE_SCORING_MODES.index(space_scoring), non_decreasing)

    # options (card set, ribbon vector) -> classes of capped vectors; members deduplicated per (class, set)
    n_sets = len(table.n_vecs)
    t_idx, v_idx = np.nonzero(np.arange(table.vecs.shape[1])[None, :] < table.n_vecs[:, None])
    vec = table.vecs[t_idx, v_idx].astype(np.int64)
    max_grey = int(vec[:, -1].max())
    cap = np.array([track_len[c] for c in scoring] + [P * max_grey], np.int64)
    vec = np.minimum(vec, cap)
    stride = np.cumprod(np.r_[1, cap[:-1] + 1]).astype(np.int64)  # mixed-radix code of a capped vector
    _, first_opt, inv = np.unique(vec @ stride, return_index=True, return_inverse=True)
    classes = vec[first_opt]
    inv = inv.ravel().astype(np.int64)
    _, first = np.unique(inv * n_sets + t_idx, return_index=True)
    m_class, m_set = inv[first], t_idx[first]
    m_order = table.vec_order[m_set, v_idx[first]]
    start = np.searchsorted(m_class, np.arange(len(classes) + 1)).astype(np.int64)

    # the cards of each set (colex rank, as in tables) and their bit masks
    binom = binomials(n_cards, k)
    combos = np.array(list(itertools.combinations(range(n_cards), k)), np.int64)
    set_cards = np.zeros((n_sets, k), np.int64)
    set_cards[binom[combos, np.arange(1, k + 1)].sum(axis=1)] = combos
    member_cards = set_cards[m_set]
    one = np.uint64(1)
    m_lo = np.bitwise_or.reduce(np.where(member_cards < 64, one << (member_cards % 64).astype(np.uint64),
                                         np.uint64(0)), axis=1)
    m_hi = np.bitwise_or.reduce(np.where(member_cards >= 64, one << (member_cards % 64).astype(np.uint64),
                                         np.uint64(0)), axis=1)

    pts = np.zeros((len(scoring), int(cap[:-1].max()) + 1), np.int64)
    for d, c in enumerate(scoring):
        for x in range(1, track_len[c] + 1):
            pts[d, x] = track_points(sc.tracks, sc.track_len, c, x)
    bound_idx = _pareto(classes) if non_decreasing else np.arange(len(classes))
    memo = Dict.empty(key_type=types.int64, value_type=types.int64)
    args = (classes, bound_idx, cap, stride, pts, np.int64(bonus_ribbon_points), memo)

    upper = int(_bound(P, np.zeros(len(cap), np.int64), *args, P + 1))
    cls_out = np.zeros(P, np.int64)
    picks = np.zeros(P, np.int64)
    checked, above, t = 0, 0, upper
    while True:
        n, found = _search_total(t, P, *args, start, m_lo, m_hi, cls_out, picks)
        checked += int(n)
        if found:
            break
        above = checked
        t -= 1
        if t < 0:  # cannot happen: any P disjoint card sets realise some multiset
            raise RuntimeError("no disjoint paintings found")

    # the paintings, re-scored from the cards
    earned = np.zeros(BONUS + 1, np.int8)
    out_paintings, out_ribbons = [], []
    held = np.zeros(len(scoring), np.int64)
    grey = 0
    for m in picks:
        stack = set_cards[m_set[m]][table.orders[m_order[m]]]
        painting_ribbons(masks, stack.astype(np.int64), k, SPACE_SCORING_MODES.index(space_scoring), earned)
        out_paintings.append(tuple(int(ids[i]) for i in stack))
        out_ribbons.append({**{names[d]: int(earned[c]) for d, c in enumerate(scoring)}, "bonus": int(earned[BONUS])})
        held += [earned[c] for c in scoring]
        grey += int(earned[BONUS])
    held = np.minimum(held, [track_len[c] for c in scoring])
    points = {names[d]: int(track_points(sc.tracks, sc.track_len, c, held[d])) for d, c in enumerate(scoring)}
    points["bonus"] = grey * bonus_ribbon_points
    if sum(points.values()) != t:
        raise RuntimeError(f"internal error: paintings score {sum(points.values())}, search said {t}")
    return CeilingResult(scoring=names, total=t, paintings=out_paintings, painting_ribbons=out_ribbons,
                         ribbons={names[d]: int(held[d]) for d in range(len(scoring))}, grey=grey, points=points,
                         combinations_checked=checked, combinations_above=above, upper_bound=upper,
                         n_classes=len(classes), seconds=time.perf_counter() - began)
