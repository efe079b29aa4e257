"""Balance objectives of `simkit tune`, computed from a results frame (one row per game and seat).

Every statistic is a ratio of sums over games: a policy's win share, P(score >= threshold), a seat's win share, a
mean game length. An objective lists its ratios ("terms") as sums per deal (the games that share a seed), so a
candidate's loss can be recomputed on resampled deals (`simkit.tune.evaluate`): the same deals for two candidates
give a paired interval. Each objective is evaluated per cell (variant x player count) and its loss is the mean
(or the max) over cells of how far the cell's statistic is from the goal; the search minimises the weighted sum.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np
import polars as pl

KINDS = ("win_share_spread", "reach", "seat_advantage", "game_length")
COMBINE = ("mean", "max")
CELL = ("variant", "n_players")


@dataclass(frozen=True)
class Objective:
    kind: str
    name: str
    weight: float = 1.0
    combine: str = "mean"
    variants: tuple[str, ...] | None = None  # the cells it reads (None: every cell)
    players: tuple[int, ...] | None = None
    policies: tuple[str, ...] = ()  # win_share_spread: two or more labels; reach: one
    target: float = 0.0  # the statistic's goal (reach: the probability)
    column: str = ""  # reach: the score column; game_length: the length column
    threshold: float | str | None = None  # reach: a number or a threshold dimension's name
    low: float | None = None  # game_length: the wanted range
    high: float | None = None

    def cells(self, frame: pl.DataFrame) -> pl.DataFrame:
        if self.variants is not None:
            frame = frame.filter(pl.col("variant").cast(pl.String).is_in(list(self.variants)))
        if self.players is not None:
            frame = frame.filter(pl.col("n_players").is_in(list(self.players)))
        return frame

    def terms(self, frame: pl.DataFrame, thresholds: Mapping[str, Any]) -> tuple[list[str], pl.DataFrame]:
        """(the statistic's name per cell, rows with columns seed, term (an index into the terms) and value):
        each term's ratio is the mean of its rows' values. Terms come in cell order, `per_cell` of them each."""
        frame = self.cells(frame)
        cells = frame.select(CELL).unique(maintain_order=True).sort(CELL)
        names = [f"{v}/{n}p" for v, n in cells.iter_rows()]
        cell_index = frame.join(cells.with_row_index("cell"), on=CELL, how="left")["cell"].to_numpy()
        policy = frame["policy"].cast(pl.String).to_numpy()
        per = self.per_cell(frame)
        if self.kind == "win_share_spread":
            which = np.full(len(frame), -1)
            for i, label in enumerate(self.policies):
                which[policy == label] = i
            value = frame["win_share"].to_numpy()
        elif self.kind == "reach":
            threshold = thresholds[self.threshold] if isinstance(self.threshold, str) else self.threshold
            which = np.where(policy == self.policies[0], 0, -1)
            value = (frame[self.column].to_numpy() >= threshold).astype(float)
        elif self.kind == "seat_advantage":
            which, value = frame["seat"].to_numpy().astype(np.int64), frame["win_share"].to_numpy()
        else:  # game_length: one row per game
            which = np.where(frame["seat"].to_numpy() == 0, 0, -1)
            value = frame[self.column].to_numpy()
        keep = which >= 0
        rows = pl.DataFrame({"seed": frame["seed"].to_numpy()[keep],
                             "term": (cell_index * per + which)[keep].astype(np.int64),
                             "value": value[keep].astype(float)})
        return names, rows

    def per_cell(self, frame: pl.DataFrame) -> int:
        if self.kind == "win_share_spread":
            return len(self.policies)
        if self.kind == "seat_advantage":
            return int(frame["n_players"].max()) if len(frame) else 1
        return 1

    def statistic(self, ratios: np.ndarray, players: np.ndarray) -> np.ndarray:
        """Each cell's statistic from the term ratios [..., cells * per_cell]; `players` is each cell's player
        count (seat_advantage's fair share)."""
        cells = len(players)
        r = ratios.reshape(*ratios.shape[:-1], cells, -1)
        if self.kind == "win_share_spread":
            if r.shape[-1] == 2:
                return r[..., 0] - r[..., 1]
            return r.max(axis=-1) - r.min(axis=-1)
        if self.kind == "seat_advantage":
            seats = np.arange(r.shape[-1])
            gap = np.abs(r - 1 / players[:, None])
            return np.where(seats < players[:, None], gap, 0.0).max(axis=-1)  # seats past a cell's count: none
        return r[..., 0]

    def loss(self, stats: np.ndarray) -> np.ndarray:
        """How far the cells' statistics [..., cells] are from the goal, combined over cells."""
        if self.kind == "game_length":
            miss = np.maximum(np.maximum(self.low - stats, stats - self.high), 0.0)
        else:
            miss = np.abs(stats - self.target)
        return miss.max(axis=-1) if self.combine == "max" else miss.mean(axis=-1)

    def goal(self) -> str:
        if self.kind == "game_length":
            return f"mean {self.column} in [{self.low:g}, {self.high:g}]"
        if self.kind == "win_share_spread":
            what = " - ".join(self.policies) if len(self.policies) == 2 else "max - min of " + ", ".join(self.policies)
            return f"win share {what} -> {self.target:g}"
        if self.kind == "reach":
            return f"P({self.policies[0]} {self.column} >= {self.threshold}) -> {self.target:g}"
        return "max |seat win share - 1/n| -> 0"
