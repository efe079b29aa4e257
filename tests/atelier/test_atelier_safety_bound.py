"""The safety bound (spec §7.2): uniform random may reach `max_rounds` (the game is then recorded truncated with a
normal score sheet); no lineup of strategy policies may under the default rules and the shipped data."""

import numpy as np
import pytest

from scripted import game
from simkit.core.policy import resolve_policy

STRATEGY_GAMES = 10_000  # per player count (spec §7.2)


def play(g, specs, n_games):
    lineup = [resolve_policy(g, spec) for spec in specs]
    seeds = np.arange(n_games, dtype=np.uint64)
    seats = (np.arange(n_games)[:, None] + np.arange(g.n_players)[None, :]) % len(lineup)  # rotating seats
    return g.play_batch(seeds, lineup, seats)


def test_random_may_reach_the_bound_and_is_recorded_truncated():
    g = game(3)
    out = play(g, [{"policy": "random"}], 100)
    truncated = out["truncated"][:, 0] == 1
    assert truncated.any()
    assert (out["end_reason"][truncated] == "max_rounds").all() and (out["rounds"][truncated] == 50).all()
    assert (out["end_reason"][~truncated] == "first_master").all()
    parts = out["painting_vp"] + out["patron_vp"] + out["first_master_vp"]
    assert (out["score"] == parts).all() and (out["rank"] >= 1).all()


HEURISTICS = ("painter", "majority", "inspiration_hoarder", "masterpiece_rush", "patron_chaser", "patient_roller")
LINEUPS = {
    **{family: [{"policy": family}] for family in HEURISTICS},  # self-play at the defaults
    "painter-mixed": [{"policy": "painter"},
                      {"policy": "painter", "vp_weight": 2.0, "masterpiece_bonus": 4.0, "reserve_tokens": 2}],
    "families-mixed": [{"policy": family} for family in HEURISTICS],  # seats rotate through every family
}


@pytest.mark.slow  # 24 runs of 10,000 games: `pytest -m slow` (CI runs it)
@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("name", LINEUPS)
def test_strategy_policies_never_reach_the_bound(n, name):
    lineup = LINEUPS[name]
    out = play(game(n), lineup, STRATEGY_GAMES)
    stalled = np.flatnonzero(out["truncated"][:, 0])
    assert stalled.size == 0, f"seeds {stalled[:10].tolist()} reached max_rounds with {lineup}"


SEARCH_GAMES = 200  # per player count: a search game costs about 0.2 s of CPU (10,000 would take 30 CPU-minutes each)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_search_never_reaches_the_bound(n):
    lineup = [{"policy": "search"}, {"policy": "majority"}]  # seats rotate: the search sits in every seat
    out = play(game(n), lineup, SEARCH_GAMES)
    stalled = np.flatnonzero(out["truncated"][:, 0])
    assert stalled.size == 0, f"seeds {stalled[:10].tolist()} reached max_rounds with {lineup}"
