"""Atelier behind the core's compiled-game base: `AtelierGame` (rules, records, engine, columns) and
`AtelierState` (one game, step by step, with action descriptions and per-player observations, spec §2.4)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Hashable, Mapping, Sequence

import numpy as np

from simkit.core.compiled import CompiledGame, CompiledState, Engine
from simkit.games.atelier import batch
from simkit.games.atelier.engine.dice import active_dice
from simkit.games.atelier.engine.layout import (ADJUST, DIE, DRAW_PATRON, END_REASONS, END_TURN, ERROR_TEXT, INSPIRE,
                                                INSPIRE_PAINT, KEEP, MOVE, N_ACTIONS, N_COLOURS, N_FACES, NONE, PILE,
                                                REROLL, SKIP, SLOT, STATE_DTYPE, SUBST, USE_POWER, Stage)
from simkit.games.atelier.engine.legality import is_legal, legal_actions
from simkit.games.atelier.engine.rules_record import rules_record
from simkit.games.atelier.engine.scoring import final_scores, ranks_and_win_shares
from simkit.games.atelier.engine.setup import deal, setup
from simkit.games.atelier.engine.transition import apply_action
from simkit.games.atelier.policies.catalogue import MAX_POLICY_PARAMS, POLICY_DOCS, POLICY_PARAMS
from simkit.games.atelier.policies.dispatch import POLICY_IDS, SEARCH, choose_action
from simkit.games.atelier.policies.search import new_search_workspace
from simkit.games.atelier.rules.components import COLOURS
from simkit.games.atelier.rules.params import PARAMS
from simkit.games.atelier.rules.record import AtelierRules
from simkit.games.atelier.rules.vocabulary import CATEGORIES

FACE_ACTIONS = {1: "place a student", 2: "place a student", 3: "move students", 4: "collect paint",
                5: "paint a painting", 6: "gain 1 paint"}
PILE_PURPOSE = {Stage.INITIAL_STUDENT: "place the initial student at the {} pile",
                Stage.PLACE: "place a student at the {} pile", Stage.GAIN: "gain 1 {}",
                Stage.RETURN: "return a student from the {} pile",
                Stage.POWER_PLACE: "power: place a student at the {} pile", Stage.POWER_PAINT: "power: take 1 {}"}
SKIP_MEANING = {Stage.MOVE: "move nobody", Stage.POWER_PLACE: "power: place no more students",
                Stage.WILD: "pay the rest as printed"}


class AtelierGame(CompiledGame):
    id = "atelier"
    title = "Atelier: The Painter's Studio"
    rule_params = PARAMS
    policy_params = POLICY_PARAMS
    policy_docs = POLICY_DOCS
    policy_ids = POLICY_IDS
    max_policy_params = MAX_POLICY_PARAMS
    layout = batch.LAYOUT
    end_reasons = END_REASONS
    cap_end_reason = "max_rounds"
    num_distinct_actions = N_ACTIONS
    engine = Engine(setup=setup, legal_actions=legal_actions, is_legal=is_legal, apply_action=apply_action,
                    final_scores=final_scores, ranks_and_win_shares=ranks_and_win_shares,
                    choose_action=choose_action, record_game=batch.record_game, play_games=batch.play_games,
                    error_text=ERROR_TEXT)
    # every player count, and the notable rule options (spec §6.1, §6.1b) and alternative data (spec §7.2)
    conformance_configs = {
        "2p": {"n_players": 2},
        "3p": {"n_players": 3},
        "4p": {"n_players": 4},
        "3p-random-return-ties-null-actions": {"n_players": 3, "student_return_choice": "random",
                                               "collect_ties_player_counts": [2, 3, 4],
                                               "allow_null_die_actions": True},
        "4p-unlimited-supplies-limits-inspiration-main": {
            "n_players": 4, "paint_supply_limited": False, "inspiration_supply_limited": False,
            "max_rerolls_per_turn": 1, "max_inspiration_paints_per_turn": 1, "paint_hand_limit": 8,
            "inspiration_paint_is_main_action": True, "free_actions_after_b": True},
        "2p-stronger-powers-keep-2-of-3": {"n_players": 2, "data": "alternatives/stronger-powers",
                                           "patron_deal": 3, "patron_keep": 2, "tie_break": ["first_master"]},
        "3p-fewer-masterpieces-short": {"n_players": 3, "data": "alternatives/fewer-masterpieces",
                                        "max_rounds": 6, "final_rounds_after_trigger": 0, "row_size": 5},
    }

    def load_rules(self, overrides: Mapping[str, Any], source: str | None, prefix: str) -> AtelierRules:
        return AtelierRules.from_overrides(overrides, source=source, prefix=prefix)

    def rules_record(self, key: Hashable) -> np.ndarray:
        if not hasattr(self, "_rules_record"):
            self._rules_record = rules_record(self.rules)
        return self._rules_record

    def new_state_record(self) -> np.ndarray:
        return np.zeros(1, STATE_DTYPE)

    def workspaces(self, policy_ids: np.ndarray) -> tuple:
        """The legal-action scratch, and the search's scratch only when a seat searches (else None: the batch
        loop is then compiled without the search, dispatch.choose_action)."""
        search_ws = new_search_workspace() if (policy_ids == SEARCH).any() else None
        return np.zeros(N_ACTIONS, np.int64), search_ws

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


@dataclass(frozen=True)
class AtelierObservation:
    """What `player` sees (spec §2.4): everything public plus the player's own patrons."""

    player: int
    current: int
    stage: str
    round: int
    start_player: int
    row: tuple[int | None, ...]  # card ids by slot
    deck_size: int
    patron_deck_size: int
    piles: Mapping[str, int]
    students: tuple[Mapping[str, int], ...]  # per player, students at each pile
    pool: tuple[int, ...]
    paint: tuple[Mapping[str, int], ...]
    tokens: tuple[int, ...]
    inspiration_supply: int
    dice: tuple[tuple[int, ...], ...]  # per player, active dice showing 1..6 (and not rolled yet)
    paintings: tuple[tuple[int, ...], ...]  # per player, owned card ids
    patron_counts: tuple[int, ...]
    first_master: int | None
    own_patrons: tuple[int, ...]  # patron ids, the player's own only
    own_dealt_patrons: tuple[int, ...]  # setup: the patrons dealt to the player, still to choose from


class AtelierState(CompiledState):
    """One Atelier game, action by action."""

    def card_id(self, card: int) -> int:
        return int(self.game.rules.paintings.ids[card])

    def patron_id(self, patron: int) -> int:
        return int(self.game.rules.patrons.ids[patron])

    def describe_action(self, action: int) -> str:
        s, stage = self.record, Stage(int(self.record["stage"]))
        if DIE <= action < INSPIRE:
            return f"die {action - DIE + 1}: {FACE_ACTIONS[action - DIE + 1]}"
        if INSPIRE <= action < REROLL:
            return f"die {action - INSPIRE + 1}: take 1 Inspiration (main action B)"
        named = {REROLL: "reroll all active dice", INSPIRE_PAINT: "paint with Inspiration",
                 DRAW_PATRON: "draw a patron", END_TURN: "end turn", SKIP: SKIP_MEANING.get(stage, "skip")}
        if action in named:
            return named[action]
        if USE_POWER <= action < PILE:
            return f"use the power of painting {self.card_id(action - USE_POWER)}"
        if PILE <= action < SKIP:
            return PILE_PURPOSE.get(stage, "pile {}").format(COLOURS[action - PILE])
        if MOVE <= action < SLOT:
            f, t = divmod(action - MOVE, N_COLOURS)
            mover = (int(s["current"]) + int(s["move_offset"])) % self.game.n_players
            return f"move a student of seat {mover} from {COLOURS[f]} to {COLOURS[t]}"
        if SLOT <= action < SUBST:
            card = int(s["row"][action - SLOT])
            name = f"painting {self.card_id(card)}" if card != NONE else "an empty slot"
            return f"paint {name} (slot {action - SLOT})"
        if SUBST <= action < ADJUST:
            x, y = divmod(action - SUBST, N_COLOURS)
            return f"wild paint: pay 1 {COLOURS[y]} for 1 {COLOURS[x]}"
        if ADJUST <= action < KEEP:
            f, d = divmod(action - ADJUST, 2)
            return f"adjust a die showing {f + 1} {'up' if d else 'down'}"
        if KEEP <= action < N_ACTIONS:
            patron = int(s["dealt"][self.current_player, action - KEEP])
            return f"keep patron {self.patron_id(patron) if patron != NONE else '-'} (dealt card {action - KEEP})"
        return str(action)

    def observation(self, player: int) -> AtelierObservation:
        s, n = self.record, self.game.n_players
        paintings = self.game.rules.paintings

        def colours(values) -> dict[str, int]:
            return {c: int(v) for c, v in zip(COLOURS, values)}

        return AtelierObservation(
            player=player, current=self.current_player, stage=Stage(int(s["stage"])).name.lower(),
            round=int(s["round"]), start_player=int(s["start_player"]),
            row=tuple(self.card_id(c) if c != NONE else None for c in s["row"][: self.game.rules["row_size"]]),
            deck_size=len(paintings) - int(s["deck_pos"]),
            patron_deck_size=int(s["patron_end"]) - int(s["patron_top"]),
            piles=colours(s["pile"]), students=tuple(colours(s["students"][p]) for p in range(n)),
            pool=tuple(int(v) for v in s["pool"][:n]), paint=tuple(colours(s["paint"][p]) for p in range(n)),
            tokens=tuple(int(v) for v in s["tokens"][:n]), inspiration_supply=int(s["supply"]),
            dice=tuple(tuple(int(v) for v in s["dice"][p]) for p in range(n)),
            paintings=tuple(tuple(self.card_id(c) for c in np.flatnonzero(s["owner"][: len(paintings)] == p))
                            for p in range(n)),
            patron_counts=tuple(int(np.sum(s["patron_owner"] == p)) for p in range(n)),
            first_master=None if s["first_master"] == NONE else int(s["first_master"]),
            own_patrons=tuple(self.patron_id(i) for i in np.flatnonzero(s["patron_owner"] == player)),
            own_dealt_patrons=tuple(self.patron_id(i) for i in s["dealt"][player] if i != NONE))

    @property
    def end_reason(self) -> str:
        code = int(self.record["end_reason"])
        return END_REASONS[code.bit_length() - 1] if code else ""

    def active_dice(self, player: int) -> int:
        return int(active_dice(self.record, player))


AtelierGame.state_class = AtelierState
