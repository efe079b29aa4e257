"""Writing a strategy report: play, analyse, then figures, Parquet, the document and run.json, staged in a
temporary folder and moved in file by file, so a failure leaves the previous report in place."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable

import simkit
from simkit.core.results import write_parquet
from simkit.report.document import Document
from simkit.report.staging import staged, write_json
from simkit.report.strategies.study import Results, Settings, Study

Log = Callable[[str], None]


def stderr_log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def write_strategy_report(study: Study, out_dir: str | Path | None, settings: Settings, jobs: int, log: Log | None,
                          *, play: Callable[[Results, Log], None], analyse: Callable[[Results], None],
                          write_figures: Callable[[Results, Path], object],
                          build_document: Callable[[Results], Document], run_extra: dict | None = None) -> Path:
    """Play (`play`), analyse, and write the report into out_dir (default reports/<report>): results.parquet and
    sensitivity_results.parquet, every table of `res.tables` and `res.extra` as Parquet, the figures, index.md and
    index.html, and run.json (settings, seeds, data sources, run time; `run_extra` adds keys)."""
    log = log or stderr_log
    out = Path(out_dir) if out_dir else Path("reports") / study.report
    began = time.perf_counter()
    res = Results(settings, jobs)
    play(res, log)
    log("analysing")
    analyse(res)
    with staged(out) as staging:
        write_figures(res, staging)
        write_parquet(res.main, staging / "results.parquet")
        write_parquet(res.sensitivity, staging / "sensitivity_results.parquet")
        for name, table in {**res.extra, **res.tables}.items():
            write_parquet(table, staging / f"{name}.parquet")
        res.seconds["total"] = time.perf_counter() - began
        build_document(res).write(staging, stem="index")
        write_json(staging / "run.json", {
            "report": study.report, "simkit": simkit.__version__, "quick": settings.quick, "jobs": jobs,
            "seed": settings.seed, "deals": settings.deals, "sensitivity_deals": settings.sensitivity_deals,
            "families": list(study.families), **(run_extra or {}), "ruleset": res.ruleset,
            "data_sources": res.data_sources, "seconds": {k: round(v, 1) for k, v in res.seconds.items()},
        })
    log(f"report: {out / 'index.html'} (Markdown twin index.md) in {time.perf_counter() - began:.0f} s")
    return out
