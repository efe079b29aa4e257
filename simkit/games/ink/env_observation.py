"""An Ink observation as numbers for the RL environments (`simkit.envs`): everything the view shows (not the
order of the Ink bag or of the X bag)."""

from __future__ import annotations

from simkit.envs.features import Features, slots
from simkit.games.ink.engine.layout import Stage
from simkit.games.ink.rules.components import COLOURS
from simkit.games.ink.view import BOTTLES, InkObservation, Square

STAGES = tuple(stage.name.lower() for stage in Stage)


def write(game, obs: InkObservation, f: Features) -> None:
    rules = game.rules
    tiles = [*rules.tiles.ids, *rules.start_tiles.ids]
    x_tokens = list(rules.x_tokens.ids)
    f.seat(obs.current)
    f.seat(obs.start_player)
    f.one_hot(obs.stage, STAGES)
    f.numbers(obs.round, obs.tiles_in_bag, obs.x_tokens_in_bag, obs.black_reserve)
    for tile in obs.nibs:
        f.one_hot(tile, tiles)
    for bonus in obs.bonus_rows:
        f.one_hot(bonus, rules.bonus_tiles.ids)
    f.one_hot(obs.tile_in_hand, tiles)
    f.one_hot(obs.x_token_in_hand, x_tokens)
    owners = dict(obs.x_tokens_placed)
    for token in x_tokens:
        f.seat(owners.get(token))
    max_squares = 4 * (len(rules.tiles) + 1)  # every ink tile and the starting tile
    for p in f.seats():
        f.numbers(obs.main_bottles[p], obs.palette_reserves[p], obs.wild_reserves[p], obs.black_placed[p])
        f.counts(obs.palettes[p], COLOURS)
        for square in slots(obs.paintings[p], max_squares, "paintings"):
            write_square(square, f)


def write_square(square: Square | None, f: Features) -> None:
    """Present, where, its colour (MISSING under an X token), splash, goal value, bottle; MISSING when absent."""
    if square is None:
        f.numbers(*[None] * 7)
        return
    colour = None if square.colour is None else COLOURS.index(square.colour)
    goal = int(square.mark) if square.mark not in ("", "splash") else 0
    f.numbers(1, square.x, square.y, colour, square.mark == "splash", goal, BOTTLES.index(square.bottle))
