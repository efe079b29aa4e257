"""`simkit replay`: one game of a run, from a results row or a game index, printed, logged and paged."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

import numpy as np
import polars as pl

from simkit.core.errors import ConfigError
from simkit.core.experiment import load_experiment
from simkit.core.provenance import RunRecord, read_run_record
from simkit.core.runner import play_games
from simkit.replay.html import write_html
from simkit.replay.locate import GameRef, check_replay, game_of_row, pick_cell, recorded_rows
from simkit.replay.log import file_stem, text_lines, write_jsonl
from simkit.replay.play import TOP, replay_game


@dataclass(frozen=True)
class ReplayRequest:
    source: str  # results.parquet, or an experiment TOML file
    row: int | None = None
    game_index: int | None = None
    variant: str | None = None
    players: int | None = None
    seed: int | None = None  # experiment file only: the master seed (default: the file's)
    explain: bool = False
    top: int = TOP
    out: str | None = None  # folder of the log and the page


def _from_results(req: ReplayRequest) -> tuple[RunRecord, GameRef, Callable[[], pl.DataFrame], str]:
    """The run, the game, what gives the rows to check the replay against, and the default output folder."""
    if req.seed is not None:
        raise ConfigError("--seed is for an experiment file; a results file records the seed it was played with")
    run = read_run_record(req.source)
    if req.row is not None:
        if req.game_index is not None:
            raise ConfigError("give --row or --game-index, not both")
        ref, _ = game_of_row(req.source, req.row)
    else:
        ref = GameRef(*pick_cell(run, req.variant, req.players), req.game_index)
    return run, ref, partial(recorded_rows, req.source, ref), str(Path(req.source).parent / "replays")


def _from_experiment(req: ReplayRequest) -> tuple[RunRecord, GameRef, Callable[[], pl.DataFrame], str]:
    if req.row is not None:
        raise ConfigError("--row needs a results file; with an experiment file give --game-index")
    exp = load_experiment(req.source)
    seed = exp.seed if req.seed is None else req.seed
    run = RunRecord.from_experiment(exp, seed)
    ref = GameRef(*pick_cell(run, req.variant, req.players), req.game_index)
    cell = next(i for i, c in enumerate(exp.cells) if (c.variant, c.n_players) == (ref.variant, ref.n_players))
    # nothing recorded: the batch path (the runner's own code) plays the game for the check
    return run, ref, partial(play_games, exp, cell, seed, np.array([ref.game_index])), str(Path("out") / exp.name
                                                                                              / "replays")


def replay_command(req: ReplayRequest, echo: Callable[[str], None] = print, *, turns: bool = True
                   ) -> tuple[Path, Path]:
    """Replay the requested game, check it against its recorded (or batch-played) rows, print it turn by turn
    (unless not `turns`) and write its decision log and HTML page; returns their paths."""
    if req.row is None and req.game_index is None:
        raise ConfigError("give --row N (a results file's row) or --game-index I")
    if req.game_index is not None and req.game_index < 0:
        raise ConfigError(f"--game-index must be at least 0, got {req.game_index}")
    if req.top < 1:
        raise ConfigError(f"--top must be at least 1, got {req.top}")
    is_results = req.source.endswith(".parquet")
    run, ref, expected, default_out = (_from_results if is_results else _from_experiment)(req)
    replay = replay_game(run, ref.variant, ref.n_players, ref.game_index, explain=req.explain, top=req.top)
    where = f"game {ref.game_index} of variant {ref.variant} at {ref.n_players} players"
    check_replay(replay.result, expected(), where)
    for line in text_lines(replay) if turns else ():
        echo(line)
    what = "the recorded rows" if is_results else "the same game played by the batch path"
    echo(f"check: the replay reproduces {what} ({where}): scores, ranks and every result column")
    out = Path(req.out or default_out)
    stem = file_stem(ref.variant, ref.n_players, ref.game_index)
    log, page = write_jsonl(replay, out / f"{stem}.jsonl"), write_html(replay, out / f"{stem}.html")
    echo(f"decision log: {log}\nHTML replay: {page}")
    return log, page
