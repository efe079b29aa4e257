"""Atelier on the compiled-game base (`simkit.core.compiled`): what it declares and the hooks it fills, and games
with scripted chance outcomes (spec §6.1b #28)."""

from __future__ import annotations

from typing import Any, Hashable, Mapping, Sequence

import numpy as np

from simkit.core.compiled import CompiledGame, CompiledState, Engine
from simkit.games.atelier import batch
from simkit.games.atelier.engine.dice import active_dice
from simkit.games.atelier.engine.layout import END_REASONS, ERROR_TEXT, N_ACTIONS, STATE_DTYPE
from simkit.games.atelier.engine.legality import is_legal_in, legal_actions
from simkit.games.atelier.engine.rules_record import rules_record
from simkit.games.atelier.engine.scoring import final_scores, ranks_and_win_shares
from simkit.games.atelier.engine.setup import deal, setup
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

    @property
    def end_reason(self) -> str:
        code = int(self.record["end_reason"])
        return END_REASONS[code.bit_length() - 1] if code else ""

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

    def load_rules(self, overrides: Mapping[str, Any], source: str | None, prefix: str) -> AtelierRules:
        return AtelierRules.from_overrides(overrides, source=source, prefix=prefix)

    def rules_record(self, key: Hashable) -> np.ndarray:
        if not hasattr(self, "_rules_record"):
            self._rules_record = rules_record(self.rules)
        return self._rules_record

    def new_state_record(self) -> np.ndarray:
        return np.zeros(1, STATE_DTYPE)

    def policy_args(self, key: Hashable, policy_ids: np.ndarray) -> tuple:
        """The policies' scratch, and the search's only when a seat searches (else None: the batch loop is then
        compiled without the search, dispatch.choose_action)."""
        search_ws = new_search_workspace() if (policy_ids == SEARCH).any() else None
        return new_policy_scratch(), search_ws

    def new_scripted_state(self, seed: int, *, start_player: int | None = None,
                           painting_order: Sequence[int] | None = None, patron_order: Sequence[int] | None = None,
                           dice: Sequence[int] = ()) -> "AtelierState":
        """A game with explicit chance outcomes (spec §6.1b #28): the start player, the deck orders (card and patron
        ids, top first; cards not named follow in their shuffled order) and die values used in order before the
        dice streams."""
        state = self.new_initial_state(seed)
        s, paintings, patrons = state.record, self.rules.paintings, self.rules.patrons
        if start_player is not None:
            s["start_player"] = start_player
        for field, ids, given in (("order", paintings.ids, painting_order), ("patron_order", patrons.ids,
                                                                             patron_order)):
            if given is not None:
                first = [int(np.flatnonzero(ids == i)[0]) for i in given]
                rest = [i for i in s[field][: len(ids)] if i not in first]
                s[field][: len(ids)] = first + rest
        if len(dice) > len(s["dice_script"]):
            raise ValueError(f"at most {len(s['dice_script'])} scripted dice")
        s["dice_script"][: len(dice)] = dice
        s["dice_script_len"] = len(dice)
        deal(state.rules, s)
        return state
