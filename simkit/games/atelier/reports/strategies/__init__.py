"""The Atelier strategy report (`simkit report atelier-strategies [--quick] [--out DIR] [--jobs J]`).

Questions (spec §8): which strategy family wins, by player count (win shares and Plackett–Luce ratings in mixed
lineups, seats rotated); seat advantage; the First Master token's rate and worth; game length; how often the
tie-break decides; how much patrons swing the result; paint-pile contention; and whether each answer holds on every
alternative data set. Play (`play`), what decided each game (`outcomes`), tables (`analysis`), headlines and their
sensitivity (`headlines`), text (`document`) and figures (`figures`) each have their module.
"""

from __future__ import annotations

import sys
import time
import warnings
from pathlib import Path
from typing import Callable

import simkit
from simkit.core.results import write_parquet
from simkit.games.atelier.reports.strategies import figures as F
from simkit.games.atelier.reports.strategies.analysis import analyse
from simkit.games.atelier.reports.strategies.document import build_document
from simkit.games.atelier.reports.strategies.play import FAMILIES, FULL, QUICK, REPORT_NAME, Results, Settings, play_all
from simkit.games.atelier.rules.record import AtelierDataWarning
from simkit.report.staging import staged, write_json

DEFAULT_OUT = Path("reports") / REPORT_NAME

__all__ = ["write_report"]


def write_report(out_dir: str | Path | None = None, *, quick: bool = False, jobs: int = 2,
                 log: Callable[[str], None] | None = None, settings: Settings | None = None) -> Path:
    """Play, analyse and write the report into out_dir (default reports/atelier-strategies); staged in a temporary
    folder and moved in file by file, so a failure leaves the previous report in place."""
    log = log or (lambda line: print(line, file=sys.stderr, flush=True))
    out = Path(out_dir) if out_dir else DEFAULT_OUT
    settings = settings or (QUICK if quick else FULL)
    began = time.perf_counter()
    res = Results(settings, jobs)
    with warnings.catch_warnings():  # fewer-masterpieces warns that 4 players may never trigger the end: the
        warnings.simplefilter("ignore", AtelierDataWarning)  # report counts truncated games instead
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
            "seed": settings.seed, "deals": settings.deals, "sensitivity_deals": settings.sensitivity_deals,
            "families": list(FAMILIES), "ruleset": res.ruleset, "data_sources": res.data_sources,
            "seconds": {k: round(v, 1) for k, v in res.seconds.items()},
        })
    log(f"report: {out / 'index.html'} (Markdown twin index.md) in {time.perf_counter() - began:.0f} s")
    return out
