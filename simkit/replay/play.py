"""Play one game of a recorded run again, decision by decision, through the step API.

The game is rebuilt from the run record (`core.provenance`): the cell's rules, the game's seed and seating, the
lineup's policies with their parameters. Shipped policies take their actions from the same compiled code as the
batch path (`CompiledState.compiled_action`; with `explain`, `explained_action`, which also returns the candidates
the policy weighed); user policies as `simkit run` plays them (`core.pyloop.python_action`). Each decision keeps
its text, what it changed in the public state and the scores after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import polars as pl

from simkit.core.provenance import RunRecord
from simkit.core.pyloop import python_action
from simkit.core.results import results_frame
from simkit.replay.public import changes, public_states, views

TOP = 5  # candidates kept per explained decision


@dataclass(frozen=True)
class Candidate:
    action: int
    text: str
    value: float


@dataclass(frozen=True)
class Decision:
    step: int  # 1, 2, ...: the state after it is step `step` of the replay (step 0: the deal)
    turn: int
    player: int
    policy: str  # the seat's policy label
    action: int
    text: str
    changed: dict[str, Any]  # public fields with a new value
    removed: list[str]  # public fields gone
    scores: list[int]  # the scores after the action
    candidates: list[Candidate] | None = None  # explained: the best-valued candidates, best first
    weighed: int = 0  # explained: how many candidates the policy weighed


@dataclass
class Replay:
    run: RunRecord
    title: str
    variant: str
    n_players: int
    game_index: int
    seed: int
    seat_policies: list[int]  # per seat, the index of its policy in run.lineup
    initial: dict[str, Any]  # the public state after the deal
    initial_scores: list[int]
    explained: bool
    decisions: list[Decision] = field(default_factory=list)
    result: pl.DataFrame | None = None  # the game's results rows, as `simkit run` writes them

    @property
    def labels(self) -> list[str]:
        return [self.run.lineup[i].label for i in self.seat_policies]


def _candidates(state, pairs: list[tuple[int, float]], top: int) -> list[Candidate]:
    """The `top` best-valued candidates (ties in the order the policy weighed them: the one it keeps first)."""
    ranked = sorted(range(len(pairs)), key=lambda i: -pairs[i][1])[:top]
    return [Candidate(pairs[i][0], state.describe_action(pairs[i][0]), pairs[i][1]) for i in ranked]


def replay_game(run: RunRecord, variant: str, n_players: int, game_index: int, *, explain: bool = False,
                top: int = TOP) -> Replay:
    """Play game `game_index` of the cell (variant, n_players) again; every decision recorded."""
    game = run.game(variant, n_players)
    seed, seats = run.seating(n_players, game_index)
    lineup = run.lineup
    python_policies = {i: lineup[i].make_python_policy() for i in set(seats.tolist()) if lineup[i].is_python}
    state = game.new_initial_state(seed)
    seen, played = [views(state, n_players)], []  # every player's views at each step; the decisions
    initial_scores = state.scores().tolist()
    rngs: dict = {}
    while not state.is_terminal():
        p, turn = state.current_player, state.turn
        choice = lineup[seats[p]]
        pairs, weighed = None, 0
        if choice.is_python:
            action = python_action(game, state, choice, python_policies[seats[p]], rngs)
        elif explain:
            action, pairs, weighed = state.explained_action(choice)
        else:
            action = state.compiled_action(choice)
        text = state.describe_action(action)
        candidates = None if pairs is None else _candidates(state, pairs, top)
        state.apply_action(action)
        seen.append(views(state, n_players))
        played.append(Decision(len(played) + 1, turn, p, choice.label, int(action), text, {}, [],
                               state.scores().tolist(), candidates, weighed))
    public = public_states(seen)
    replay = Replay(run, game.title, variant, n_players, game_index, seed, seats.tolist(), public[0], initial_scores,
                    explain)
    for d in played:  # the public fields each changed, now that the game has shown which fields are public
        changed, removed = changes(public[d.step - 1], public[d.step])
        replay.decisions.append(replace(d, changed=changed, removed=removed))
    replay.result = results_frame(experiment=run.experiment, game=game, variant=variant,
                                  game_index=np.array([game_index]), seeds=np.array([seed], np.uint64),
                                  seats=seats[None, :], lineup_labels=[c.label for c in lineup],
                                  arrays=game.record_result(state))
    return replay
