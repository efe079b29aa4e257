"""Which game a replay plays (a results row, or a game index in a cell), and the check that it plays it exactly."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from simkit.core.errors import ConfigError, SimkitError
from simkit.core.provenance import RunRecord


class ReplayMismatchError(SimkitError):
    """A replayed game's results differ from the recorded ones: the code, the data files or the record changed."""


@dataclass(frozen=True)
class GameRef:
    variant: str
    n_players: int
    game_index: int


def game_of_row(path: str | Path, row: int) -> tuple[GameRef, int]:
    """The game of row `row` (0-based) of a results file, and the seat that row is about."""
    rows = pl.scan_parquet(path).select(pl.len()).collect().item()
    if not 0 <= row < rows:
        raise ConfigError(f"--row must be in 0..{rows - 1} (the file has {rows:,} rows), got {row}", source=str(path))
    r = pl.scan_parquet(path).slice(row, 1).select("variant", "n_players", "game_index", "seat").collect().row(0)
    return GameRef(str(r[0]), int(r[1]), int(r[2])), int(r[3])


def pick_cell(run: RunRecord, variant: str | None, players: int | None) -> tuple[str, int]:
    """The cell a --game-index refers to: --variant and --players, each optional when the run has one value."""
    for name, value, known in (("--variant", variant, list(dict.fromkeys(c.variant for c in run.cells))),
                               ("--players", players, sorted({c.n_players for c in run.cells}))):
        if value is None and len(known) > 1:
            raise ConfigError(f"the run has several cells: give {name} (one of {', '.join(map(str, known))})")
    variant = run.cells[0].variant if variant is None else variant
    players = run.cells[0].n_players if players is None else players
    run.cell(variant, players)  # a clear error for a cell the run does not have
    return variant, players


def recorded_rows(path: str | Path, ref: GameRef) -> pl.DataFrame:
    """The rows of one game in a results file, by seat."""
    rows = (pl.scan_parquet(path)
            .filter((pl.col("variant").cast(pl.String) == ref.variant) & (pl.col("n_players") == ref.n_players)
                    & (pl.col("game_index") == ref.game_index))
            .sort("seat").collect())
    if rows.is_empty():
        raise ConfigError(f"no rows for game {ref.game_index} of variant {ref.variant} at {ref.n_players} players "
                          "(a run stopped early plays fewer games)", source=str(path))
    return rows


def check_replay(replayed: pl.DataFrame, recorded: pl.DataFrame, where: str) -> None:
    """Fail loudly unless the replayed rows equal the recorded ones in every column both have."""
    replayed, recorded = replayed.sort("seat"), recorded.sort("seat")
    if replayed.height != recorded.height:
        raise ReplayMismatchError(f"{where}: the replay has {replayed.height} seats, the record {recorded.height}")
    differences = []
    for name in (c for c in recorded.columns if c in replayed.columns):
        a, b = recorded[name], replayed[name]
        if a.dtype == pl.Categorical or b.dtype == pl.Categorical:
            a, b = a.cast(pl.String), b.cast(pl.String)
        if not a.equals(b, check_dtypes=False, check_names=False, null_equal=True):
            differences += [f"{name} of seat {seat}: recorded {x!r}, replayed {y!r}"
                            for seat, x, y in zip(recorded["seat"], a, b) if x != y]
    if differences:
        raise ReplayMismatchError(f"{where}: the replay does not reproduce the recorded results ("
                                  f"{'; '.join(differences[:6])}{'; ...' if len(differences) > 6 else ''}); the "
                                  "game's code, its data files or the recorded rules differ from the run's, or a "
                                  "user policy carries state from game to game")
