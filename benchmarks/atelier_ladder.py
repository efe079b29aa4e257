"""Atelier skill ladder (spec §8): random < the best heuristic < search, 2 players by default, with 95% intervals
(simkit/analysis/ladder.py: each deal with A in every seat against B, the deal's mean win share the unit).

    PYTHONPATH=. python benchmarks/atelier_ladder.py [--deals 1000] [--search-deals 200] [--jobs 1]
"""

from simkit.analysis.ladder import run_ladder

HEURISTICS = ("painter", "majority", "inspiration_hoarder", "masterpiece_rush", "patron_chaser", "patient_roller")

if __name__ == "__main__":
    run_ladder("atelier", HEURISTICS, master_seed=2024, doc=__doc__, players=2)
