"""Atelier's compiled batch loop: play many games with compiled policies through the same `setup`, transition
(`apply_legal`, which the step API's `apply_action` calls after its legality check) and policy entry point as the
step API, and record each game's results (the columns below)."""

import numpy as np

from simkit.core.columns import BatchLayout, Column
from simkit.core.jit import njit
from simkit.games.atelier.engine.layout import END_MAX_ROUNDS, ERR_NO_LEGAL_ACTION
from simkit.games.atelier.engine.scoring import N_PARTS, final_scores, ranks_and_win_shares, score_parts
from simkit.games.atelier.engine.setup import setup
from simkit.games.atelier.engine.supply import masterpieces, paint_held
from simkit.games.atelier.engine.transition import apply_legal
from simkit.games.atelier.policies.dispatch import choose_action
from simkit.games.atelier.rules.components import COLOURS

COLUMNS = (
    Column("painting_vp", "int16", "VP of owned paintings (spec §4.2)"),
    Column("patron_vp", "int16", "VP of every patron held (spec §4.2, §5.3)"),
    Column("first_master_vp", "int16", "VP of the First Master token, if held (spec §4.2)"),
    Column("paintings", "int8", "paintings owned at the end"),
    Column("masterpieces", "int8", "masterpieces owned at the end"),
    Column("patrons", "int8", "patrons held at the end (kept and drawn)"),
    Column("paint_left", "int8", "paint cylinders held at the end (the first tie-break, spec §4.3)"),
    Column("inspiration_left", "int8", "Inspiration tokens held at the end"),
    Column("first_master", "int8", "1: the seat took the First Master token (spec §4.1)"),
    Column("students_at", "int8", "the seat's students at each paint pile at the end (spec §3.4)",
           parts=tuple(f"students_{c}" for c in COLOURS)),
    Column("pile_paint", "int8", "paint cylinders left in each pile at the end (spec §6.1 #1)",
           parts=tuple(f"pile_{c}" for c in COLOURS), per_game=True),
    Column("turns_taken", "int16", "turns the seat took (spec §3.1; the common `turns` column counts the seat's "
                                   "atomic actions, one per decision)"),
    Column("rounds", "int16", "rounds played", per_game=True),
    Column("truncated", "int8", "1: the safety bound max_rounds ended the game (spec §4.4)", per_game=True),
)
LAYOUT = BatchLayout(COLUMNS, __name__)
BatchOutput = LAYOUT.output_type


@njit
def record_game(r, s, scores, ranks, shares, out, g):
    """Row g of out: the finished game in s."""
    parts = np.zeros(N_PARTS, np.int64)
    for p in range(r.n_players):
        out.score[g, p] = scores[p]
        out.rank[g, p] = ranks[p]
        out.win_share[g, p] = shares[p]
        out.turns[g, p] = s.decisions[p]
        score_parts(r, s, p, parts)
        out.painting_vp[g, p] = parts[0]
        out.patron_vp[g, p] = parts[1]
        out.first_master_vp[g, p] = parts[2]
        paintings, patrons = 0, 0
        for card in range(r.n_paintings):
            paintings += s.owner[card] == p
        for patron in range(r.n_patrons):
            patrons += s.patron_owner[patron] == p
        out.paintings[g, p] = paintings
        out.masterpieces[g, p] = masterpieces(r, s, p)
        out.patrons[g, p] = patrons
        out.paint_left[g, p] = paint_held(s, p)
        out.inspiration_left[g, p] = s.tokens[p]
        out.turns_taken[g, p] = s.turns_taken[p]
        out.first_master[g, p] = s.first_master == p
        out.students_at[g, p, :] = s.students[p]
    out.pile_paint[g, :] = s.pile
    out.first_player[g] = s.first_player
    out.end_reason[g] = s.end_reason
    out.triggers[g] = s.triggers
    out.rounds[g] = s.round
    out.truncated[g] = s.end_reason == END_MAX_ROUNDS


@njit(nogil=True)  # threads play chunks side by side (core.backends)
def play_games(r, s, seeds, seat_policy, seat_params, out, scratch, search_ws):
    """One game per seed; seat_policy[g, p] / seat_params[g, p] are the policy of seat p in game g; scratch and
    search_ws are dispatch.choose_action's. Returns -1, or the index of the first game that stopped with
    an error (its record left in s)."""
    n = r.n_players
    scores = np.zeros(n, np.int64)
    ranks = np.zeros(n, np.int64)
    shares = np.zeros(n, np.float64)
    for g in range(len(seeds)):
        setup(r, s, seeds[g])
        while not s.done:
            p = s.current
            action = choose_action(r, s, seat_policy[g, p], seat_params[g, p], scratch, search_ws)
            if action < 0:
                s.error = ERR_NO_LEGAL_ACTION
                s.done = 1
                break
            apply_legal(r, s, action)
        if s.error:
            return g
        final_scores(r, s, scores)
        ranks_and_win_shares(r, s, scores, ranks, shares)
        record_game(r, s, scores, ranks, shares, out, g)
    return -1
