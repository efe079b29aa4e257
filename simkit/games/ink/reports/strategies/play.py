"""Playing the Ink strategy report's games (spec §9): every lineup of distinct strategy families at 2, 3 and 4
players and every family alone (solo, spec §5.6), seats rotated, on the shipped data and on each alternative data
set, as `simkit.report.strategies.study` plays any strategy report; and the bonus-tile games (`bonus`)."""

from __future__ import annotations

from simkit.games.ink.alternatives import ALTERNATIVES
from simkit.report.strategies.study import SHIPPED, Settings, Study

REPORT_NAME = "ink-strategies"
SOLO = 1
MIXED_COUNTS = (2, 3, 4)
PLAYER_COUNTS = (SOLO, *MIXED_COUNTS)
# The strategy families of spec §9 at their default parameters: the one list of the report's policies (a new
# family, `search` say, is one more name here). `random` is left out: a fuzz baseline (spec §7.1b A7) that passes
# in about 40% of its turns and takes 2-4 times as many rounds.
FAMILIES = ("big_goal", "small_goal", "splash_maximiser", "palette_first", "wild_first", "bonus_chaser")
DATA_SETS: dict[str, str] = {SHIPPED: "", **{name: f"alternatives/{name}" for name in ALTERNATIVES}}
STUDY = Study("ink", REPORT_NAME, FAMILIES, PLAYER_COUNTS, DATA_SETS)

# Deals per lineup (a deal is n games, one per seat rotation; solo: one game). Sized for a 95% half-width <= 0.02 on
# every family's win share on every data set: the sd of a family's mean win share per deal was about 0.32-0.37,
# 0.26-0.32 and 0.23-0.28 at 2, 3 and 4 players in a pilot (the quick run), so a family needs about 1300, 1000 and
# 750 deals, and it is in 5, 10 and 10 lineups. 241,500 games in all (bonus games included) took 339 s of CPU
# (user + sys, workers included, /usr/bin/time) on a loaded machine: about 3 minutes on 2 idle cores.
FULL = Settings(False, {1: 300, 2: 280, 3: 105, 4: 80}, {1: 100, 2: 280, 3: 105, 4: 80})
QUICK = Settings(True, {1: 6, 2: 6, 3: 2, 4: 2}, {1: 2, 2: 1, 3: 1, 4: 1})
# The bonus-tile games (`bonus`): per tile, the first deals of each solo and 4-player lineup again without it.
BONUS_DEALS = {False: {1: 300, 4: 80}, True: {1: 4, 4: 2}}
