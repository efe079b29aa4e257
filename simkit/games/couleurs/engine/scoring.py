"""Final scoring (spec §9.2), tie-breaks and ranks (§9.3)."""

import numpy as np

from simkit.core.jit import njit
from simkit.games.couleurs.rules.components import K
from simkit.games.couleurs.engine.ops import painting_complete, painting_counts
from simkit.games.couleurs.rules.ruleset import TieBreak
from simkit.games.couleurs.engine.state import (CARD_ACTIVE, CARD_EXHIBITED, N_COMPONENTS, PP_PAINTINGS, PP_PAIR,
                                         PP_RESERVE_BLACK, PP_SIGNATURES, PP_TOKENS, PP_WHITE_PENALTY, TK_TOKEN)


@njit
def scored(r, s, p, i):
    """Whether drafted card i of player p scores (exhibited, or completed when score_completed_unexhibited)."""
    if s.card_state[p, i] == CARD_EXHIBITED:
        return True
    return r.score_completed_unexhibited and s.card_state[p, i] == CARD_ACTIVE and painting_complete(r, s, p, i)


@njit
def scored_pairs(r, s, p):
    """The pairs of scored paintings of one type p holds (each type's count halved, rounded down): the scored
    paintings with an odd number of scored ones of their type before them (no count table to allocate)."""
    pairs = 0
    for i in range(s.n_kept[p]):
        if scored(r, s, p, i):
            before = 0
            for j in range(i):
                if scored(r, s, p, j) and r.card_type[s.cards[p, j]] == r.card_type[s.cards[p, i]]:
                    before += 1
            pairs += before % 2
    return pairs


@njit
def score_components(r, s, p, comp):
    """Spec §9.2: comp[0..5] = paintings, signatures, tokens, identical pair, white penalty (negative),
    reserve black."""
    for k in range(N_COMPONENTS):
        comp[k] = 0
    black_elsewhere = s.reserve[p, K]
    for i in range(s.n_kept[p]):
        filled, whites, blacks = painting_counts(r, s, p, i)
        if scored(r, s, p, i):
            card = s.cards[p, i]
            comp[PP_PAINTINGS] += r.painting_values[r.card_tier[card]]
            if blacks > 0:
                comp[PP_SIGNATURES] += r.black_signature_points
            comp[PP_WHITE_PENALTY] -= r.white_penalty * whites
        else:
            black_elsewhere += blacks
    sixes = 0
    for t in range(3):
        comp[PP_TOKENS] += s.token[p, t]
        if s.token[p, t] == r.track_bonus_points and s.token_kind[p, t] == TK_TOKEN:
            sixes += 1
    if r.identical_pair_bonus > 0:
        flips = min(min(scored_pairs(r, s, p), sixes), r.identical_pair_max)
        comp[PP_PAIR] = flips * r.identical_pair_bonus
    if r.black_in_reserve_scores:
        comp[PP_RESERVE_BLACK] = r.black_signature_points * black_elsewhere


@njit
def final_scores(r, s, out):
    comp = np.zeros(N_COMPONENTS, np.int64)
    for p in range(r.n_players):
        score_components(r, s, p, comp)
        out[p] = comp.sum()


@njit
def tie_keys(r, s, p, keys):
    """Tie-break keys in order, larger is better (spec §9.3)."""
    best, blacks, whites = 0, np.int64(s.reserve[p, K]), 0
    for i in range(s.n_kept[p]):
        filled, w, b = painting_counts(r, s, p, i)
        blacks += b
        if scored(r, s, p, i):
            best = max(best, np.int64(r.painting_values[r.card_tier[s.cards[p, i]]]))
            whites += w
    for k in range(r.n_tie_breaks):
        tb = r.tie_breaks[k]
        keys[k] = best if tb == TieBreak.BEST_PAINTING else (blacks if tb == TieBreak.MOST_BLACK else -whites)


@njit
def ranks_and_win_shares(r, s, scores, ranks, shares):
    """Rank 1 = best; players tied on the total and every tie-break share the rank and the win."""
    n = r.n_players
    keys = np.zeros((n, 4), np.int64)
    for p in range(n):
        keys[p, 0] = scores[p]
        tie_keys(r, s, p, keys[p, 1:])
    m = 1 + r.n_tie_breaks
    winners = 0
    for p in range(n):
        better = 0
        for q in range(n):
            for k in range(m):
                if keys[q, k] != keys[p, k]:
                    if keys[q, k] > keys[p, k]:
                        better += 1
                    break
        ranks[p] = better + 1
        if better == 0:
            winners += 1
    for p in range(n):
        shares[p] = 1.0 / winners if ranks[p] == 1 else 0.0
