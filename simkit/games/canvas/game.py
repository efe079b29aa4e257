"""Canvas on the compiled-game base (`simkit.core.compiled`): what it declares and the hooks it fills."""

from __future__ import annotations

from typing import Any, Hashable, Mapping, Sequence

import numpy as np

from simkit.core.compiled import CompiledGame, CompiledState, Engine
from simkit.games.canvas.batch import END_REASONS, LAYOUT, play_games, record_game
from simkit.games.canvas.engine import transitions as engine
from simkit.games.canvas.engine.state import ERROR_TEXT, STATE_DTYPE
from simkit.games.canvas.policies.dispatch import choose_action_lent
from simkit.games.canvas.policies.shipped import (MAX_PARAMS, POLICY_DOCS, POLICY_IDS, POLICY_PARAMS, Policy,
                                                 new_workspace)
from simkit.games.canvas.rules.components import SCORING_CONDITIONS
from simkit.games.canvas.rules.ruleset import CONFORMANCE_CONFIGS, PARAMS, CanvasRules
from simkit.games.canvas.rules.scenarios import Scenario, build_scenario, scoring_of
from simkit.games.canvas.view import CanvasView


class CanvasState(CanvasView, CompiledState):
    """One Canvas game, driven action by action through the compiled engine."""

    @property
    def scoring(self) -> tuple[int, ...]:
        """Condition ids of the scoring cards in play."""
        return self.rules_key


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
    state_dtype = STATE_DTYPE
    rules_class = CanvasRules
    conformance_configs = CONFORMANCE_CONFIGS
    end_reasons = END_REASONS
    layout = LAYOUT
    engine = Engine(setup=engine.setup, legal_actions=engine.legal_actions, is_legal=engine.is_legal_in,
                    apply_action=engine.apply_action, final_scores=engine.final_scores,
                    ranks_and_win_shares=engine.ranks_and_win_shares, choose_action=choose_action_lent,
                    record_game=record_game, play_games=play_games, error_text=ERROR_TEXT)

    def __init__(self, overrides: Mapping[str, Any] | None = None, *, source: str | None = None, prefix: str = ""):
        super().__init__(overrides, source=source, prefix=prefix)
        self._scenarios: dict[tuple[int, ...], Scenario] = {}

    @property
    def num_distinct_actions(self) -> int:
        return self.rules["market_size"] + len(self.rules.paint_orders)

    # ---- scenarios and tables ------------------------------------------------------------------------

    def scoring_of(self, seed: int) -> tuple[int, ...]:
        """Condition ids of the scoring cards in play in the game with this seed."""
        return scoring_of(self.rules, seed)

    def scenario(self, scoring: tuple[int, ...]) -> Scenario:
        """The rules record and policy tables of the games with these scoring cards, built once per game object."""
        scoring = tuple(scoring)
        if scoring not in self._scenarios:
            self._scenarios[scoring] = build_scenario(self.rules, scoring)
        return self._scenarios[scoring]

    # ---- the base's hooks: a game's rules record depends on its scoring cards ---------------------------------------

    def rules_keys(self, seeds: np.ndarray) -> list[tuple[int, ...]]:
        if self.rules.random_scoring_count:
            return [self.scoring_of(int(seed)) for seed in seeds]
        return [self.rules.fixed_scoring] * len(seeds)

    def rules_record(self, key: tuple[int, ...]) -> np.ndarray:
        return self.scenario(key).rules_arr

    def policy_args(self, key: tuple[int, ...], policy_ids: np.ndarray) -> tuple:
        """The scenario's policy table, a blank cache of its values, the policies' workspace (which keeps what the
        cache's rows hold: the two go together), and the same workspace as the search's only when a seat searches
        (else None: the batch loop is then compiled without the search, dispatch.choose_action)."""
        scenario, ws = self.scenario(key), new_workspace()
        return (scenario.policy_table, scenario.value_cache(), ws,
                ws if (policy_ids == Policy.SEARCH).any() else None)

    def explain_buffer(self, policy_args: tuple) -> np.ndarray:
        return policy_args[2]["explain"]

    def text_columns(self, keys: Sequence[Hashable]) -> dict[str, np.ndarray]:
        if not self.rules.random_scoring_count:  # every game has the same cards
            return {"scoring_cards": np.full(len(keys), self._names(self.rules.fixed_scoring), object)}
        names = {key: self._names(key) for key in set(keys)}
        return {"scoring_cards": np.array([names[key] for key in keys], object)}

    @staticmethod
    def _names(scoring: tuple[int, ...]) -> str:
        return ",".join(SCORING_CONDITIONS[c] for c in scoring)
