"""The Atelier strategy report (`simkit report atelier-strategies [--quick] [--out DIR] [--jobs J]`).

Questions (spec §8): which strategy family wins, by player count (win shares and Plackett–Luce ratings in mixed
lineups, seats rotated); seat advantage; the First Master token's rate and worth; game length; how often the
tie-break decides; how much patrons swing the result; paint-pile contention; and whether each answer holds on every
alternative data set. Play (`play`), what decided each game (`outcomes`), tables (`analysis`), headlines and their
sensitivity (`headlines`), text (`document`) and figures (`figures`) each have their module.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Callable

from simkit.games.atelier.reports.strategies import figures as F
from simkit.games.atelier.reports.strategies.analysis import analyse
from simkit.games.atelier.reports.strategies.document import build_document
from simkit.games.atelier.reports.strategies.play import FULL, QUICK, REPORT_NAME, STUDY, Results, Settings, play_all
from simkit.games.atelier.rules.record import AtelierDataWarning
from simkit.report.strategies.write import write_strategy_report

DEFAULT_OUT = Path("reports") / REPORT_NAME

__all__ = ["write_report"]


def _play(res: Results, log: Callable[[str], None]) -> None:
    with warnings.catch_warnings():  # fewer-masterpieces warns that 4 players may never trigger the end: the
        warnings.simplefilter("ignore", AtelierDataWarning)  # report counts truncated games instead
        play_all(res, log)


def write_report(out_dir: str | Path | None = None, *, quick: bool = False, jobs: int = 2,
                 log: Callable[[str], None] | None = None, settings: Settings | None = None) -> Path:
    """Play, analyse and write the report into out_dir (default reports/atelier-strategies); staged in a temporary
    folder and moved in file by file, so a failure leaves the previous report in place."""
    return write_strategy_report(STUDY, out_dir, settings or (QUICK if quick else FULL), jobs, log, play=_play,
                                 analyse=analyse, write_figures=F.write_figures, build_document=build_document)
