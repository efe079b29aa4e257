"""Playing the Canvas scenario report's games: the settings, the scenario table and the work, played by the core
runner (`simkit.core.runner.play_indices`).

One master seed: game i of every cell has the same seed, so the same deck order in every scenario, mode and skill
level (common random numbers; comparisons between levels and between scenarios are paired). A "random N"
scenario's game i is played on the set the engine draws from game i's seed (`CanvasGame.scoring_of`), with that
set as a fixed ruleset: the same games as `run_experiment` on the "random N" ruleset
(tests/canvas/test_scenario_report.py checks this). The work is ordered by scoring set, so consecutive games in a
runner task share their painting tables.
"""

from __future__ import annotations

import itertools
import time
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Callable, Sequence

import numpy as np
import polars as pl

from simkit.core.experiment import Experiment, parse_experiment
from simkit.core.runner import CellGames, RunOptions, play_indices
from simkit.core.seating import seat_plan
from simkit.games.canvas.rules.components import SCORING_CONDITIONS
from simkit.games.canvas.game import CanvasGame

REPORT_NAME = "canvas-scenarios"
SCENARIO_FILE = "data/scenarios.toml"
LEVELS = ("greedy", "planner", "search")  # the skill ladder, weakest first
MODES = ("vincent", "puzzle")
MODE_TITLE = {"vincent": "Vincent", "puzzle": "puzzle"}
PLAYER_COUNTS = (2, 3, 4, 5)
MASTER_SEED = 2026
CARD_COLUMNS = tuple(f"ribbons_{c.lower()}" for c in SCORING_CONDITIONS)
SOLO_KEEP = ("game_index", "score", "turns", "tokens_left", "cards_taken", "tokens_paid", "grey_ribbons",
             *CARD_COLUMNS, "scoring_cards", "best_painting_conditions", "best_painting_grey",
             "best_painting_ribbons", "best_painting_same_element")
MULTI_KEEP = ("game_index", "seat", "turn_order", "score", "rank", "win_share", "turns", "tokens_left",
              "grey_ribbons", "scoring_cards")
SEATS = "fixed"  # one lineup entry: the same policy in every seat, each game its own seed


# ---- settings and scenarios ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Settings:
    quick: bool
    solo_games: int  # solo games per (scenario, mode) for greedy and planner
    search_games: int  # solo games per (scenario, mode) for search
    multi_games: int  # games per (scenario, player count)
    map_games: int  # planner Vincent games per four-card set
    map_every: int  # every map_every-th four-card set is mapped (1 = all 495)
    random_games: int | None = None  # quick runs: fewer games for the 'random N' scenarios (fewer sets to set up)
    seed: int = MASTER_SEED
    search_chunk: int = 220  # search games per runner task (load balance)
    gp_chunk: int = 5000  # greedy/planner/multiplayer games per runner task

    def games(self, scenario: "Scenario", level: str, multi: bool = False) -> int:
        """Games per cell: (scenario, mode, level) for solo, (scenario, player count) for multiplayer."""
        n = self.search_games if level == "search" else self.multi_games if multi else self.solo_games
        return min(n, self.random_games) if scenario.random_n and self.random_games else n

    @property
    def map_sets(self) -> list[tuple[str, ...]]:
        every = list(itertools.combinations(SCORING_CONDITIONS, 4))
        return every[:: self.map_every]


FULL = Settings(quick=False, solo_games=5000, search_games=1300, multi_games=5000, map_games=5000, map_every=1)
QUICK = Settings(quick=True, solo_games=200, search_games=40, multi_games=150, map_games=100, map_every=9,
                 random_games=80, search_chunk=40)


@dataclass(frozen=True)
class Scenario:
    name: str
    group: str
    scoring: tuple[str, ...] | None  # None for "random N"
    random_n: int  # N for "random N", else 0
    target: int

    @property
    def n_cards(self) -> int:
        return self.random_n or len(self.scoring)

    @property
    def rule_value(self):
        return f"random {self.random_n}" if self.random_n else list(self.scoring)

    @property
    def cards_text(self) -> str:
        return f"any {self.random_n} at random" if self.random_n else ", ".join(self.scoring)


def load_scenarios() -> tuple[list[Scenario], list[int], str]:
    """The scenario table (package data `data/scenarios.toml`): scenarios, solo bands, its stated source."""
    data = tomllib.loads(resources.files("simkit.games.canvas").joinpath(SCENARIO_FILE).read_text("utf-8"))
    out = []
    for row in data["scenario"]:
        cards = row["scoring_cards"]
        if isinstance(cards, str):
            out.append(Scenario(row["name"], row["group"], None, int(cards.split()[1]), int(row["target"])))
        else:
            ordered = tuple(c for c in SCORING_CONDITIONS if c in cards)  # engine order, as a random draw gives
            out.append(Scenario(row["name"], row["group"], ordered, 0, int(row["target"])))
    return out, [int(b) for b in data["bands"]], str(data.get("source", ""))


# ---- the work: jobs grouped by scoring set ---------------------------------------------------------------------

@dataclass(frozen=True)
class Job:
    kind: str  # solo | multi | map
    label: str  # scenario name (solo, multi) or set id (map)
    scoring: tuple[str, ...]  # the scoring cards these games are played with
    n_players: int
    mode: str  # vincent | puzzle | none
    level: str  # greedy | planner | search
    indices: np.ndarray  # game indices

    def rules(self) -> dict:
        rules = {"n_players": self.n_players, "scoring_cards": list(self.scoring)}
        if self.mode != "none":
            rules["solo_mode"] = self.mode
        return rules

    def experiment(self, seed: int) -> Experiment:
        """The job as an ordinary experiment file would state it; its one cell plays the job's games."""
        return parse_experiment({"experiment": {"name": f"{REPORT_NAME}-{self.kind}", "game": "canvas",
                                                "games": int(self.indices.max()) + 1, "seed": seed,
                                                "seats": SEATS},
                                 "rules": self.rules(), "players": [{"policy": self.level}]},
                                f"{REPORT_NAME}:{self.kind}:{self.label}")


def compact(job: Job, frame: pl.DataFrame) -> pl.DataFrame:
    """The columns the report keeps of a job's results frame, labelled with the job's cell."""
    if job.kind == "map":
        return frame.select(pl.lit(int(job.label), pl.Int16).alias("set_id"), "game_index", "score")
    keep = SOLO_KEEP if job.kind == "solo" else MULTI_KEEP
    head = [pl.lit(job.label).alias("scenario")]
    if job.kind == "solo":
        head += [pl.lit(job.mode).alias("mode"), pl.lit(job.level).alias("level")]
    else:
        head += [pl.col("n_players")]
    return frame.select(*head, *keep).with_columns(pl.col("scoring_cards").cast(pl.String))


def drawn_sets(scenario: Scenario, seed: int, n: int) -> list[tuple[str, ...]]:
    """The scoring set the engine draws for each of games 0..n-1 of a 'random N' scenario."""
    game = CanvasGame({"n_players": 1, "solo_mode": "vincent", "scoring_cards": scenario.rule_value})
    seeds, _ = seat_plan(SEATS, 1, 1, seed, 0, n)
    return [tuple(SCORING_CONDITIONS[c] for c in game.scoring_of(int(s))) for s in seeds]


def _random_scenario_jobs(settings: Settings, sc: Scenario) -> dict[tuple[str, ...], list[Job]]:
    """A 'random N' scenario's jobs, by the scoring set its games drew."""
    s = settings
    n = max(s.games(sc, "planner"), s.games(sc, "search"), s.games(sc, "planner", multi=True))
    drawn = np.array([",".join(t) for t in drawn_sets(sc, s.seed, n)], dtype=object)
    by_set: dict[tuple[str, ...], list[Job]] = {}
    for key in dict.fromkeys(drawn.tolist()):
        cards = tuple(key.split(","))
        where = np.flatnonzero(drawn == key)
        jobs = by_set.setdefault(cards, [])
        for mode in MODES:
            for level in LEVELS:
                idx = where[where < s.games(sc, level)]
                if len(idx):
                    jobs.append(Job("solo", sc.name, cards, 1, mode, level, idx))
        for k in PLAYER_COUNTS:
            idx = where[where < s.games(sc, "planner", multi=True)]
            if len(idx):
                jobs.append(Job("multi", sc.name, cards, k, "none", "planner", idx))
    return by_set


def _first(n: int) -> np.ndarray:
    return np.arange(n, dtype=np.int64)


def build_jobs(settings: Settings, scenarios: Sequence[Scenario]) -> tuple[list[Job], list[Job]]:
    """The slow jobs (search on the fixed scenarios) and the others, jobs on the same scoring set next to each
    other (the random scenarios' search games are few per set: they stay with their set)."""
    s = settings
    slow: list[Job] = []
    fast: list[Job] = []
    by_set: dict[tuple[str, ...], list[Job]] = {}
    for sc in scenarios:
        if sc.random_n:
            for cards, set_jobs in _random_scenario_jobs(s, sc).items():
                by_set.setdefault(cards, []).extend(set_jobs)
            continue
        for mode in MODES:
            slow.append(Job("solo", sc.name, sc.scoring, 1, mode, "search", _first(s.games(sc, "search"))))
            fast += [Job("solo", sc.name, sc.scoring, 1, mode, level, _first(s.games(sc, level)))
                     for level in ("greedy", "planner")]
        fast += [Job("multi", sc.name, sc.scoring, k, "none", "planner", _first(s.multi_games))
                 for k in PLAYER_COUNTS]
    for set_id, cards in enumerate(s.map_sets):
        set_id *= s.map_every  # the index among all 495 sets
        by_set.setdefault(cards, []).append(Job("map", str(set_id), cards, 1, "vincent", "planner",
                                                _first(s.map_games)))
    return slow, fast + [job for set_jobs in by_set.values() for job in set_jobs]


def play_all(settings: Settings, scenarios: Sequence[Scenario], jobs: int,
             log: Callable[[str], None]) -> dict[str, pl.DataFrame]:
    """The report's results frames: solo, multi and map games, one row per game (and seat)."""
    slow, fast = build_jobs(settings, scenarios)
    parts: dict[str, list[pl.DataFrame]] = {"solo": [], "multi": [], "map": []}
    # the slow jobs in smaller tasks and first, so that the workers end together
    for what, work, chunk in (("search", slow, settings.search_chunk), ("other", fast, settings.gp_chunk)):
        began = time.perf_counter()
        log(f"playing {sum(len(j.indices) for j in work):,} games ({what}, {len(work)} cells) on {jobs} job(s)")
        options = RunOptions(seed=settings.seed, jobs=jobs, chunk_size=chunk, progress=False)
        frames = play_indices([CellGames(job.experiment(settings.seed), 0, job.indices) for job in work], options)
        for job, frame in zip(work, frames, strict=True):
            parts[job.kind].append(compact(job, frame))
        log(f"  done in {time.perf_counter() - began:.0f} s")
    level_order = {lv: i for i, lv in enumerate(LEVELS)}
    mode_order = {m: i for i, m in enumerate(MODES)}
    solo = (pl.concat(parts["solo"])
            .with_columns(_lv=pl.col("level").replace_strict(level_order),
                          _md=pl.col("mode").replace_strict(mode_order))
            .sort("scenario", "_md", "_lv", "game_index").drop("_lv", "_md"))
    multi = pl.concat(parts["multi"]).sort("scenario", "n_players", "game_index", "seat")
    maps = pl.concat(parts["map"]).sort("set_id", "game_index") if parts["map"] else None
    return {"solo": solo, "multi": multi, "map": maps}
