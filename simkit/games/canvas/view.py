"""What a Canvas player sees: the observation (spec §1, §5, §6) and the text of each action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from simkit.games.canvas.engine.state import NO_CARD
from simkit.games.canvas.rules.components import SCORING_CONDITIONS


@dataclass(frozen=True)
class CanvasObservation:
    """What a player sees: everything public (spec §1, §5, §6) and, on its turn, its legal actions.

    Every hand is public: each of its cards was taken face up from the market. Hidden: the order of the
    undrawn deck and Vincent's future flips."""

    player: int
    current_player: int
    first_player: int
    turn: int  # player turns played so far
    scoring_cards: tuple[str, ...]
    market: tuple[int | None, ...]  # card ids, slot 1 first
    market_tokens: tuple[int, ...]
    deck_size: int  # Art cards left in the deck
    removed: tuple[int, ...]  # card ids out of the game (taken by Vincent, discarded in the puzzle), in order
    hand: tuple[int, ...]  # own card ids
    hands: tuple[tuple[int, ...], ...]  # per player, card ids
    hand_sizes: tuple[int, ...]
    tokens: tuple[int, ...]
    paintings: tuple[tuple[tuple[int, ...], ...], ...]  # per player, card ids bottom first
    ribbons: tuple[Mapping[str, int], ...]  # per player, scoring card in play -> ribbons held
    grey_ribbons: tuple[int, ...]
    vincent_tokens: int  # 0 when Vincent does not play
    reserve: int  # the solo puzzle's token reserve (0 in other modes)
    actions: Mapping[int, str]  # legal action -> description (empty when it is not this player's turn)


class CanvasView:
    """The observation and action texts of a `CanvasState` (a mixin: it reads the state's record and rules)."""

    def _ids(self, indices) -> tuple[int, ...]:
        return tuple(int(self.game.rules.deck.ids[i]) for i in indices)

    def describe_action(self, action: int) -> str:
        s = self.record
        m = self.game.rules["market_size"]
        if action < m:
            card = int(s["market"][action])
            return f"take slot {action + 1} (card {self._ids([card])[0]}, {action} token(s))"
        order = self.game.rules.paint_orders[action - m]
        cards = self._ids(s["hand"][self.current_player][order])
        return "paint " + "/".join(map(str, cards)) + " (bottom to top)"

    def observation(self, player: int) -> CanvasObservation:
        s = self.record
        n, m, k = self.game.n_players, self.game.rules["market_size"], self.game.rules["cards_per_painting"]
        market = tuple(None if c == NO_CARD else self._ids([c])[0] for c in s["market"][:m])
        hands = tuple(self._ids(s["hand"][p, : s["hand_size"][p]]) for p in range(n))
        paintings = tuple(tuple(self._ids(s["paintings"][p, i, :k]) for i in range(s["n_paintings"][p]))
                          for p in range(n))
        actions = ({a: self.describe_action(a) for a in self.legal_actions()}
                   if player == self.current_player else {})
        return CanvasObservation(
            player=player, current_player=self.current_player, first_player=int(s["first_player"]),
            turn=self.turn, scoring_cards=tuple(SCORING_CONDITIONS[c] for c in self.scoring), market=market,
            market_tokens=tuple(int(t) for t in s["market_tokens"][:m]),
            deck_size=int(s["deck_size"] - s["deck_pos"]), removed=self._ids(s["removed_cards"][: s["removed"]]),
            hand=hands[player], hands=hands, hand_sizes=tuple(len(h) for h in hands),
            tokens=tuple(int(t) for t in s["tokens"][:n]), paintings=paintings,
            ribbons=tuple({SCORING_CONDITIONS[c]: int(s["ribbons"][p, c]) for c in self.scoring} for p in range(n)),
            grey_ribbons=tuple(int(g) for g in s["grey"][:n]), vincent_tokens=int(s["vincent_tokens"]),
            reserve=int(s["reserve"]), actions=actions)
