"""Couleurs de Paris on the compiled-game base (`simkit.core.compiled`): what it declares and the hooks it fills."""

from __future__ import annotations

from typing import Any, Hashable, Mapping

import numpy as np

from simkit.core.compiled import CompiledGame, CompiledState, Engine
from simkit.games.couleurs.view import CouleursView
from simkit.games.couleurs.engine import transitions as engine
from simkit.games.couleurs.batch import LAYOUT, play_games, record_game
from simkit.games.couleurs.policies.dispatch import choose_action
from simkit.games.couleurs.policies.shipped import (MAX_PARAMS, POLICY_DOCS, POLICY_IDS, POLICY_PARAMS, SEARCH,
                                                    new_workspace)
from simkit.games.couleurs.rules.ruleset import CONFORMANCE_CONFIGS, PARAMS, CouleursRules, rules_record
from simkit.games.couleurs.policies.search import new_search_workspace
from simkit.games.couleurs.engine.state import (COMPONENT_NAMES, END_REASONS, END_ROUND_CAP, ERROR_TEXT, STATE_DTYPE)


class CouleursState(CouleursView, CompiledState):
    """One Couleurs de Paris game, driven action by action through the compiled engine."""

    def score_components(self, player: int) -> dict[str, int]:
        comp = np.zeros(len(COMPONENT_NAMES), np.int64)
        engine.score_components(self.rules, self.record, player, comp)
        return dict(zip(COMPONENT_NAMES, comp.tolist()))



RULESET_TITLES = {"variant_j": "house-rule variant J", "base": "base game"}  # spec §10


class CouleursGame(CompiledGame):
    id = "couleurs"
    title = "Couleurs de Paris"  # a game's own title also names the ruleset it plays (set in __init__)
    rule_params = PARAMS
    policy_params = POLICY_PARAMS
    policy_docs = POLICY_DOCS
    policy_ids = POLICY_IDS
    max_policy_params = MAX_PARAMS
    bench_policy = "heuristic"
    state_class = CouleursState
    state_dtype = STATE_DTYPE
    rules_class = CouleursRules
    conformance_configs = CONFORMANCE_CONFIGS
    end_reasons = tuple(END_REASONS.values())  # bit i of the end codes: spec §9.1 triggers, then the §13.9 cap
    cap_end_reason = END_REASONS[END_ROUND_CAP]
    layout = LAYOUT
    engine = Engine(setup=engine.setup, legal_actions=engine.legal_actions, is_legal=engine.is_legal_in,
                    apply_action=engine.apply_action, final_scores=engine.final_scores,
                    ranks_and_win_shares=engine.ranks_and_win_shares, choose_action=choose_action,
                    record_game=record_game, play_games=play_games, error_text=ERROR_TEXT)

    def __init__(self, overrides: Mapping[str, Any] | None = None, *, source: str | None = None, prefix: str = ""):
        super().__init__(overrides, source=source, prefix=prefix)
        self.title = f"{CouleursGame.title} ({RULESET_TITLES[self.rules['ruleset']]})"

    @property
    def num_distinct_actions(self) -> int:
        return engine.N_ACTIONS

    def rules_record(self, key: Hashable) -> np.ndarray:
        return rules_record(self.rules)

    def policy_args(self, key: Hashable, policy_ids: np.ndarray) -> tuple:
        """The policies' scratch, and the search's (None when no seat searches: numba then compiles no search)."""
        return new_workspace(), new_search_workspace() if (policy_ids == SEARCH).any() else None

    def explain_buffer(self, policy_args: tuple) -> np.ndarray:
        return policy_args[0]["explain"][0]
