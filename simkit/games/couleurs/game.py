"""Couleurs de Paris behind the core game protocol: the step-by-step `CouleursState` and the batch fast path."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Hashable, Mapping

import numpy as np

from simkit.core.compiled import CompiledGame, CompiledState, Engine
from simkit.games.couleurs.engine import transitions as engine
from simkit.games.couleurs.batch import LAYOUT, play_games, record_game
from simkit.games.couleurs.rules.components import (BONUS_CARD_TYPES, COLOURS, LOWER_ACTIONS, MAX_SECTORS, PAINTERS,
                                                    TOOLS, UPPER_ACTIONS)
from simkit.games.couleurs.policies.dispatch import choose_action
from simkit.games.couleurs.policies.shipped import (MAX_PARAMS, POLICY_DOCS, POLICY_IDS, POLICY_PARAMS, SEARCH,
                                                    new_workspace)
from simkit.games.couleurs.rules.ruleset import PARAMS, CouleursRules, rules_record
from simkit.games.couleurs.policies.search import new_search_workspace
from simkit.games.couleurs.engine.state import (ACCEPT, BUY, CARD, COLOUR, COMPONENT_NAMES, COPY, DECLINE, EFFECT,
                                                EMPTY, END_REASONS, END_ROUND_CAP, ERROR_TEXT, HELD, HIRE, KEEP,
                                                MIXCARD, N_UPPER, PAINT_CUBE, PLACE, ROTATE, STAGE_NAMES, STATE_DTYPE,
                                                STOP, SWAP, TAKE, TARGET, TOKEN, TOOLMOVE, USE, VALADON)


@dataclass(frozen=True)
class CouleursObservation:
    """What a player sees (spec §2.4): everything public, plus the player's own reserve grids."""

    player: int
    stage: str
    round: int
    rotation: int
    first_player: int
    slot_actions: tuple[str, ...]  # the action each lower slot faces this round
    slot_capacity: tuple[int, ...]
    lower: tuple[tuple[int, ...], ...]  # per player, assistants on each slot
    lower_standing: tuple[tuple[int, ...], ...]
    upper: Mapping[str, int | None]  # upper space -> owner seat
    whites_space: tuple[int, ...]  # per player, assistants on `whites`
    reserves: tuple[Mapping[str, int], ...]  # per player, colour -> cubes
    supply: Mapping[str, int]  # limited colours only (black always)
    tracks: tuple[Mapping[str, int], ...]  # per player, tool -> space
    tokens: tuple[Mapping[str, int], ...]  # per player, tool -> face value (0 = none)
    owned_assistants: tuple[int, ...]
    paintings: tuple[tuple[Mapping[str, Any], ...], ...]  # per player, drafted cards (grid hidden when not visible)
    draft_hand: tuple[int, ...]  # own current draft hand (card ids)
    painters: tuple[str | None, ...]  # chosen painter tile per player (Module 2)
    painters_dealt: tuple[str, ...]  # own dealt tiles (owner only)
    gauguin_colour: tuple[str | None, ...]
    bonus_market: tuple[str | None, ...]  # Module 1: face-up bonus cards
    actions: Mapping[int, str]  # legal action -> description (current player only)
    painting_market: tuple[int | None, ...] = ()  # market mode: face-up painting card ids (spec §10.2)
    bonus_held: tuple[tuple[str, ...], ...] = ()  # option B: per player, held bonus cards (face up, public)


RULESET_TITLES = {"variant_j": "house-rule variant J", "base": "base game"}  # spec §10


class CouleursState(CompiledState):
    """One Couleurs de Paris game, driven action by action through the compiled engine."""

    def score_components(self, player: int) -> dict[str, int]:
        comp = np.zeros(len(COMPONENT_NAMES), np.int64)
        engine.score_components(self.rules, self.record, player, comp)
        return dict(zip(COMPONENT_NAMES, comp.tolist()))

    @property
    def end_reason(self) -> str:
        return END_REASONS.get(int(self.record["end_reason"]), "")

    # ---- what players see ------------------------------------------------------------------------------------

    def _card_id(self, index: int) -> int:
        return int(self.game.rules.paintings.ids[index])

    def _loc_name(self, loc: int) -> str:
        if loc < MAX_SECTORS:
            return f"slot {loc} ({LOWER_ACTIONS[engine.action_of_slot(self.rules, self.record, loc)]})"
        return UPPER_ACTIONS[loc - MAX_SECTORS]

    def describe_action(self, action: int) -> str:
        s = self.record
        p = int(s["current"])
        if action < USE:
            return f"place on {self._loc_name(action - PLACE)}"
        if action < DECLINE:
            return f"resolve {self._loc_name(action - USE)}"
        if action < COLOUR:
            return f"decline {self._loc_name(action - DECLINE)}"
        stage = STAGE_NAMES[int(s["stage"])]
        if action < HIRE:
            verb = {"pay": "pay", "discard": "discard", "mix_pay": "pay a white instead of",
                    "gauguin": "Gauguin's colour:"}[stage]
            return f"{verb} {COLOURS[action - COLOUR]}"
        if action == ACCEPT:
            return {"cezanne": "Cézanne: upgrade again", "mix_pay": "pay both primaries"}.get(
                stage, "exhibit the completed painting")
        if action >= HELD:
            return f"use held bonus card {BONUS_CARD_TYPES[int(s['held'][p, action - HELD])]}"
        if action >= TARGET:
            return f"next cube on painting {self._card_id(s['cards'][p, action - TARGET])}"
        if action >= TAKE:
            return f"take painting {self._card_id(s['market'][action - TAKE])} (market place {action - TAKE + 1})"
        if action >= TOOLMOVE:
            return f"Tool card: advance {TOOLS[action - TOOLMOVE]}"
        if action >= SWAP:
            give, take = divmod(action - SWAP, 8)
            return f"Colour Swap: return {COLOURS[give]}, take {COLOURS[take]}"
        if action >= MIXCARD:
            return f"Mixing card: {LOWER_ACTIONS[3 + action - MIXCARD]}"
        if action == EFFECT:
            return "use the card's effect"
        if action >= BUY:
            card = int(s["bonus_market"][action - BUY])
            return f"buy bonus card {BONUS_CARD_TYPES[card]} (place {action - BUY + 1})"
        if action >= VALADON:
            o, q = divmod(action - VALADON, 9)
            return f"Valadon: white from seat {o} on square {q + 1}"
        if action == HIRE:
            return "hire an assistant"
        if action == TOKEN:
            return "take the token"
        if action == STOP:
            return {"cezanne": "Cézanne: no second upgrade", "degas": "Degas: move no more cubes",
                    "bonus_card": "discard the card unused", "swap": "no more swaps",
                    "tool": "no more Tool moves", "use_held": "use no held bonus card"}.get(
                stage, "stop painting")
        if action < COPY and stage == "painter":
            return f"keep painter {PAINTERS[int(s['dealt'][p, action - CARD])]}"
        if action < COPY:
            i = action - CARD
            card = s["hand"][p, i] if STAGE_NAMES[int(s["stage"])] == "draft" else s["cards"][p, i]
            verb = {"draft": "pick", "exhibit_which": "exhibit"}.get(stage, "activate")
            return f"{verb} card {self._card_id(card)}"
        if action < ROTATE:
            return f"copy {self._loc_name(action - COPY)}"
        if action < KEEP:
            return f"rotate {self.game.rules['rotate_options'][action - ROTATE]}"
        if action < PAINT_CUBE:
            return f"keep the assistant on {self._loc_name(action - KEEP)}"
        q, c = divmod(action - PAINT_CUBE, 8)
        verb = {"degas": "Degas: move", "free_paint": "free paint"}.get(stage, "paint")
        return f"{verb} {COLOURS[c]} on square {q + 1}"

    def observation(self, player: int) -> CouleursObservation:
        s, r = self.record, self.rules
        g = self.game
        n = g.n_players
        S = int(r["n_sectors"])
        owner_only = g.rules["observe_reserve_grids"] == "owner"
        paintings = []
        for p in range(n):
            mine = []
            for i in range(int(s["n_kept"][p])):
                card = int(s["cards"][p, i])
                state = int(s["card_state"][p, i])
                visible = state != 0 or p == player or not owner_only
                mine.append({
                    "card_id": self._card_id(card), "type": g.rules.paintings.types[card],
                    "tier": int(r["card_tier"][card]),
                    "state": ("reserve", "active", "exhibited")[state],
                    "grid": "".join("RYBOGP"[c] for c in r["card_grid"][card]) if visible else None,
                    "cubes": "".join("." if c == EMPTY else COLOURS[c] for c in s["squares"][p, i]),
                    "complete": bool(s["complete"][p, i]),
                })
            paintings.append(tuple(mine))
        limited = [c for c in range(8) if c == 7 or not r["unlimited_supply"]]
        actions = ({a: self.describe_action(a) for a in self.legal_actions()}
                   if player == self.current_player else {})
        return CouleursObservation(
            player, STAGE_NAMES[int(s["stage"])], int(s["round"]), int(s["rotation"]), int(s["first_player"]),
            tuple(LOWER_ACTIONS[engine.action_of_slot(r, s, j)] for j in range(S)), tuple(int(c) for c in r["cap"][:S]),
            tuple(tuple(int(x) for x in s["lower"][p, :S]) for p in range(n)),
            tuple(tuple(int(x) for x in s["lower_standing"][p, :S]) for p in range(n)),
            {UPPER_ACTIONS[u]: (None if s["upper_owner"][u] < 0 else int(s["upper_owner"][u]))
             for u in range(N_UPPER - 1)},
            tuple(int(x) for x in s["whites_on"][:n]),
            tuple({COLOURS[c]: int(s["reserve"][p, c]) for c in range(8)} for p in range(n)),
            {COLOURS[c]: int(s["supply"][c]) for c in limited},
            tuple({t: int(s["space"][p, k]) for k, t in enumerate(TOOLS)} for p in range(n)),
            tuple({t: int(s["token"][p, k]) for k, t in enumerate(TOOLS)} for p in range(n)),
            tuple(int(x) for x in s["owned"][:n]),
            tuple(paintings),
            tuple(self._card_id(c) for c in s["hand"][player, : s["hand_n"][player]]),
            tuple(PAINTERS[int(x)] if x >= 0 else None for x in s["painter"][:n]),
            tuple(PAINTERS[int(x)] for x in s["dealt"][player] if x >= 0),
            tuple(COLOURS[int(x)] if x >= 0 else None for x in s["gauguin_colour"][:n]),
            tuple(BONUS_CARD_TYPES[int(x)] if x >= 0 else None for x in s["bonus_market"][: r["bonus_market_size"]]),
            actions,
            tuple(self._card_id(int(x)) if x >= 0 else None for x in s["market"][: engine.painting_market_places(r)]),
            tuple(tuple(BONUS_CARD_TYPES[int(x)] for x in s["held"][p, : s["held_n"][p]]) for p in range(n)))


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
    conformance_configs = {
        "variant_j-2p": {"n_players": 2},
        "variant_j-3p-bonus_A": {"n_players": 3, "module_bonus_cards": True},
        "variant_j-4p-both_modules_B": {"n_players": 4, "module_bonus_cards": True, "bonus_card_option": "B",
                                        "module_painters": True},
        "variant_j-3p-painters-keep_dealt-2_active": {"n_players": 3, "module_painters": True,
                                                      "draft_mode": "keep_dealt", "active_painting_limit": 2},
        "base-2p": {"ruleset": "base", "n_players": 2},
        "base-4p-both_modules": {"ruleset": "base", "n_players": 4, "module_bonus_cards": True,
                                 "module_painters": True},
    }
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
        self._rules_record = rules_record(self.rules)  # one-element array of rules.RULES_DTYPE

    def load_rules(self, overrides: Mapping[str, Any], source: str | None, prefix: str) -> CouleursRules:
        rules = CouleursRules.from_overrides(overrides, source=source, prefix=prefix)
        rules.check_supported(source, prefix)
        return rules

    @property
    def num_distinct_actions(self) -> int:
        return engine.N_ACTIONS

    def rules_record(self, key: Hashable) -> np.ndarray:
        return self._rules_record

    def new_state_record(self) -> np.ndarray:
        return np.zeros(1, STATE_DTYPE)

    def policy_args(self, key: Hashable, policy_ids: np.ndarray) -> tuple:
        """The policies' scratch, and the search's (None when no seat searches: numba then compiles no search)."""
        return new_workspace(), new_search_workspace() if (policy_ids == SEARCH).any() else None
