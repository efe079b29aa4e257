"""A skill ladder between shipped policies (random < the best heuristic < search; benchmarks/atelier_ladder.py,
benchmarks/ink_ladder.py): policy A in one seat against policy B in every other, each deal played once with A in
each seat.

The unit is the deal (one seed): A's mean win share over its n seatings, so the seat advantage cancels and deals
are independent; the interval is Student's t over deals. An even share is 1/n: A is ahead of B when the interval
of its excess share (share − 1/n) excludes 0. Steps of `run_ladder`:
1. the heuristic families (default parameters) in a round robin (2 players: each pair once, B's share is 1 − A's;
   more players: every ordered pair, A alone against a field of B); the best has the highest mean excess share over
   its comparisons;
2. random against the best heuristic;
3. search (default parameters unless given) against the best heuristic, with its CPU seconds per game.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

import simkit
from simkit.core.policy import resolve_policy
from simkit.core.rng import game_seeds
from simkit.stats import Interval, mean_interval


@dataclass(frozen=True)
class Comparison:
    """A's mean win share per deal against a field of B, and the CPU seconds its games took."""

    a: str
    b: str
    n_players: int
    shares: np.ndarray
    cpu_s: float

    @property
    def games(self) -> int:
        return self.n_players * len(self.shares)

    @property
    def excess(self) -> Interval:
        """A's mean share over the even share 1/n, with its 95% interval."""
        return mean_interval(self.shares - 1 / self.n_players)

    def text(self) -> str:
        e, even = self.excess, 1 / self.n_players
        return (f"{self.a} vs {self.b}: win share {e.estimate + even:.3f} [{e.lo + even:.3f}, {e.hi + even:.3f}], "
                f"excess over {even:.3f}: {e.estimate:+.3f} [{e.lo:+.3f}, {e.hi:+.3f}] ({len(self.shares)} deals, "
                f"{self.games} games, {self.cpu_s / self.games:.3g} CPU-s per game)")


def deal_shares(game_id: str, rules: Mapping, a: Mapping, b: Mapping, seeds: np.ndarray) -> tuple[np.ndarray, float]:
    """A's mean win share over its seatings of each deal, and the CPU seconds of the games (a warm-up game, which
    compiles or loads the code, not counted)."""
    game = simkit.make(game_id, dict(rules))
    lineup = [resolve_policy(game, a), resolve_policy(game, b)]
    n = game.n_players
    game.play_batch(seeds[:1], lineup, np.zeros((1, n), np.int64))
    start = time.process_time()
    total = np.zeros(len(seeds))
    for seat in range(n):
        seats = np.ones((len(seeds), n), np.int64)
        seats[:, seat] = 0
        total += game.play_batch(seeds, lineup, seats)["win_share"][:, seat]
    return total / n, time.process_time() - start


def compare(game_id: str, rules: Mapping, a: Mapping, b: Mapping, seeds: np.ndarray, jobs: int = 1) -> Comparison:
    if jobs == 1:
        shares, cpu = deal_shares(game_id, rules, a, b, seeds)
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(deal_shares, [game_id] * jobs, [rules] * jobs, [a] * jobs, [b] * jobs,
                                  np.array_split(seeds, jobs)))
        shares, cpu = np.concatenate([s for s, _ in parts]), sum(c for _, c in parts)
    return Comparison(a["policy"], b["policy"], simkit.make(game_id, dict(rules)).n_players, shares, cpu)


def best_heuristic(game_id: str, rules: Mapping, heuristics: Sequence[str], seeds: np.ndarray, jobs: int = 1,
                   report=print) -> str:
    """Step 1: the round robin; the heuristic with the highest mean excess share."""
    n = simkit.make(game_id, dict(rules)).n_players
    totals: dict[str, list[float]] = {h: [] for h in heuristics}
    pairs = itertools.combinations(heuristics, 2) if n == 2 else itertools.permutations(heuristics, 2)
    for a, b in pairs:
        c = compare(game_id, rules, {"policy": a}, {"policy": b}, seeds, jobs)
        totals[a].append(c.excess.estimate)
        if n == 2:
            totals[b].append(-c.excess.estimate)
        report(f"   {c.text()}")
    ranking = sorted(heuristics, key=lambda h: -np.mean(totals[h]))
    for h in ranking:
        report(f"   {h}: mean excess share {np.mean(totals[h]):+.3f} over {len(totals[h])} comparisons")
    return ranking[0]


def run_ladder(game_id: str, heuristics: Sequence[str], master_seed: int, doc: str, players: int) -> None:
    """The ladder's command line (see the module docstring): a benchmark script calls it with its game."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=players)
    parser.add_argument("--deals", type=int, default=1000, help="deals per heuristic comparison and for random")
    parser.add_argument("--search-deals", type=int, default=200, help="deals for search against the best heuristic")
    parser.add_argument("--search", default="{}", help='search parameters as JSON, e.g. \'{"rollouts": 4}\'')
    parser.add_argument("--best", help="skip step 1: the best heuristic")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    rules = {"n_players": args.players}
    seeds = game_seeds(master_seed, 0, args.deals)
    print(f"{game_id}, {args.players} players")
    best = args.best
    if best is None:
        print("1. round robin of the heuristic families (A alone against a field of B)")
        best = best_heuristic(game_id, rules, heuristics, seeds, args.jobs)
    print(f"2. {compare(game_id, rules, {'policy': 'random'}, {'policy': best}, seeds, args.jobs).text()}", flush=True)
    search = {"policy": "search", **json.loads(args.search)}
    search_seeds = game_seeds(master_seed, 0, args.search_deals)
    print(f"3. {compare(game_id, rules, search, {'policy': best}, search_seeds, args.jobs).text()}", flush=True)
