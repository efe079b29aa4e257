"""Shared helpers of the Canvas tests."""

import numpy as np

import simkit

_GAMES = {}


def game(**rules):
    """simkit.make("canvas", rules), built once per rule set (tables and compiled code are reused)."""
    key = repr(sorted(rules.items()))
    if key not in _GAMES:
        _GAMES[key] = simkit.make("canvas", rules)
    return _GAMES[key]


def rec(st, field):
    """A copy of one field of a state's record."""
    return np.array(st._arr[field][0])


def give_hand(st, p, cards):
    """Put card indices into player p's hand (for building test situations)."""
    st._arr["hand"][0, p, : len(cards)] = cards
    st._arr["hand_size"][0, p] = len(cards)
