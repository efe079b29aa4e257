"""A Couleurs de Paris observation as numbers for the RL environments (`simkit.envs`): everything the view shows,
a hidden reserve grid (observe_reserve_grids = "owner") as MISSING."""

from __future__ import annotations

from simkit.envs.features import Features, slots
from simkit.games.couleurs.engine.state import STAGE_NAMES
from simkit.games.couleurs.rules.components import (BONUS_CARD_TYPES, COLOURS, LOWER_ACTIONS, MAX_SECTORS, PAINTERS,
                                                    TOOLS)
from simkit.games.couleurs.view import CouleursObservation

CARD_STATES = ("reserve", "active", "exhibited")
GRID_COLOURS = "RYBOGP"


def write(game, obs: CouleursObservation, f: Features) -> None:
    cards = [int(i) for i in game.rules.paintings.ids]
    f.one_hot(obs.stage, STAGE_NAMES)
    f.numbers(obs.round, obs.rotation)
    f.seat(obs.first_player)
    for action in slots(obs.slot_actions, MAX_SECTORS, "slot_actions"):
        f.one_hot(action, LOWER_ACTIONS)
    f.padded(obs.slot_capacity, MAX_SECTORS, "slot_capacity")
    for owner in obs.upper.values():
        f.seat(owner)
    f.numbers(*(obs.supply.get(c) for c in COLOURS))
    f.counts(obs.draft_hand, cards)
    f.counts(obs.painters_dealt, PAINTERS)
    for place in obs.bonus_market:
        f.one_hot(place, BONUS_CARD_TYPES)
    for place in obs.painting_market:
        f.one_hot(place, cards)
    for p in f.seats():
        f.padded(obs.lower[p], MAX_SECTORS, "lower")
        f.padded(obs.lower_standing[p], MAX_SECTORS, "lower_standing")
        f.numbers(obs.whites_space[p], obs.owned_assistants[p])
        f.numbers(*(obs.reserves[p][c] for c in COLOURS))
        f.numbers(*(obs.tracks[p][t] for t in TOOLS), *(obs.tokens[p][t] for t in TOOLS))
        f.one_hot(obs.painters[p], PAINTERS)
        f.one_hot(obs.gauguin_colour[p], COLOURS)
        f.counts(obs.bonus_held[p] if obs.bonus_held else (), BONUS_CARD_TYPES)
        for card in slots(obs.paintings[p], len(cards), "paintings"):  # in kept order, as the actions number them
            write_painting(card, cards, f)


def write_painting(card: dict | None, cards: list[int], f: Features) -> None:
    """One kept painting card: which card, its tier and state, its grid (MISSING where hidden), its cubes."""
    f.one_hot(None if card is None else card["card_id"], cards)
    f.numbers(None if card is None else card["tier"], None if card is None else card["complete"])
    f.one_hot(None if card is None else card["state"], CARD_STATES)
    grid = card["grid"] if card is not None and card["grid"] is not None else ""
    f.padded([GRID_COLOURS.index(c) for c in grid], 9, "grid")
    cubes = card["cubes"] if card is not None else ""
    f.padded([None if c == "." else COLOURS.index(c) for c in cubes], 9, "cubes")
