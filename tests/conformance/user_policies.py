"""Python policies that fail on their third decision (the error-path tests load them as user policies)."""


class _FailsOnThird:
    def __init__(self):
        self.calls = 0

    def act(self, observation, legal_actions, rng):
        self.calls += 1
        return legal_actions[0] if self.calls < 3 else self.fail(legal_actions)


class Illegal(_FailsOnThird):
    def fail(self, legal_actions):
        return -1


class Raises(_FailsOnThird):
    def fail(self, legal_actions):
        raise RuntimeError("the policy's own bug")


class NoAction(_FailsOnThird):
    def fail(self, legal_actions):
        return None
