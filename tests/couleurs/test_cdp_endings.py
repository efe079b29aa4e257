"""How Couleurs de Paris games end, in the results and the run report (spec §9.1, §13.9): the end reason and every
trigger that fired, read back from Parquet by polars and pandas; the report's title names the ruleset played, shows
the end-reason mix, flags round-cap endings and says that a random-only lineup is no evidence."""

import pandas as pd
import polars as pl
import pytest

from cdp_helpers import game
from simkit.core.experiment import parse_experiment
from simkit.core.policy import resolve_policy
from simkit.core.results import write_parquet
from simkit.core.runner import RunOptions, run_experiment
from simkit.core.columns import end_names
from simkit.games.couleurs.game import CouleursGame
from simkit.games.couleurs.engine.state import END_REASONS, TRIG_BLACK, TRIG_EXHIBIT, TRIG_TRACK
from simkit.report.endings import RANDOM_ONLY_NOTE
from simkit.report.run_report import build_run_report


def run(ruleset, policies, games=30, counts=(2, 3)):
    data = {"experiment": {"name": "endings", "game": "couleurs", "games": games, "seed": 5, "seats": "rotate",
                           "player_counts": list(counts)},
            "rules": {"ruleset": ruleset}, "players": [{"policy": p} for p in policies]}
    exp = parse_experiment(data, "endings.toml")
    df = run_experiment(exp, RunOptions(progress=False))
    return exp, df, build_run_report(exp, df, seed=5, elapsed=1.0, jobs=1)[0]


def trigger_names(mask: int, first: int) -> str:
    return end_names(first, mask, CouleursGame.end_reasons)[1]


def test_end_codes_name_the_triggers_first_trigger_first():
    assert trigger_names(TRIG_EXHIBIT | TRIG_TRACK, TRIG_TRACK) == "track_end,paintings_exhibited"
    assert trigger_names(TRIG_EXHIBIT | TRIG_BLACK | TRIG_TRACK, TRIG_BLACK) == \
        "last_black,paintings_exhibited,track_end"
    assert trigger_names(0, 0) == ""
    assert [end_names(code, 0, CouleursGame.end_reasons)[0] for code in END_REASONS] == list(END_REASONS.values())


def test_results_carry_the_end_reason_and_every_trigger(tmp_path):
    _, df, _ = run("variant_j", ["heuristic", "heuristic"], games=60)
    path = write_parquet(df, tmp_path / "results.parquet")
    back, frame = pl.read_parquet(path), pd.read_parquet(path)
    assert back.equals(df)
    read_back = [[back[c].cast(pl.String).to_list() for c in ("end_reason", "triggers")],
                 [frame[c].astype(str).tolist() for c in ("end_reason", "triggers")]]
    for reasons, triggers in read_back:
        assert set(reasons) <= set(CouleursGame.end_reasons) - {"round_cap"}
        fired = [t.split(",") for t in triggers]
        assert all(f[0] == r for f, r in zip(fired, reasons))  # the end reason is the first trigger
        assert all(set(f) <= set(END_REASONS.values()) - {"round_cap"} for f in fired)
        assert any(len(f) > 1 for f in fired)  # several triggers in one final round are all kept
    # the same as the engine's record of the game, played step by step
    row = back.filter(pl.col("seat") == 0).row(0, named=True)
    state = game(n_players=row["n_players"]).new_initial_state(row["seed"])
    choice = resolve_policy(state.game, {"policy": "heuristic"})
    while not state.is_terminal():
        state.apply_action(state.compiled_action(choice))
    rec = state.record
    assert row["triggers"] == trigger_names(int(rec["triggers"]), int(rec["first_trigger"]))


def test_base_random_run_report_names_its_ruleset_and_flags_round_cap_endings():
    _, df, doc = run("base", ["random", "random"])
    md = doc.markdown()
    assert "variant J" not in doc.title and "(base game)" in doc.title
    assert RANDOM_ONLY_NOTE in md
    capped = df.filter((pl.col("seat") == 0) & (pl.col("end_reason") == "round_cap")).height
    assert capped > 30  # most of the 60 games
    assert f"WARNING: {capped:,} of 60 games" in md and "(end reason `round_cap`)" in md
    table = md.split("## How games ended")[1]
    assert "| n_players | games | paintings_exhibited | last_black | track_end | round_cap |" in table
    for n in (2, 3):
        share = df.filter((pl.col("seat") == 0) & (pl.col("n_players") == n))["end_reason"].cast(pl.String)
        assert f"| {n} | 30 | " in table and f"{(share == 'round_cap').mean():.3f} |" in table


@pytest.mark.parametrize("policies", [["heuristic", "heuristic"], ["heuristic", "random"]])
def test_strategy_run_report_has_no_warning(policies):
    _, _, doc = run("variant_j", policies, games=20, counts=(2,))
    md = doc.markdown()
    assert "(house-rule variant J)" in doc.title
    assert "WARNING" not in md and RANDOM_ONLY_NOTE not in md and "## How games ended" in md


def test_title_follows_the_ruleset():
    assert CouleursGame({"ruleset": "base"}).title == "Couleurs de Paris (base game)"
    assert CouleursGame({}).title == "Couleurs de Paris (house-rule variant J)"
