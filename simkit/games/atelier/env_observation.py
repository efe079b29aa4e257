"""An Atelier observation as numbers for the RL environments (`simkit.envs`): everything the view shows (of the
patrons, the observing player's own only)."""

from __future__ import annotations

from simkit.envs.features import Features
from simkit.games.atelier.engine.layout import Stage
from simkit.games.atelier.rules.components import COLOURS
from simkit.games.atelier.view import AtelierObservation

STAGES = tuple(stage.name.lower() for stage in Stage)


def write(game, obs: AtelierObservation, f: Features) -> None:
    cards = [int(i) for i in game.rules.paintings.ids]
    patrons = [int(i) for i in game.rules.patrons.ids]
    f.seat(obs.current)
    f.seat(obs.start_player)
    f.seat(obs.first_master)
    f.one_hot(obs.stage, STAGES)
    f.numbers(obs.round, obs.deck_size, obs.patron_deck_size, obs.inspiration_supply)
    f.numbers(*(obs.piles[c] for c in COLOURS))
    for card in obs.row:
        f.one_hot(card, cards)
    f.counts(obs.own_patrons, patrons)
    f.counts(obs.own_dealt_patrons, patrons)
    for p in f.seats():
        f.numbers(obs.pool[p], obs.tokens[p], obs.patron_counts[p], *obs.dice[p])
        f.numbers(*(obs.students[p][c] for c in COLOURS), *(obs.paint[p][c] for c in COLOURS))
        f.counts(obs.paintings[p], cards)
