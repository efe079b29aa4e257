"""Same data, same bits: the statistics and report tables do not depend on thread scheduling.

polars returns the groups of a `group_by` (and the rows of a `join` or `unique`) in any order unless told to keep
it, so a mean over the groups could change in its last bit from one call to the next. Each aggregation keeps the
data's order; these tests repeat the calls on one results frame and require identical output.
"""

import polars as pl
import pytest

from simkit.analysis.summary import summarise
from simkit.core.experiment import parse_experiment
from simkit.core.runner import run_experiment
from simkit.core.stopping import score_delta_results
from simkit.report.variants import (balance_table, length_differences, policy_ratings, score_differences, seat_table,
                                    win_share_differences)
from simkit.stats import closeness

REPEATS = 4


@pytest.fixture(scope="module")
def results():
    exp = parse_experiment({
        "experiment": {"game": "canvas", "games": 6000, "seed": 3, "seats": "rotate"},
        "rules": {"n_players": 3},
        "variants": {"grey3": {"bonus_ribbon_points": 3}},
        "players": [{"policy": "greedy"}, {"policy": "random"}, {"policy": "random"}],
    }, "x.toml")
    return run_experiment(exp)


TABLES = {
    "score_differences": score_differences,
    "win_share_differences": win_share_differences,
    "length_differences": length_differences,
    "seat_table": seat_table,
    "balance_table": balance_table,
    "policy_ratings": policy_ratings,
    "summarise": lambda df: summarise(df, ["variant", "policy"]),
}


@pytest.mark.parametrize("name", TABLES)
def test_report_table_is_identical_from_call_to_call(results, name):
    first = TABLES[name](results)
    for _ in range(REPEATS):
        assert TABLES[name](results).equals(first)


def test_sequential_score_deltas_are_identical_from_call_to_call(results):
    first = score_delta_results(results)
    for _ in range(REPEATS):
        assert score_delta_results(results) == first  # the paired results compare field by field


def test_closeness_is_identical_from_call_to_call(results):
    cell = results.filter(pl.col("variant") == "grey3")
    first = closeness(cell, game_col="game_index")
    for _ in range(REPEATS):
        assert closeness(cell, game_col="game_index") == first
