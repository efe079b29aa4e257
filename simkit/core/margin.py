"""The outcome a search policy maximises, compiled with numba (game-agnostic)."""

from simkit.core.jit import njit


@njit
def score_margin(scores, p, n_players):
    """Player p's score minus the best other player's score; the score alone in a solo game."""
    value = float(scores[p])
    if n_players > 1:
        best_other = -1e9
        for q in range(n_players):
            if q != p and scores[q] > best_other:
                best_other = scores[q]
        value -= best_other
    return value
