"""Ink's compiled batch loop: play many games with compiled policies through the same `setup`, transition
(`apply_legal`: the step API's `apply_action` past its legality test) and policy entry point as the step API, and
record each game's results (the columns below, spec §5.5)."""

import numpy as np

from simkit.core.columns import BatchLayout, Column
from simkit.core.jit import njit
from simkit.games.ink.engine.bottles import own_left
from simkit.games.ink.engine.layout import ERR_NO_LEGAL_ACTION
from simkit.games.ink.engine.scoring import final_scores, ranks_and_win_shares
from simkit.games.ink.engine.setup import setup
from simkit.games.ink.engine.transition import apply_legal
from simkit.games.ink.policies.dispatch import choose_action

SHIPPED_GOAL_VALUES = (3, 4, 5, 6, 7)  # the goal values of the shipped data, one column each

COLUMNS = (
    Column("finished", "int8", "1: placed every own bottle (spec §5.3)"),
    Column("own_left", "int16", "own bottles left in both reserves at the end"),
    Column("black_placed", "int16", "black bottles placed, discarded ones included (spec §4.9)"),
    Column("turns_taken", "int16", "turns the seat took, tie rounds included (the common `turns` column counts its "
                                   "atomic actions, one per decision)"),
    Column("passes", "int16", "turns the seat passed (spec §4.6)"),
    Column("completions", "int16", "goals completed (spec §4.4)"),
    Column("completed_value", "int16", "the sum of the values of the goals completed"),
    Column("completions_by_value", "int16", "goals completed of each shipped goal value (spec §5.5)",
           parts=tuple(f"completions_{v}" for v in SHIPPED_GOAL_VALUES)),
    Column("bonuses_used", "int16", "bonus actions used, one per completion that used at least one unit"),
    Column("x_drawn", "int16", "X and XX tokens drawn (spec §4.7)"),
    Column("tiles_taken", "int16", "tiles taken from the wheel, bonus tiles included"),
    Column("rounds", "int16", "rounds played, tie rounds not counted", per_game=True),
    Column("tie_rounds", "int8", "tie rounds played (spec §5.4)", per_game=True),
    Column("tiles_in_bag", "int16", "tiles left in the Ink bag at the end", per_game=True),
    Column("truncated", "int8", "1: the safety bound max_rounds ended the game (spec §5.7)", per_game=True),
)
LAYOUT = BatchLayout(COLUMNS, __name__)
BatchOutput = LAYOUT.output_type


@njit
def record_game(r, s, scores, ranks, shares, out, g):
    """Row g of out: the finished game in s."""
    for p in range(r.n_players):
        out.score[g, p] = scores[p]
        out.rank[g, p] = ranks[p]
        out.win_share[g, p] = shares[p]
        out.turns[g, p] = s.decisions[p]
        out.finished[g, p] = own_left(s, p) == 0
        out.own_left[g, p] = own_left(s, p)
        out.black_placed[g, p] = s.black_placed[p]
        out.turns_taken[g, p] = s.turns_taken[p]
        out.passes[g, p] = s.passes[p]
        total, value = 0, 0
        for v in range(len(s.completions[p])):
            total += s.completions[p, v]
            value += v * s.completions[p, v]
        out.completions[g, p] = total
        out.completed_value[g, p] = value
        for i in range(len(SHIPPED_GOAL_VALUES)):
            out.completions_by_value[g, p, i] = s.completions[p, SHIPPED_GOAL_VALUES[i]]
        out.bonuses_used[g, p] = s.bonuses_used[p]
        out.x_drawn[g, p] = s.x_drawn[p]
        out.tiles_taken[g, p] = s.tiles_taken[p]
    out.first_player[g] = s.first_player
    out.end_reason[g] = s.end_reason
    out.triggers[g] = s.triggers
    out.rounds[g] = s.round
    out.tie_rounds[g] = s.tie_round
    out.tiles_in_bag[g] = r.n_tiles - s.bag_pos
    out.truncated[g] = s.truncated


@njit(nogil=True)  # threads play chunks side by side (core.backends)
def play_games(r, s, seeds, seat_policy, seat_params, out, legal, notes, search_ws):
    """One game per seed; seat_policy[g, p] / seat_params[g, p] are the policy of seat p in game g; legal, notes
    and search_ws are dispatch.choose_action's scratch. Returns -1, or the index of the first game that stopped with an
    error (its record left in s)."""
    n = r.n_players
    scores = np.zeros(n, np.int64)
    ranks = np.zeros(n, np.int64)
    shares = np.zeros(n, np.float64)
    for g in range(len(seeds)):
        setup(r, s, seeds[g])
        while not s.done:
            action = choose_action(r, s, seat_policy[g, s.current], seat_params[g, s.current], legal, notes,
                                   search_ws)
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
