"""Play many Couleurs de Paris games in one compiled loop: the runner's fast path.

Each game is set up from its seed, played by compiled policies through `engine.apply_legal` (the transition the
step-by-step API's `apply_action` applies after its legality check: the compiled policies choose legal actions
only), and summarised into per-seat result arrays.
"""

import numpy as np

from simkit.core.columns import BatchLayout, Column
from simkit.core.jit import njit
from simkit.games.couleurs.rules.components import N_TIERS, TOOLS
from simkit.games.couleurs.policies.dispatch import choose_action
from simkit.games.couleurs.engine.transitions import (apply_legal, final_scores, ranks_and_win_shares,
                                                      score_components, setup)
from simkit.games.couleurs.engine.state import CARD_EXHIBITED, COMPONENT_NAMES, N_COMPONENTS, ErrorCode

COLUMNS = (
    Column("components", "int16", "score components (spec §9.2)", parts=COMPONENT_NAMES),
    Column("paintings_exhibited", "int8", "paintings on the easel at the end"),
    Column("black_cubes", "int8", "black cubes owned at the end (anywhere)"),
    Column("exhibited_tiers", "int8", "paintings of each tier on the easel at the end",
           parts=tuple(f"exhibited_tier{t}" for t in range(N_TIERS))),
    Column("hires", "int8", "assistants hired at track bonus spaces"),
    Column("track_spaces", "int8", "final space on each track", parts=tuple(f"{t}_space" for t in TOOLS)),
    Column("rounds", "int16", "rounds played", per_game=True),
)
LAYOUT = BatchLayout(COLUMNS, __name__)
BatchOutput = LAYOUT.output_type


@njit
def record_game(r, s, scores, ranks, shares, out, g):
    """Write the results of the finished game in s into row g of out."""
    comp = np.zeros(N_COMPONENTS, np.int64)
    for p in range(r.n_players):
        out.score[g, p] = scores[p]
        out.rank[g, p] = ranks[p]
        out.win_share[g, p] = shares[p]
        out.turns[g, p] = s.turns[p]
        score_components(r, s, p, comp)
        for k in range(N_COMPONENTS):
            out.components[g, p, k] = comp[k]
        out.paintings_exhibited[g, p] = s.exhibited[p]
        for t in range(N_TIERS):
            out.exhibited_tiers[g, p, t] = 0
        for i in range(s.n_kept[p]):
            if s.card_state[p, i] == CARD_EXHIBITED:
                out.exhibited_tiers[g, p, r.card_tier[s.cards[p, i]]] += 1
        blacks = s.reserve[p, 7]
        for i in range(s.n_kept[p]):
            for q in range(9):
                if s.squares[p, i, q] == 7:
                    blacks += 1
        out.black_cubes[g, p] = blacks
        out.hires[g, p] = s.hires[p]
        for t in range(3):
            out.track_spaces[g, p, t] = s.space[p, t]
    out.first_player[g] = s.start_player
    out.rounds[g] = s.round
    out.end_reason[g] = s.end_reason
    out.triggers[g] = s.triggers


@njit(nogil=True)  # threads play chunks side by side (core.backends)
def play_games(r, s, seeds, seat_policy, seat_params, out, ws, search_ws):
    """Play one game per seed under the rules record r, in the state record s; seat_policy[g, p] / seat_params[g, p]
    give the policy of seat p in game g (search_ws as in dispatch.choose_action). Returns -1 when every game
    finished, else the index of the first game that broke an invariant (its state is left in s for the error
    message)."""
    n = r.n_players
    scores = np.empty(n, np.int64)
    ranks = np.empty(n, np.int64)
    shares = np.empty(n, np.float64)
    for g in range(len(seeds)):
        setup(r, s, seeds[g])
        while not s.done:
            p = s.current
            action = choose_action(r, s, seat_policy[g, p], seat_params[g, p], ws, search_ws)
            if action < 0:
                s.error = ErrorCode.NO_LEGAL_ACTION
                s.done = 1
                break
            apply_legal(r, s, action)
        if s.error:
            return g
        final_scores(r, s, scores)
        ranks_and_win_shares(r, s, scores, ranks, shares)
        record_game(r, s, scores, ranks, shares, out, g)
    return -1
