"""Canvas behind the core game protocol: the step-by-step `CanvasState` and the batch fast path."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Hashable, Mapping, Sequence

import numpy as np

from simkit.core.compiled import CompiledGame, CompiledState, Engine
from simkit.core.errors import GameAbortedError
from simkit.games.canvas.engine import transitions as engine
from simkit.games.canvas.batch import END_REASONS, LAYOUT, play_games, record_game
from simkit.games.canvas.rules.components import SCORING_CONDITIONS
from simkit.games.canvas.policies.dispatch import choose_action
from simkit.games.canvas.policies.shipped import (MAX_PARAMS, MAX_RIBBONS_PER_PAINTING, POLICY_DOCS, POLICY_IDS,
                                          POLICY_PARAMS, new_workspace)
from simkit.games.canvas.rules.ruleset import PARAMS, CanvasRules
from simkit.games.canvas.engine.scoring import SpaceScoring
from simkit.games.canvas.engine.state import ERROR_TEXT, NO_CARD, new_state
from simkit.games.canvas.engine.tables import PaintingTable, build_painting_table, card_quality


@dataclass(frozen=True)
class Scenario:
    """What compiled code reads for the games with one set of scoring cards, besides their states."""

    rules_arr: np.ndarray  # one-record array of rules.RULES_DTYPE; compiled functions take rules_arr[0]
    table: PaintingTable  # for the compiled policies


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


class CanvasState(CompiledState):
    """One Canvas game, driven action by action through the compiled engine."""

    @property
    def scoring(self) -> tuple[int, ...]:
        """Condition ids of the scoring cards in play."""
        return self.rules_key

    # ---- what players see ----------------------------------------------------------------------------

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


class CanvasGame(CompiledGame):
    id = "canvas"
    title = "Canvas"
    rule_params = PARAMS
    policy_params = POLICY_PARAMS
    policy_docs = POLICY_DOCS
    policy_ids = POLICY_IDS
    max_policy_params = MAX_PARAMS
    bench_policy = "greedy"
    state_class = CanvasState
    conformance_configs = {
        "2p": {"n_players": 2},
        "3p-vincent": {"n_players": 3, "vincent_in_multiplayer": True},
        "4p-shared-ties": {"n_players": 4, "tie_break": "shared", "space_scoring": "bga_greedy"},
        "5p-random-scoring": {"n_players": 5, "scoring_cards": "random 3"},
        "solo": {"n_players": 1},
        "solo-vincent": {"n_players": 1, "solo_mode": "vincent"},
        "solo-puzzle": {"n_players": 1, "solo_mode": "puzzle"},
        "2-card-paintings": {"n_players": 2, "cards_per_painting": 2, "hand_limit": 4, "paintings_per_player": 4,
                             "cap_ribbons_at_track": False},
    }
    end_reasons = END_REASONS
    layout = LAYOUT
    engine = Engine(setup=engine.setup, legal_actions=engine.legal_actions, is_legal=engine.is_legal_in,
                    apply_action=engine.apply_action, final_scores=engine.final_scores,
                    ranks_and_win_shares=engine.ranks_and_win_shares, choose_action=choose_action,
                    record_game=record_game, play_games=play_games, error_text=ERROR_TEXT)

    def __init__(self, overrides: Mapping[str, Any] | None = None, *, source: str | None = None, prefix: str = ""):
        super().__init__(overrides, source=source, prefix=prefix)
        self._scenarios: dict[tuple[int, ...], Scenario] = {}

    def load_rules(self, overrides: Mapping[str, Any], source: str | None, prefix: str) -> CanvasRules:
        return CanvasRules.from_overrides(overrides, source=source, prefix=prefix)

    @property
    def num_distinct_actions(self) -> int:
        return self.rules["market_size"] + len(self.rules.paint_orders)

    # ---- scenarios and tables ------------------------------------------------------------------------

    def scoring_of(self, seed: int) -> tuple[int, ...]:
        """Condition ids of the scoring cards in play in the game with this seed."""
        n = self.rules.random_scoring_count
        if not n:
            return self.rules.fixed_scoring
        out = np.zeros(len(SCORING_CONDITIONS), np.int8)
        engine.draw_scoring_cards(np.uint64(seed), len(SCORING_CONDITIONS), n, out)
        return tuple(int(c) for c in out[:n])

    def scenario(self, scoring: tuple[int, ...]) -> Scenario:
        """The rules record and painting table of the games with these scoring cards, built once per game object.
        The tables are shared by every game (in this process) with the same data and painting rules: variants
        that differ in player count or solo mode do not rebuild them."""
        scoring = tuple(scoring)
        if scoring not in self._scenarios:
            rules = self.rules
            table, quality = _scenario_tables(rules.deck.masks.tobytes(), rules.scoring.tracks.tobytes(),
                                              rules.scoring.track_len.tobytes(), rules["cards_per_painting"], scoring,
                                              SpaceScoring[rules["space_scoring"].upper()],
                                              rules["bonus_ribbon_points"])
            self._scenarios[scoring] = Scenario(rules.record(scoring, quality), table)
        return self._scenarios[scoring]

    # ---- the base's hooks: a game's rules record depends on its scoring cards ---------------------------------------

    def rules_key(self, seed: int) -> tuple[int, ...]:
        return self.scoring_of(seed)

    def rules_record(self, key: tuple[int, ...]) -> np.ndarray:
        return self.scenario(key).rules_arr

    def new_state_record(self) -> np.ndarray:
        return new_state()

    def policy_args(self, key: tuple[int, ...], policy_ids: np.ndarray) -> tuple:
        return self.scenario(key).table, new_workspace(self.num_distinct_actions)

    def text_columns(self, keys: Sequence[Hashable]) -> dict[str, np.ndarray]:
        return {"scoring_cards": np.array([",".join(SCORING_CONDITIONS[c] for c in key) for key in keys], object)}


@lru_cache(maxsize=32)
def _scenario_tables(masks: bytes, tracks: bytes, track_len: bytes, k: int, scoring: tuple[int, ...],
                     space_scoring: int, bonus_ribbon_points: int) -> tuple[PaintingTable, np.ndarray]:
    """The painting table and card qualities of one scenario, keyed by the data they are derived from."""
    # writable copies, like the arrays the engine gets: a read-only one would compile scoring functions again
    masks_a = np.frombuffer(masks, np.uint8).reshape(-1, 5).copy()
    tracks_a = np.frombuffer(tracks, np.int16).reshape(len(SCORING_CONDITIONS), -1).copy()
    track_len_a = np.frombuffer(track_len, np.int8).copy()
    non_decreasing = all(np.all(np.diff(tracks_a[c, : track_len_a[c]]) >= 0) for c in scoring)
    table = build_painting_table(masks_a, k, scoring, space_scoring, non_decreasing)
    if table.vecs[..., : len(scoring)].max(initial=0) > MAX_RIBBONS_PER_PAINTING:  # gain tables stop there
        raise GameAbortedError(f"a painting earns more than {MAX_RIBBONS_PER_PAINTING} ribbons of one card; "
                               "the compiled policies do not support that")
    return table, card_quality(table, len(masks_a), k, scoring, tracks_a, track_len_a, bonus_ribbon_points)
