"""The Canvas game state as one numpy record (pgx-style plain arrays), read and written by the compiled engine.

Only what changes during a game lives here; the rule values and component data are in the rules record
(`rules.RULES_DTYPE`), which every compiled function takes alongside the state.
"""

from enum import IntEnum

import numpy as np

from simkit.games.canvas.rules.components import MAX_DECK
from simkit.games.canvas.rules.ruleset import MAX_HAND, MAX_K, MAX_MARKET, MAX_PAINTINGS, MAX_PLAYERS
from simkit.games.canvas.engine.scoring import N_CONDITIONS

RIBBON_SLOTS = N_CONDITIONS + 1  # 12 conditions + grey bonus ribbons


class ErrorCode(IntEnum):
    """The record's `error` field: a game that breaks an invariant stops with one of these."""

    def __new__(cls, value: int, text: str):
        member = int.__new__(cls, value)
        member._value_ = value
        member.text = text
        return member

    NONE = 0, "no error"
    DECK_EXHAUSTED = 1, "the Art card deck ran out"
    ILLEGAL_ACTION = 2, "illegal action"
    TURN_CAP = 3, "the game exceeded its turn bound"


ERROR_TEXT = {int(e): e.text for e in ErrorCode}
NO_CARD = -1

STATE_DTYPE = np.dtype([
    # chance
    ("seed", "u8"), ("deck", "i1", MAX_DECK), ("deck_size", "i2"), ("deck_pos", "i2"),
    ("vincent_rng", "u8", 1), ("policy_rng", "u8", (MAX_PLAYERS, 1)),
    ("setup_rng", "u8", 1),  # the stream setup draws the deck order, then the first player, from
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


