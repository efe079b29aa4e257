"""`simkit run --keep-logs K`: the decision logs of K games per cell, written beside the results.

Which games: the first K of each cell (`first`), or up to K games won by each policy of the lineup, drawn at random
from the cell's wins of that policy (`wins`; the draw is seeded by the run's master seed, so the same run keeps the
same games). Each kept game is replayed with explanations and checked against its results rows, like
`simkit replay RESULTS --game-index I --explain`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import polars as pl

from simkit.core.errors import ConfigError
from simkit.core.provenance import RunRecord
from simkit.replay.locate import check_replay
from simkit.replay.log import file_stem, write_jsonl
from simkit.replay.play import replay_game

PICKS = ("first", "wins")


def kept_games(rows: pl.DataFrame, k: int, pick: str, rng: np.random.Generator) -> list[int]:
    """The game indices to keep among one cell's rows."""
    if pick not in PICKS:
        raise ConfigError(f"--keep-logs-of must be one of {', '.join(PICKS)}, got {pick!r}")
    if pick == "first":
        return sorted(rows["game_index"].unique().to_list())[:k]
    kept: set[int] = set()
    for label in rows["policy"].cast(pl.String).unique(maintain_order=True):
        wins = np.array(sorted(rows.filter((pl.col("policy").cast(pl.String) == label) & (pl.col("win_share") > 0))
                               ["game_index"].unique().to_list()), np.int64)
        kept.update(rng.choice(wins, size=min(k, len(wins)), replace=False).tolist())
    return sorted(kept)


def keep_logs(run: RunRecord, results: pl.LazyFrame, out_dir: str | Path, k: int, pick: str = "first"
              ) -> list[Path]:
    """Replay and log the kept games of every cell into out_dir (which then holds these logs only); the paths.
    `results` is read lazily: only the columns that pick the games, then the kept games' rows."""
    if k < 1:
        raise ConfigError(f"--keep-logs must be at least 1, got {k}")
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    for old in out_dir.glob("*.jsonl"):  # a previous run's logs in the same folder
        old.unlink()
    written = []
    for number, cell in enumerate(run.cells):
        rows = results.filter((pl.col("variant").cast(pl.String) == cell.variant)
                              & (pl.col("n_players") == cell.n_players))
        rng = np.random.default_rng([run.seed, number])
        for index in kept_games(rows.select("game_index", "policy", "win_share").collect(), k, pick, rng):
            replay = replay_game(run, cell.variant, cell.n_players, index, explain=True)
            check_replay(replay.result, rows.filter(pl.col("game_index") == index).collect(),
                         f"kept game {index} of variant {cell.variant} at {cell.n_players} players")
            written.append(write_jsonl(replay, out_dir / f"{file_stem(cell.variant, cell.n_players, index)}.jsonl"))
    return written
