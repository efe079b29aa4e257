"""A random agent against a shipped simkit policy, through the PettingZoo environment (needs `pip install ".[rl]"`).

The random agent picks uniformly among the legal actions (the observation's action mask); every other seat plays
the shipped policy, whose action in the current state is `env.game_state.compiled_action(choice)`. The random
agent's seat rotates from game to game. Nothing is trained: this shows the loop an RL agent would sit in.

    python examples/pettingzoo_random_vs_policy.py --game canvas --games 300 --policy greedy --players 3
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

from simkit.core.errors import SimkitError
from simkit.core.policy import resolve_policy
from simkit.envs import pettingzoo_env


def random_agent_shares(env, choice, games: int, seed: int) -> np.ndarray:
    """The random agent's win share in each game (the shipped policy `choice` holds the other seats)."""
    rng = np.random.default_rng([seed, 1])  # not the stream env.reset(seed) draws game seeds from: they'd correlate
    shares = np.zeros(games)
    env.reset(seed=seed)
    for g in range(games):
        if g:
            env.reset()
        random_seat = env.possible_agents[g % len(env.possible_agents)]
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:  # the reward of the last step: the agent's win share
                if agent == random_seat:
                    shares[g] = reward
                env.step(None)
            elif agent == random_seat:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            else:
                env.step(env.game_state.compiled_action(choice))
    return shares


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="canvas")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--policy", help="the shipped policy of the other seats (default: the game's bench policy)")
    parser.add_argument("--players", type=int, help="n_players (default: the game's)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rules = {} if args.players is None else {"n_players": args.players}
    try:
        env = pettingzoo_env(args.game, **rules)
        choice = resolve_policy(env.game, {"policy": args.policy or env.game.bench_policy})
    except SimkitError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    shares = random_agent_shares(env, choice, args.games, args.seed)
    n = len(env.possible_agents)
    half_width = 1.96 * shares.std(ddof=1) / np.sqrt(len(shares)) if len(shares) > 1 else float("nan")
    print(f"{args.game}, {n} players, {args.games} games: the random agent's mean win share is "
          f"{shares.mean():.3f} ± {half_width:.3f} (95%), the fair share {1 / n:.3f}; the "
          f"{choice.label} policy's seats share the rest, {(1 - shares.mean()) / (n - 1):.3f} each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
