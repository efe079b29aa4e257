"""What an Ink player sees (spec §2.4: everything but the order of the two bags) and the text of each action."""

from __future__ import annotations

from dataclasses import dataclass

from simkit.games.ink.engine.lattice import key_xy
from simkit.games.ink.engine.layout import (CHOICE, COMPLETE, CROSS, LIFT, MOVE, N_ORIENTATIONS, N_RESERVES, NIB, NONE,
                                            PASS, POS_DX, POS_DY, SQUARE, STOP, TILE, X_DISCARDED, X_PAINTING, Reserve,
                                            Stage, X)
from simkit.games.ink.rules.components import COLOURS, MAX_TILES, SPLASH
from simkit.games.ink.rules.vocabulary import Effect

BOTTLES = ("", "upright", "upright black", "upside down", "upside down black", "chosen")
STOP_MEANING = {Stage.GOALS: "stop: end the turn", Stage.BONUS: "end the bonus",
                Stage.SPLASHES: "leave the other splashes empty"}
SQUARE_MEANING = {Effect.ADD_SPLASH: "splash token on", Effect.DISCARD_BOTTLES: "discard the bottle on",
                  Effect.RECOLOUR: "recolour", Effect.MOVE_BOTTLES: "move the bottle on",
                  Effect.ADD_GOAL: "number token on"}


@dataclass(frozen=True)
class Square:
    x: int
    y: int
    colour: str | None  # None: covered by an X/XX token
    mark: str  # "", "splash" or the goal value
    bottle: str  # "", "upright", "upside down", with "black" for a black bottle


@dataclass(frozen=True)
class InkObservation:
    """What `player` sees (spec §2.4): the whole table but the order of the Ink bag and of the X bag."""

    player: int
    current: int
    stage: str
    round: int
    start_player: int
    nibs: tuple[int | None, ...]  # tile id on nib 1..nibs
    tiles_in_bag: int
    x_tokens_in_bag: int
    main_bottles: tuple[int, ...]  # wheel position of each player's main bottle (0 = the start space)
    palettes: tuple[tuple[str, str], ...]
    palette_reserves: tuple[int, ...]
    wild_reserves: tuple[int, ...]
    black_reserve: int
    black_placed: tuple[int, ...]
    bonus_rows: tuple[str, ...]  # bonus tile ids, row by row
    paintings: tuple[tuple[Square, ...], ...]
    x_tokens_placed: tuple[tuple[str, int], ...]  # (token id, player) of every token drawn and placed or removed
    tile_in_hand: int | None = None  # the tile the current player places (taken from a nib or lifted: public)
    x_token_in_hand: str | None = None  # the X/XX token the current player drew and places (revealed, spec §4.7)


class InkView:
    """The observation and action texts of an `InkState` (a mixin: it reads the state's record and rules)."""

    def tile_id(self, tile: int) -> int:
        rules = self.game.rules
        return rules.start_tiles.ids[tile - MAX_TILES] if tile >= MAX_TILES else rules.tiles.ids[tile]

    def xy(self, player: int, q: int) -> tuple[int, int]:
        x, y = self.record["slot_xy"][player, q // 4]
        return int(x + POS_DX[q % 4]), int(y + POS_DY[q % 4])

    def _where(self, x: int, y: int) -> str:
        """A tile's place by its top-left square (x, y): its lattice cell, or the square itself ("square")."""
        if self.game.rules.values["tile_alignment"] == "lattice":
            return f"cell {(x // 2, y // 2)}"
        return f"square {(x, y)}"

    def describe_action(self, action: int) -> str:
        s, p = self.record, self.current_player
        stage = Stage(int(s["stage"]))
        if action < CROSS:
            return f"move to nib {action - MOVE + 1}"
        if action == CROSS:
            return "cross the start space (draw an X token)"
        if action < NIB:
            return f"pass, moving {action - PASS} bottles from the palette to the wild reserve"
        if action < STOP:
            d = action - NIB + 1
            tile = int(s["nib_tile"][d])
            take = f"take tile {self.tile_id(tile)}" if tile != NONE else "no tile"
            return f"{'extra tile: ' if stage == Stage.BONUS else ''}nib {d} ({take})"
        if action == STOP:
            return STOP_MEANING.get(stage, "stop")
        if action < LIFT:
            return self._choice(action - CHOICE)
        if action < SQUARE:
            slot = action - LIFT
            x, y = (int(v) for v in s["slot_xy"][p, slot])
            return f"move tile {self.tile_id(int(s['slot_tile'][p, slot]))} from {self._where(x, y)}"
        if action < X:
            return self._square(action - SQUARE, stage)
        if action < COMPLETE:
            q, e = divmod(action - X, 2)
            x, y = self.xy(p, q)
            token = self.game.rules.x_tokens.ids[int(s["x_hand"])]
            return f"place {token} on {(x, y)} and {(x + 1, y) if e == 0 else (x, y + 1)}"
        if action < TILE:
            q, reserve = divmod(action - COMPLETE, N_RESERVES)
            return (f"complete the goal {int(s['sq_mark'][p, q])} at {self.xy(p, q)} from the "
                    f"{Reserve(reserve).name.lower()} reserve")
        key, o = divmod(action - TILE, N_ORIENTATIONS)
        x, y = (int(v) for v in key_xy(s, p, key))
        return f"place tile {self.tile_id(int(s['hand_tile']))} at {self._where(x, y)}, orientation {o}"

    def _choice(self, i: int) -> str:
        s = self.record
        effect = Effect(int(self.game.rules.bonus_tiles.effect[int(s["bonus_tile"])]))
        if effect == Effect.PALETTE_TO_WILD:
            return f"move {i} bottles from the palette to the wild reserve"
        where = self.xy(self.current_player, int(s["arg_square"]))
        if effect == Effect.RECOLOUR:
            return f"recolour {where} {COLOURS[i]}"
        return f"goal {i} on {where}"

    def _square(self, q: int, stage: Stage) -> str:
        where = self.xy(self.current_player, q)
        if stage == Stage.SPLASHES:
            return f"a bottle on the splash at {where}"
        if stage == Stage.BONUS_ARG:
            return f"to the free splash at {where}"
        effect = Effect(int(self.game.rules.bonus_tiles.effect[int(self.record["bonus_tile"])]))
        return f"{SQUARE_MEANING[effect]} {where}"

    def painting(self, player: int) -> tuple[Square, ...]:
        s = self.record
        squares = []
        for slot in range(int(s["n_slots"][player])):
            if not s["slot_placed"][player, slot]:
                continue
            for q in range(4 * slot, 4 * slot + 4):
                colour, mark = int(s["sq_colour"][player, q]), int(s["sq_mark"][player, q])
                squares.append(Square(*self.xy(player, q), COLOURS[colour] if colour >= 0 else None,
                                      "splash" if mark == SPLASH else str(mark) if mark > 0 else "",
                                      BOTTLES[int(s["sq_bottle"][player, q])]))
        return tuple(squares)

    def observation(self, player: int) -> InkObservation:
        s, rules, n = self.record, self.game.rules, self.game.n_players
        nibs = rules["nibs"]
        x_ids = rules.x_tokens.ids
        return InkObservation(
            player=player, current=self.current_player, stage=Stage(int(s["stage"])).name.lower(),
            round=int(s["round"]), start_player=int(s["first_player"]),
            nibs=tuple(self.tile_id(int(t)) if t != NONE else None for t in s["nib_tile"][1:nibs + 1]),
            tiles_in_bag=len(rules.tiles) - int(s["bag_pos"]), x_tokens_in_bag=int(s["x_bag_n"] - s["x_bag_pos"]),
            main_bottles=tuple(int(v) for v in s["main_pos"][:n]),
            palettes=tuple(tuple(COLOURS[c] for c in rules.palettes.colours[int(s["palette"][p])]) for p in range(n)),
            palette_reserves=tuple(int(v) for v in s["res_palette"][:n]),
            wild_reserves=tuple(int(v) for v in s["res_wild"][:n]), black_reserve=int(s["black_reserve"]),
            black_placed=tuple(int(v) for v in s["black_placed"][:n]),
            bonus_rows=tuple(rules.bonus_tiles.ids[int(b)] for b in s["row_bonus"][: len(rules["bonus_rows"])]),
            paintings=tuple(self.painting(p) for p in range(n)),
            x_tokens_placed=tuple((x_ids[t], int(s["x_owner"][t])) for t in range(len(x_ids))
                                  if s["x_where"][t] in (X_PAINTING, X_DISCARDED)),
            tile_in_hand=self.tile_id(int(s["hand_tile"])) if s["hand_tile"] != NONE else None,
            x_token_in_hand=x_ids[int(s["x_hand"])] if s["x_hand"] != NONE else None)
