import pytest

# A tiny tune of Canvas at two players: one searched rule, one searched threshold, both objective families.
TINY = """
[tune]
seed = 7
trials = 6
start_games = 8
rungs = 2
finalists = 2
final_games = 24
resamples = 200

[experiment]
game = "canvas"
seats = "rotate"

[rules]
n_players = 2

[[players]]
policy = "planner"

[[players]]
policy = "greedy"

[space.bonus_ribbon_points]
low = 1
high = 4

[thresholds.target]
low = 10
high = 40
reference = 20

[[objectives]]
kind = "win_share_spread"
policies = ["planner", "greedy"]
target = 0.0

[[objectives]]
kind = "reach"
policy = "planner"
threshold = "target"
target = 0.5
weight = 0.5
"""


@pytest.fixture
def tiny_text():
    return TINY


@pytest.fixture
def write_tune(tmp_path):
    def write(text: str, name: str = "tune.toml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write
