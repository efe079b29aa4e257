"""Playing the Atelier strategy report's games (spec §8): every lineup of distinct strategy families at 2, 3 and 4
players, seats rotated, on the shipped data and on each alternative data set, as `simkit.report.strategies.study`
plays any strategy report."""

from __future__ import annotations

from typing import Callable, Mapping

from simkit.games.atelier.alternatives import ALTERNATIVES
from simkit.report.strategies import study as S
from simkit.report.strategies.study import SHIPPED, Results, Settings, Work, lineup_name

REPORT_NAME = "atelier-strategies"
PLAYER_COUNTS = (2, 3, 4)
# The strategy families of spec §8 at their default parameters; `search` (about 2 s a game) and `random` (a fuzz
# baseline that stalls games, spec §7.2) are left out.
FAMILIES = ("painter", "majority", "inspiration_hoarder", "masterpiece_rush", "patron_chaser", "patient_roller")
DATA_SETS: dict[str, str] = {SHIPPED: "", **{name: f"alternatives/{name}" for name in ALTERNATIVES}}
STUDY = S.Study("atelier", REPORT_NAME, FAMILIES, PLAYER_COUNTS, DATA_SETS)

# Sized for a 95% half-width <= 0.02 on every family's win share on every data set (the sd of a family's mean win
# share per deal is about 0.34, 0.32 and 0.24-0.29 at 2, 3 and 4 players: 2000, 1600 and 1200 deals per family
# give about 0.015, 0.016 and 0.015), at about 700 four-player games per second and core.
FULL = Settings(False, {2: 400, 3: 160, 4: 120}, {2: 400, 3: 160, 4: 120})
QUICK = Settings(True, {2: 20, 3: 6, 4: 4}, {2: 2, 3: 1, 4: 1})

__all__ = ["DATA_SETS", "FAMILIES", "FULL", "PLAYER_COUNTS", "QUICK", "REPORT_NAME", "SHIPPED", "STUDY", "Results",
           "Settings", "Work", "build_work", "lineup_name", "lineups", "play_all"]


def lineups(n_players: int) -> list[tuple[str, ...]]:
    return STUDY.lineups(n_players)


def build_work(settings: Settings, data_sets: Mapping[str, str] = DATA_SETS) -> list[Work]:
    return STUDY.build_work(settings, data_sets)


def play_all(res: Results, log: Callable[[str], None]) -> None:
    S.play_all(STUDY, res, log)
