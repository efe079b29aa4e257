"""A Canvas observation as numbers for the RL environments (`simkit.envs`): everything the view shows."""

from __future__ import annotations

from simkit.envs.features import Features, slots
from simkit.games.canvas.rules.components import SCORING_CONDITIONS
from simkit.games.canvas.view import CanvasObservation


def write(game, obs: CanvasObservation, f: Features) -> None:
    cards = [int(i) for i in game.rules.deck.ids]
    f.seat(obs.current_player)
    f.seat(obs.first_player)
    f.numbers(obs.turn, obs.deck_size, obs.vincent_tokens, obs.reserve)
    f.counts(obs.scoring_cards, SCORING_CONDITIONS)
    for card in obs.market:
        f.one_hot(card, cards)
    f.numbers(*obs.market_tokens)
    f.counts(obs.removed, cards)
    for p in f.seats():
        f.numbers(obs.hand_sizes[p], obs.tokens[p], obs.grey_ribbons[p])
        f.numbers(*(obs.ribbons[p].get(name, 0) for name in SCORING_CONDITIONS))
        f.counts(obs.hands[p], cards)
        for painting in slots(obs.paintings[p], game.rules["paintings_per_player"], "paintings"):
            for card in slots(painting or (), game.rules["cards_per_painting"], "painting"):  # bottom first
                f.one_hot(card, cards)
