"""The compiled policies' scratch (`AtelierGame.policy_args`): one record they fill during a decision instead of
allocating arrays, one per batch loop or step-API state.

A record, not arrays: numba passes a record to a compiled function as a pointer, and its fields as arrays without a
reference count, while every array argument of a call costs two atomic reference-count updates (about 10 ns a call,
more than many of the policies' helpers cost themselves)."""

import numpy as np

from simkit.core import explain
from simkit.games.atelier.engine.layout import N_ACTIONS, N_CATEGORIES, N_COLOURS
from simkit.games.atelier.rules.params import MAX_PLAYERS, MAX_ROW

MAX_POLICY_PARAMS = 8  # the length of every compiled policy's parameter vector

SCRATCH_DTYPE = np.dtype([
    ("legal", "i8", N_ACTIONS),  # a legal-action list
    ("need", "i8", N_COLOURS),  # cylinders per colour a target lacks (painter.lacking)
    # per player, its patrons' VP by what they count (painter.patron_fits), what one more painting of each category
    # adds (painter.category_fits), and the paintings and patrons they are for (fits_valid 0 before the first time)
    ("fits", "i8", (MAX_PLAYERS, N_CATEGORIES + 4)), ("category_fit", "i8", (MAX_PLAYERS, N_CATEGORIES)),
    ("fits_valid", "i8", MAX_PLAYERS), ("fits_owned", "i8", MAX_PLAYERS), ("fits_patrons", "i8", MAX_PLAYERS),
    # per pile, the two largest student counts of the players other than the deciding one, and whose the first is
    # (majority.pile_table)
    ("top", "i8", N_COLOURS), ("top_who", "i8", N_COLOURS), ("second", "i8", N_COLOURS),
    # per pile, how one student of the player asked in a Move leaving or arriving there changes the piles the
    # deciding player and it hold (majority.move_terms)
    ("leave_p", "i8", N_COLOURS), ("arrive_p", "i8", N_COLOURS), ("leave_q", "i8", N_COLOURS),
    ("arrive_q", "i8", N_COLOURS),
    # whether some move is worth it (majority.move_worth_it) for the player and students it was asked for
    # (table_valid 0 before the first time), the Collect ties of every player (bit q) and the blocking weight
    ("table_valid", "i8"), ("table_player", "i8"), ("table_students", "i8", (MAX_PLAYERS, N_COLOURS)),
    ("worth_ties", "i8"), ("worth_weight", "f8"), ("worth", "i8"),
    # per player, the need painter.lacking last computed for it and what from (seen_valid 0 before the first time)
    ("seen_need", "i8", (MAX_PLAYERS, N_COLOURS)), ("seen_valid", "i8", MAX_PLAYERS),
    ("seen_weights", "f8", (MAX_PLAYERS, 3)), ("seen_paint", "i8", (MAX_PLAYERS, N_COLOURS)),
    ("seen_row", "i8", (MAX_PLAYERS, MAX_ROW)), ("seen_owned", "i8", MAX_PLAYERS), ("seen_patrons", "i8", MAX_PLAYERS),
    # the deciding policy's parameters (dispatch.choose_action copies them), and a family's target weights
    # (painter's parameter vector: painter.target_weights)
    ("params", "f8", MAX_POLICY_PARAMS), ("weights", "f8", MAX_POLICY_PARAMS),
    ("explain", "f8", explain.SIZE),  # the candidates a policy weighed (`core.explain`)
], align=True)


def new_policy_scratch() -> np.ndarray:
    """A one-record array (the compiled code takes its record, [0])."""
    return np.zeros(1, SCRATCH_DTYPE)
