"""The heuristic families of spec §9 (policies/heuristic.py): whole games at 1–4 players with legal actions only,
play that differs from `random`, clear wins over `random` on paired seeds, and the safety bound (spec §5.7, §8.4):
no lineup of strategy policies reaches `max_rounds`.

Measured when written (seeds 5000.., the family in seat g mod n against random elsewhere, 200 games per count):
every family won 100 % of 2- and 4-player games against random and finished every solo game (median 24–37 rounds,
random: 88). Round robin at 2 players (seeds 77000.., 300 deals × both seat orders = 600 games, win share ± 95 %):
bonus_chaser beats big_goal 0.709 ± 0.036, small_goal 0.687 ± 0.037, splash_maximiser 0.639 ± 0.038,
palette_first 0.575 ± 0.040, wild_first 0.854 ± 0.028 — the bench policy."""

import numpy as np
import pytest

import simkit
from simkit.core.policy import resolve_policy
from simkit.games.ink.engine.lattice import neighbour
from simkit.games.ink.engine.layout import X, Stage
from simkit.games.ink.policies.dispatch import FAMILIES
from simkit.games.ink.policies.x_frontier import keeps_a_wheel_tile, strands_the_wheel

FAST_GAMES = 200  # per player count, the normal suite
STRATEGY_GAMES = 10_000  # per player count (spec §8.4), slow suite


def play(n, specs, seeds, seats):
    game = simkit.make("ink", {"n_players": n})
    return game.play_batch(np.asarray(seeds, np.uint64), [resolve_policy(game, s) for s in specs], seats)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_each_family_plays_whole_games_differs_from_random_and_beats_it(n):
    games = 40
    seeds = np.arange(games) + 5000
    rnd = play(n, [{"policy": "random"}], seeds, np.zeros((games, n), np.int64))
    for name in FAMILIES:
        seats = np.ones((games, n), np.int64)
        seats[np.arange(games), np.arange(games) % n] = 0  # the family rotates through the seats
        out = play(n, [{"policy": name}, {"policy": "random"}], seeds, seats)
        assert not out["truncated"].any(), name
        assert (out["rounds"][:, 0] != rnd["rounds"][:, 0]).any(), name
        mine = seats == 0
        if n == 1:
            assert (out["end_reason"][:, 0] == "last_bottle").all(), name
            assert np.median(out["rounds"][:, 0]) < np.median(rnd["rounds"][:, 0]) - 30, name
        else:
            share = (out["win_share"] * mine).sum() / games
            assert share >= 0.85, (name, share)


def test_bonus_chaser_beats_the_other_families_head_to_head():
    games = 100
    seeds = np.arange(games) + 77000
    for other in FAMILIES:
        if other == "bonus_chaser":
            continue
        a = play(2, [{"policy": "bonus_chaser"}, {"policy": other}], seeds, np.tile([0, 1], (games, 1)))
        b = play(2, [{"policy": "bonus_chaser"}, {"policy": other}], seeds, np.tile([1, 0], (games, 1)))
        share = (a["win_share"][:, 0].sum() + b["win_share"][:, 1].sum()) / (2 * games)
        assert share > 0.5, (other, share)


def lineups(n):
    """Each family in self-play, and a mixed lineup with seats rotating through all the families."""
    return [[{"policy": name}] for name in FAMILIES] + [[{"policy": name} for name in FAMILIES]]


def check_bound(n, games):
    seeds = np.arange(games)
    for specs in lineups(n):
        seats = (np.arange(games)[:, None] + np.arange(n)[None, :]) % len(specs)
        out = play(n, specs, seeds, seats)
        bad = np.flatnonzero(out["truncated"][:, 0])
        assert bad.size == 0, (n, [s["policy"] for s in specs], "seeds", seeds[bad[:5]])
        assert (out["rounds"][:, 0] < 200).all()


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_no_strategy_lineup_reaches_the_safety_bound(n):
    check_bound(n, FAST_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_no_strategy_lineup_reaches_the_safety_bound_10000(n):
    check_bound(n, STRATEGY_GAMES)


def stranding_x_decision():
    """big_goal, solo, seed 6351, round 2: its X token in hand (the dead end of x_frontier.py's docstring)."""
    game = simkit.make("ink", {"n_players": 1})
    big_goal = resolve_policy(game, {"policy": "big_goal"})
    state = game.new_initial_state(6351)
    while state.record["stage"] != Stage.PLACE_X:
        state.apply_action(state.compiled_action(big_goal))
    return state, big_goal


def test_an_x_token_never_strands_the_wheel_when_a_placement_keeps_a_tile():
    """Solo seed 6351: covering (1, 0) and (1, 1) leaves none of the six wheel tiles placeable, and the wheel never
    changes solo (every later turn crossed, and the game ran to the bound); the 9 other legal placements keep some
    wheel tile placeable (7 keep all six). The families no longer take a stranding placement, and the game ends."""
    state, big_goal = stranding_x_decision()
    s, r = state.record, state.rules
    legal = np.array(state.legal_actions(), np.int64)
    stranding = []
    for a in legal:
        q = (a - X) // 2
        other = neighbour(s, 0, q, (a - X) % 2)
        if strands_the_wheel(r, s, 0, q, other):
            stranding.append(state.xy(0, q))
            assert not keeps_a_wheel_tile(r, s, 0, q, other, legal, len(legal))
    assert len(legal) == 10 and stranding == [(1, 0)]
    chosen = state.compiled_action(big_goal)
    q = (chosen - X) // 2
    assert not strands_the_wheel(r, s, 0, q, neighbour(s, 0, q, (chosen - X) % 2))
    out = play(1, [{"policy": "big_goal"}], [6351], np.zeros((1, 1), np.int64))
    assert out["end_reason"][0, 0] == "last_bottle" and out["rounds"][0, 0] < 60
