"""Errors that the command line turns into one clear message and exit code 2."""


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


class IllegalActionError(SimkitError):
    """A policy chose an action that the rules do not allow in that state."""

    def __init__(self, *, policy: str, seed: int, turn: int, action, legal):
        super().__init__(
            f"policy {policy!r} chose illegal action {action!r} at turn {turn} of the game with seed {seed} "
            f"(legal actions: {list(legal)}); replay it with that seed to inspect the state"
        )
        self.policy, self.seed, self.turn, self.action = policy, seed, turn, action


class GameAbortedError(SimkitError):
    """The engine stopped a game that broke a rule invariant (for example an exhausted deck)."""
