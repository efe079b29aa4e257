"""Tidy results: one row per (game, seat), as a polars DataFrame, written to Parquet atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Mapping, Sequence

import numpy as np
import polars as pl

from simkit.core.columns import frame_columns

# the experiment's columns, before the game's results (`simkit.core.columns.frame_columns`)
RUN_COLUMNS = ("experiment", "game", "variant", "game_index", "seed", "n_players", "seat", "policy")
_POLARS_TYPES = {"int8": pl.Int8, "int16": pl.Int16, "int32": pl.Int32, "int64": pl.Int64, "float32": pl.Float32,
                 "float64": pl.Float64, "str": pl.Categorical, "bool": pl.Boolean}


def results_frame(*, experiment: str, game, variant: str, game_index: np.ndarray, seeds: np.ndarray,
                  seats: np.ndarray, lineup_labels: Sequence[str], arrays: Mapping[str, np.ndarray]) -> pl.DataFrame:
    """The long frame of a block of games: arrays are [games, seats], seats[g, p] indexes lineup_labels.

    Text columns hold a few distinct values: they are built from them (a constant repeated, a label per seat
    gathered, a per-game value repeated per seat), not from a Python string per row, which would cost most of a
    block's time in this process's lock (worker threads build blocks side by side)."""
    n_games, n_players = seats.shape
    n_rows = n_games * n_players
    per_row = np.repeat(np.arange(n_games), n_players)  # each game's row for every seat

    def flat(a):
        return np.asarray(a).reshape(-1)

    def constant(value: str) -> pl.Series:
        return pl.Series([value], dtype=pl.Categorical).new_from_index(0, n_rows)

    columns = {
        "experiment": constant(experiment),
        "game": constant(game.id),
        "variant": constant(variant),
        "game_index": pl.Series(np.repeat(game_index, n_players), dtype=pl.Int32),
        "seed": pl.Series(np.repeat(seeds, n_players), dtype=pl.UInt64),
        "n_players": pl.Series(np.full(n_rows, n_players), dtype=pl.Int8),
        "seat": pl.Series(np.tile(np.arange(n_players), n_games), dtype=pl.Int8),
        "policy": pl.Series(list(lineup_labels), dtype=pl.Categorical).gather(flat(seats).astype(np.int64)),
    }
    for name, dtype_name, _ in frame_columns(game.result_columns):
        values = arrays[name]
        dtype = _POLARS_TYPES[dtype_name]
        if np.ma.isMaskedArray(values):
            columns[name] = pl.Series(flat(values.data), dtype=dtype).set(pl.Series(flat(np.ma.getmaskarray(values))),
                                                                          None)
        elif values.ndim == 2 and values.strides[1] == 0:  # a game's value shown on each seat's row
            columns[name] = pl.Series(np.asarray(values[:, 0]), dtype=dtype).gather(per_row)
        else:
            columns[name] = pl.Series(flat(values), dtype=dtype)
    return pl.DataFrame(columns)


def write_parquet(frame: pl.DataFrame, path: str | Path, metadata: Mapping[str, str] | None = None) -> Path:
    """Write atomically: a reader never sees a half-written file. `metadata`: the file's key-value metadata (a
    run's record: `core.provenance`)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    os.close(fd)
    try:
        frame.write_parquet(tmp, compression="zstd", statistics=True, metadata=dict(metadata) if metadata else None)
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path
