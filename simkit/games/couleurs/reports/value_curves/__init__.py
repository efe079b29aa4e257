"""The Couleurs de Paris painting-value curve report (`simkit report value-curves`).

Question: variant J changes the painting values by tier from 10/12/14/16 (base) to 9/12/15/18. Does a curve reward
chasing expensive paintings as much as cheap ones, and which curve would? Three tier strategies (cheap, balanced,
expensive) play mixed games under each curve (the variant J ruleset otherwise: only `painting_values` changes,
spec §5.1) at 2, 3 and 4 players, seats rotating and game i of every curve on the same seed (common random numbers).
The same comparison of base and J is repeated on each alternative data set of spec §1.5.

Everything is played through `simkit.core.experiment` / `simkit.core.runner`; the statistics are `simkit.stats`.
Win shares are averaged per deal (the len(lineup) consecutive games that share a seed while the seats rotate), and
intervals are over deals, so seats of one game or one deal are never treated as independent.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable

import simkit
from simkit.core.results import write_parquet
from simkit.games.couleurs.reports.value_curves import figures as F
from simkit.games.couleurs.reports.value_curves.analysis import analyse
from simkit.games.couleurs.reports.value_curves.document import build_document
from simkit.games.couleurs.reports.value_curves.play import (CURVES_FILE, FULL, QUICK, REPORT_NAME, STRATEGIES,
                                                             Results, Settings, all_curves, play_all)
from simkit.report.staging import staged, write_json

DEFAULT_OUT = Path("reports") / REPORT_NAME

__all__ = ["write_report"]


def write_report(out_dir: str | Path | None = None, *, quick: bool = False, jobs: int = 2,
                 log: Callable[[str], None] | None = None, settings: Settings | None = None,
                 curves_file: str | Path | None = None) -> Path:
    """Play, analyse and write the report into out_dir (default reports/couleurs-value-curves); staged in a
    temporary folder and moved in file by file, so a failure leaves the previous report in place."""
    log = log or (lambda line: print(line, file=sys.stderr, flush=True))
    out = Path(out_dir) if out_dir else DEFAULT_OUT
    settings = settings or (QUICK if quick else FULL)
    path = Path(curves_file) if curves_file else CURVES_FILE
    began = time.perf_counter()
    res = Results(settings, all_curves(path), str(path) if path.exists() else "", jobs)
    play_all(res, log)
    log("analysing")
    analyse(res)
    with staged(out) as staging:
        F.write_figures(res, staging)
        write_parquet(res.main, staging / "results.parquet")
        write_parquet(res.sensitivity, staging / "sensitivity_results.parquet")
        for name, table in res.tables.items():
            write_parquet(table, staging / f"{name}.parquet")
        res.seconds["total"] = time.perf_counter() - began
        build_document(res).write(staging, stem="index")
        write_json(staging / "run.json", {
            "report": REPORT_NAME, "simkit": simkit.__version__, "quick": settings.quick, "jobs": jobs,
            "seed": settings.seed, "games": settings.games, "sensitivity_games": settings.sensitivity_games,
            "strategies": STRATEGIES, "curves": {c.name: c.values for c in res.curves},
            "data_sources": res.data_sources, "seconds": {k: round(v, 1) for k, v in res.seconds.items()},
        })
    log(f"report: {out / 'index.html'} (Markdown twin index.md) in {time.perf_counter() - began:.0f} s")
    return out
