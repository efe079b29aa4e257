"""Playing a strategy report's games: every lineup of distinct strategy families at each player count, seats rotated
by the core runner, on the shipped data and on each alternative data set.

A lineup of n families is one experiment with `seats = "rotate"`: its deals are n consecutive games on one seed
while the lineup turns one seat per game, so every family plays every seat once per deal. Every lineup has its own
master seed (its deals are independent of every other lineup's) and the same one on every data set (common random
numbers). A lineup of one family (solo) is one game per deal. Everything is played by
`simkit.core.runner.play_indices` in one pool.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

import numpy as np
import polars as pl

from simkit.core.experiment import Experiment, parse_experiment
from simkit.core.runner import CellGames, RunOptions, play_indices

SHIPPED = "shipped"
DROPPED_COLUMNS = ("experiment", "game", "variant")  # the same for every row: named in run.json instead


@dataclass(frozen=True)
class Settings:
    quick: bool
    deals: Mapping[int, int]  # deals per lineup and player count on the shipped data (a deal is n games)
    sensitivity_deals: Mapping[int, int]  # the same on each alternative data set
    seed: int = 2026
    chunk: int = 1500  # games per runner task


@dataclass(frozen=True)
class Study:
    """What a strategy report plays: the game, the families, the player counts and the data sets (name -> the
    `data` rule value; the shipped one first, "")."""

    game: str
    report: str
    families: tuple[str, ...]
    player_counts: tuple[int, ...]
    data_sets: Mapping[str, str]
    rules: Mapping[str, object] = field(default_factory=dict)  # rule values every game of the study uses

    def lineups(self, n_players: int) -> list[tuple[str, ...]]:
        """Every set of n distinct families, in family order."""
        return list(itertools.combinations(self.families, n_players))

    def experiment(self, data_set: str, lineup: tuple[str, ...], games: int, seed: int,
                   data: str | None = None) -> Experiment:
        """One lineup on one data set (`data`: another data folder than the data set's): an experiment file's
        content."""
        folder = self.data_sets[data_set] if data is None else data
        rules = {**self.rules, **({"data": folder} if folder else {})}
        n = len(lineup)
        return parse_experiment({"experiment": {"name": f"{self.report}-{data_set}-{n}p", "game": self.game,
                                                "games": games, "seed": seed, "seats": "rotate",
                                                "player_counts": [n]},
                                 "rules": rules, "players": [{"policy": family} for family in lineup]},
                                f"<{self.report}: {data_set}, {lineup_name(lineup)}>")

    def build_work(self, settings: Settings, data_sets: Mapping[str, str] | None = None) -> list[Work]:
        work = []
        for data_set in (self.data_sets if data_sets is None else data_sets):
            deals = settings.deals if data_set == SHIPPED else settings.sensitivity_deals
            for n in self.player_counts:
                for i, lineup in enumerate(self.lineups(n)):
                    exp = self.experiment(data_set, lineup, deals[n] * n, lineup_seed(settings, n, i))
                    work.append(Work(data_set, lineup, exp))
        return work


def lineup_name(lineup: Sequence[str]) -> str:
    return "+".join(lineup)


def lineup_seed(settings: Settings, n_players: int, index: int) -> int:
    """The master seed of lineup `index` at n players: distinct per lineup, the same on every data set."""
    return settings.seed + 1000 * n_players + index


@dataclass(frozen=True)
class Work:
    data_set: str
    lineup: tuple[str, ...]
    exp: Experiment

    @property
    def n_players(self) -> int:
        return len(self.lineup)


def labelled(work: Work, frame: pl.DataFrame) -> pl.DataFrame:
    """A lineup's results with its data set, lineup and deal (the n games sharing a seed)."""
    return frame.drop(DROPPED_COLUMNS).select(
        pl.lit(work.data_set).alias("data_set"), pl.lit(lineup_name(work.lineup)).alias("lineup"),
        (pl.col("game_index") // work.n_players).cast(pl.Int32).alias("deal"), pl.all())


@dataclass
class Results:
    settings: Settings
    jobs: int
    main: pl.DataFrame | None = None  # the shipped data's games
    sensitivity: pl.DataFrame | None = None  # every alternative data set's games
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    data_sources: dict[str, dict[str, str]] = field(default_factory=dict)  # data set -> the data files' tags
    ruleset: dict = field(default_factory=dict)  # the rule values of every game but n_players (and `data`)
    game_title: str = ""
    extra: dict[str, pl.DataFrame] = field(default_factory=dict)  # a report's own further games


def play_work(work: Sequence[Work], jobs: int, chunk: int) -> list[pl.DataFrame]:
    """Every work item's games in one pool, labelled."""
    options = RunOptions(jobs=jobs, chunk_size=chunk, progress=False)
    frames = play_indices([CellGames(w.exp, 0, np.arange(w.exp.games)) for w in work], options)
    return [labelled(w, f) for w, f in zip(work, frames, strict=True)]


def play_all(study: Study, res: Results, log: Callable[[str], None],
             extra: Mapping[str, Sequence[Work]] | None = None) -> None:
    """The study's games, and a report's own further work (name -> work; its games land in res.extra[name]), in one
    pool."""
    work = study.build_work(res.settings)
    more = [(name, w) for name, items in (extra or {}).items() for w in items]
    total = sum(w.exp.games for w in work) + sum(w.exp.games for _, w in more)
    log(f"playing {total:,} games ({len(work) + len(more)} lineups x data sets) on {res.jobs} job(s)")
    began = time.perf_counter()
    parts = play_work([*work, *(w for _, w in more)], res.jobs, res.settings.chunk)
    res.seconds["play"] = time.perf_counter() - began
    log(f"  played in {res.seconds['play']:.0f} s")
    ours, theirs = parts[:len(work)], parts[len(work):]
    res.main = pl.concat([p for p, w in zip(ours, work) if w.data_set == SHIPPED])
    res.sensitivity = pl.concat([p for p, w in zip(ours, work) if w.data_set != SHIPPED])
    for name in extra or {}:
        res.extra[name] = pl.concat([p for p, (n, _) in zip(theirs, more) if n == name])
    for w in work:
        res.data_sources.setdefault(w.data_set, w.exp.game.data_sources())
    res.ruleset = {k: v for k, v in work[0].exp.game.rule_values.items() if k != "n_players"}
    res.game_title = work[0].exp.game.title
