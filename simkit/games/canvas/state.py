"""The Canvas game state as one numpy record (pgx-style plain arrays), read and written by the compiled engine.

A batch of games is an array of these records. Rule values are copied into the record at setup so the
compiled functions need nothing else but the component arrays.
"""

import numpy as np

from simkit.games.canvas.rules import MAX_HAND, MAX_K, MAX_MARKET, MAX_PAINTINGS, MAX_PLAYERS
from simkit.games.canvas.scoring import N_CONDITIONS

MAX_DECK = 120
RIBBON_SLOTS = N_CONDITIONS + 1  # 12 conditions + grey bonus ribbons

# solo_mode codes
SOLO_NONE, SOLO_VINCENT, SOLO_PUZZLE = 0, 1, 2
# error codes: a game that breaks an invariant stops with one of these
ERR_NONE, ERR_DECK_EXHAUSTED, ERR_ILLEGAL_ACTION, ERR_TURN_CAP = 0, 1, 2, 3
ERROR_TEXT = {ERR_DECK_EXHAUSTED: "the Art card deck ran out", ERR_ILLEGAL_ACTION: "illegal action",
              ERR_TURN_CAP: "the game exceeded its turn bound"}
NO_CARD = -1

STATE_DTYPE = np.dtype([
    # rule values
    ("n_players", "i1"), ("hand_limit", "i1"), ("market_size", "i1"), ("paintings_per_player", "i1"),
    ("k", "i1"), ("bonus_points", "i2"), ("cap_ribbons", "i1"), ("space_mode", "i1"), ("solo_mode", "i1"),
    ("vincent_multi", "i1"), ("tie_break", "i1"), ("vincent_flip_p", "f8"), ("turn_cap", "i2"),
    ("n_scoring", "i1"), ("scoring", "i1", N_CONDITIONS),  # condition ids in play
    # chance
    ("seed", "u8"), ("deck", "i1", MAX_DECK), ("deck_size", "i2"), ("deck_pos", "i2"),
    ("vincent_rng", "u8", 1), ("policy_rng", "u8", (MAX_PLAYERS, 1)),
    # table
    ("market", "i1", MAX_MARKET), ("market_tokens", "i1", MAX_MARKET),
    ("first_player", "i1"), ("current", "i1"), ("turn", "i2"), ("done", "i1"), ("error", "i1"),
    ("vincent_tokens", "i1"), ("reserve", "i1"), ("removed", "i2"),
    ("removed_cards", "i1", MAX_DECK),  # the cards Vincent took or the puzzle discarded, first removed first
    # players
    ("hand", "i1", (MAX_PLAYERS, MAX_HAND)), ("hand_size", "i1", MAX_PLAYERS), ("tokens", "i1", MAX_PLAYERS),
    ("n_paintings", "i1", MAX_PLAYERS), ("paintings", "i1", (MAX_PLAYERS, MAX_PAINTINGS, MAX_K)),
    ("painting_ribbons", "i1", (MAX_PLAYERS, MAX_PAINTINGS, RIBBON_SLOTS)),  # as earned, before caps
    ("painting_obtained", "i1", (MAX_PLAYERS, MAX_PAINTINGS)),  # ribbons (grey included) kept, after caps
    ("painting_most_same", "i1", (MAX_PLAYERS, MAX_PAINTINGS)),  # most visible icons of one Element
    ("ribbons", "i1", (MAX_PLAYERS, N_CONDITIONS)), ("grey", "i2", MAX_PLAYERS),
    # statistics
    ("turns", "i2", MAX_PLAYERS), ("cards_taken", "i1", MAX_PLAYERS), ("tokens_paid", "i2", MAX_PLAYERS),
    ("tokens_gained", "i2", MAX_PLAYERS),
], align=True)
SOLO_MODES_CODE = {"none": SOLO_NONE, "vincent": SOLO_VINCENT, "puzzle": SOLO_PUZZLE}
