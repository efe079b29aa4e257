"""Atelier games with scripted chance outcomes (spec §6.1b #28): the start player, the deck orders and the first die
values chosen, for rulebook examples and golden tests."""

from __future__ import annotations

from typing import Sequence

import numpy as np

from simkit.games.atelier.engine.setup import deal
from simkit.games.atelier.game import AtelierGame, AtelierState


def scripted_state(game: AtelierGame, seed: int, *, start_player: int | None = None,
                   painting_order: Sequence[int] | None = None, patron_order: Sequence[int] | None = None,
                   dice: Sequence[int] = ()) -> AtelierState:
    """A game with explicit chance outcomes (spec §6.1b #28): the start player, the deck orders (card and patron
    ids, top first; cards not named follow in their shuffled order) and die values used in order before the
    dice streams."""
    state = game.new_initial_state(seed)
    s, paintings, patrons = state.record, game.rules.paintings, game.rules.patrons
    if start_player is not None:
        s["start_player"] = start_player
    for field, ids, given in (("order", paintings.ids, painting_order),
                              ("patron_order", patrons.ids, patron_order)):
        if given is not None:
            first = [int(np.flatnonzero(ids == i)[0]) for i in given]
            rest = [i for i in s[field][: len(ids)] if i not in first]
            s[field][: len(ids)] = first + rest
    if len(dice) > len(s["dice_script"]):
        raise ValueError(f"at most {len(s['dice_script'])} scripted dice")
    s["dice_script"][: len(dice)] = dice
    s["dice_script_len"] = len(dice)
    deal(state.rules, s)
    return state
