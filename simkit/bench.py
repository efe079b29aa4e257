"""Throughput benchmark: games per second of a game's batch path on one core."""

from __future__ import annotations

import statistics
import time

from simkit.core.experiment import parse_experiment
from simkit.core.runner import play_chunk


def bench(game_id: str, *, players: int, policy: str, games: int, repeat: int = 5) -> dict:
    """Median games/s over `repeat` runs of `games` games, after one small warm-up run (compilation)."""
    exp = parse_experiment({"experiment": {"game": game_id, "seats": "fixed"}, "rules": {"n_players": players},
                            "players": [{"policy": policy}] * players}, f"<bench {game_id}>")
    start = time.perf_counter()
    play_chunk(exp.game, exp.lineup, exp.seats, 0, 0, 64)
    warmup = time.perf_counter() - start
    runs = []
    for r in range(repeat):
        start = time.perf_counter()
        play_chunk(exp.game, exp.lineup, exp.seats, r + 1, 0, games)
        runs.append(games / (time.perf_counter() - start))
    return {"warmup_s": warmup, "runs": runs, "median": statistics.median(runs)}
