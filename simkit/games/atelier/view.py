"""What an Atelier player sees (spec §2.4): the observation and the text of each action."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import numpy as np

from simkit.games.atelier.engine.layout import (ADJUST, DIE, DRAW_PATRON, END_TURN, INSPIRE,
                                                INSPIRE_PAINT, KEEP, MOVE, N_ACTIONS, N_COLOURS, NONE, PILE,
                                                REROLL, SKIP, SLOT, SUBST, USE_POWER, Stage)
from simkit.games.atelier.rules.components import COLOURS

FACE_ACTIONS = {1: "place a student", 2: "place a student", 3: "move students", 4: "collect paint",
                5: "paint a painting", 6: "gain 1 paint"}
PILE_PURPOSE = {Stage.INITIAL_STUDENT: "place the initial student at the {} pile",
                Stage.PLACE: "place a student at the {} pile", Stage.GAIN: "gain 1 {}",
                Stage.RETURN: "return a student from the {} pile",
                Stage.POWER_PLACE: "power: place a student at the {} pile", Stage.POWER_PAINT: "power: take 1 {}"}
SKIP_MEANING = {Stage.MOVE: "move nobody", Stage.POWER_PLACE: "power: place no more students",
                Stage.WILD: "pay the rest as printed"}


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


class AtelierView:
    """The observation and action texts of an `AtelierState` (a mixin: it reads the state's record and rules)."""

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
