"""Playing the Atelier strategy report's games: every lineup of distinct strategy families at 2, 3 and 4 players,
seats rotated by the core runner, on the shipped data and on each alternative data set (spec §8).

A lineup of n families is one experiment with `seats = "rotate"`: its deals are n consecutive games on one seed
while the lineup turns one seat per game, so every family plays every seat once per deal. Every lineup has its own
master seed (its deals are independent of every other lineup's) and the same one on every data set (common random
numbers: the same dice and deck shuffles). Everything is played by `simkit.core.runner.play_indices` in one pool.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping

import numpy as np
import polars as pl

from simkit.core.experiment import Experiment, parse_experiment
from simkit.core.runner import CellGames, RunOptions, play_indices
from simkit.games.atelier.alternatives import ALTERNATIVES

REPORT_NAME = "atelier-strategies"
MASTER_SEED = 2026
PLAYER_COUNTS = (2, 3, 4)
# The strategy families of spec §8 at their default parameters; `search` (about 2 s a game) and `random` (a fuzz
# baseline that stalls games, spec §7.2) are left out.
FAMILIES = ("painter", "majority", "inspiration_hoarder", "masterpiece_rush", "patron_chaser", "patient_roller")
SHIPPED = "shipped"
DATA_SETS: dict[str, str] = {SHIPPED: "", **{name: f"alternatives/{name}" for name in ALTERNATIVES}}
DROPPED_COLUMNS = ("experiment", "game", "variant")  # the same for every row: named in run.json instead


@dataclass(frozen=True)
class Settings:
    quick: bool
    deals: Mapping[int, int]  # deals per lineup and player count on the shipped data (a deal is n games)
    sensitivity_deals: Mapping[int, int]  # the same on each alternative data set
    seed: int = MASTER_SEED
    chunk: int = 1500  # games per runner task


# Sized for a 95% half-width <= 0.02 on every family's win share on every data set (the sd of a family's mean win
# share per deal is about 0.34, 0.32 and 0.24-0.29 at 2, 3 and 4 players: 2000, 1600 and 1200 deals per family
# give about 0.015, 0.016 and 0.015), at about 700 four-player games per second and core.
FULL = Settings(False, {2: 400, 3: 160, 4: 120}, {2: 400, 3: 160, 4: 120})
QUICK = Settings(True, {2: 20, 3: 6, 4: 4}, {2: 2, 3: 1, 4: 1})


def lineups(n_players: int) -> list[tuple[str, ...]]:
    """Every set of n distinct families, in FAMILIES order."""
    return list(itertools.combinations(FAMILIES, n_players))


def lineup_name(lineup: tuple[str, ...]) -> str:
    return "+".join(lineup)


def lineup_seed(settings: Settings, n_players: int, index: int) -> int:
    """The master seed of lineup `index` at n players: distinct per lineup, the same on every data set."""
    return settings.seed + 1000 * n_players + index


def experiment(data_set: str, n_players: int, lineup: tuple[str, ...], games: int, seed: int) -> Experiment:
    """One lineup on one data set: an ordinary experiment file's content."""
    rules = {"data": DATA_SETS[data_set]} if DATA_SETS[data_set] else {}
    return parse_experiment({"experiment": {"name": f"{REPORT_NAME}-{data_set}-{n_players}p", "game": "atelier",
                                            "games": games, "seed": seed, "seats": "rotate",
                                            "player_counts": [n_players]},
                             "rules": rules, "players": [{"policy": family} for family in lineup]},
                            f"<{REPORT_NAME}: {data_set}, {lineup_name(lineup)}>")


@dataclass(frozen=True)
class Work:
    data_set: str
    lineup: tuple[str, ...]
    exp: Experiment

    @property
    def n_players(self) -> int:
        return len(self.lineup)


def build_work(settings: Settings, data_sets: Mapping[str, str] = DATA_SETS) -> list[Work]:
    work = []
    for data_set in data_sets:
        deals = settings.deals if data_set == SHIPPED else settings.sensitivity_deals
        for n in PLAYER_COUNTS:
            for i, lineup in enumerate(lineups(n)):
                exp = experiment(data_set, n, lineup, deals[n] * n, lineup_seed(settings, n, i))
                work.append(Work(data_set, lineup, exp))
    return work


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


def play_all(res: Results, log: Callable[[str], None]) -> None:
    work = build_work(res.settings)
    total = sum(w.exp.games for w in work)
    log(f"playing {total:,} games ({len(work)} lineups x data sets) on {res.jobs} job(s)")
    began = time.perf_counter()
    options = RunOptions(jobs=res.jobs, chunk_size=res.settings.chunk, progress=False)
    frames = play_indices([CellGames(w.exp, 0, np.arange(w.exp.games)) for w in work], options)
    res.seconds["play"] = time.perf_counter() - began
    log(f"  played in {res.seconds['play']:.0f} s")
    parts = [labelled(w, f) for w, f in zip(work, frames, strict=True)]
    res.main = pl.concat([p for p, w in zip(parts, work) if w.data_set == SHIPPED])
    res.sensitivity = pl.concat([p for p, w in zip(parts, work) if w.data_set != SHIPPED])
    for w in work:
        res.data_sources.setdefault(w.data_set, w.exp.game.data_sources())
    res.ruleset = {k: v for k, v in work[0].exp.game.rule_values.items() if k != "n_players"}
    res.game_title = work[0].exp.game.title
