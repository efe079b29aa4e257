"""Atelier on the compiled-game base (`simkit.core.compiled`): what it declares and the hooks it fills."""

from __future__ import annotations

from typing import Hashable

import numpy as np

from simkit.core.compiled import CompiledGame, CompiledState, Engine
from simkit.games.atelier import batch
from simkit.games.atelier.engine.dice import active_dice
from simkit.games.atelier.engine.layout import END_REASONS, ERROR_TEXT, N_ACTIONS, STATE_DTYPE
from simkit.games.atelier.engine.legality import is_legal_in, legal_actions
from simkit.games.atelier.engine.rules_record import rules_record
from simkit.games.atelier.engine.scoring import final_scores, ranks_and_win_shares
from simkit.games.atelier.engine.setup import setup
from simkit.games.atelier.engine.transition import apply_action
from simkit.games.atelier.policies.catalogue import POLICY_DOCS, POLICY_PARAMS
from simkit.games.atelier.policies.dispatch import POLICY_IDS, SEARCH, choose_action
from simkit.games.atelier.policies.scratch import MAX_POLICY_PARAMS, new_policy_scratch
from simkit.games.atelier.policies.search import new_search_workspace
from simkit.games.atelier.rules.params import CONFORMANCE_CONFIGS, PARAMS
from simkit.games.atelier.rules.record import AtelierRules
from simkit.games.atelier.view import AtelierView


class AtelierState(AtelierView, CompiledState):
    """One Atelier game, action by action."""

    def active_dice(self, player: int) -> int:
        return int(active_dice(self.record, player))


class AtelierGame(CompiledGame):
    id = "atelier"
    title = "Atelier: The Painter's Studio"
    rule_params = PARAMS
    policy_params = POLICY_PARAMS
    policy_docs = POLICY_DOCS
    policy_ids = POLICY_IDS
    max_policy_params = MAX_POLICY_PARAMS
    state_class = AtelierState
    state_dtype = STATE_DTYPE
    rules_class = AtelierRules
    layout = batch.LAYOUT
    end_reasons = END_REASONS
    cap_end_reason = "max_rounds"
    bench_policy = "majority"  # the best heuristic (benchmarks/atelier_ladder.py)
    num_distinct_actions = N_ACTIONS
    engine = Engine(setup=setup, legal_actions=legal_actions, is_legal=is_legal_in, apply_action=apply_action,
                    final_scores=final_scores, ranks_and_win_shares=ranks_and_win_shares,
                    choose_action=choose_action, record_game=batch.record_game, play_games=batch.play_games,
                    error_text=ERROR_TEXT)
    conformance_configs = CONFORMANCE_CONFIGS

    def rules_record(self, key: Hashable) -> np.ndarray:
        return rules_record(self.rules)

    def policy_args(self, key: Hashable, policy_ids: np.ndarray) -> tuple:
        """The policies' scratch, and the search's only when a seat searches (else None: the batch loop is then
        compiled without the search, dispatch.choose_action)."""
        search_ws = new_search_workspace() if (policy_ids == SEARCH).any() else None
        return new_policy_scratch(), search_ws

    def explain_buffer(self, policy_args: tuple) -> np.ndarray:
        return policy_args[0]["explain"][0]
