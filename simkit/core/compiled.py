"""Shipped compiled policies as the arrays a game's compiled loop reads: an id and a parameter vector each."""

from __future__ import annotations

from typing import Callable, Mapping, Sequence

import numpy as np

from simkit.core.errors import GameAbortedError
from simkit.core.game import State
from simkit.core.params import Param


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


def lineup_arrays(lineup: Sequence, policy_ids: Mapping[str, int], policy_params: Mapping[str, Sequence[Param]],
                  size: int) -> tuple[np.ndarray, np.ndarray]:
    """(ids[L], params[L, size]) of a lineup of shipped policies."""
    ids = np.array([policy_ids[c.name] for c in lineup], np.int8)
    params = np.array([policy_vector(c, policy_params, size) for c in lineup]).reshape(len(lineup), size)
    return ids, params


def aborted_error(game_id: str, seed: int, record, error_text: Mapping[int, str]) -> GameAbortedError:
    """The error for a compiled game whose record stopped with an error code (fields `turn`, `error`)."""
    return GameAbortedError(f"{game_id} game with seed {int(seed)} stopped at turn {int(record['turn'])}: "
                            f"{error_text[int(record['error'])]}")


class RecordState(State):
    """A State held in one numpy record that a compiled engine reads and writes (fields current, turn, done,
    error). Subclasses set `_arr` (a one-record array), `game` and `seed`."""

    _arr: np.ndarray
    error_text: Mapping[int, str]
    ranks_and_win_shares: Callable[..., None]  # the engine's compiled (record, scores, ranks out, shares out) function

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

    def _raise_if_aborted(self) -> None:
        if self.record["error"]:
            raise aborted_error(self.game.id, self.seed, self.record, self.error_text)

    def ranks(self) -> np.ndarray:
        return self._ranks_and_shares()[0]

    def win_shares(self) -> np.ndarray:
        return self._ranks_and_shares()[1]

    def _ranks_and_shares(self) -> tuple[np.ndarray, np.ndarray]:
        n = self.game.n_players
        ranks, shares = np.zeros(n, np.int64), np.zeros(n)
        self.ranks_and_win_shares(self.record, self.scores(), ranks, shares)
        return ranks, shares
