"""Scripted Atelier games for the rule tests: explicit chance outcomes (spec §6.1b #28), actions named by their
descriptions, and colour/card/patron names as the spec writes them."""

from __future__ import annotations

import json
from functools import lru_cache

import numpy as np

import simkit
from simkit.games.atelier.engine.supply import recount_derived
from simkit.games.atelier.rules.components import COLOURS
from simkit.games.atelier.scripted import scripted_state

BLUE, GREEN, RED, YELLOW = range(4)


def game(n_players: int = 3, **rules):
    return _game(json.dumps({"n_players": n_players, **rules}, sort_keys=True))


@lru_cache(maxsize=None)
def _game(rules: str):
    return simkit.make("atelier", json.loads(rules))


def card(card_id: int) -> int:
    """The data row (engine index) of a painting id of the shipped data."""
    return card_id - 1


def actions(state) -> dict[str, int]:
    """The legal actions by description."""
    return {state.describe_action(a): a for a in state.legal_actions()}


def act(state, description: str) -> None:
    legal = actions(state)
    assert description in legal, f"{description!r} is not legal; legal: {sorted(legal)}"
    state.apply_action(legal[description])


def legal(state, description: str) -> bool:
    return description in actions(state)


def started(g=None, *, seed: int = 1, start: int = 0, paintings=(), patrons=(), initial=None, dice=()):
    """A game at the start player's first turn: everyone keeps their first patron dealt, then the initial students
    go to `initial` (pile per seat in placement order: start−1, start−2, …, start; default blue for all)."""
    g = g or game()
    state = scripted_state(g, seed, start_player=start, painting_order=list(paintings), patron_order=list(patrons),
                           dice=list(dice))
    while state.record["stage"] == 0:  # keep patron
        act(state, next(d for d in actions(state) if d.endswith("(dealt card 0)")))
    for pile in initial or [BLUE] * g.n_players:
        act(state, f"place the initial student at the {COLOURS[pile]} pile")
    return state


def set_dice(state, player: int, faces) -> None:
    """Replace `player`'s active dice by these faces."""
    s = state.record
    s["dice"][player] = 0
    for f in faces:
        s["dice"][player, f] += 1


def give_paint(state, player: int, counts) -> None:
    """Move paint from the piles to `player` (conservation holds)."""
    s = state.record
    for c, k in enumerate(counts):
        s["pile"][c] -= k
        s["paint"][player, c] += k


def own(state, player: int, *card_ids: int) -> None:
    """Give `player` these paintings (taken out of the deck order; the row is left as it is)."""
    for i in card_ids:
        state.record["owner"][card(i)] = player
    recount_derived(state.rules, state.record)


def set_patrons(state, player: int, *patrons: int) -> None:
    """`player` holds exactly these patrons (data rows); nobody holds the others."""
    state.record["patron_owner"][:] = -1
    state.record["patron_owner"][list(patrons)] = player
    recount_derived(state.rules, state.record)


def paint_of(state, player: int) -> list[int]:
    return np.asarray(state.record["paint"][player]).tolist()
