"""Canvas behind the core game protocol: the step-by-step `CanvasState` and the batch fast path."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, Mapping, Sequence

import numpy as np

from simkit.core.compiled import RecordState, aborted_error, lineup_arrays, policy_vector
from simkit.core.errors import GameAbortedError
from simkit.core.game import Column, Game, end_columns
from simkit.core.pyloop import play_with_step_api
from simkit.games.canvas import engine
from simkit.games.canvas.batch import new_output, play_games, record_player
from simkit.games.canvas.components import SCORING_CONDITIONS
from simkit.games.canvas.dispatch import choose_action
from simkit.games.canvas.policies import (MAX_PARAMS, MAX_RIBBONS_PER_PAINTING, POLICY_DOCS, POLICY_IDS,
                                          POLICY_PARAMS, new_workspace)
from simkit.games.canvas.rules import PARAMS, CanvasRules
from simkit.games.canvas.scoring import SpaceScoring
from simkit.games.canvas.state import ERROR_TEXT, NO_CARD, new_state
from simkit.games.canvas.tables import PaintingTable, build_painting_table, card_quality

RIBBON_COLUMNS = tuple(f"ribbons_{name.lower()}" for name in SCORING_CONDITIONS)
# spec §5, "the game ends when every player has 3 paintings" (`paintings_per_player`): the only way a Canvas game
# ends (its turn bound is an error, not an ending)
END_ALL_PAINTED = "all_paintings_completed"


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


class CanvasGame(Game):
    id = "canvas"
    title = "Canvas"
    rule_params = PARAMS
    policy_params = POLICY_PARAMS
    policy_docs = POLICY_DOCS
    bench_policy = "greedy"
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
    end_reasons = (END_ALL_PAINTED,)
    result_columns = (
        *(Column(c, "int8", f"ribbons held of {n} (null when not in play)")
          for c, n in zip(RIBBON_COLUMNS, SCORING_CONDITIONS)),
        Column("grey_ribbons", "int16", "grey bonus ribbons"),
        Column("tokens_left", "int8", "Inspiration tokens at the end"),
        Column("cards_taken", "int8", "Art cards taken from the market"),
        Column("tokens_paid", "int16", "Inspiration tokens spent on skipped cards"),
        Column("scoring_cards", "str", "scoring cards in play"),
        Column("best_painting_conditions", "int8", "most scoring cards in play one painting earned ribbons of"),
        Column("best_painting_grey", "int8", "most grey ribbons from one painting"),
        Column("best_painting_ribbons", "int8", "most ribbons (grey included) obtained from one painting, after caps"),
        Column("best_painting_same_element", "int8", "most visible icons of one Element in one painting"),
    )

    def __init__(self, overrides: Mapping[str, Any] | None = None, *, source: str | None = None,
                 prefix: str = ""):
        self.rules = CanvasRules.from_overrides(overrides, source=source, prefix=prefix)
        self._scenarios: dict[tuple[int, ...], Scenario] = {}

    def __reduce__(self):  # workers rebuild the game from the rule values, once per process
        return (_rebuild, (json.dumps(dict(self.rules.values), sort_keys=True),))

    @property
    def n_players(self) -> int:
        return self.rules["n_players"]

    @property
    def rule_values(self) -> Mapping[str, Any]:
        return self.rules.values

    @property
    def num_distinct_actions(self) -> int:
        return self.rules["market_size"] + len(self.rules.paint_orders)

    def data_sources(self) -> dict[str, str]:
        return self.rules.data_sources()

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

    def new_workspace(self):
        return new_workspace(self.num_distinct_actions)

    # ---- step-by-step API ----------------------------------------------------------------------------

    def new_initial_state(self, seed: int) -> "CanvasState":
        return CanvasState(self, int(seed))

    # ---- batch fast path -----------------------------------------------------------------------------

    def play_batch(self, seeds: np.ndarray, lineup: Sequence, seats: np.ndarray) -> dict[str, np.ndarray]:
        if any(choice.is_python for choice in lineup):
            return play_with_step_api(self, seeds, lineup, seats, self._record_result)
        policy_ids, params = lineup_arrays(lineup, POLICY_IDS, POLICY_PARAMS, MAX_PARAMS)
        seats = np.asarray(seats)
        out = new_output(len(seeds), self.n_players)
        if self.rules.random_scoring_count:
            scenarios = [self.scoring_of(seed) for seed in seeds]
        else:  # every game has the same scoring cards
            scenarios = [self.rules.fixed_scoring] * len(seeds)
        for scoring in sorted(set(scenarios)):
            rows = (np.arange(len(seeds)) if len(set(scenarios)) == 1
                    else np.array([i for i, sc in enumerate(scenarios) if sc == scoring]))
            sub = new_output(len(rows), self.n_players)
            scenario = self.scenario(scoring)
            state = new_state()
            failed = play_games(scenario.rules_arr[0], scenario.table, state, np.asarray(seeds, np.uint64)[rows],
                                policy_ids[seats[rows]], params[seats[rows]], self.new_workspace(), sub)
            if failed >= 0:
                raise aborted_error(self.id, seeds[rows[failed]], state[0], ERROR_TEXT)
            for name, array in zip(out._fields, out):
                array[rows] = getattr(sub, name)
        return self._batch_columns(out, scenarios)

    def _batch_columns(self, out, scenarios) -> dict[str, np.ndarray]:
        names = np.array([",".join(SCORING_CONDITIONS[c] for c in sc) for sc in scenarios], dtype=object)
        in_play = np.zeros((len(scenarios), len(SCORING_CONDITIONS)), bool)
        for g, sc in enumerate(scenarios):
            in_play[g, list(sc)] = True
        order = (np.arange(self.n_players)[None, :] - out.first_player[:, None].astype(np.int64)) % self.n_players + 1
        columns = {"score": out.score, "rank": out.rank, "win_share": out.win_share, "turns": out.turns,
                   "turn_order": order,
                   "grey_ribbons": out.grey, "tokens_left": out.tokens_left, "cards_taken": out.cards_taken,
                   "tokens_paid": out.tokens_paid, "best_painting_conditions": out.best_conditions,
                   "best_painting_grey": out.best_grey, "best_painting_ribbons": out.best_ribbons,
                   "best_painting_same_element": out.best_same,
                   "scoring_cards": np.repeat(names[:, None], self.n_players, axis=1),
                   **end_columns([END_ALL_PAINTED] * len(scenarios), [END_ALL_PAINTED] * len(scenarios),
                                 self.n_players)}
        for c, col in enumerate(RIBBON_COLUMNS):
            columns[col] = np.ma.masked_array(out.ribbons[:, :, c],
                                              mask=np.repeat(~in_play[:, c : c + 1], self.n_players, axis=1))
        return columns

    def _record_result(self, state: "CanvasState") -> dict[str, np.ndarray]:
        """One finished game's result arrays, in the shapes of `play_batch` with one game."""
        n = self.n_players
        s = state.record
        out = new_output(1, n)
        ranks, shares = state._ranks_and_shares()
        for p in range(n):
            record_player(state.rules_record, state._arr[0], p, state.scores(), ranks, shares, out, 0)
        out.first_player[0] = s["first_player"]
        return self._batch_columns(out, [state.scoring])


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


@lru_cache(maxsize=64)
def _rebuild(values: str) -> CanvasGame:
    """The game with these rule values (JSON), shared by every task a worker process runs, with its tables."""
    return CanvasGame(json.loads(values))


class CanvasState(RecordState):
    """One Canvas game, driven action by action through the compiled engine."""

    error_text = ERROR_TEXT

    def __init__(self, game: CanvasGame, seed: int):
        self.game = game
        self.seed = seed
        self.scoring = game.scoring_of(seed)
        self._scenario = game.scenario(self.scoring)
        self.rules_record = self._scenario.rules_arr[0]
        # the core calls ranks_and_win_shares(state record, scores, ranks, shares); the engine's takes the rules first
        self.ranks_and_win_shares = partial(engine.ranks_and_win_shares, self.rules_record)
        self._arr = new_state()
        engine.setup(self.rules_record, self._arr, np.uint64(seed))
        self._workspace = game.new_workspace()

    def legal_actions(self) -> list[int]:
        legal = self._workspace.legal
        n = engine.legal_actions(self.rules_record, self._arr[0], legal)
        return legal[:n].tolist()

    def is_legal(self, action: int) -> bool:
        return bool(engine.is_legal_in(self._scenario.rules_arr, self._arr, int(action)))

    def apply_action(self, action: int) -> None:
        if not self.is_legal(action):
            raise ValueError(f"illegal action {action!r}; legal: {self.legal_actions()}")
        engine.apply_action(self.rules_record, self._arr[0], int(action))
        self._raise_if_aborted()

    def compiled_action(self, choice) -> int:
        """The action shipped policy `choice` takes here (the batch path's own policy code)."""
        params = policy_vector(choice, POLICY_PARAMS, MAX_PARAMS)
        return int(choose_action(self.rules_record, self._arr[0], self._scenario.table, POLICY_IDS[choice.name], params,
                                 self._workspace))

    def scores(self) -> np.ndarray:
        out = np.zeros(self.game.n_players, np.int64)
        engine.final_scores(self.rules_record, self._arr[0], out)
        return out

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
