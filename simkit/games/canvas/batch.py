"""Play many Canvas games in one compiled loop: the runner's fast path.

Each game is set up from its seed, played by compiled policies through `engine.apply_action` (the same
transition the step-by-step API uses), and summarised into per-seat result arrays.
"""

from collections import namedtuple

import numpy as np

from simkit.core.jit import njit
from simkit.games.canvas.engine import apply_action, final_scores, ranks_and_win_shares, setup
from simkit.games.canvas.dispatch import choose_action
from simkit.games.canvas.scoring import BONUS, N_CONDITIONS

# Per-game, per-seat result arrays ([games, seats], ribbons [games, seats, 12]; first_player [games]).
# best_*: the player's best single painting by the rulebook's achievements (spec §8): scoring conditions met,
# grey ribbons, all ribbons obtained (grey included; those lost to a full track do not count), most visible
# icons of one Element.
BatchOutput = namedtuple("BatchOutput", "score rank win_share turns grey tokens_left cards_taken tokens_paid "
                                        "ribbons best_conditions best_grey best_ribbons best_same first_player")


def new_output(n_games: int, n_players: int) -> BatchOutput:
    shape = (n_games, n_players)
    return BatchOutput(np.zeros(shape, np.int16), np.zeros(shape, np.int8), np.zeros(shape, np.float32),
                       np.zeros(shape, np.int16), np.zeros(shape, np.int16), np.zeros(shape, np.int8),
                       np.zeros(shape, np.int8), np.zeros(shape, np.int16),
                       np.zeros((*shape, N_CONDITIONS), np.int8), np.zeros(shape, np.int8), np.zeros(shape, np.int8),
                       np.zeros(shape, np.int8), np.zeros(shape, np.int8), np.zeros(n_games, np.int8))


@njit
def record_player(r, s, p, scores, ranks, shares, out, g):
    """Write player p's results of the finished game in s into row g of out."""
    out.score[g, p] = scores[p]
    out.rank[g, p] = ranks[p]
    out.win_share[g, p] = shares[p]
    out.turns[g, p] = s.turns[p]
    out.grey[g, p] = s.grey[p]
    out.tokens_left[g, p] = s.tokens[p]
    out.cards_taken[g, p] = s.cards_taken[p]
    out.tokens_paid[g, p] = s.tokens_paid[p]
    for c in range(N_CONDITIONS):
        out.ribbons[g, p, c] = s.ribbons[p, c]
    for i in range(s.n_paintings[p]):
        met = 0
        for c in range(r.n_scoring_cards):
            if s.painting_ribbons[p, i, r.scoring_cards[c]] > 0:
                met += 1
        out.best_conditions[g, p] = max(out.best_conditions[g, p], met)
        out.best_grey[g, p] = max(out.best_grey[g, p], s.painting_ribbons[p, i, BONUS])
        out.best_ribbons[g, p] = max(out.best_ribbons[g, p], s.painting_obtained[p, i])
        out.best_same[g, p] = max(out.best_same[g, p], s.painting_most_same[p, i])


@njit
def play_games(r, table, state, seeds, seat_policy, seat_params, ws, out):
    """Play one game per seed under the rules record r of one scenario (its PaintingTable: table), in the
    one-record state array `state`. seat_policy[g, p] and seat_params[g, p] give the policy of seat p in game g.

    Returns -1 when every game finished, else the index of the first game that broke an invariant (its state is
    left in `state` for the error message).
    """
    s = state[0]
    n_players = r.n_players
    scores = np.empty(n_players, np.int64)
    ranks = np.empty(n_players, np.int64)
    shares = np.empty(n_players, np.float64)
    for g in range(len(seeds)):
        setup(r, state, seeds[g])
        while not s.done:
            p = s.current
            action = choose_action(r, s, table, seat_policy[g, p], seat_params[g, p], ws)
            apply_action(r, s, action)
        if s.error:
            return g
        final_scores(r, s, scores)
        ranks_and_win_shares(r, s, scores, ranks, shares)
        for p in range(n_players):
            record_player(r, s, p, scores, ranks, shares, out, g)
        out.first_player[g] = s.first_player
    return -1
