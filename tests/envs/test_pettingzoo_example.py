"""examples/pettingzoo_random_vs_policy.py runs, and its random agent does about as well as the shipped random policy
and worse than the shipped greedy one."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pettingzoo  # noqa: F401  (the RL extra, which the test extra includes: missing, this fails rather than skip)

EXAMPLE = Path(__file__).parents[2] / "examples" / "pettingzoo_random_vs_policy.py"


def load_example():
    spec = importlib.util.spec_from_file_location("pettingzoo_random_vs_policy", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_prints_the_random_agents_win_share(capsys):
    assert load_example().main(["--game", "canvas", "--games", "20", "--players", "2", "--policy", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "canvas, 2 players, 20 games: the random agent's mean win share is" in out
    assert "the greedy policy's seats share the rest" in out


def test_the_random_agent_loses_to_greedy_and_holds_its_own_against_random():
    example = load_example()
    from simkit.core.policy import resolve_policy
    from simkit.envs import pettingzoo_env
    env = pettingzoo_env("canvas", n_players=2)
    against = {name: example.random_agent_shares(env, resolve_policy(env.game, {"policy": name}), 40, 3).mean()
               for name in ("greedy", "random")}
    assert against["greedy"] < 0.15
    assert 0.3 < against["random"] < 0.7


def test_a_bad_policy_name_exits_2_with_the_known_ones(capsys):
    assert load_example().main(["--games", "1", "--policy", "genius"]) == 2
    assert "unknown policy 'genius' for canvas; known:" in capsys.readouterr().err
