"""Reinforcement-learning environments for every registered game (the optional `simkit[rl]` extra).

    env = simkit.envs.pettingzoo_env("canvas", n_players=2)   # a PettingZoo AEC environment

Rule overrides are the game's rule parameters, validated as everywhere else in simkit (ConfigError)."""

from __future__ import annotations


def pettingzoo_env(game_id: str, *, render_mode: str | None = None, **rules):
    """A PettingZoo AEC environment playing `game_id` with these rule overrides (see `simkit.envs.aec`)."""
    try:
        from simkit.envs.aec import SimkitAECEnv
    except ImportError as exc:
        raise ImportError(f"the RL environments need PettingZoo and Gymnasium: pip install 'simkit[rl]' ({exc})") \
            from exc
    return SimkitAECEnv(game_id, rules, render_mode=render_mode)
