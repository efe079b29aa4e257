"""A candidate's objective values from its results frame, and the same on resampled deals.

`measure` sums every objective term per deal (the games sharing a seed; with common random numbers two
candidates have the same deals). `Measure.evaluate` turns deal weights into statistics and losses: weights of one
give the point estimate; multinomial weights, drawn once and applied to two candidates, a paired bootstrap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import numpy as np
import polars as pl

from simkit.tune.objectives import CELL, Objective


@dataclass(frozen=True)
class Evaluation:
    loss: np.ndarray  # [...]: the weighted sum of the objectives' losses
    losses: list[np.ndarray]  # per objective [...]
    stats: list[np.ndarray]  # per objective [..., cells]


@dataclass(frozen=True)
class Measure:
    seeds: np.ndarray  # the deals, sorted
    sums: np.ndarray  # [deals, terms]: each term's sum of values per deal
    counts: np.ndarray  # [deals, terms]: its rows per deal
    objectives: tuple[Objective, ...]
    spans: tuple[tuple[int, int], ...]  # each objective's terms
    cells: tuple[tuple[str, ...], ...]  # each objective's cell names
    players: tuple[np.ndarray, ...]  # each objective's cells' player counts

    def evaluate(self, weights: np.ndarray | None = None) -> Evaluation:
        """Weights [..., deals] (None: every deal once)."""
        if weights is None:
            sums, counts = self.sums.sum(axis=0), self.counts.sum(axis=0)
        else:
            sums, counts = weights @ self.sums, weights @ self.counts
        with np.errstate(invalid="ignore", divide="ignore"):
            ratios = sums / counts
        losses, stats = [], []
        for obj, (a, b), players in zip(self.objectives, self.spans, self.players):
            stat = obj.statistic(ratios[..., a:b], players)
            stats.append(stat)
            losses.append(obj.loss(stat))
        total = sum(obj.weight * loss for obj, loss in zip(self.objectives, losses))
        return Evaluation(np.asarray(total), losses, stats)


def measure(frame: pl.DataFrame, objectives: Sequence[Objective], thresholds: Mapping[str, Any]) -> Measure:
    seeds = np.unique(frame["seed"].to_numpy())
    blocks_sum, blocks_count, spans, cells, players = [], [], [], [], []
    start = 0
    for obj in objectives:
        names, rows = obj.terms(frame, thresholds)
        n_terms = len(names) * obj.per_cell(obj.cells(frame))
        deal = np.searchsorted(seeds, rows["seed"].to_numpy())
        term = rows["term"].to_numpy()
        s = np.zeros((len(seeds), n_terms))
        c = np.zeros((len(seeds), n_terms))
        np.add.at(s, (deal, term), rows["value"].to_numpy())
        np.add.at(c, (deal, term), 1.0)
        blocks_sum.append(s)
        blocks_count.append(c)
        spans.append((start, start + n_terms))
        start += n_terms
        cells.append(tuple(names))
        cell_frame = obj.cells(frame).select(CELL).unique().sort(CELL)
        players.append(cell_frame["n_players"].to_numpy().astype(float))
    return Measure(seeds, np.hstack(blocks_sum), np.hstack(blocks_count), tuple(objectives), tuple(spans),
                   tuple(cells), tuple(players))


def deal_weights(deals: int, resamples: int, seed: int) -> np.ndarray:
    """Bootstrap weights [resamples, deals]: how often each deal is drawn, the same draws for every candidate."""
    rng = np.random.default_rng([seed, 0xB007])
    return rng.multinomial(deals, np.full(deals, 1 / deals), size=resamples).astype(float)
