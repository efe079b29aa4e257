"""Ink skill ladder (spec §9): random < the best heuristic < search, with 95% intervals (simkit/analysis/ladder.py:
each deal with A in every seat against a field of B, the deal's mean win share the unit; A is ahead when its excess
over the even share 1/n excludes 0).

    PYTHONPATH=. python benchmarks/ink_ladder.py [--players 2] [--deals 1000] [--search-deals 200] [--jobs 1]
        [--best bonus_chaser] [--search '{"rollouts": 8}']
"""

from simkit.analysis.ladder import run_ladder
from simkit.games.ink.policies.dispatch import FAMILIES

if __name__ == "__main__":
    run_ladder("ink", FAMILIES, master_seed=2025, doc=__doc__, players=2)
