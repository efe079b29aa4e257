"""Scores, ranks and win shares (spec §5.3–§5.6).

The score orders players as §5.5 ranks them: a player with no own bottle left scores 1000 + black bottles placed
(tie rounds already played, §5.4); any other player scores black − 100 × own bottles left (fewest left first; black
counts only for a tied player who got an own bottle back, §7.1b A8). Solo (`solo_mode = "race"`, §5.6): a finish
scores 1000 − turns taken (fewer is better), else −100 × own bottles left. Equal scores share a rank.
"""

from simkit.core.jit import njit
from simkit.games.ink.engine.bottles import own_left

FINISHED = 1000
PER_BOTTLE_LEFT = 100


@njit
def player_score(r, s, p):
    left = own_left(s, p)
    black = s.black_placed[p]
    if left == 0:
        return FINISHED - s.turns_taken[p] if r.n_players == 1 else FINISHED + black
    return (black if r.n_players > 1 else 0) - PER_BOTTLE_LEFT * left


@njit
def final_scores(r, s, out):
    for p in range(r.n_players):
        out[p] = player_score(r, s, p)


@njit
def ranks_and_win_shares(r, s, scores, ranks, shares):
    """Competition ranks by score (1, 1, 3); the players of rank 1 share the victory (spec §5.3, §5.5)."""
    n = r.n_players
    winners = 0
    for p in range(n):
        ranks[p] = 1
        for q in range(n):
            if scores[q] > scores[p]:
                ranks[p] += 1
        winners += ranks[p] == 1
    for p in range(n):
        shares[p] = 1.0 / winners if ranks[p] == 1 else 0.0
