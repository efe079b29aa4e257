"""Scores, patrons, ranks and win shares (spec §4.2, §4.3, §5.3)."""

import numpy as np

from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import N_CATEGORIES, N_COLOURS, N_EFFECTS, NONE, TieBreak
from simkit.games.atelier.engine.supply import has_most, paint_held
from simkit.games.atelier.rules.components import NO_CAP
from simkit.games.atelier.rules.vocabulary import Condition

N_PARTS = 3  # painting VP, patron VP, First Master VP (spec §4.2: records keep the three parts)


@njit
def patron_units(r, s, p, patron):
    """The units patron `patron` counts for p on p's current state (spec §5.3 condition kinds)."""
    kind, param = r.patron_condition[patron], r.patron_param[patron]
    if kind == Condition.PAINT_LEFT:
        return np.int64(s.paint[p, param])
    if kind == Condition.INSPIRATION_LEFT:
        return np.int64(s.tokens[p])
    if kind == Condition.MAJORITY_COUNT:  # the Collect rule of the player count, powers ignored
        ties = r.collect_ties_player_counts[r.n_players] == 1
        piles = 0
        for c in range(N_COLOURS):
            piles += has_most(r, s, p, c, ties)
        return np.int64(piles)
    if kind == Condition.CATEGORY_COUNT:
        return np.int64(s.category_count[p, param])
    if kind == Condition.MASTERPIECE_COUNT:
        return np.int64(s.masterpiece_count[p])
    count = np.int64(0)  # the paintings (PAINTING_COUNT), the powered ones (POWER_COUNT), or the sets (CATEGORY_SET)
    if kind == Condition.POWER_COUNT:
        for effect in range(N_EFFECTS):
            count += s.power_copies[p, effect]
    elif kind == Condition.PAINTING_COUNT:
        for k in range(N_CATEGORIES):
            count += s.category_count[p, k]
    elif kind == Condition.CATEGORY_SET:  # min over the categories the painting data has
        count = np.int64(1 << 30)
        for k in range(N_CATEGORIES):
            if r.category_in_data[k]:
                count = min(count, np.int64(s.category_count[p, k]))
    return count


@njit
def patron_score(r, s, p, patron):
    """min(cap, vp × units), no cap when NO_CAP (spec §5.3)."""
    value = np.int64(r.patron_vp[patron]) * patron_units(r, s, p, patron)
    return value if r.patron_cap[patron] == NO_CAP else min(value, np.int64(r.patron_cap[patron]))


@njit
def score_parts(r, s, p, parts):
    """parts[:] = p's painting VP, patron VP (every patron held) and First Master VP (spec §4.2)."""
    parts[0], parts[1], parts[2] = 0, 0, 0
    for card in range(r.n_paintings):
        if s.owner[card] == p:
            parts[0] += r.painting_vp[card]
    for patron in range(r.n_patrons):
        if s.patron_owner[patron] == p:
            parts[1] += patron_score(r, s, p, patron)
    if s.first_master == p:
        parts[2] = r.first_master_vp


@njit
def final_scores(r, s, out):
    parts = np.zeros(N_PARTS, np.int64)
    for p in range(r.n_players):
        score_parts(r, s, p, parts)
        out[p] = parts[0] + parts[1] + parts[2]


@njit
def tie_key(r, s, p, code):
    """p's value of tie-break `code` (spec §4.3): paint held in all colours, or holding the First Master token."""
    if code == TieBreak.PAINT:
        return paint_held(s, p)
    return np.int64(s.first_master == p)


@njit
def beats(r, s, scores, p, q):
    """p ranks before q: a higher score, else the first `tie_break` that differs (spec §4.3)."""
    if scores[p] != scores[q]:
        return scores[p] > scores[q]
    for k in range(len(r.tie_break)):
        code = r.tie_break[k]
        if code == NONE:
            break
        a, b = tie_key(r, s, p, code), tie_key(r, s, q, code)
        if a != b:
            return a > b
    return False


@njit
def ranks_and_win_shares(r, s, scores, ranks, shares):
    """Competition ranks by (score, tie-breaks) — players equal on all share a rank (1, 1, 3) — and win shares:
    the players of rank 1 share the victory (spec §4.3)."""
    n = r.n_players
    winners = 0
    for p in range(n):
        ranks[p] = 1
        for q in range(n):
            if q != p and beats(r, s, scores, q, p):
                ranks[p] += 1
        winners += ranks[p] == 1
    for p in range(n):
        shares[p] = 1.0 / winners if ranks[p] == 1 else 0.0
