"""Errors that the command line turns into one clear message and exit code 2."""

from contextlib import contextmanager
from typing import Iterator


class SimkitError(Exception):
    """A user-facing error: bad input, a broken data file, an illegal action."""

    exit_code = 2


class ConfigError(SimkitError):
    """A malformed or invalid experiment, ruleset or data file.

    The message names the file and the key, and where it helps, the allowed values.
    """

    def __init__(self, message: str, *, source: str | None = None, key: str | None = None):
        where = ": ".join(part for part in (source, key) if part)
        super().__init__(f"{where}: {message}" if where else message)
        self.source = source
        self.key = key


@contextmanager
def blamed_on_ruleset_key(source: str | None, key: str) -> Iterator[None]:
    """Inside a ruleset file (`source`), a ConfigError raised while loading what `key` names (a data file) names
    the ruleset key too; the data file's own location stays in the message."""
    try:
        yield
    except ConfigError as exc:
        if source is None:
            raise
        raise ConfigError(str(exc), source=source, key=key) from None


class PolicyError(SimkitError):
    """A policy failed in a game: it raised, or it chose an action the rules do not allow there. The message names
    the policy, the game seed and the turn, so the game can be replayed."""

    def __init__(self, problem: str, *, policy: str, seed: int, turn: int):
        super().__init__(f"policy {policy!r} {problem} at turn {turn} of the game with seed {seed}; replay it with "
                         "that seed to inspect the state")
        self.policy, self.seed, self.turn = policy, seed, turn


class IllegalActionError(PolicyError):
    """A policy chose an action that the rules do not allow in that state."""

    def __init__(self, *, policy: str, seed: int, turn: int, action, legal):
        super().__init__(f"chose illegal action {action!r} (legal actions: {list(legal)})", policy=policy, seed=seed,
                         turn=turn)
        self.action = action


class GameAbortedError(SimkitError):
    """The engine stopped a game that broke a rule invariant (for example an exhausted deck)."""
