"""Games of tune candidates on common random numbers: game i of every cell is played on the same seed for every
candidate (`simkit.core.runner`), and a candidate's games are kept, so a later rung plays only the new ones and a
candidate proposed again (or one that differs only in thresholds) replays nothing."""

from __future__ import annotations

import json
from typing import Any, Mapping

import numpy as np
import polars as pl

from simkit.core.runner import CellGames, RunOptions, play_indices
from simkit.tune.spec import TuneSpec

ID_COLUMNS = ("variant", "n_players", "seed", "game_index", "seat", "policy", "win_share")


def rules_key(rules: Mapping[str, Any]) -> str:
    return json.dumps(rules, sort_keys=True)


class CandidateGames:
    """Each candidate ruleset's games so far, played on `master_seed`, with the columns the objectives read."""

    def __init__(self, spec: TuneSpec, master_seed: int, jobs: int = 1):
        self.spec = spec
        self.options = RunOptions(seed=master_seed, jobs=jobs, progress=False)
        columns = {o.column for o in spec.objectives if o.column}
        self.columns = [*ID_COLUMNS, *sorted(columns - set(ID_COLUMNS))]
        self.frames: dict[str, pl.DataFrame] = {}
        self.played = 0  # games played, over every candidate and cell

    def frame(self, rules: Mapping[str, Any], games: int) -> pl.DataFrame:
        """Games 0..games-1 of every cell under these rule values."""
        key = rules_key(rules)
        have = self.frames.get(key)
        done = 0 if have is None else int(have["game_index"].max()) + 1
        if games > done:
            exp = self.spec.experiment(rules)
            work = [CellGames(exp, i, np.arange(done, games)) for i in range(len(exp.cells))]
            new = pl.concat(play_indices(work, self.options)).select(self.columns).with_columns(
                pl.col("variant").cast(pl.String), pl.col("policy").cast(pl.String))
            self.played += (games - done) * len(exp.cells)
            have = new if have is None else pl.concat([have, new])
            self.frames[key] = have
        return have.filter(pl.col("game_index") < games)
