"""The Ink strategy report (`simkit report ink-strategies [--quick] [--out DIR] [--jobs J]`).

Questions (spec §9): which strategy family wins, by player count (win shares and Plackett–Luce ratings in mixed
lineups, seats rotated; solo: turns to finish and finish rate); seat advantage; game length; how often the bag
trigger and the black-ink tie-break decide; the goals completed and the passes; the value of each bonus tile
(paired by deal, `bonus`); and whether each answer holds on every alternative data set. Play (`play`), what
decided each game (`outcomes`), tables (`analysis`), headlines and their sensitivity (`headlines`), text
(`document`) and figures (`figures`) each have their module; what every strategy report shares is in
`simkit.report.strategies`.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Callable

from simkit.games.ink.reports.strategies import figures as F
from simkit.games.ink.reports.strategies.analysis import analyse
from simkit.games.ink.reports.strategies.bonus import build_bonus_work, write_ablations
from simkit.games.ink.reports.strategies.document import build_document
from simkit.games.ink.reports.strategies.play import BONUS_DEALS, FULL, QUICK, STUDY, Settings
from simkit.report.strategies.study import Results, play_all
from simkit.report.strategies.write import write_strategy_report

__all__ = ["write_report"]


def _play(res: Results, log: Callable[[str], None]) -> None:
    """The study's games and, in the same pool, the bonus-tile games on temporary without-T data folders."""
    deals = BONUS_DEALS[res.settings.quick]
    with tempfile.TemporaryDirectory(prefix="ink-bonus-") as root:
        folders = write_ablations(Path(root))
        play_all(STUDY, res, log, {"bonus_results": build_bonus_work(STUDY, res.settings, deals, folders)})


def write_report(out_dir: str | Path | None = None, *, quick: bool = False, jobs: int = 2,
                 log: Callable[[str], None] | None = None, settings: Settings | None = None) -> Path:
    """Play, analyse and write the report into out_dir (default reports/ink-strategies); staged in a temporary
    folder and moved in file by file, so a failure leaves the previous report in place."""
    settings = settings or (QUICK if quick else FULL)
    return write_strategy_report(STUDY, out_dir, settings, jobs, log, play=_play, analyse=analyse,
                                 write_figures=F.write_figures, build_document=build_document,
                                 run_extra={"bonus_deals": BONUS_DEALS[settings.quick]})
