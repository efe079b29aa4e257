"""Throughput benchmark: games per second of a game's batch path on one core."""

from __future__ import annotations

import statistics
import time

from simkit.core.experiment import parse_experiment
from simkit.core.game import game_class
from simkit.core.seating import seat_plan


def bench(game_id: str, *, players: int, policy: str | None, games: int, repeat: int = 5) -> dict:
    """Median games/s over `repeat` runs of `games` games, after one small warm-up run (compilation).
    policy None: the game's own `bench_policy`."""
    policy = policy or game_class(game_id).bench_policy
    exp = parse_experiment({"experiment": {"game": game_id, "seats": "fixed"}, "rules": {"n_players": players},
                            "players": [{"policy": policy}] * players}, f"<bench {game_id}>")

    def play(seed: int, n: int) -> float:
        seeds, seats = seat_plan("fixed", players, players, seed, 0, n)
        start = time.perf_counter()
        exp.game.play_batch(seeds, exp.lineup, seats)
        return time.perf_counter() - start

    warmup = play(0, 64)
    runs = [games / play(r + 1, games) for r in range(repeat)]
    return {"warmup_s": warmup, "runs": runs, "median": statistics.median(runs)}
