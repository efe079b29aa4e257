"""Canvas painting scoring (spec §2-§3): visibility and the 12 scoring conditions, compiled with numba.

A painting is a stack of cards, bottom to top. For each swatch the topmost card with any icon there shows
all its icons in that swatch. `painting_ribbons` returns, for the visible icons, the ribbons each of the 12
scoring conditions awards plus the grey bonus ribbons (last entry). This is the only copy of the scoring rules:
the engine, the policies' tables and the public `score_painting` all call it.
"""

from enum import IntEnum

import numpy as np

from simkit.core.jit import cached_tables, njit


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
MAX_RIBBONS_PER_PAINTING = 5  # one swatch holds at most one icon of a kind, so no condition pays more per painting
(COMPOSITION, CONSISTENCY, EMPHASIS, HIERARCHY, MOVEMENT, PROXIMITY,
 PROPORTION, REPETITION, SPACE, STYLE, SYMMETRY, VARIETY) = Condition
SPACE_SCORING_MODES = tuple(m.name.lower() for m in SpaceScoring)


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
def _matching_tables(space_modes):
    """The pair matchings, tabulated once (at import) from the functions above, the only statement of the rules:
    proximity[a | b << 5] for TEXTURE swatches a and TONE swatches b (5-bit masks), space[mode, a | b << 5] for
    HUE swatches a and SHAPE swatches b under each `space_scoring` mode."""
    proximity = np.zeros(1024, np.uint8)
    space = np.zeros((space_modes, 1024), np.uint8)
    vis = np.zeros(5, np.uint8)
    for b in range(32):
        for a in range(32):
            for s in range(5):
                vis[s] = ((a >> s) & 1) << TEXTURE | ((b >> s) & 1) << TONE
            proximity[a | b << 5] = _max_matching(vis, TEXTURE, TONE, 1, 1)
            for s in range(5):
                vis[s] = ((a >> s) & 1) << HUE | ((b >> s) & 1) << SHAPE
            space[SpaceScoring.MAX_MATCHING, a | b << 5] = _max_matching(vis, HUE, SHAPE, 2, 4)
            space[SpaceScoring.BGA_GREEDY, a | b << 5] = _space_bga_greedy(vis)
    return proximity, space


# compiled code reads them as constants
PROXIMITY_PAIRS, SPACE_PAIRS = cached_tables(_matching_tables, len(SpaceScoring))


# A painting's visible icons are kept as one integer, a byte per swatch (swatch s in bits 8s..8s+7, the icon bits
# of a card mask). These constants pick a bit of every swatch byte and gather the five into a 5-bit swatch mask: the
# product moves bit 8s to bit 32 + s, and no two partial products meet, so nothing carries.
_SWATCH_LOWS = 0x0101010101  # bit 0 of every swatch byte
_GATHER = 1 << 32 | 1 << 25 | 1 << 18 | 1 << 11 | 1 << 4


@njit(inline="always")
def _icon_swatches(vis, icon):
    """Bit s set when swatch s shows `icon` (vis: the visible icon bits, a byte per swatch)."""
    return (((vis >> icon) & _SWATCH_LOWS) * _GATHER) >> 32 & 31


@njit(inline="always")
def _nonzero_swatches(m):
    """Bit 0 of every swatch byte of m set when that byte is not 0, every other bit clear."""
    m |= m >> 4
    m |= m >> 2
    m |= m >> 1
    return m & _SWATCH_LOWS


@njit
def _count5(m):
    return (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1) + ((m >> 4) & 1)


@njit
def _symmetric(m):
    """Red and violet (swatches 0, 4) both set, plus yellow and blue (1, 3) both set."""
    return (m & (m >> 4) & 1) + ((m >> 1) & (m >> 3) & 1)


@njit(inline="always")
def _ribbons(vis, space_scoring, out):
    """Fill out[0:12] with the ribbons of each condition and out[12] with grey bonus ribbons, for the visible icon
    bits vis (a byte per swatch); return the largest number of visible icons of one Element. No allocation and no
    branch on the cards: every count is a 5-bit swatch mask per icon."""
    hue = _icon_swatches(vis, HUE)
    shape = _icon_swatches(vis, SHAPE)
    texture = _icon_swatches(vis, TEXTURE)
    tone = _icon_swatches(vis, TONE)
    n_hue, n_shape, n_texture, n_tone = _count5(hue), _count5(shape), _count5(texture), _count5(tone)
    most = max(max(n_hue, n_shape), max(n_texture, n_tone))

    out[COMPOSITION] = 1 if _nonzero_swatches(vis) == _SWATCH_LOWS else 0  # every swatch shows an icon
    out[CONSISTENCY] = 1 if n_hue + n_shape + n_texture + n_tone == 6 else 0
    out[EMPHASIS] = 1 if n_hue == 1 else 0
    out[HIERARCHY] = 1 if n_tone >= 1 and n_tone >= most else 0
    # an Element in 3 consecutive swatches
    out[MOVEMENT] = ((hue & (hue >> 1) & (hue >> 2)) != 0) + ((shape & (shape >> 1) & (shape >> 2)) != 0) \
        + ((texture & (texture >> 1) & (texture >> 2)) != 0) + ((tone & (tone >> 1) & (tone >> 2)) != 0)
    out[PROXIMITY] = PROXIMITY_PAIRS[texture | tone << 5]
    # a set of >= 3 of one Element and one of >= 2 of another, or 5 of one
    threes = (n_hue >= 3) + (n_shape >= 3) + (n_texture >= 3) + (n_tone >= 3)
    twos = (n_hue >= 2) + (n_shape >= 2) + (n_texture >= 2) + (n_tone >= 2)
    out[PROPORTION] = 1 if most >= 5 or (threes >= 1 and twos >= 2) else 0
    out[REPETITION] = n_shape // 2
    out[SPACE] = SPACE_PAIRS[space_scoring, hue | shape << 5]
    out[STYLE] = n_texture // 3
    out[SYMMETRY] = _symmetric(hue) + _symmetric(shape) + _symmetric(texture) + _symmetric(tone)
    out[VARIETY] = min(min(n_hue, n_shape), min(n_texture, n_tone))
    # each visible Bonus icon: one grey ribbon per visible Element of its type
    out[BONUS] = _count5(_icon_swatches(vis, N_ELEMENTS + HUE)) * n_hue \
        + _count5(_icon_swatches(vis, N_ELEMENTS + SHAPE)) * n_shape \
        + _count5(_icon_swatches(vis, N_ELEMENTS + TEXTURE)) * n_texture \
        + _count5(_icon_swatches(vis, N_ELEMENTS + TONE)) * n_tone
    return most


@njit
def visible_ribbons(vis, space_scoring, out):
    """Fill out[0:12] with the ribbons of each condition and out[12] with grey bonus ribbons, for the icon bits
    vis[s] swatch s shows."""
    bits = np.int64(0)
    for s in range(5):
        bits |= np.int64(vis[s]) << 8 * s
    _ribbons(bits, space_scoring, out)


@njit(inline="always")
def _visible(card_masks, stack, n_cards):
    """The icon bits the painting `stack[:n_cards]` (bottom first) shows, a byte per swatch: in each swatch, those
    of the topmost card with any icon there. The cards are laid top down; a swatch a card covers takes its bits."""
    vis, covered = np.int64(0), np.int64(0)
    for j in range(n_cards - 1, -1, -1):
        card = stack[j]
        m = np.int64(0)
        for s in range(5):
            m |= np.int64(card_masks[card, s]) << 8 * s
        vis |= m & ~covered
        covered |= _nonzero_swatches(m) * 0xFF
    return vis


@njit(any_layout=True)  # the engine's record fields and plain arrays alike: one compiled copy for every caller
def painting_ribbons(card_masks, stack, n_cards, space_scoring, out):
    """Ribbons (12 conditions + grey) of the painting made of `stack[:n_cards]`, bottom first.
    Returns the largest number of visible icons of one Element (for the rulebook's achievements)."""
    return _ribbons(_visible(card_masks, stack, n_cards), space_scoring, out)


@njit(any_layout=True, inline="always")  # tracks: rules record fields or plain arrays; merged into callers
def track_points(tracks, track_len, condition, ribbons):
    """Points for holding `ribbons` ribbons of a scoring card; beyond the track the last value holds."""
    if ribbons <= 0:
        return 0
    n = min(ribbons, track_len[condition])
    return tracks[condition, n - 1]
