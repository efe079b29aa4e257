"""What a Couleurs de Paris player sees (spec §2.4): the observation and the text of each action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from simkit.games.couleurs.engine import transitions as engine
from simkit.games.couleurs.rules.components import (BONUS_CARD_TYPES, COLOURS, LOWER_ACTIONS, MAX_SECTORS, PAINTERS,
                                                    TOOLS, UPPER_ACTIONS)
from simkit.games.couleurs.engine.state import (ACCEPT, BUY, CARD, COLOUR, COPY, DECLINE, EFFECT, EMPTY, HELD, HIRE,
                                                KEEP, MIXCARD, N_UPPER, PAINT_CUBE, PLACE, ROTATE, STAGE_NAMES, STOP,
                                                SWAP, TAKE, TARGET, TOKEN, TOOLMOVE, USE, VALADON)


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




class CouleursView:
    """The observation and action texts of a `CouleursState` (a mixin: it reads the state's record and rules)."""

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
