"""What a run was, recorded in its results file so that any row can be replayed exactly.

`simkit run` writes a `RunRecord` as JSON into the key-value metadata (key `simkit.run`) of results.parquet's first
part: the game, the master seed played, the seating mode, the lineup (each policy's name, resolved parameters and
label) and every cell's full rule values. With it, game i of a cell is rebuilt as the runner played it: its seed
and seats come from `seating.seat_plan(seats, n_players, len(lineup), seed, i, i + 1)`, its rules from the cell's
values. Data files
named by rule values are read again from their recorded paths (relative to the folder the run started in); the
replay compares its results with the recorded rows, so a changed data file cannot go unnoticed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

import numpy as np
import polars as pl

import simkit
from simkit.core.errors import ConfigError
from simkit.core.game import Game, make
from simkit.core.policy import PolicyChoice
from simkit.core.seating import seat_plan

METADATA_KEY = "simkit.run"
FORMAT = 1


@dataclass(frozen=True)
class RunCell:
    variant: str
    n_players: int
    rules: Mapping[str, Any]  # every rule value of the cell's game (`Game.rule_values`)


@dataclass(frozen=True)
class RunRecord:
    experiment: str
    game_id: str
    seed: int  # the master seed the run played (the file's, or --seed)
    seats: str
    lineup: tuple[PolicyChoice, ...]
    cells: tuple[RunCell, ...]
    source: str = ""  # the experiment file
    version: str = simkit.__version__

    @classmethod
    def from_experiment(cls, exp, seed: int) -> "RunRecord":
        cells = tuple(RunCell(c.variant, c.n_players, json.loads(json.dumps(dict(c.game.rule_values))))
                      for c in exp.cells)
        return cls(exp.name, exp.game_id, int(seed), exp.seats, tuple(exp.lineup), cells, exp.source)

    def to_json(self) -> str:
        return json.dumps({
            "format": FORMAT, "simkit": self.version, "experiment": self.experiment, "game": self.game_id,
            "seed": self.seed, "seats": self.seats, "source": self.source,
            "lineup": [{"name": c.name, "params": dict(c.params), "label": c.label} for c in self.lineup],
            "cells": [{"variant": c.variant, "n_players": c.n_players, "rules": dict(c.rules)} for c in self.cells],
        }, sort_keys=True)

    @classmethod
    def from_json(cls, text: str, source: str) -> "RunRecord":
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ConfigError(f"run record format {data.get('format')!r}; this simkit reads format {FORMAT}",
                                  source=source, key=METADATA_KEY)
            lineup = tuple(PolicyChoice(p["name"], p["params"], p["label"]) for p in data["lineup"])
            cells = tuple(RunCell(c["variant"], int(c["n_players"]), c["rules"]) for c in data["cells"])
            return cls(data["experiment"], data["game"], int(data["seed"]), data["seats"], lineup, cells,
                       data.get("source", ""), data.get("simkit", ""))
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ConfigError(f"unreadable run record ({type(exc).__name__}: {exc})", source=source,
                              key=METADATA_KEY) from None

    def cell(self, variant: str, n_players: int) -> RunCell:
        for c in self.cells:
            if c.variant == variant and c.n_players == n_players:
                return c
        known = ", ".join(f"{c.variant} at {c.n_players} players" for c in self.cells)
        raise ConfigError(f"no cell {variant} at {n_players} players in this run; cells: {known}")

    def game(self, variant: str, n_players: int) -> Game:
        """The cell's game, rebuilt from its recorded rule values."""
        try:
            return make(self.game_id, self.cell(variant, n_players).rules)
        except ConfigError as exc:
            raise ConfigError(f"cannot rebuild the rules of variant {variant!r} at {n_players} players recorded by "
                              f"run {self.experiment!r} (data files are read relative to the current folder): {exc}"
                              ) from None

    def seating(self, n_players: int, game_index: int) -> tuple[int, np.ndarray]:
        """Game `game_index`'s seed and, per seat, the index of its policy in `lineup` (as the runner seats it)."""
        seeds, seats = seat_plan(self.seats, n_players, len(self.lineup), self.seed, game_index, game_index + 1)
        return int(seeds[0]), seats[0]


def _first_part(path: Path) -> Path:
    """A results folder's first Parquet part (in the name order its rows are read), or the file itself."""
    if path.is_dir():
        parts = sorted(path.glob("*.parquet"))
        if not parts:
            raise ConfigError("a folder with no Parquet part in it", source=str(path))
        return parts[0]
    return path


def parquet_metadata(record: RunRecord) -> dict[str, str]:
    """The key-value metadata a results file carries."""
    return {METADATA_KEY: record.to_json()}


def read_run_record(path: str | Path) -> RunRecord:
    """The run record of a results file, or of a results folder (`simkit run` writes it into the first part,
    `core.store`); a clear error when there is none."""
    try:
        metadata = pl.read_parquet_metadata(_first_part(Path(path)))
    except FileNotFoundError:
        raise ConfigError("file not found", source=str(path)) from None
    except Exception as exc:  # polars raises its own error types for a file that is not Parquet
        raise ConfigError(f"not a readable Parquet file ({type(exc).__name__}: {exc})", source=str(path)) from None
    if METADATA_KEY not in metadata:
        raise ConfigError("this results file records no run (written before simkit recorded one, or not by "
                          "`simkit run`): replay from the experiment file instead, "
                          "`simkit replay EXPERIMENT.toml --game-index I`", source=str(path), key=METADATA_KEY)
    return RunRecord.from_json(metadata[METADATA_KEY], str(path))
