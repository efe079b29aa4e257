"""The Canvas scenario report: `simkit report canvas-scenarios [--out DIR] [--quick] [--jobs J]`.

For the nine rulebook scenarios and "Standard random" (spec §7, `data/scenarios.toml`) it plays

- solo games (spec §6) in both solo modes (Vincent, puzzle) at three skill levels (greedy < planner < search),
- 2-5 player games with the planner in every seat,
- the planner, Vincent mode, on every four-card set of the 12 scoring cards (the difficulty map),

and writes DIR/index.html, its Markdown twin DIR/index.md, PNG figures and the Parquet data behind them.
Play (`play`), analysis (`analysis`), text (`document`) and figures (`figures`) each have their module.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable

import simkit
from simkit.core.results import write_parquet
from simkit.games.canvas.reports.scenarios import figures as F
from simkit.games.canvas.reports.scenarios.analysis import SUMMARY_TABLES, Results, analyse
from simkit.games.canvas.reports.scenarios.document import build_document
from simkit.games.canvas.reports.scenarios.play import FULL, QUICK, REPORT_NAME, Settings, load_scenarios, play_all
from simkit.report.staging import staged, write_json

DEFAULT_OUT = Path("reports") / REPORT_NAME

__all__ = ["write_report"]


def write_report(out_dir: str | Path | None = None, *, quick: bool = False, jobs: int = 2,
                 log: Callable[[str], None] | None = None, settings: Settings | None = None) -> Path:
    """Play, analyse and write the report into out_dir (default reports/canvas-scenarios). Staged in a
    temporary folder and moved in file by file, so a failure leaves the previous report in place."""
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
