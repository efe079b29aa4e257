"""Ink on the compiled-game base (`simkit.core.compiled`): what it declares and the hooks it fills."""

from __future__ import annotations

from typing import Hashable

import numpy as np

from simkit.core import explain
from simkit.core.compiled import CompiledGame, CompiledState, Engine
from simkit.games.ink import batch
from simkit.games.ink.engine.layout import END_REASONS, ERROR_TEXT, N_ACTIONS, STATE_DTYPE
from simkit.games.ink.engine.legality import is_legal_in, legal_actions
from simkit.games.ink.engine.rules_record import rules_record
from simkit.games.ink.engine.scoring import final_scores, ranks_and_win_shares
from simkit.games.ink.engine.setup import setup
from simkit.games.ink.engine.transition import apply_action
from simkit.games.ink.policies.catalogue import MAX_POLICY_PARAMS, POLICY_DOCS, POLICY_PARAMS, family_defaults
from simkit.games.ink.policies.dispatch import POLICY_IDS, SEARCH, choose_action
from simkit.games.ink.policies.search import new_search_workspace
from simkit.games.ink.rules.conformance import CONFORMANCE_CONFIGS
from simkit.games.ink.rules.params import PARAMS
from simkit.games.ink.rules.record import InkRules
from simkit.games.ink.view import InkView


class InkState(InkView, CompiledState):
    """One Ink game, action by action."""


class InkGame(CompiledGame):
    id = "ink"
    title = "Ink"
    rule_params = PARAMS
    policy_params = POLICY_PARAMS
    policy_docs = POLICY_DOCS
    policy_ids = POLICY_IDS
    max_policy_params = MAX_POLICY_PARAMS
    state_class = InkState
    state_dtype = STATE_DTYPE
    rules_class = InkRules
    layout = batch.LAYOUT
    end_reasons = END_REASONS
    cap_end_reason = "max_rounds"
    bench_policy = "bonus_chaser"  # the best heuristic measured (tests/ink/test_ink_policies.py docstring)
    num_distinct_actions = N_ACTIONS
    engine = Engine(setup=setup, legal_actions=legal_actions, is_legal=is_legal_in, apply_action=apply_action,
                    final_scores=final_scores, ranks_and_win_shares=ranks_and_win_shares,
                    choose_action=choose_action, record_game=batch.record_game, play_games=batch.play_games,
                    error_text=ERROR_TEXT)
    conformance_configs = CONFORMANCE_CONFIGS

    def rules_record(self, key: Hashable) -> np.ndarray:
        return rules_record(self.rules)

    def policy_args(self, key: Hashable, policy_ids: np.ndarray) -> tuple:
        """The legal-action scratch of the compiled policies, their `core.explain` notes, and the search's scratch
        only when a seat searches (else None: the batch loop is then compiled without the search,
        dispatch.choose_action)."""
        search_ws = new_search_workspace(family_defaults()) if (policy_ids == SEARCH).any() else None
        return np.zeros(N_ACTIONS, np.int64), explain.new_buffer(), search_ws

    def explain_buffer(self, policy_args: tuple) -> np.ndarray:
        return policy_args[1]
