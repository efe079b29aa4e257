"""Canvas painting scoring (spec §2-§3): visibility and the 12 scoring conditions, compiled with numba.

A painting is a stack of cards, bottom to top. For each swatch the topmost card with any icon there shows
all its icons in that swatch. `painting_ribbons` returns, for the visible icons, the ribbons each of the 12
scoring conditions awards plus the grey bonus ribbons (last entry). This is the only copy of the scoring rules:
the engine, the policies' tables and the public `score_painting` all call it.
"""

from enum import IntEnum

import numpy as np

from simkit.core.jit import njit


class Element(IntEnum):
    """The four Elements; bit e of a swatch mask is Element e, bit N_ELEMENTS + e its Bonus icon."""
    HUE = 0
    SHAPE = 1
    TEXTURE = 2
    TONE = 3


class Condition(IntEnum):
    """The scoring conditions the engine implements: the condition id of each scoring card."""
    COMPOSITION = 0
    CONSISTENCY = 1
    EMPHASIS = 2
    HIERARCHY = 3
    MOVEMENT = 4
    PROXIMITY = 5
    PROPORTION = 6
    REPETITION = 7
    SPACE = 8
    STYLE = 9
    SYMMETRY = 10
    VARIETY = 11


class SpaceScoring(IntEnum):
    """Values of the rule `space_scoring` (RULING in spec §3)."""
    MAX_MATCHING = 0
    BGA_GREEDY = 1


HUE, SHAPE, TEXTURE, TONE = Element
N_ELEMENTS = len(Element)
N_CONDITIONS = len(Condition)
BONUS = N_CONDITIONS  # index of the grey-ribbon count in a ribbon vector
(COMPOSITION, CONSISTENCY, EMPHASIS, HIERARCHY, MOVEMENT, PROXIMITY,
 PROPORTION, REPETITION, SPACE, STYLE, SYMMETRY, VARIETY) = Condition
SPACE_SCORING_MODES = tuple(m.name.lower() for m in SpaceScoring)


@njit(any_layout=True)  # card_masks: a rules record field or a plain array
def visible_swatches(card_masks, stack, n_cards, vis):
    """vis[s] = icon bits shown in swatch s by the cards `stack[:n_cards]` (indices into card_masks, bottom first)."""
    for s in range(5):
        vis[s] = 0
        for j in range(n_cards - 1, -1, -1):
            m = card_masks[stack[j], s]
            if m != 0:
                vis[s] = m
                break


@njit
def _has(mask, icon):
    return (mask >> icon) & 1


@njit
def _max_matching(vis, icon_a, icon_b, min_dist, max_dist):
    """Maximum number of disjoint (icon_a, icon_b) pairs whose swatch distance lies in [min_dist, max_dist].

    A swatch holds at most one icon of each kind, so swatches are the graph's nodes. Exact: `reachable` is
    the set (a 32-bit set, one bit per subset of the 5 swatches) of icon_b swatch subsets that some matching
    of the icon_a swatches seen so far can use; no allocation, no recursion."""
    reachable = np.int64(1)  # only the empty subset
    for i in range(5):
        if not _has(vis[i], icon_a):
            continue
        grown = reachable
        for used in range(32):
            if not (reachable >> used) & 1:
                continue
            for j in range(5):
                if _has(vis[j], icon_b) and min_dist <= abs(i - j) <= max_dist and not (used >> j) & 1:
                    grown |= np.int64(1) << (used | (1 << j))
        reachable = grown
    best = 0
    for used in range(32):
        if (reachable >> used) & 1:
            count = 0
            for j in range(5):
                count += (used >> j) & 1
            best = max(best, count)
    return best


@njit
def _space_bga_greedy(vis):
    """Space as the online edition counts it (RULING space_scoring = "bga_greedy")."""
    used = 0
    matched = 0
    done = 0
    # hues with exactly one legal shape first, in swatch order
    for i in range(5):
        if not _has(vis[i], HUE):
            continue
        n_legal, only = 0, -1
        for j in range(5):
            if _has(vis[j], SHAPE) and abs(i - j) >= 2:
                n_legal += 1
                only = j
        if n_legal == 1:
            done |= 1 << i
            if not (used >> only) & 1:
                used |= 1 << only
                matched += 1
    # then the other hues take their first unused legal shape, in swatch order
    for i in range(5):
        if not _has(vis[i], HUE) or (done >> i) & 1:
            continue
        for j in range(5):
            if _has(vis[j], SHAPE) and abs(i - j) >= 2 and not (used >> j) & 1:
                used |= 1 << j
                matched += 1
                break
    return matched


@njit
def visible_ribbons(vis, space_scoring, out):
    """Fill out[0:12] with the ribbons of each condition and out[12] with grey bonus ribbons."""
    cnt = np.zeros(N_ELEMENTS, np.int8)
    for s in range(5):
        for e in range(N_ELEMENTS):
            cnt[e] += _has(vis[s], e)
    total = cnt[0] + cnt[1] + cnt[2] + cnt[3]

    composition = 1
    for s in range(5):
        if vis[s] == 0:
            composition = 0
    out[COMPOSITION] = composition
    out[CONSISTENCY] = 1 if total == 6 else 0
    out[EMPHASIS] = 1 if cnt[HUE] == 1 else 0
    out[HIERARCHY] = 1 if cnt[TONE] >= 1 and cnt[TONE] >= cnt.max() else 0

    movement = 0
    for e in range(N_ELEMENTS):
        for s in range(3):
            if _has(vis[s], e) and _has(vis[s + 1], e) and _has(vis[s + 2], e):
                movement += 1
                break
    out[MOVEMENT] = movement

    out[PROXIMITY] = _max_matching(vis, TEXTURE, TONE, 1, 1)

    proportion = 0
    for e in range(N_ELEMENTS):
        if cnt[e] >= 5:
            proportion = 1
        for f in range(N_ELEMENTS):
            if e != f and cnt[e] >= 3 and cnt[f] >= 2:
                proportion = 1
    out[PROPORTION] = proportion

    out[REPETITION] = cnt[SHAPE] // 2
    if space_scoring == SpaceScoring.MAX_MATCHING:
        out[SPACE] = _max_matching(vis, HUE, SHAPE, 2, 4)
    else:
        out[SPACE] = _space_bga_greedy(vis)
    out[STYLE] = cnt[TEXTURE] // 3

    symmetry = 0
    for e in range(N_ELEMENTS):
        symmetry += _has(vis[0], e) & _has(vis[4], e)
        symmetry += _has(vis[1], e) & _has(vis[3], e)
    out[SYMMETRY] = symmetry
    out[VARIETY] = cnt.min()

    grey = 0
    for s in range(5):
        for e in range(N_ELEMENTS):
            if _has(vis[s], N_ELEMENTS + e):  # a Bonus icon of Element e
                grey += cnt[e]
    out[BONUS] = grey


@njit(any_layout=True)
def painting_ribbons(card_masks, stack, n_cards, space_scoring, out):
    """Ribbons (12 conditions + grey) of the painting made of `stack[:n_cards]`, bottom first.
    Returns the largest number of visible icons of one Element (for the rulebook's achievements)."""
    vis = np.empty(5, np.uint8)
    visible_swatches(card_masks, stack, n_cards, vis)
    visible_ribbons(vis, space_scoring, out)
    most = 0
    for e in range(N_ELEMENTS):
        count = 0
        for s in range(5):
            count += _has(vis[s], e)
        most = max(most, count)
    return most


@njit(any_layout=True)  # tracks: rules record fields or plain arrays
def track_points(tracks, track_len, condition, ribbons):
    """Points for holding `ribbons` ribbons of a scoring card; beyond the track the last value holds."""
    if ribbons <= 0:
        return 0
    n = min(ribbons, track_len[condition])
    return tracks[condition, n - 1]
