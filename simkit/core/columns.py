"""Result columns, each declared once: its name, dtype, shape and meaning.

A game declares its own columns as a tuple of `Column`; `BatchLayout` turns the common columns plus the game's
into the compiled batch output (a namedtuple of arrays whose fields carry the column names, filled by the game's
compiled `record_game`) and turns a filled output back into the [games, seats] arrays of `Game.play_batch`.
A new column is one `Column` line plus the compiled code that fills it.
"""

from __future__ import annotations

import sys
from collections import namedtuple
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np


@dataclass(frozen=True)
class Column:
    """A result column (or, with `parts`, a vector of them)."""

    name: str
    dtype: str  # numpy dtype name, or "str" (filled in Python, not by compiled code)
    doc: str
    parts: tuple[str, ...] = ()  # a vector: the output field has a last axis of len(parts), one column per part
    per_game: bool = False  # one value per game (output shape [games]), repeated on every seat's row
    nullable: bool = False  # a negative value means "missing" and becomes null in the results frame

    @property
    def names(self) -> tuple[str, ...]:
        """The results-frame columns this declaration makes."""
        return self.parts or (self.name,)


# Every game's per-seat results (`simkit.core.results` adds the experiment's own columns before them): those its
# compiled code records, and turn_order, derived from the recorded first player.
RECORDED_SEAT_COLUMNS = (
    Column("score", "int16", "final score"),
    Column("rank", "int8", "1 = winner; tied players share the better rank"),
    Column("win_share", "float32", "1 for a sole winner, 1/k for a k-way tie, 0 otherwise"),
    Column("turns", "int16", "turns this seat played"),
)
TURN_ORDER = Column("turn_order", "int8", "1 = first player")
SEAT_COLUMNS = (*RECORDED_SEAT_COLUMNS, TURN_ORDER)
# Every game's results carry how each game ended (spec of each game; Couleurs §9.1, §13.9).
END_COLUMNS = (
    Column("end_reason", "str", "why the game ended: its first end trigger, or the safety bound that stopped it "
                                "(one of the game's `end_reasons`)"),
    Column("triggers", "str", "every end trigger that fired, comma-joined, the first one first; empty when none "
                              "fired (a game stopped by its safety bound)"),
)
# What compiled code records for the core to turn into turn_order and END_COLUMNS.
_CORE_FIELDS = (
    Column("first_player", "int8", "seat of the first player", per_game=True),
    Column("end_reason", "int8", "bit i set: the game ended by end_reasons[i]", per_game=True),
    Column("triggers", "int8", "bit i set: end_reasons[i] fired", per_game=True),
)


def end_names(end_reason: int, triggers: int, end_reasons: Sequence[str]) -> tuple[str, str]:
    """(end_reason, triggers) as text from their bit codes: the first trigger first, the others in order."""
    reason = end_reasons[end_reason.bit_length() - 1] if end_reason else ""
    fired = [i for i in range(len(end_reasons)) if triggers >> i & 1]
    fired.sort(key=lambda i: 1 << i != end_reason)
    return reason, ",".join(end_reasons[i] for i in fired)


class BatchLayout:
    """The batch output of a compiled game with these columns.

    Numba caches compiled code by the types it was called with, so the namedtuple type must be importable: the
    game binds it in its own module, `BatchOutput = LAYOUT.output_type` (checked on first use).
    """

    def __init__(self, columns: Sequence[Column], module: str, name: str = "BatchOutput"):
        self.columns = tuple(columns)
        self.fields = (*RECORDED_SEAT_COLUMNS, *_CORE_FIELDS, *(c for c in self.columns if c.dtype != "str"))
        self.output_type = namedtuple(name, [f.name for f in self.fields], module=module)
        self._where = (module, name)

    def new(self, n_games: int, n_players: int):
        """A zeroed output for n_games games."""
        module, name = self._where
        if getattr(sys.modules[module], name, None) is not self.output_type:
            raise TypeError(f"bind the batch output type in its module: {module}.{name} = LAYOUT.output_type")
        return self.output_type(*(np.zeros(_shape(f, n_games, n_players), f.dtype) for f in self.fields))

    def arrays(self, out, end_reasons: Sequence[str], n_players: int,
               text: Mapping[str, np.ndarray] | None = None) -> dict[str, np.ndarray]:
        """The [games, seats] arrays of `Game.play_batch` from a filled output; `text` holds the game's "str"
        columns, one value per game."""
        n_games = len(out.first_player)

        def per_seat(values):  # a read-only view: every seat's row shows its game's value, nothing is copied
            values = np.asarray(values)
            return np.broadcast_to(values[:, None], (len(values), n_players, *values.shape[1:]))

        result = {c.name: getattr(out, c.name) for c in RECORDED_SEAT_COLUMNS}
        result[TURN_ORDER.name] = ((np.arange(n_players)[None, :] - out.first_player[:, None].astype(np.int64))
                                   % n_players + 1).astype(TURN_ORDER.dtype)
        codes = out.end_reason.astype(np.uint8).astype(np.int64) * 256 + out.triggers.astype(np.uint8)
        distinct, which = np.unique(codes, return_inverse=True)  # a batch has few distinct endings: name each once
        ends = [end_names(int(c) // 256, int(c) % 256, end_reasons) for c in distinct]
        for k, col in enumerate(END_COLUMNS):
            result[col.name] = per_seat(np.array([e[k] for e in ends], dtype=object)[which.reshape(n_games)])
        for col in self.columns:
            if col.dtype == "str":
                result[col.name] = per_seat(np.asarray(text[col.name], dtype=object))
                continue
            values = getattr(out, col.name)
            if col.per_game:
                values = per_seat(values)
            for i, name in enumerate(col.names):
                part = values[..., i] if col.parts else values
                result[name] = np.ma.masked_less(part, 0) if col.nullable else part
        return result


def _shape(field: Column, n_games: int, n_players: int) -> tuple[int, ...]:
    shape = (n_games,) if field.per_game else (n_games, n_players)
    return (*shape, len(field.parts)) if field.parts else shape


def frame_columns(game_columns: Sequence[Column]) -> list[tuple[str, str, bool]]:
    """(name, dtype, nullable) of every column a game's results carry after the common ones, in order."""
    return [(name, c.dtype, c.nullable) for c in (*SEAT_COLUMNS, *END_COLUMNS, *game_columns) for name in c.names]
