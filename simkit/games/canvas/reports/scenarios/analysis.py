"""The Canvas scenario report: `simkit report canvas-scenarios [--out DIR] [--quick] [--jobs J]`.

For the nine rulebook scenarios and "Standard random" (spec §7, `data/scenarios.toml`) it plays

- solo games (spec §6) in both solo modes (Vincent, puzzle) at three skill levels (greedy < planner < search),
- 2-5 player games with the planner in every seat,
- the planner, Vincent mode, on every four-card set of the 12 scoring cards (the difficulty map),

and writes DIR/index.html, its Markdown twin DIR/index.md, PNG figures and the Parquet data behind them.

How games are played. Every game is played by the core runner's own path (`parse_experiment` for the
experiment, `seat_plan` for seeds and seats, `Game.play_batch`, `results_frame`), with one master seed, so
game i of every cell has the same seed: the same deck order in every scenario, mode and skill level (common
random numbers; comparisons between levels and between scenarios are paired). The work is grouped by scoring
set so that each set's painting table is built once per work unit: a "random N" scenario's game i is played
on the set the engine draws from game i's seed (`CanvasGame.scoring_of`), which gives the same games as
`run_experiment` on the "random N" ruleset (tests/canvas/test_scenario_report.py checks this) without
rebuilding the tables of hundreds of sets in every chunk.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
import time
import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Callable, Sequence

import numpy as np
import polars as pl
from scipy import stats as sps

import simkit
from simkit.core.backends import backend_map
from simkit.core.experiment import parse_experiment
from simkit.core.policy import resolve_policy
from simkit.core.results import results_frame, write_parquet
from simkit.core.seating import seat_plan
from simkit.games.canvas.components import SCORING_CONDITIONS, load_scoring_cards
from simkit.games.canvas.game import CanvasGame
from simkit.report.document import Document
from simkit.report.staging import staged, write_json
from simkit.stats import holm, mean_interval, paired_difference, seat_advantage, wilson_interval

REPORT_NAME = "canvas-scenarios"
DEFAULT_OUT = Path("reports") / REPORT_NAME
SCENARIO_FILE = "data/scenarios.toml"
LEVELS = ("greedy", "planner", "search")  # the skill ladder, weakest first
MODES = ("vincent", "puzzle")
MODE_TITLE = {"vincent": "Vincent", "puzzle": "puzzle"}
PLAYER_COUNTS = (2, 3, 4, 5)
GROUP_ORDER = {"simplified": 1, "standard": 2, "complex": 3}
MAP_THRESHOLD = 30  # the difficulty map's probability: P(score >= 30), the Normal band
MASTER_SEED = 2026
CARD_COLUMNS = tuple(f"ribbons_{c.lower()}" for c in SCORING_CONDITIONS)
SOLO_KEEP = ("game_index", "score", "turns", "tokens_left", "cards_taken", "tokens_paid", "grey_ribbons",
             *CARD_COLUMNS, "scoring_cards", "best_painting_conditions", "best_painting_grey",
             "best_painting_ribbons", "best_painting_same_element")
MULTI_KEEP = ("game_index", "seat", "turn_order", "score", "rank", "win_share", "turns", "tokens_left",
              "grey_ribbons", "scoring_cards")
ACHIEVEMENTS = (  # spec §8, in the rulebook's order: (column, description)
    ("all_conditions_one_painting", "one painting meets all 4 scoring conditions (4-card scenarios only)"),
    ("grey4_one_painting", "4 grey ribbons from one painting"),
    ("ribbons7_one_painting", "7+ ribbons obtained from one painting (grey included; ribbons lost to a full "
                              "track do not count)"),
    ("same_element5_one_painting", "5 identical Elements in one painting"),
    ("max_ribbons_all_cards", "the maximum ribbons of every scoring card in play"),
    ("grey7_game", "7+ grey ribbons in a game"),
    ("ribbons14_game", "14+ ribbons in a game (all held ribbons, grey included)"),
    ("points40", "40+ points"),
    ("above47", "more than the designers' best (47)"),
)
SEATS = "fixed"  # one lineup entry: the same policy in every seat, each game its own seed
TARGET_HALFWIDTH = {"greedy": 0.015, "planner": 0.015, "search": 0.03}


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
    search_chunk: int = 220  # search games per work unit (load balance)
    gp_chunk: int = 5000  # greedy/planner/multiplayer games per work unit

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


# ---- playing: work units grouped by scoring set ----------------------------------------------------------------

@dataclass(frozen=True)
class Job:
    kind: str  # solo | multi | map
    label: str  # scenario name (solo, multi) or set id (map)
    scoring: tuple[str, ...]  # the scoring cards these games are played with
    n_players: int
    mode: str  # vincent | puzzle | none
    level: str  # greedy | planner | search
    indices: object  # game indices: (start, stop) or an int array

    def index_array(self) -> np.ndarray:
        if isinstance(self.indices, tuple):
            return np.arange(*self.indices, dtype=np.int64)
        return np.asarray(self.indices, np.int64)

    def rules(self) -> dict:
        rules = {"n_players": self.n_players, "scoring_cards": list(self.scoring)}
        if self.mode != "none":
            rules["solo_mode"] = self.mode
        return rules

    def experiment(self, seed: int, games: int):
        """The job as an ordinary experiment file would state it (`play_job` plays its games)."""
        return parse_experiment({"experiment": {"name": f"{REPORT_NAME}-{self.kind}", "game": "canvas",
                                                "games": games, "seed": seed, "seats": SEATS},
                                 "rules": self.rules(), "players": [{"policy": self.level}]},
                                f"{REPORT_NAME}:{self.kind}:{self.label}")


def play_job(job: Job, seed: int, games: dict | None = None) -> pl.DataFrame:
    """The games of one job, exactly as the runner's `play_chunk` plays them for `job.experiment(seed, ...)`
    (same seeds, seats and columns)."""
    idx = job.index_array()
    games = {} if games is None else games
    key = json.dumps(job.rules(), sort_keys=True)
    if key not in games:
        games[key] = CanvasGame(job.rules(), source=REPORT_NAME)
    game = games[key]
    lineup = (resolve_policy(game, {"policy": job.level}, source=REPORT_NAME),)
    all_seeds, all_seats = seat_plan(SEATS, game.n_players, len(lineup), seed, 0, int(idx.max()) + 1)
    seeds, seats = all_seeds[idx], all_seats[idx]
    arrays = game.play_batch(seeds, lineup, seats)
    return results_frame(experiment=f"{REPORT_NAME}-{job.kind}", game=game, variant="baseline", game_index=idx,
                         seeds=seeds, seats=seats, lineup_labels=[c.label for c in lineup], arrays=arrays)


def _compact(job: Job, frame: pl.DataFrame) -> pl.DataFrame:
    if job.kind == "map":
        return frame.select(pl.lit(int(job.label), pl.Int16).alias("set_id"), "game_index", "score")
    keep = SOLO_KEEP if job.kind == "solo" else MULTI_KEEP
    head = [pl.lit(job.label).alias("scenario")]
    if job.kind == "solo":
        head += [pl.lit(job.mode).alias("mode"), pl.lit(job.level).alias("level")]
    else:
        head += [pl.col("n_players")]
    return frame.select(*head, *keep).with_columns(pl.col("scoring_cards").cast(pl.String))


def play_unit(jobs: Sequence[Job], seed: int) -> list[pl.DataFrame]:
    """One work unit (one scoring set): every job's compacted rows (the set's tables are built once)."""
    games = {}
    return [_compact(job, play_job(job, seed, games)) for job in jobs]


def _drawn_sets(scenario: Scenario, seed: int, n: int) -> list[tuple[str, ...]]:
    """The scoring set the engine draws for each of games 0..n-1 of a 'random N' scenario."""
    game = CanvasGame({"n_players": 1, "solo_mode": "vincent", "scoring_cards": scenario.rule_value})
    seeds, _ = seat_plan("fixed", 1, 1, seed, 0, n)
    return [tuple(SCORING_CONDITIONS[c] for c in game.scoring_of(int(s))) for s in seeds]


def _chunks(n: int, size: int) -> list[tuple[int, int]]:
    return [(a, min(a + size, n)) for a in range(0, n, size)]


def build_units(settings: Settings, scenarios: Sequence[Scenario]) -> list[list[Job]]:
    """Work units: each a list of jobs on one scoring set; the slow ones (search) first."""
    s = settings
    units: list[list[Job]] = []
    by_set: dict[tuple[str, ...], list[Job]] = {}
    for sc in scenarios:
        if sc.random_n:
            n = max(s.games(sc, "planner"), s.games(sc, "search"), s.games(sc, "planner", multi=True))
            drawn = np.array([",".join(t) for t in _drawn_sets(sc, s.seed, n)], dtype=object)
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
            continue
        for mode in MODES:
            for span in _chunks(s.search_games, s.search_chunk):
                units.append([Job("solo", sc.name, sc.scoring, 1, mode, "search", span)])
        fast = []  # greedy, planner and multiplayer: cheap, one unit (one table) per chunk of games
        for mode in MODES:
            for level in ("greedy", "planner"):
                fast += [Job("solo", sc.name, sc.scoring, 1, mode, level, span)
                         for span in _chunks(s.solo_games, s.gp_chunk)]
        for k in PLAYER_COUNTS:
            fast += [Job("multi", sc.name, sc.scoring, k, "none", "planner", span)
                     for span in _chunks(s.multi_games, s.gp_chunk)]
        units.append(fast)
    for set_id, cards in enumerate(s.map_sets):
        set_id *= s.map_every  # the index among all 495 sets
        by_set.setdefault(cards, []).append(Job("map", str(set_id), cards, 1, "vincent", "planner",
                                                (0, s.map_games)))
    search_first = sorted(units, key=lambda u: u[0].level != "search")
    return search_first + list(by_set.values())


def play_all(settings: Settings, scenarios: Sequence[Scenario], jobs: int,
             log: Callable[[str], None]) -> dict[str, pl.DataFrame]:
    units = build_units(settings, scenarios)
    n_games = sum(len(j.index_array()) for u in units for j in u)
    log(f"playing {n_games:,} games in {len(units)} work units on {jobs} job(s)")
    parts: dict[str, list[pl.DataFrame]] = {"solo": [], "multi": [], "map": []}
    began, step = time.perf_counter(), max(1, len(units) // 10)
    with backend_map("local", jobs=jobs) as run_map:
        for i, (unit, frames) in enumerate(zip(units, run_map(play_unit, [(u, settings.seed) for u in units]))):
            for job, frame in zip(unit, frames, strict=True):
                parts[job.kind].append(frame)
            if (i + 1) % step == 0 or i + 1 == len(units):
                log(f"  {i + 1}/{len(units)} work units, {time.perf_counter() - began:.0f} s")
    level_order = {lv: i for i, lv in enumerate(LEVELS)}
    solo = (pl.concat(parts["solo"]).with_columns(_lv=pl.col("level").replace_strict(level_order),
                                                  _md=pl.col("mode").replace_strict({m: i for i, m in
                                                                                     enumerate(MODES)}))
            .sort("scenario", "_md", "_lv", "game_index").drop("_lv", "_md"))
    multi = pl.concat(parts["multi"]).sort("scenario", "n_players", "game_index", "seat")
    maps = pl.concat(parts["map"]).sort("set_id", "game_index") if parts["map"] else None
    return {"solo": solo, "multi": multi, "map": maps}


# ---- small statistics helpers ------------------------------------------------------------------------------------

def _wilson(successes, n) -> tuple[float, float, float]:
    if n == 0:
        return float("nan"), 0.0, 1.0
    lo, hi = wilson_interval(successes, n)
    return successes / n, lo, hi


def _mean_ci(values) -> tuple[float, float, float]:
    a = np.asarray(values, float)
    if a.size == 0:
        return float("nan"), float("nan"), float("nan")
    if a.size < 2:
        return float(a.mean()), float("nan"), float("nan")
    ci = mean_interval(a)
    return ci.estimate, ci.lo, ci.hi


def _pct(p, lo, hi) -> str:
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "n/a"
    return f"{100 * p:.1f} [{100 * lo:.1f}, {100 * hi:.1f}]"


def _num(m, lo, hi, digits=2) -> str:
    if m is None or math.isnan(m):
        return "n/a"
    if lo is None or math.isnan(lo):
        return f"{m:.{digits}f}"
    return f"{m:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


# ---- analysis ----------------------------------------------------------------------------------------------------

def _scenario_frame(scenarios: Sequence[Scenario]) -> pl.DataFrame:
    return pl.DataFrame({"scenario": [s.name for s in scenarios], "group": [s.group for s in scenarios],
                         "scoring_cards_rule": [s.cards_text for s in scenarios],
                         "n_cards": [s.n_cards for s in scenarios], "target": [s.target for s in scenarios],
                         "order": list(range(len(scenarios)))}, schema_overrides={"n_cards": pl.Int8})


def with_achievements(solo: pl.DataFrame, n_cards: dict[str, int]) -> pl.DataFrame:
    """Solo rows plus one boolean column per achievement (spec §8); null where it does not apply."""
    sc = load_scoring_cards()
    track = {col: int(sc.track_len[i]) for i, col in enumerate(CARD_COLUMNS)}
    at_max = pl.all_horizontal([pl.col(c).is_null() | (pl.col(c) == track[c]) for c in CARD_COLUMNS])
    held = pl.sum_horizontal([pl.col(c).cast(pl.Int32) for c in CARD_COLUMNS]) + pl.col("grey_ribbons")
    four = pl.col("scenario").replace_strict(n_cards, return_dtype=pl.Int8) == 4
    return solo.with_columns(
        all_conditions_one_painting=pl.when(four).then(pl.col("best_painting_conditions") == 4),
        grey4_one_painting=pl.col("best_painting_grey") >= 4,
        ribbons7_one_painting=pl.col("best_painting_ribbons") >= 7,
        same_element5_one_painting=pl.col("best_painting_same_element") >= 5,
        max_ribbons_all_cards=at_max,
        grey7_game=pl.col("grey_ribbons") >= 7,
        ribbons14_game=held >= 14,
        points40=pl.col("score") >= 40,
        above47=pl.col("score") > 47,
    )


def solo_summary(solo: pl.DataFrame, meta: pl.DataFrame) -> pl.DataFrame:
    rows = []
    for (scenario, mode, level), g in solo.group_by("scenario", "mode", "level", maintain_order=True):
        x = g["score"].to_numpy().astype(float)
        m, lo, hi = _mean_ci(x)
        rows.append({"scenario": scenario, "mode": mode, "level": level, "n": len(x), "mean": m, "mean_lo": lo,
                     "mean_hi": hi, "sd": float(x.std(ddof=1)) if len(x) > 1 else float("nan"),
                     "p10": float(np.quantile(x, 0.1)), "median": float(np.median(x)),
                     "p90": float(np.quantile(x, 0.9)), "min": int(x.min()), "max": int(x.max())})
    return pl.DataFrame(rows).join(meta.select("scenario", "group", "target"), on="scenario", maintain_order="left")


def reach_table(solo: pl.DataFrame, meta: pl.DataFrame, bands: Sequence[int]) -> pl.DataFrame:
    """P(score >= threshold) with Wilson intervals: the scenario's target and every solo band."""
    targets = dict(meta.select("scenario", "target").iter_rows())
    rows = []
    for (scenario, mode, level), g in solo.group_by("scenario", "mode", "level", maintain_order=True):
        x = g["score"].to_numpy()
        for kind, t in (("target", targets[scenario]), *(("band", b) for b in bands)):
            k = int((x >= t).sum())
            p, lo, hi = _wilson(k, len(x))
            rows.append({"scenario": scenario, "mode": mode, "level": level, "kind": kind, "threshold": t,
                         "n": len(x), "successes": k, "p": p, "lo": lo, "hi": hi, "halfwidth": (hi - lo) / 2})
    return pl.DataFrame(rows)


def achievement_table(solo_a: pl.DataFrame) -> pl.DataFrame:
    rows = []
    for (scenario, mode, level), g in solo_a.group_by("scenario", "mode", "level", maintain_order=True):
        for col, text in ACHIEVEMENTS:
            v = g[col].drop_nulls()
            if len(v) == 0:
                rows.append({"scenario": scenario, "mode": mode, "level": level, "achievement": col,
                             "description": text, "n": 0, "successes": 0, "p": None, "lo": None, "hi": None,
                             "halfwidth": None})
                continue
            k = int(v.sum())
            p, lo, hi = _wilson(k, len(v))
            rows.append({"scenario": scenario, "mode": mode, "level": level, "achievement": col,
                         "description": text, "n": len(v), "successes": k, "p": p, "lo": lo, "hi": hi,
                         "halfwidth": (hi - lo) / 2})
    return pl.DataFrame(rows, schema_overrides={"p": pl.Float64, "lo": pl.Float64, "hi": pl.Float64,
                                                "halfwidth": pl.Float64})


def ribbon_table(solo: pl.DataFrame) -> pl.DataFrame:
    """Mean ribbons held per scoring card in play, per solo game (capped at the track, as held)."""
    sc = load_scoring_cards()
    rows = []
    for (scenario, mode, level), g in solo.group_by("scenario", "mode", "level", maintain_order=True):
        for i, col in enumerate(CARD_COLUMNS):
            v = g[col].drop_nulls().to_numpy().astype(float)
            if len(v) == 0:
                continue
            m, lo, hi = _mean_ci(v)
            rows.append({"scenario": scenario, "mode": mode, "level": level, "card": SCORING_CONDITIONS[i],
                         "track_len": int(sc.track_len[i]), "games_in_play": len(v), "mean": m, "lo": lo,
                         "hi": hi, "share_at_max": float((v == sc.track_len[i]).mean())})
    return pl.DataFrame(rows)


def ladder_table(solo: pl.DataFrame) -> pl.DataFrame:
    """Paired (same seed) mean-score differences up the skill ladder, per scenario and mode."""
    rows = []
    for (scenario, mode), g in solo.group_by("scenario", "mode", maintain_order=True):
        score = {lv: dict(zip(*g.filter(pl.col("level") == lv).select("game_index", "score")
                             .get_columns())) for lv in LEVELS}
        means = {lv: float(np.mean(list(score[lv].values()))) for lv in LEVELS}
        for low, high in (("greedy", "planner"), ("planner", "search")):
            common = sorted(set(score[low]) & set(score[high]))
            r = paired_difference([score[high][i] for i in common], [score[low][i] for i in common])
            rows.append({"scenario": scenario, "mode": mode, "comparison": f"{high} - {low}",
                         "n_pairs": r.n, "diff": r.mean_diff, "lo": r.lo, "hi": r.hi, "p_value": r.p_value,
                         "mean_greedy": means["greedy"], "mean_planner": means["planner"],
                         "mean_search": means["search"]})
    out = pl.DataFrame(rows)
    out = out.with_columns(p_holm=pl.Series(holm(out["p_value"].to_numpy())))
    return out.with_columns(verdict=pl.when(pl.col("lo") > 0).then(pl.lit("holds"))
                            .when(pl.col("hi") < 0).then(pl.lit("reversed")).otherwise(pl.lit("unresolved")))


def multiplayer_tables(multi: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    per_game = (multi.group_by("scenario", "n_players", "game_index", maintain_order=True)
                .agg(pl.col("score").sort(descending=True).alias("s"))
                .with_columns(winner=pl.col("s").list.get(0), runner_up=pl.col("s").list.get(1))
                .with_columns(margin=pl.col("winner") - pl.col("runner_up")))
    rows = []
    for (scenario, k), g in per_game.group_by("scenario", "n_players", maintain_order=True):
        w = _mean_ci(g["winner"].to_numpy())
        mg = _mean_ci(g["margin"].to_numpy())
        ties = int((g["margin"] == 0).sum())
        t = _wilson(ties, len(g))
        rows.append({"scenario": scenario, "n_players": int(k), "games": len(g), "winning_score": w[0],
                     "winning_lo": w[1], "winning_hi": w[2], "margin": mg[0], "margin_lo": mg[1],
                     "margin_hi": mg[2], "tied_top": t[0], "tied_top_lo": t[1], "tied_top_hi": t[2]})
    summary = pl.DataFrame(rows).sort("scenario", "n_players")
    seats = seat_advantage(multi.with_columns(pl.col("scenario").cast(pl.String)), seat_col="turn_order",
                           by=("scenario",), players_col="n_players")
    seats = seats.with_columns(halfwidth=(pl.col("hi") - pl.col("lo")) / 2,
                               p_holm=pl.lit(None, pl.Float64))
    # Holm over the scenario x player-count tests of equal seats (one p-value per group)
    groups = seats.group_by("scenario", "n_players", maintain_order=True).agg(pl.col("p_value").first())
    adj = dict(zip(zip(groups["scenario"], groups["n_players"]), holm(groups["p_value"].fill_nan(1.0).to_numpy())))
    seats = seats.with_columns(p_holm=pl.Series([adj[(s, n)] for s, n in zip(seats["scenario"],
                                                                              seats["n_players"])]))
    return summary, seats


def ceiling_table(scenarios: Sequence[Scenario], summary: pl.DataFrame, log) -> pl.DataFrame:
    """The exact ceiling (simkit.games.canvas.ceiling) and its gap to the best skill level's mean score."""
    try:
        from simkit.games.canvas.ceiling import ceiling
    except ImportError as exc:  # written by another engineer; the column stays empty until it exists
        log(f"ceiling: not available ({exc}); ceiling column left empty")
        ceiling = None
    rows = []
    for sc in scenarios:
        row = {"scenario": sc.name, "ceiling": None, "ceiling_paintings": None, "combinations_checked": None,
               "ceiling_seconds": None}
        if sc.scoring is not None and ceiling is not None:
            r = ceiling(list(sc.scoring))
            row.update(ceiling=int(r.total), combinations_checked=int(r.combinations_checked),
                       ceiling_seconds=float(r.seconds),
                       ceiling_paintings="; ".join("/".join(map(str, p)) for p in r.paintings))
        for mode in MODES:
            g = summary.filter((pl.col("scenario") == sc.name) & (pl.col("mode") == mode)).sort("mean")
            best = g.row(-1, named=True)
            row[f"best_level_{mode}"] = best["level"]
            row[f"best_mean_{mode}"] = best["mean"]
            if row["ceiling"] is None:
                row[f"gap_{mode}"] = row[f"gap_lo_{mode}"] = row[f"gap_hi_{mode}"] = None
            else:
                row[f"gap_{mode}"] = row["ceiling"] - best["mean"]
                row[f"gap_lo_{mode}"] = row["ceiling"] - best["mean_hi"]
                row[f"gap_hi_{mode}"] = row["ceiling"] - best["mean_lo"]
        rows.append(row)
    schema = {"ceiling": pl.Int64, "ceiling_paintings": pl.String, "combinations_checked": pl.Int64,
              "ceiling_seconds": pl.Float64, **{f"{p}_{m}": pl.Float64 for m in MODES
                                                for p in ("gap", "gap_lo", "gap_hi")}}
    return pl.DataFrame(rows, schema_overrides=schema)


def _rank_intervals(scenario_names, ind: dict[str, np.ndarray]) -> dict[str, tuple]:
    """Rank 1 = easiest (highest P). A scenario's rank range counts only the others it differs from with
    Holm-adjusted paired p < 0.05 (games share seeds across scenarios, so the indicators are paired)."""
    pairs = list(itertools.combinations(scenario_names, 2))
    pvals, signs = [], []
    for a, b in pairs:
        n = min(len(ind[a]), len(ind[b]))
        r = paired_difference(ind[a][:n].astype(float), ind[b][:n].astype(float))
        pvals.append(r.p_value)
        signs.append(np.sign(r.mean_diff))
    adj = holm(np.array(pvals)) if pvals else np.array([])
    easier = {s: 0 for s in scenario_names}
    harder = {s: 0 for s in scenario_names}
    for (a, b), q, sign in zip(pairs, adj, signs):
        if q < 0.05 and sign != 0:
            hi_, lo_ = (a, b) if sign > 0 else (b, a)  # hi_ reaches its target more often
            easier[lo_] += 1
            harder[hi_] += 1
    n = len(scenario_names)
    return {s: (1 + easier[s], n - harder[s]) for s in scenario_names}


def difficulty_tables(solo: pl.DataFrame, scenarios: Sequence[Scenario], n_boot: int = 2000
                      ) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Planner difficulty per scenario and mode, ranks with intervals, and agreement with the rulebook groups."""
    rows, agreement = [], []
    rng = np.random.default_rng(MASTER_SEED)
    for mode in MODES:
        ind, p_hat, mean_rel, n_of, se = {}, {}, {}, {}, {}
        for sc in scenarios:
            g = solo.filter((pl.col("scenario") == sc.name) & (pl.col("mode") == mode)
                            & (pl.col("level") == "planner")).sort("game_index")
            x = g["score"].to_numpy()
            ind[sc.name] = x >= sc.target
            p, lo, hi = _wilson(int(ind[sc.name].sum()), len(x))
            m, mlo, mhi = _mean_ci(x - sc.target)
            p_hat[sc.name], mean_rel[sc.name], n_of[sc.name] = p, m, len(x)
            se[sc.name] = float(x.std(ddof=1) / np.sqrt(len(x)))
            rows.append({"mode": mode, "scenario": sc.name, "group": sc.group, "target": sc.target, "n": len(x),
                         "p_target": p, "p_lo": lo, "p_hi": hi, "mean_minus_target": m, "mmt_lo": mlo,
                         "mmt_hi": mhi, "mean_score": float(x.mean())})
        names = [s.name for s in scenarios]
        ranks = _rank_intervals(names, ind)
        order = sorted(names, key=lambda s: -p_hat[s])
        for r in rows:
            if r["mode"] == mode:
                r["rank"] = order.index(r["scenario"]) + 1
                r["rank_best"], r["rank_worst"] = ranks[r["scenario"]]
        # agreement with the rulebook groups (the 9 rulebook scenarios); difficulty = minus the measure
        book = [s for s in scenarios if s.group in GROUP_ORDER]
        grp = np.array([GROUP_ORDER[s.group] for s in book], float)
        n = np.array([n_of[s.name] for s in book])
        for measure, est in (("P(reach target)", p_hat), ("mean score - target", mean_rel)):
            centre = np.array([est[s.name] for s in book])
            difficulty = -centre
            rho = float(sps.spearmanr(grp, difficulty).statistic)
            tau = sps.kendalltau(grp, difficulty)
            # parametric bootstrap of the estimates (scenarios treated as independent)
            if measure == "P(reach target)":
                boot = rng.binomial(n, centre, size=(n_boot, len(book))) / n
            else:
                boot = centre + rng.normal(size=(n_boot, len(book))) * np.array([se[s.name] for s in book])
            rb = sps.rankdata(-boot, axis=1)
            rg = sps.rankdata(grp)
            rb_c = rb - rb.mean(axis=1, keepdims=True)
            rg_c = rg - rg.mean()
            with np.errstate(invalid="ignore", divide="ignore"):
                boots = (rb_c @ rg_c) / np.sqrt((rb_c ** 2).sum(axis=1) * (rg_c ** 2).sum())
            boots = boots[np.isfinite(boots)]
            cross = [(a, b) for a, b in itertools.combinations(book, 2) if a.group != b.group]
            wrong = [(a, b) if GROUP_ORDER[a.group] < GROUP_ORDER[b.group] else (b, a) for a, b in cross
                     if (GROUP_ORDER[a.group] - GROUP_ORDER[b.group]) * (est[a.name] - est[b.name]) > 0]
            out_of_order = len(wrong)  # pairs (earlier group, later group) where the later one is easier
            agreement.append({"mode": mode, "measure": measure, "spearman": rho,
                              "spearman_lo": float(np.quantile(boots, 0.025)),
                              "spearman_hi": float(np.quantile(boots, 0.975)),
                              "kendall_tau_b": float(tau.statistic), "kendall_p": float(tau.pvalue),
                              "cross_group_pairs": len(cross), "out_of_order_pairs": out_of_order,
                              "out_of_order": "; ".join(f"{b.name} ({b.group}) easier than {a.name} ({a.group})"
                                                        for a, b in wrong)})
    return pl.DataFrame(rows), pl.DataFrame(agreement)


def set_tables(maps: pl.DataFrame, settings: Settings, scenarios: Sequence[Scenario]
               ) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, np.ndarray]:
    """Per-set summary, each card's marginal effect and the pair means; from an (n_sets x games) score matrix."""
    all_sets = list(itertools.combinations(SCORING_CONDITIONS, 4))
    set_ids = maps["set_id"].unique().sort().to_numpy()
    m = settings.map_games
    S = maps.sort("set_id", "game_index")["score"].to_numpy().reshape(len(set_ids), m).astype(float)
    reach = (S >= MAP_THRESHOLD).astype(float)
    book = {s.scoring: s.name for s in scenarios if s.scoring is not None and len(s.scoring) == 4}
    rows = []
    for i, sid in enumerate(set_ids):
        cards = all_sets[sid]
        mm, lo, hi = _mean_ci(S[i])
        k = int(reach[i].sum())
        p, plo, phi = _wilson(k, m)
        rows.append({"set_id": int(sid), "cards": ", ".join(cards), **{f"card{j + 1}": c for j, c in enumerate(cards)},
                     "scenario": book.get(cards), "n": m, "mean": mm, "mean_lo": lo, "mean_hi": hi,
                     "sd": float(S[i].std(ddof=1)), f"p{MAP_THRESHOLD}": p, f"p{MAP_THRESHOLD}_lo": plo,
                     f"p{MAP_THRESHOLD}_hi": phi})
    summary = pl.DataFrame(rows, schema_overrides={"scenario": pl.String})
    summary = summary.with_columns(rank_easiest=pl.col("mean").rank("ordinal", descending=True).cast(pl.Int32))
    member = np.array([[c in all_sets[sid] for c in SCORING_CONDITIONS] for sid in set_ids])  # sets x cards
    effects = []
    for c, name in enumerate(SCORING_CONDITIONS):
        w, wo = member[:, c], ~member[:, c]
        if w.sum() == 0 or wo.sum() == 0:
            continue
        r = paired_difference(S[w].mean(axis=0), S[wo].mean(axis=0))
        rp = paired_difference(reach[w].mean(axis=0), reach[wo].mean(axis=0))
        effects.append({"card": name, "sets_with": int(w.sum()), "sets_without": int(wo.sum()),
                        "mean_with": float(S[w].mean()), "mean_without": float(S[wo].mean()),
                        "effect": r.mean_diff, "lo": r.lo, "hi": r.hi, "p_value": r.p_value,
                        f"effect_p{MAP_THRESHOLD}": rp.mean_diff, f"effect_p{MAP_THRESHOLD}_lo": rp.lo,
                        f"effect_p{MAP_THRESHOLD}_hi": rp.hi})
    effects = pl.DataFrame(effects).sort("effect")
    effects = effects.with_columns(p_holm=pl.Series(holm(effects["p_value"].to_numpy())))
    pairs = []
    matrix = np.full((12, 12), np.nan)
    for a, b in itertools.combinations_with_replacement(range(12), 2):
        sel = member[:, a] & member[:, b]
        if not sel.any():
            continue
        per_game = S[sel].mean(axis=0)
        mm, lo, hi = _mean_ci(per_game)
        matrix[a, b] = matrix[b, a] = mm
        pairs.append({"card_a": SCORING_CONDITIONS[a], "card_b": SCORING_CONDITIONS[b], "sets": int(sel.sum()),
                      "mean": mm, "lo": lo, "hi": hi,
                      f"p{MAP_THRESHOLD}": float(reach[sel].mean())})
    return summary, effects, pl.DataFrame(pairs), matrix


def precision_table(reach: pl.DataFrame, ach: pl.DataFrame, seats: pl.DataFrame, sets: pl.DataFrame | None
                    ) -> pl.DataFrame:
    rows = []
    for level in LEVELS:
        parts = [("solo: P(target) and bands", reach.filter(pl.col("level") == level)["halfwidth"]),
                 ("solo: achievements", ach.filter(pl.col("level") == level)["halfwidth"].drop_nulls())]
        if level == "planner":
            parts.append(("multiplayer: win share by turn order", seats["halfwidth"]))
            if sets is not None:
                parts.append((f"four-card sets: P({MAP_THRESHOLD}+)",
                              (sets[f"p{MAP_THRESHOLD}_hi"] - sets[f"p{MAP_THRESHOLD}_lo"]) / 2))
        for what, hw in parts:
            if len(hw):
                rows.append({"level": level, "probabilities": what, "count": len(hw),
                             "max_halfwidth": float(hw.max()), "target_halfwidth": TARGET_HALFWIDTH[level]})
    out = pl.DataFrame(rows)
    return out.with_columns(meets_target=pl.col("max_halfwidth") <= pl.col("target_halfwidth") + 1e-12)


# ---- the report --------------------------------------------------------------------------------------------------

@dataclass
class Results:
    settings: Settings
    scenarios: list[Scenario]
    bands: list[int]
    scenario_source: str
    data: dict[str, pl.DataFrame]
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)
    pair_matrix: np.ndarray | None = None
    seconds: dict[str, float] = field(default_factory=dict)
    jobs: int = 1


def analyse(res: Results, log) -> None:
    meta = _scenario_frame(res.scenarios)
    solo, multi, maps = res.data["solo"], res.data["multi"], res.data["map"]
    n_cards = {s.name: s.n_cards for s in res.scenarios}
    solo_a = with_achievements(solo, n_cards)
    t = res.tables
    t["scenarios"] = meta
    t["solo_summary"] = solo_summary(solo, meta)
    t["reach"] = reach_table(solo, meta, res.bands)
    t["achievements"] = achievement_table(solo_a)
    t["ribbons"] = ribbon_table(solo)
    t["ladder"] = ladder_table(solo)
    t["multiplayer_summary"], t["seat_advantage"] = multiplayer_tables(multi)
    began = time.perf_counter()
    t["ceiling"] = ceiling_table(res.scenarios, t["solo_summary"], log)
    res.seconds["ceiling"] = time.perf_counter() - began
    t["difficulty"], t["agreement"] = difficulty_tables(solo, res.scenarios)
    if maps is not None:
        t["sets_summary"], t["card_effects"], t["pair_means"], res.pair_matrix = set_tables(
            maps, res.settings, res.scenarios)
    t["precision"] = precision_table(t["reach"], t["achievements"], t["seat_advantage"], t.get("sets_summary"))


def _per_scenario_and_mode(frame: pl.DataFrame, column: str, cell) -> pl.DataFrame:
    """One row per (scenario, mode), one column per value of `column`, cells formatted by cell(row)."""
    rows = []
    for (name, mode), group in frame.group_by("scenario", "mode", maintain_order=True):
        rows.append({"scenario": name, "mode": MODE_TITLE[mode],
                     **{r[column]: cell(r) for r in group.iter_rows(named=True)}})
    return pl.DataFrame(rows)


def _order(frame: pl.DataFrame, scenarios: Sequence[Scenario]) -> pl.DataFrame:
    pos = {s.name: i for i, s in enumerate(scenarios)}
    keys = [pl.col("scenario").replace_strict(pos, return_dtype=pl.Int32)]
    if "mode" in frame.columns:
        keys.append(pl.col("mode").replace_strict({m: i for i, m in enumerate(MODES)}, return_dtype=pl.Int32))
    if "level" in frame.columns:
        keys.append(pl.col("level").replace_strict({m: i for i, m in enumerate(LEVELS)}, return_dtype=pl.Int32))
    return frame.sort(keys, maintain_order=True)


def build_document(res: Results) -> Document:
    from simkit.games.canvas import scenario_figures as F

    s, t, sc = res.settings, res.tables, res.scenarios
    doc = Document("Canvas scenarios: solo difficulty, skill ladder, multiplayer balance and the four-card sets")
    if s.quick:
        doc.text("QUICK RUN (--quick): small samples and only every "
                 f"{s.map_every}th four-card set; the intervals are wide and the half-width targets "
                 "(1.5 points for greedy and planner, 3 for search) are not met. The precision section states the "
                 "half-widths achieved. Run without --quick for the full report.")
    game = CanvasGame({"n_players": 1, "solo_mode": "vincent"})
    src = game.data_sources()
    doc.text(f"Generated by 'simkit report {REPORT_NAME}{' --quick' if s.quick else ''} --jobs {res.jobs}' "
             f"(simkit {simkit.__version__}) in {res.seconds.get('total', float('nan')):.0f} s "
             f"(games {res.seconds.get('play', float('nan')):.0f} s on {res.jobs} job(s)). "
             "Every probability comes with a 95% Wilson interval, every mean with a 95% t interval.")

    doc.heading("Data and method")
    doc.bullets([
        f"Art cards: '{src['art_cards']}'; scoring cards (names and points tracks): '{src['scoring_cards']}'; "
        f"the deck matches the printed deck's check values: {src['art_cards_match_printed_deck']}. "
        "The Canvas data is the printed card data (from the publisher-authorised Board Game Arena port); "
        "nothing about Canvas is reconstructed.",
        f"Scenario table: 'simkit/games/canvas/{SCENARIO_FILE}' (source: {res.scenario_source}); solo bands "
        f"{', '.join(map(str, res.bands))} (spec §6; 47 is the designers' best score). Rules: "
        "'simkit/games/canvas/RULES.md' with the default rule values.",
        "Skill ladder: the shipped policies greedy < planner < search with default parameters "
        "('simkit policies canvas'). Solo games in both solo modes: painting with Vincent (§6.1) and the solo "
        "puzzle (§6.2). Multiplayer: 2-5 players, the planner in every seat, random first player.",
        f"Seeds: master seed {s.seed}; game i of every cell has the same seed (the same deck order) in every "
        "scenario, mode, skill level and set, so differences between levels and scenarios are paired "
        "(common random numbers). 'Relaxed' (random 3) and 'Standard random' (random 4) draw their scoring "
        "cards from each game's seed exactly as the engine does; those games are played grouped by set "
        "(identical results to an ordinary run).",
        f"Difficulty map: all {len(list(itertools.combinations(range(12), 4)))} four-card sets of the 12 scoring "
        "cards" + ("" if s.map_every == 1 else f" (quick run: every {s.map_every}th set, {len(s.map_sets)} sets)")
        + f", {s.map_games:,} planner games per set in Vincent mode, the same seeds for every set.",
        "Achievements (§8) are read from the per-game columns: best_painting_conditions, best_painting_grey, "
        "best_painting_ribbons (grey included, after caps: ribbons obtained), best_painting_same_element, held "
        "ribbons per card (capped at the track) and grey ribbons. 'All 4 scoring conditions' applies to 4-card "
        "scenarios only.",
    ])

    doc.heading("Sample sizes and precision")
    doc.bullets([
        f"Solo, per scenario and solo mode: {s.solo_games:,} games for greedy and for planner, "
        f"{s.search_games:,} for search.",
        f"Multiplayer: {s.multi_games:,} games per scenario and player count (2, 3, 4, 5).",
        *([f"Quick run: the random scenarios (Relaxed, Standard random) get {s.random_games} games per cell "
           "(each game draws its own set, and every set needs its tables built)."] if s.random_games else []),
        f"Four-card sets: {len(s.map_sets)} sets x {s.map_games:,} games.",
        "Targets: 95% half-width at most 1.5 percentage points for greedy and planner probabilities (n >= 4269 at "
        "the worst case p = 0.5) and 3 points for search (n >= 1068).",
    ])
    prec = t["precision"].with_columns((pl.col("max_halfwidth") * 100).round(2).alias("max half-width (pp)"),
                                       (pl.col("target_halfwidth") * 100).alias("target (pp)"))
    doc.table(prec.select("level", "probabilities", "count", "max half-width (pp)", "target (pp)", "meets_target"))

    # headline findings
    doc.heading("Findings")
    doc.bullets(_findings(res))

    doc.heading("Solo scores")
    doc.text("Mean final score per skill level [95% CI]. The figure shows the share of games reaching each score.")
    summ = _order(t["solo_summary"], sc)
    piv = []
    for (name, mode), g in summ.group_by("scenario", "mode", maintain_order=True):
        row = {"scenario": name, "mode": MODE_TITLE[mode], "target": int(g["target"][0])}
        for r in g.iter_rows(named=True):
            row[r["level"]] = _num(r["mean"], r["mean_lo"], r["mean_hi"], 1)
            row[f"{r['level']} median"] = r["median"]
        piv.append(row)
    doc.table(pl.DataFrame(piv).select("scenario", "mode", "target", *LEVELS,
                                       *[f"{lv} median" for lv in LEVELS]))
    doc.figure(F.SURVIVAL, "P(final score >= x) per scenario: colour = skill level, solid = Vincent, dashed = puzzle; "
                           "the dotted line is the scenario's target.")
    doc.figure(F.MEANS, "Mean solo score per scenario with 95% intervals, the scenario's target and its exact "
                        "ceiling.")

    doc.heading("Reaching the target and the bands")
    doc.text("P(score >= threshold) in percent [95% Wilson interval]. 'target' is the scenario's own target; "
             "25/30/35/40 are the solo bands (Emerging Artist, Honourable Mention, Runner-up, Best in Show); 47 "
             "is the designers' best.")
    reach = _order(t["reach"], sc)
    piv = []
    for (name, mode, level), g in reach.group_by("scenario", "mode", "level", maintain_order=True):
        row = {"scenario": name, "mode": MODE_TITLE[mode], "level": level, "n": int(g["n"][0])}
        for r in g.iter_rows(named=True):
            key = f"target ({r['threshold']})" if r["kind"] == "target" else f">= {r['threshold']}"
            row["target" if r["kind"] == "target" else key] = _pct(r["p"], r["lo"], r["hi"])
            if r["kind"] == "target":
                row["target value"] = r["threshold"]
        piv.append(row)
    doc.table(pl.DataFrame(piv).select("scenario", "mode", "level", "n", "target value", "target",
                                       *[f">= {b}" for b in res.bands]))
    doc.figure(F.REACH, "P(reach the scenario's target) per skill level and solo mode, 95% Wilson intervals.")
    doc.figure(F.BANDS, "Planner: P(score >= band) per scenario, Vincent and puzzle mode.")

    doc.heading("Skill ladder: greedy < planner < search?")
    doc.text("Paired differences of mean score on the same seeds (search games are the first "
             f"{s.search_games:,} seeds of each cell). 'holds' = the 95% interval lies above 0; 'unresolved' = it "
             "contains 0; 'reversed' = below 0. p-values are Holm-adjusted over all comparisons.")
    lad = _order(t["ladder"].sort(pl.col("comparison") != "planner - greedy", maintain_order=True), sc)
    doc.table(lad.select("scenario", pl.col("mode").replace_strict(MODE_TITLE).alias("mode"), "comparison",
                         "n_pairs", pl.struct("diff", "lo", "hi").map_elements(
                             lambda r: _num(r["diff"], r["lo"], r["hi"]), return_dtype=pl.String)
                         .alias("difference [95% CI]"),
                         pl.col("p_holm").map_elements(lambda p: f"{p:.2g}", return_dtype=pl.String)
                         .alias("p (Holm)"), "verdict"))

    doc.heading("Exact ceiling and gap")
    doc.text("The ceiling is the best total any player could reach choosing any 9 cards of the deck "
             "(simkit.games.canvas.ceiling, exact search). The gap is the ceiling minus the mean score of the best "
             "skill level [95% CI]. Not defined for the random scenarios.")
    ce = t["ceiling"]
    doc.table(ce.select("scenario", "ceiling",
                        *[pl.struct(f"best_level_{m}", f"best_mean_{m}", f"gap_{m}", f"gap_lo_{m}", f"gap_hi_{m}")
                          .map_elements(lambda r, m=m: ("n/a" if r[f"gap_{m}"] is None else
                                                        f"{r[f'best_level_{m}']} {r[f'best_mean_{m}']:.1f}; gap "
                                                        + _num(r[f"gap_{m}"], r[f"gap_lo_{m}"], r[f"gap_hi_{m}"], 1)),
                                        return_dtype=pl.String).alias(f"{MODE_TITLE[m]}: best mean; gap")
                          for m in MODES],
                        pl.col("ceiling_paintings").alias("a ceiling's paintings (card ids, bottom/…/top)")))

    doc.heading("Difficulty ranking")
    doc.text("Planner, P(reach the scenario's target), ranked from easiest (1) to hardest. The rank range counts "
             "only the scenarios it differs from (paired test on the same seeds, Holm-adjusted p < 0.05). "
             "The mean score minus the target is the second measure.")
    for mode in MODES:
        d = t["difficulty"].filter(pl.col("mode") == mode).sort("rank")
        doc.text(f"Solo mode: {MODE_TITLE[mode]}.")
        doc.table(d.select("rank", pl.format("{}-{}", "rank_best", "rank_worst").alias("rank range"), "scenario",
                           "group", "target",
                           pl.struct("p_target", "p_lo", "p_hi").map_elements(
                               lambda r: _pct(r["p_target"], r["p_lo"], r["p_hi"]), return_dtype=pl.String)
                           .alias("P(target) % [CI]"),
                           pl.struct("mean_minus_target", "mmt_lo", "mmt_hi").map_elements(
                               lambda r: _num(r["mean_minus_target"], r["mmt_lo"], r["mmt_hi"], 1),
                               return_dtype=pl.String).alias("mean - target [CI]")))
    doc.text("Agreement with the rulebook's grouping (simplified < standard < complex; the 9 rulebook "
             "scenarios; difficulty = lower P(target) or lower mean - target). Spearman's rho between group and "
             "difficulty, with a parametric-bootstrap interval that reflects only the Monte Carlo error of the "
             "estimates (it is narrow when the ranking is well determined); Kendall's tau-b with its p-value, "
             "which asks whether an agreement this strong could arise by chance among 9 scenarios; and the "
             "cross-group pairs in the wrong order (a later group easier than an earlier one).")
    doc.table(t["agreement"].select(pl.col("mode").replace_strict(MODE_TITLE).alias("mode"), "measure",
                                    pl.struct("spearman", "spearman_lo", "spearman_hi").map_elements(
                                        lambda r: _num(r["spearman"], r["spearman_lo"], r["spearman_hi"]),
                                        return_dtype=pl.String).alias("Spearman rho [CI]"),
                                    "kendall_tau_b", "kendall_p", "out_of_order_pairs", "cross_group_pairs"))
    doc.text(_agreement_statement(res))
    doc.figure(F.DIFFICULTY, "Difficulty ranking (planner): P(reach target) with 95% intervals, coloured by the "
                             "rulebook group.")

    doc.heading("Ribbons per scoring card")
    doc.text("Planner, mean ribbons held per solo game for each scoring card in play [95% CI] (held ribbons are "
             "capped at the card's track; the track length is the maximum). For the random scenarios the mean is "
             "over the games in which the card was drawn.")
    rib = _order(t["ribbons"].filter(pl.col("level") == "planner"), sc)
    present = [c for c in SCORING_CONDITIONS if c in rib["card"].to_list()]
    doc.table(_per_scenario_and_mode(rib, "card", lambda r: _num(r["mean"], r["lo"], r["hi"]))
              .select("scenario", "mode", *present))
    doc.figure(F.RIBBONS, "Planner, Vincent mode: mean ribbons held per card in play (track length in brackets).")

    doc.heading("Achievements (rulebook §8)")
    doc.text("Share of solo games with each achievement, percent [95% Wilson interval]; planner shown here, all "
             "levels in achievements.parquet. n/a: not applicable (fewer than 4 scoring cards).")
    ach = _order(t["achievements"].filter(pl.col("level") == "planner"), sc)
    doc.table(_per_scenario_and_mode(ach, "achievement", lambda r: _pct(r["p"], r["lo"], r["hi"])))
    doc.bullets([f"{c}: {d}" for c, d in ACHIEVEMENTS])
    doc.figure(F.ACHIEVEMENTS, "Achievement frequencies per scenario (planner; Vincent and puzzle).")

    doc.heading("Multiplayer (planner in every seat)")
    doc.text("Per game: the winning score and the margin (winner minus runner-up; 0 when the top score is tied). "
             "Mean [95% CI].")
    mp = _order(t["multiplayer_summary"], sc)
    doc.table(mp.select("scenario", "n_players", "games",
                        pl.struct("winning_score", "winning_lo", "winning_hi").map_elements(
                            lambda r: _num(r["winning_score"], r["winning_lo"], r["winning_hi"], 1),
                            return_dtype=pl.String).alias("winning score"),
                        pl.struct("margin", "margin_lo", "margin_hi").map_elements(
                            lambda r: _num(r["margin"], r["margin_lo"], r["margin_hi"]),
                            return_dtype=pl.String).alias("margin"),
                        pl.struct("tied_top", "tied_top_lo", "tied_top_hi").map_elements(
                            lambda r: _pct(r["tied_top"], r["tied_top_lo"], r["tied_top_hi"]),
                            return_dtype=pl.String).alias("top score tied %")))
    doc.figure(F.MULTI, "Mean winning score and margin by number of players, 95% intervals.")
    doc.text("Seat advantage: win share (ties split) by position in turn order (1 = first player), percent [95% "
             "Wilson interval]; a fair position wins 1/n. p: chi-square test that all positions win equally often, "
             "Holm-adjusted over the 40 scenario x player-count groups.")
    sa = _order(t["seat_advantage"].with_columns(pl.col("scenario").cast(pl.String)), sc)
    piv = []
    for (name, k), g in sa.group_by("scenario", "n_players", maintain_order=True):
        row = {"scenario": name, "n_players": int(k), "games": int(g["games"][0])}
        for r in g.sort("turn_order").iter_rows(named=True):
            row[f"position {r['turn_order']}"] = _pct(r["win_share"], r["lo"], r["hi"])
        row["p (Holm)"] = f"{g['p_holm'][0]:.2g}"
        piv.append(row)
    cols = ["scenario", "n_players", "games", *[f"position {i}" for i in range(1, 6)], "p (Holm)"]
    doc.table(pl.DataFrame(piv).select([c for c in cols if c in pl.DataFrame(piv).columns]))
    doc.figure(F.SEATS, "Win share by position in turn order, per number of players; the dashed line is the fair "
                        "share 1/n. 95% intervals.")

    if "sets_summary" in t:
        ss = t["sets_summary"]
        doc.heading("Beyond the rulebook: the four-card sets")
        doc.text(f"Planner, Vincent mode, {s.map_games:,} games per set on the same seeds. Mean score [95% CI] and "
                 f"P(score >= {MAP_THRESHOLD}) [95% Wilson].")
        doc.figure(F.SETS_MAP, f"Every mapped set: mean solo score against P(score >= {MAP_THRESHOLD}); the "
                               "rulebook's four-card scenarios are marked.")

        def fmt_sets(frame):
            return frame.select("rank_easiest", "cards", pl.col("scenario").fill_null(""),
                                pl.struct("mean", "mean_lo", "mean_hi").map_elements(
                                    lambda r: _num(r["mean"], r["mean_lo"], r["mean_hi"], 1),
                                    return_dtype=pl.String).alias("mean score"),
                                pl.struct(f"p{MAP_THRESHOLD}", f"p{MAP_THRESHOLD}_lo", f"p{MAP_THRESHOLD}_hi")
                                .map_elements(lambda r: _pct(*r.values()), return_dtype=pl.String)
                                .alias(f"P({MAP_THRESHOLD}+) %"))
        doc.text("The 10 hardest sets (lowest mean score):")
        doc.table(fmt_sets(ss.sort("mean").head(10)))
        doc.text("The 10 easiest sets (highest mean score):")
        doc.table(fmt_sets(ss.sort("mean", descending=True).head(10)))
        doc.text("Each card's marginal effect: mean score over the sets that contain the card minus the mean over "
                 "the sets without it, with a paired 95% interval over the games (the sets share seeds), and the "
                 f"same for P({MAP_THRESHOLD}+) in percentage points. Positive = the card makes a set easier.")
        ce_ = t["card_effects"].sort("effect", descending=True)
        doc.table(ce_.select("card", "sets_with", "sets_without",
                             pl.col("mean_with").round(2), pl.col("mean_without").round(2),
                             pl.struct("effect", "lo", "hi").map_elements(lambda r: _num(*r.values()),
                                                                          return_dtype=pl.String)
                             .alias("effect on mean score [CI]"),
                             pl.struct(f"effect_p{MAP_THRESHOLD}", f"effect_p{MAP_THRESHOLD}_lo",
                                       f"effect_p{MAP_THRESHOLD}_hi").map_elements(
                                 lambda r: " ".join(f"{100 * v:+.1f}" if i == 0 else "" for i, v in
                                                    enumerate(r.values())).strip()
                                 + f" [{100 * r[f'effect_p{MAP_THRESHOLD}_lo']:+.1f}, "
                                   f"{100 * r[f'effect_p{MAP_THRESHOLD}_hi']:+.1f}]",
                                 return_dtype=pl.String).alias(f"effect on P({MAP_THRESHOLD}+) pp [CI]")))
        doc.figure(F.CARD_EFFECTS, "Marginal effect of each scoring card on the mean solo score of a set, 95% "
                                   "intervals.")
        doc.figure(F.PAIRS, "Mean solo score over the sets that contain both cards (diagonal: the sets that contain "
                            "the card). Planner, Vincent mode.")

    doc.heading("Files")
    doc.bullets([
        "solo.parquet: one row per solo game (scenario, mode, level, game_index, score, ribbons per card, grey "
        "ribbons, achievement columns' sources).",
        "multiplayer.parquet: one row per game and seat (scenario, n_players, game_index, seat, turn_order, score, "
        "rank, win_share, ...).",
        "sets.parquet: one row per four-card-set game (set_id, game_index, score); sets_summary.parquet names the "
        "cards of each set_id.",
        "Summary tables: " + ", ".join(f"{k}.parquet" for k in SUMMARY_TABLES) + "; run.json: the settings.",
    ])
    return doc


SUMMARY_TABLES = ("scenarios", "solo_summary", "reach", "achievements", "ribbons", "ladder", "ceiling",
                  "difficulty", "agreement", "multiplayer_summary", "seat_advantage", "sets_summary",
                  "card_effects", "pair_means", "precision")


def _ladder_line(res: Results) -> str:
    lad = res.tables["ladder"]
    holds = int((lad["verdict"] == "holds").sum())
    bad = lad.filter(pl.col("verdict") != "holds")
    text = (f"Skill ladder: greedy < planner < search is resolved (both paired intervals above 0) in "
            f"{holds} of {len(lad)} comparisons (10 scenarios x 2 solo modes x 2 steps).")
    if len(bad):
        text += " Not resolved: " + "; ".join(
            f"{r['scenario']} ({MODE_TITLE[r['mode']]}) {r['comparison']} = {_num(r['diff'], r['lo'], r['hi'])}"
            f" [{r['verdict']}]" for r in bad.iter_rows(named=True)) + "."
    return text


def _agreement_statement(res: Results) -> str:
    ag = res.tables["agreement"].filter(pl.col("measure") == "P(reach target)")
    parts = []
    for r in ag.iter_rows(named=True):
        rho, lo, hi, p = r["spearman"], r["spearman_lo"], r["spearman_hi"], r["kendall_p"]
        if rho > 0 and lo > 0 and p < 0.05:
            verdict = "agrees with the rulebook's grouping"
        elif rho < 0 and hi < 0 and p < 0.05:
            verdict = "runs against the rulebook's grouping"
        else:
            verdict = "neither clearly agrees nor disagrees with the rulebook's grouping"
        parts.append(f"{MODE_TITLE[r['mode']].capitalize()} mode: the planner's difficulty order {verdict} "
                     f"(Spearman rho = {rho:.2f}, Monte Carlo interval [{lo:.2f}, {hi:.2f}]; Kendall tau-b = "
                     f"{r['kendall_tau_b']:.2f}, p = {p:.2g}; {r['out_of_order_pairs']} of {r['cross_group_pairs']} "
                     "cross-group pairs out of order" + (f": {r['out_of_order']}" if r["out_of_order"] else "")
                     + ").")
    return " ".join(parts)


def _findings(res: Results) -> list[str]:
    t = res.tables
    out = [_ladder_line(res)]
    for mode in MODES:
        d = t["difficulty"].filter(pl.col("mode") == mode).sort("rank")
        out.append(f"Difficulty ({MODE_TITLE[mode]}, planner, easiest first by P(reach target)): "
                   + ", ".join(f"{r['scenario']} {100 * r['p_target']:.0f}%" for r in d.iter_rows(named=True))
                   + ".")
    out.append(_agreement_statement(res))
    ce = t["ceiling"].drop_nulls("ceiling")
    if len(ce):
        out.append("Exact ceilings: " + ", ".join(f"{r['scenario']} {r['ceiling']}" for r in ce.iter_rows(named=True))
                   + "; the best level's mean (Vincent) stays "
                   + f"{ce['gap_vincent'].min():.1f}-{ce['gap_vincent'].max():.1f} points below the ceiling.")
    mp = t["multiplayer_summary"]
    out.append(f"Multiplayer (planner everywhere): the mean winning score runs from {mp['winning_score'].min():.1f} "
               f"to {mp['winning_score'].max():.1f}, the mean margin from {mp['margin'].min():.2f} to "
               f"{mp['margin'].max():.2f} points.")
    sa = t["seat_advantage"]
    sig = sa.filter(pl.col("p_holm") < 0.05).select("scenario", "n_players").unique()
    dev = sa.with_columns(dev=pl.col("win_share") - pl.col("fair_share")).sort(pl.col("dev").abs(), descending=True)
    d = dev.row(0, named=True)
    out.append(f"Seat advantage: {len(sig)} of {sa.select('scenario', 'n_players').n_unique()} scenario x "
               "player-count groups show unequal win shares by turn order (chi-square, Holm-adjusted p < 0.05). The "
               f"largest deviation from a fair share is {100 * d['dev']:+.1f} points: position {d['turn_order']} of "
               f"{d['n_players']} in {d['scenario']} wins {_pct(d['win_share'], d['lo'], d['hi'])}% against "
               f"{100 * d['fair_share']:.0f}%.")
    if "sets_summary" in t:
        ss = t["sets_summary"].sort("mean")
        e = t["card_effects"].sort("effect")
        out.append(f"Four-card sets: the mean planner score runs from {ss['mean'][0]:.1f} ({ss['cards'][0]}) to "
                   f"{ss['mean'][-1]:.1f} ({ss['cards'][-1]}). The card that most lowers a set's score is "
                   f"{e['card'][0]} ({e['effect'][0]:+.2f} points), the one that most raises it "
                   f"{e['card'][-1]} ({e['effect'][-1]:+.2f}).")
    return out


def write_report(out_dir: str | Path | None = None, *, quick: bool = False, jobs: int = 2,
                 log: Callable[[str], None] | None = None, settings: Settings | None = None) -> Path:
    """Play, analyse and write the report into out_dir (default reports/canvas-scenarios). Staged in a
    temporary folder and moved in file by file, so a failure leaves the previous report in place."""
    from simkit.games.canvas import scenario_figures as F

    log = log or (lambda line: print(line, file=sys.stderr, flush=True))
    out = Path(out_dir) if out_dir else DEFAULT_OUT
    settings = settings or (QUICK if quick else FULL)
    began = time.perf_counter()
    scenarios, bands, source = load_scenarios()
    res = Results(settings, scenarios, bands, source, {}, jobs=jobs)
    res.data = play_all(settings, scenarios, jobs, log)
    res.seconds["play"] = time.perf_counter() - began
    log("analysing")
    analyse(res, log)
    with staged(out) as staging:
        F.write_figures(res, staging)
        write_parquet(res.data["solo"], staging / "solo.parquet")
        write_parquet(res.data["multi"], staging / "multiplayer.parquet")
        if res.data["map"] is not None:
            write_parquet(res.data["map"], staging / "sets.parquet")
        for name in SUMMARY_TABLES:
            if name in res.tables:
                write_parquet(res.tables[name], staging / f"{name}.parquet")
        res.seconds["total"] = time.perf_counter() - began
        doc = build_document(res)
        doc.write(staging, stem="index")
        write_json(staging / "run.json", {
            "report": REPORT_NAME, "simkit": simkit.__version__, "quick": settings.quick, "jobs": jobs,
            "seed": settings.seed, "solo_games": settings.solo_games, "search_games": settings.search_games,
            "multi_games": settings.multi_games, "random_games": settings.random_games,
            "map_games": settings.map_games,
            "map_sets": len(settings.map_sets), "seconds": {k: round(v, 1) for k, v in res.seconds.items()},
        })
    log(f"report: {out / 'index.html'} (Markdown twin index.md) in {time.perf_counter() - began:.0f} s")
    return out
