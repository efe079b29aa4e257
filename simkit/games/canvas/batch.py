"""Play many Canvas games in one compiled loop: the runner's fast path.

Each game is set up from its seed, played by compiled policies through `engine.apply_legal` (the transition the
step-by-step API's `apply_action` runs after its legality check), and summarised into per-seat result arrays.
"""

import numpy as np

from simkit.core.columns import BatchLayout, Column
from simkit.core.jit import njit
from simkit.core.records import borrowed, lend
from simkit.games.canvas.rules.components import SCORING_CONDITIONS
from simkit.games.canvas.policies.dispatch import choose_action
from simkit.games.canvas.engine.transitions import apply_legal, final_scores, ranks_and_win_shares, setup
from simkit.games.canvas.engine.scoring import BONUS, N_CONDITIONS

# spec §5, "the game ends when every player has 3 paintings" (`paintings_per_player`): the only way a Canvas game
# ends (its turn bound is an error, not an ending); bit 0 of the end codes
END_REASONS = ("all_paintings_completed",)
ALL_PAINTED = 1
# best_painting_*: the player's best single painting by the rulebook's achievements (spec §8)
COLUMNS = (
    Column("ribbons", "int8", "ribbons held of each scoring card (null when the card is not in play)",
           parts=tuple(f"ribbons_{name.lower()}" for name in SCORING_CONDITIONS), nullable=True),
    Column("grey_ribbons", "int16", "grey bonus ribbons"),
    Column("tokens_left", "int8", "Inspiration tokens at the end"),
    Column("cards_taken", "int8", "Art cards taken from the market"),
    Column("tokens_paid", "int16", "Inspiration tokens spent on skipped cards"),
    Column("scoring_cards", "str", "scoring cards in play"),
    Column("best_painting_conditions", "int8", "most scoring cards in play one painting earned ribbons of"),
    Column("best_painting_grey", "int8", "most grey ribbons from one painting"),
    Column("best_painting_ribbons", "int8", "most ribbons (grey included) obtained from one painting, after caps"),
    Column("best_painting_same_element", "int8", "most visible icons of one Element in one painting"),
)
LAYOUT = BatchLayout(COLUMNS, __name__)
BatchOutput = LAYOUT.output_type


@njit
def record_game(r, s, scores, ranks, shares, out, g):
    """Write the results of the finished game in s into row g of out."""
    for p in range(r.n_players):
        out.score[g, p] = scores[p]
        out.rank[g, p] = ranks[p]
        out.win_share[g, p] = shares[p]
        out.turns[g, p] = s.turns[p]
        out.grey_ribbons[g, p] = s.grey[p]
        out.tokens_left[g, p] = s.tokens[p]
        out.cards_taken[g, p] = s.cards_taken[p]
        out.tokens_paid[g, p] = s.tokens_paid[p]
        for c in range(N_CONDITIONS):
            out.ribbons[g, p, c] = -1  # not in play
        for c in range(r.n_scoring_cards):
            out.ribbons[g, p, r.scoring_cards[c]] = s.ribbons[p, r.scoring_cards[c]]
        for i in range(s.n_paintings[p]):
            met = 0
            for c in range(r.n_scoring_cards):
                if s.painting_ribbons[p, i, r.scoring_cards[c]] > 0:
                    met += 1
            out.best_painting_conditions[g, p] = max(out.best_painting_conditions[g, p], met)
            out.best_painting_grey[g, p] = max(out.best_painting_grey[g, p], s.painting_ribbons[p, i, BONUS])
            out.best_painting_ribbons[g, p] = max(out.best_painting_ribbons[g, p], s.painting_obtained[p, i])
            out.best_painting_same_element[g, p] = max(out.best_painting_same_element[g, p],
                                                       s.painting_most_same[p, i])
    out.first_player[g] = s.first_player
    out.end_reason[g] = ALL_PAINTED
    out.triggers[g] = ALL_PAINTED


@njit(nogil=True)  # threads play chunks side by side (core.backends)
def play_games(r, s, seeds, seat_policy, seat_params, out, table, values, ws, search_ws):
    """Play one game per seed under the rules record r of one scenario (its PolicyTable: table, with a value cache
    of it), in the state record s. seat_policy[g, p] and seat_params[g, p] give the policy of seat p in game g.

    Returns -1 when every game finished, else the index of the first game that broke an invariant (its state is
    left in s for the error message).
    """
    # the policies' arrays as views that hold no reference (records.lend): no counts on every decision; they are
    # this call's arguments, which its caller keeps alive
    table, values, seat_params = lend(table), borrowed(values), borrowed(seat_params)
    n_players = r.n_players
    scores = np.empty(n_players, np.int64)
    ranks = np.empty(n_players, np.int64)
    shares = np.empty(n_players, np.float64)
    for g in range(len(seeds)):
        setup(r, s, seeds[g])
        while not s.done:
            p = s.current
            params = borrowed(seat_params[g, p])  # a view's row is an ordinary array: lent, as the step API passes
            action = choose_action(r, s, seat_policy[g, p], params, table, values, ws, search_ws)
            apply_legal(r, s, action)
        if s.error:
            return g
        final_scores(r, s, scores)
        ranks_and_win_shares(r, s, scores, ranks, shares)
        record_game(r, s, scores, ranks, shares, out, g)
    return -1
