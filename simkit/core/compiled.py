"""The base of every compiled game: `CompiledGame` and `CompiledState` own the glue both drivers share.

A compiled game keeps a static rules record `r` (rule values under their TOML names, component arrays) apart from
a dynamic state record `s` (one numpy record), and declares its compiled functions in an `Engine`. The step API
(`CompiledState`) and the batch path (`CompiledGame.play_batch`) call the same functions, so they play the same
games. The base gives: `play_batch` on both paths (Python policies go through the step API), pickling for worker
processes, the standard properties, the results columns (`core.columns.BatchLayout`) and the clear errors for an
aborted game. A game writes its rules, its engine and its policies, and this glue:

    class MyGame(CompiledGame):
        id, title, rule_params, policy_params, policy_docs, policy_ids, max_policy_params = ...
        layout = BatchLayout(COLUMNS, __name__); end_reasons = (...); conformance_configs = {...}
        rules_class = MyRules                                  # from_overrides(overrides, source=, prefix=)
        state_dtype = STATE_DTYPE                              # the state record's numpy dtype
        engine = Engine(setup=..., legal_actions=..., ...)
        def rules_record(self, key): ...                       # the compiled rules record (one-record array)

and, beside it, the compiled batch loop `play_games` (see `Engine`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Hashable, Mapping, Sequence

import numpy as np

from simkit.core.columns import BatchLayout, Column, end_names
from simkit.core.errors import GameAbortedError
from simkit.core import explain
from simkit.core.game import Game, State
from simkit.core.params import Param
from simkit.core.pyloop import play_with_step_api


@dataclass(frozen=True)
class Engine:
    """The compiled functions of a game, declared (the base never looks for them). `r` is the rules record, `s`
    the state record; `*ws` the game's `policy_args`.

    - setup(r, s, seed): blank the record (`core.records.clear_record`), then deal the game with this seed
    - legal_actions(r, s, out) -> n: the legal actions, ascending, into out[:n]
    - is_legal(rules, state, action) -> bool: the legality test `apply_action` itself applies, on the one-record
      arrays (scans call it once per action, and typing a record argument costs more than the test)
    - apply_action(r, s, action): the transition (an illegal action sets the record's error code)
    - final_scores(r, s, out); ranks_and_win_shares(r, s, scores, ranks, shares)
    - choose_action(r, s, policy, params, *ws) -> action: the shipped policies, -1 when none is legal
    - record_game(r, s, scores, ranks, shares, out, g): fill row g of the batch output
    - play_games(r, s, seeds, seat_policy, seat_params, out, *ws) -> -1, or the index of the first game that
      stopped with an error (its record left in s)
    """

    setup: Callable
    legal_actions: Callable
    is_legal: Callable
    apply_action: Callable
    final_scores: Callable
    ranks_and_win_shares: Callable
    choose_action: Callable
    record_game: Callable
    play_games: Callable
    error_text: Mapping[int, str]  # the record's `error` codes, as text


def encoded(param: Param, value) -> float:
    """A parameter value as a compiled policy reads it: a choice as the index of its value in `choices`, a bool
    as 0/1, a number as itself."""
    if param.choices is not None:
        return float(param.choices.index(value))
    return float(value)


def policy_vector(choice, policy_params: Mapping[str, Sequence[Param]], size: int) -> np.ndarray:
    """The parameter values of a shipped policy in declaration order (encoded), zero-padded to `size`."""
    values = [encoded(p, choice.params[p.name]) for p in policy_params[choice.name]]
    vector = np.zeros(size)
    vector[: len(values)] = values
    return vector


class CompiledGame(Game):
    """A game whose rules run as compiled code (see the module docstring for what a game declares)."""

    engine: Engine
    layout: BatchLayout
    state_class: type["CompiledState"]
    state_dtype: np.dtype  # the state record
    # the validated rules: `from_overrides(overrides, source=..., prefix=...)` builds an object with `values`,
    # `__getitem__` and `data_sources()`
    rules_class: type
    policy_ids: Mapping[str, int]  # shipped policy name -> the id its compiled code dispatches on
    max_policy_params: int  # length of every compiled policy's parameter vector

    def __init__(self, overrides: Mapping[str, Any] | None = None, *, source: str | None = None, prefix: str = ""):
        self.rules = self.rules_class.from_overrides(overrides or {}, source=source, prefix=prefix)
        self._rules_records: dict[Hashable, np.ndarray] = {}

    def rules_record(self, key: Hashable) -> np.ndarray:
        """The one-record rules array of the games whose `rules_key` is `key` (built once per key: see
        `compiled_rules`)."""
        raise NotImplementedError

    def compiled_rules(self, key: Hashable) -> np.ndarray:
        """`rules_record(key)`, built on first use."""
        if key not in self._rules_records:
            self._rules_records[key] = self.rules_record(key)
        return self._rules_records[key]

    def new_state_record(self) -> np.ndarray:
        """A blank one-record state array."""
        return np.zeros(1, self.state_dtype)

    def rules_keys(self, seeds: np.ndarray) -> list[Hashable]:
        """For each seed, what beyond the rule values the game's rules record depends on (a chance draw made before
        play, such as Canvas's random scoring cards); games with equal keys share a record. None: nothing."""
        return [None] * len(seeds)

    def rules_key(self, seed: int) -> Hashable:
        return self.rules_keys(np.array([seed], np.uint64))[0]

    def policy_args(self, key: Hashable, policy_ids: np.ndarray) -> tuple:
        """What the compiled policies of these ids take after their parameters (`*ws`): per-ruleset tables of the
        games whose `rules_key` is `key`, scratch arrays."""
        return ()

    def text_columns(self, keys: Sequence[Hashable]) -> dict[str, np.ndarray]:
        """The values of the game's "str" columns, one per game, from each game's `rules_key`."""
        return {}

    def explain_buffer(self, policy_args: tuple) -> np.ndarray | None:
        """The `core.explain` buffer in these `policy_args` where the game's policies note the candidates they
        weigh; None when they note none."""
        return None

    # ---- standard properties -------------------------------------------------------------------------------------

    @property
    def result_columns(self) -> tuple[Column, ...]:
        return self.layout.columns

    @property
    def n_players(self) -> int:
        return self.rules["n_players"]

    @property
    def rule_values(self) -> Mapping[str, Any]:
        return self.rules.values

    def data_sources(self) -> dict[str, str]:
        return self.rules.data_sources()

    def __reduce__(self):  # workers rebuild the game from its rule values, once per process
        return (_rebuild, (type(self), json.dumps(dict(self.rules.values), sort_keys=True)))

    # ---- both drivers --------------------------------------------------------------------------------------------

    def new_initial_state(self, seed: int) -> "CompiledState":
        return self.state_class(self, int(seed))

    def play_batch(self, seeds: np.ndarray, lineup: Sequence, seats: np.ndarray) -> dict[str, np.ndarray]:
        if any(choice.is_python for choice in lineup):
            return play_with_step_api(self, seeds, lineup, seats, self.record_result)
        seeds, seats = np.asarray(seeds, np.uint64), np.asarray(seats)
        ids = np.array([self.policy_ids[c.name] for c in lineup], np.int8)
        params = np.array([policy_vector(c, self.policy_params, self.max_policy_params) for c in lineup])
        params = params.reshape(len(lineup), self.max_policy_params)
        keys = self.rules_keys(seeds)
        groups: dict[Hashable, list[int] | slice] = dict.fromkeys(set(keys), slice(None))
        if len(groups) > 1:  # games sharing a rules record play in one compiled call
            groups = {}
            for g, key in enumerate(keys):
                groups.setdefault(key, []).append(g)
        out = self.layout.new(len(seeds), self.n_players)
        for key, members in groups.items():
            rows = members if isinstance(members, slice) else np.array(members)
            part = out if isinstance(members, slice) else self.layout.new(len(members), self.n_players)
            state = self.new_state_record()
            failed = self.engine.play_games(self.compiled_rules(key)[0], state[0], seeds[rows], ids[seats[rows]],
                                            params[seats[rows]], part, *self.policy_args(key, ids))
            if failed >= 0:
                raise self.aborted(seeds[rows][failed], state[0])
            if part is not out:
                for name, array in zip(out._fields, out):
                    array[rows] = getattr(part, name)
        return self.layout.arrays(out, self.end_reasons, self.n_players, self.text_columns(keys))

    def record_result(self, state: "CompiledState") -> dict[str, np.ndarray]:
        """One finished game's result arrays, in the shapes of `play_batch` with one game."""
        out = self.layout.new(1, self.n_players)
        scores = state.scores()
        ranks, shares = state.ranks_and_win_shares(scores)
        self.engine.record_game(state.rules, state.record, scores, ranks, shares, out, 0)
        return self.layout.arrays(out, self.end_reasons, self.n_players, self.text_columns([state.rules_key]))

    def aborted(self, seed: int, record) -> GameAbortedError:
        """The error for a game whose record stopped with an error code (fields `turn`, `error`)."""
        return GameAbortedError(f"{self.id} game with seed {int(seed)} stopped at turn {int(record['turn'])}: "
                                f"{self.engine.error_text[int(record['error'])]}")


@lru_cache(maxsize=64)
def _rebuild(cls: type[CompiledGame], values: str) -> CompiledGame:
    """The game with these rule values (JSON), shared by every task a worker process runs, with its tables."""
    return cls(json.loads(values))


class CompiledState(State):
    """One game of a `CompiledGame`, driven action by action through its compiled engine."""

    def __init__(self, game: CompiledGame, seed: int):
        self.game = game
        self.seed = seed
        self.rules_key = game.rules_key(seed)
        self._rules = game.compiled_rules(self.rules_key)
        self._arr = game.new_state_record()
        self._legal = np.zeros(game.num_distinct_actions, np.int64)
        self._workspaces: dict[int, tuple] = {}
        game.engine.setup(self.rules, self.record, np.uint64(seed))

    @property
    def rules(self) -> np.void:
        """The rules record (read it, don't write it)."""
        return self._rules[0]

    @property
    def record(self) -> np.void:
        """The raw state record (read it, don't write it)."""
        return self._arr[0]

    @property
    def current_player(self) -> int:
        return int(self.record["current"])

    @property
    def turn(self) -> int:
        return int(self.record["turn"])

    def is_terminal(self) -> bool:
        return bool(self.record["done"])

    @property
    def end_reason(self) -> str:
        """Why the game ended: its first end trigger, or the safety bound that stopped it ("" while it runs). A
        game that ends one way only keeps no code for it."""
        reasons = self.game.end_reasons
        if not self.is_terminal():
            return ""
        return reasons[0] if len(reasons) == 1 else end_names(int(self.record["end_reason"]), 0, reasons)[0]

    def legal_actions(self) -> list[int]:
        n = self.game.engine.legal_actions(self.rules, self.record, self._legal)
        return self._legal[:n].tolist()

    def is_legal(self, action: int) -> bool:
        if not 0 <= action < self.game.num_distinct_actions:
            return False
        return bool(self.game.engine.is_legal(self._rules, self._arr, int(action)))

    def apply_action(self, action: int) -> None:
        if not self.is_legal(action):
            raise ValueError(f"illegal action {action!r}; legal: {self.legal_actions()}")
        self.game.engine.apply_action(self.rules, self.record, int(action))
        if self.record["error"]:
            raise self.game.aborted(self.seed, self.record)

    def _policy_args(self, policy: int) -> tuple:
        if policy not in self._workspaces:
            self._workspaces[policy] = self.game.policy_args(self.rules_key, np.array([policy], np.int8))
        return self._workspaces[policy]

    def compiled_action(self, choice) -> int:
        """The action shipped policy `choice` takes here (the batch path's own policy code)."""
        g = self.game
        policy = g.policy_ids[choice.name]
        params = policy_vector(choice, g.policy_params, g.max_policy_params)
        return int(g.engine.choose_action(self.rules, self.record, policy, params, *self._policy_args(policy)))

    def explained_action(self, choice) -> tuple[int, list[tuple[int, float]] | None, int]:
        """`compiled_action(choice)` (the same action), with the candidates the policy weighed for it as noted by
        its own code (`core.explain`): (action, value) pairs in the order weighed, higher values better, and how
        many it weighed; (action, None, 0) when the game's policies note nothing."""
        buf = self.game.explain_buffer(self._policy_args(self.game.policy_ids[choice.name]))
        if buf is None:
            return self.compiled_action(choice), None, 0
        explain.start(buf)
        try:
            action = self.compiled_action(choice)
        finally:
            pairs, weighed = explain.finish(buf)
        return action, pairs, weighed

    def scores(self) -> np.ndarray:
        out = np.zeros(self.game.n_players, np.int64)
        self.game.engine.final_scores(self.rules, self.record, out)
        return out

    def ranks_and_win_shares(self, scores: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        n = self.game.n_players
        ranks, shares = np.zeros(n, np.int64), np.zeros(n)
        self.game.engine.ranks_and_win_shares(self.rules, self.record, scores, ranks, shares)
        return ranks, shares

    def ranks(self) -> np.ndarray:
        return self.ranks_and_win_shares(self.scores())[0]

    def win_shares(self) -> np.ndarray:
        return self.ranks_and_win_shares(self.scores())[1]
