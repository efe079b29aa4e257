"""Atelier skill ladder (spec §8): random < the best heuristic < search, 2 players, with 95% intervals.

Every comparison plays each deal twice with the seats swapped (paired by deal, seats rotated); the unit is the
deal: the mean win share of policy A over its two seatings. The interval is mean ± 1.96 standard errors over
deals; A is ahead when it excludes 0.5. Steps:
1. the heuristic families (default parameters) in a round robin: the best is the one with the highest mean win
   share over its pairings;
2. random against the best heuristic;
3. search (default parameters) against the best heuristic.

    PYTHONPATH=. python benchmarks/atelier_ladder.py [--deals 1000] [--search-deals 200] [--jobs 1]
"""

from __future__ import annotations

import argparse
import itertools
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

import simkit
from simkit.core.policy import resolve_policy
from simkit.core.rng import game_seeds

HEURISTICS = ("painter", "majority", "inspiration_hoarder", "masterpiece_rush", "patron_chaser", "patient_roller")
MASTER_SEED = 2024


def deal_shares(a: str, b: str, seeds: np.ndarray) -> np.ndarray:
    """A's mean win share over the two seatings of each deal."""
    game = simkit.make("atelier", {"n_players": 2})
    lineup = [resolve_policy(game, {"policy": a}), resolve_policy(game, {"policy": b})]
    n = len(seeds)
    first = game.play_batch(seeds, lineup, np.tile([0, 1], (n, 1)))["win_share"][:, 0]
    second = game.play_batch(seeds, lineup, np.tile([1, 0], (n, 1)))["win_share"][:, 1]
    return (first + second) / 2


def compare(a: str, b: str, deals: int, jobs: int, offset: int) -> np.ndarray:
    seeds = game_seeds(MASTER_SEED, offset, offset + deals)
    if jobs == 1:
        return deal_shares(a, b, seeds)
    with ProcessPoolExecutor(jobs) as pool:
        parts = pool.map(deal_shares, [a] * jobs, [b] * jobs, np.array_split(seeds, jobs))
        return np.concatenate(list(parts))


def interval(shares: np.ndarray) -> str:
    half = 1.96 * shares.std(ddof=1) / np.sqrt(len(shares))
    return f"{shares.mean():.3f} [{shares.mean() - half:.3f}, {shares.mean() + half:.3f}] ({len(shares)} deals, " \
           f"{2 * len(shares)} games)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per heuristic pairing and for random")
    parser.add_argument("--search-deals", type=int, default=200, help="deals for search against the best heuristic")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()

    print("1. round robin of the heuristic families (row's win share against the column's)")
    totals = {h: [] for h in HEURISTICS}
    for a, b in itertools.combinations(HEURISTICS, 2):
        shares = compare(a, b, args.deals, args.jobs, 0)
        totals[a].append(shares.mean())
        totals[b].append(1 - shares.mean())
        print(f"   {a} vs {b}: {interval(shares)}", flush=True)
    ranking = sorted(HEURISTICS, key=lambda h: -np.mean(totals[h]))
    for h in ranking:
        print(f"   {h}: mean win share {np.mean(totals[h]):.3f} over its {len(totals[h])} pairings")
    best = ranking[0]
    print(f"2. random vs {best}: {interval(compare('random', best, args.deals, args.jobs, 0))}", flush=True)
    start = time.time()
    shares = compare("search", best, args.search_deals, args.jobs, 0)
    print(f"3. search vs {best}: {interval(shares)}; {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
