"""A simkit game as a PettingZoo AEC environment (`simkit.envs.pettingzoo_env` builds it).

Agents are `player_0`.. by seat. Each observation is `{"observation": that player's view as numbers
(simkit.envs.observation), "action_mask": int8, 1 for the legal actions}`; the mask is all zeros for a player
whose turn it is not. Rewards are 0 until the game ends, then each player's win share (ties split the win). A game
stopped by the game's safety bound (its `cap_end_reason`, not the rules) is a truncation, not a termination.
`reset(seed=...)` makes every game that follows, reset after reset, the same: the seed draws the game seeds.
`game_state` is the simkit `State` being played (read it; `compiled_action` gives a shipped policy's move).
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from simkit.core.errors import ConfigError
from simkit.core.game import make
from simkit.envs.observation import encode, observation_writer

RENDER_MODES = ("ansi",)


class SimkitAECEnv(AECEnv):
    """One registered game, played seat by seat through its step API (`State`)."""

    def __init__(self, game_id: str, rules: Mapping[str, Any], render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ConfigError(f"unknown render mode {render_mode!r}; known: None, {', '.join(RENDER_MODES)}",
                              key="render_mode")
        self.game = make(game_id, rules)
        self._write = observation_writer(self.game)
        self.metadata = {"name": f"simkit_{game_id}", "render_modes": list(RENDER_MODES), "is_parallelizable": False}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.game.n_players)]
        self._seat = {agent: p for p, agent in enumerate(self.possible_agents)}
        size = len(encode(self.game, self._write, self.game.new_initial_state(0), 0))
        n_actions = self.game.num_distinct_actions
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),  # Ink writes coordinates
            "action_mask": spaces.Box(0, 1, (n_actions,), np.int8)}) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(n_actions) for agent in self.possible_agents}
        self._seeds: np.random.Generator | None = None
        self.game_state = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        self.game_state = self.game.new_initial_state(int(self._seeds.integers(2**63)))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player]
        self._last_move = ""

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        player = self._seat[agent]
        mask = np.zeros(self.game.num_distinct_actions, np.int8)
        if not self.game_state.is_terminal() and self.game_state.current_player == player:
            mask[self.game_state.legal_actions()] = 1
        return {"observation": encode(self.game, self._write, self.game_state, player), "action_mask": mask}

    def step(self, action) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to play: None is the action of a finished agent only")
        action = int(action)
        if not self.game_state.is_legal(action):
            raise ValueError(f"{agent}: illegal action {action} in {self.game.id}; legal: "
                             f"{self.game_state.legal_actions()}")
        self._last_move = f"{agent}: {self.game_state.describe_action(action)}"
        self._cumulative_rewards[agent] = 0.0
        self.game_state.apply_action(action)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game_state.is_terminal():
            shares = self.game_state.win_shares()
            stopped = self.game_state.end_reason == self.game.cap_end_reason
            for agent in self.agents:
                self.rewards[agent] = float(shares[self._seat[agent]])
                self.terminations[agent] = not stopped
                self.truncations[agent] = stopped
        else:
            self.agent_selection = self.possible_agents[self.game_state.current_player]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        scores = " ".join(f"{agent}={int(score)}"
                          for agent, score in zip(self.possible_agents, self.game_state.scores()))
        status = "game over" if self.game_state.is_terminal() else f"{self.agent_selection} to play"
        return f"{self._last_move or 'start'} | scores {scores} | {status}"

    def close(self) -> None:  # nothing to release; PettingZoo's api_test requires an env that renders to define it
        pass
