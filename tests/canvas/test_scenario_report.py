"""`simkit report canvas-scenarios --quick`: files, table shapes, interval sanity, the skill ladder, and the
grouped playing of random scenarios against the ordinary runner."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from simkit.cli import REPORTS, main
from simkit.core.experiment import parse_experiment
from simkit.core.runner import CellGames, RunOptions, play_indices, run_experiment
from simkit.games.canvas.rules.components import SCORING_CONDITIONS, load_scoring_cards
from simkit.games.canvas.reports.scenarios import analysis as A
from simkit.games.canvas.reports.scenarios import figures as F
from simkit.games.canvas.reports.scenarios import play as P

QUICK_DIR = "canvas-scenarios-quick"


def quick_report(tmp_path_factory) -> Path:
    """The quick report, written once per test session (tests/test_notebooks.py reuses it)."""
    out = tmp_path_factory.getbasetemp() / QUICK_DIR
    if not (out / "index.html").exists():
        assert main(["report", "canvas-scenarios", "--quick", "--out", str(out), "--jobs", "2"]) == 0
    return out


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    return quick_report(tmp_path_factory)


def table(report: Path, name: str) -> pl.DataFrame:
    return pl.read_parquet(report / f"{name}.parquet")


def test_registered_in_cli():
    assert REPORTS["canvas-scenarios"] == "simkit.games.canvas.reports.scenarios:write_report"
    with pytest.raises(SystemExit) as exc:
        main(["report", "no-such-report"])
    assert exc.value.code == 2


def test_writes_all_files(report):
    figures = [F.SURVIVAL, F.MEANS, F.REACH, F.BANDS, F.DIFFICULTY, F.RIBBONS, F.ACHIEVEMENTS, F.MULTI, F.SEATS,
               F.SETS_MAP, F.CARD_EFFECTS, F.PAIRS]
    data = ["solo", "multiplayer", "sets", *A.SUMMARY_TABLES]
    for name in ["index.html", "index.md", "run.json", *figures, *(f"{d}.parquet" for d in data)]:
        assert (report / name).stat().st_size > 0, name
    assert not [p for p in report.iterdir() if p.name.startswith(".staging")]
    md, html = (report / "index.md").read_text(), (report / "index.html").read_text()
    for fig in figures:
        assert f"({fig})" in md and f"src='{fig}'" in html
    assert "QUICK RUN" in md and "max half-width" in md
    for source in ("art_cards.csv", "scoring_cards.json", "scenarios.toml", "nothing about Canvas is reconstructed"):
        assert source in md
    assert json.loads((report / "run.json").read_text())["quick"] is True


def test_tables_have_the_right_rows(report):
    q = P.QUICK
    scenarios, bands, _ = P.load_scenarios()
    n_sc, names = len(scenarios), {s.name for s in scenarios}
    assert n_sc == 10 and len(bands) == 5
    solo = table(report, "solo")
    assert len(solo) == sum(2 * q.games(s, lv) for s in scenarios for lv in P.LEVELS)
    assert set(solo["scenario"]) == names and set(solo["mode"]) == set(P.MODES) and set(solo["level"]) == set(P.LEVELS)
    counts = solo.group_by("scenario", "mode", "level").len()
    for s in scenarios:
        for lv in P.LEVELS:
            assert set(counts.filter((pl.col("scenario") == s.name) & (pl.col("level") == lv))["len"]) == {
                q.games(s, lv)}
    multi = table(report, "multiplayer")
    assert len(multi) == sum(q.games(s, "planner", multi=True) for s in scenarios) * sum(P.PLAYER_COUNTS)
    assert (multi.group_by("scenario", "n_players", "game_index").agg(pl.col("score").max())["score"] > 0).all()
    sets = table(report, "sets")
    assert len(sets) == len(q.map_sets) * q.map_games
    expected = {"solo_summary": n_sc * 6, "reach": n_sc * 6 * (1 + len(bands)),
                "achievements": n_sc * 6 * len(A.ACHIEVEMENTS), "ladder": n_sc * 2 * 2,
                "multiplayer_summary": n_sc * len(P.PLAYER_COUNTS), "seat_advantage": n_sc * sum(P.PLAYER_COUNTS),
                "ceiling": n_sc, "difficulty": n_sc * 2, "agreement": 4, "sets_summary": len(q.map_sets),
                "card_effects": 12, "scenarios": n_sc}
    for name, rows in expected.items():
        assert len(table(report, name)) == rows, name
    # random scenarios: the drawn sets vary, every card in play has a ribbon count, the others are null
    rnd = solo.filter(pl.col("scenario") == "Standard random")
    assert rnd["scoring_cards"].n_unique() > 10
    in_play = rnd.select(pl.sum_horizontal(pl.col(c).is_not_null() for c in P.CARD_COLUMNS))
    assert (in_play.to_series() == 4).all()
    # ceiling: exact for the fixed scenarios, empty for the random ones
    ce = table(report, "ceiling")
    fixed = {s.name for s in scenarios if s.scoring is not None}
    assert ce.filter(pl.col("scenario").is_in(fixed))["ceiling"].null_count() == 0
    assert ce.filter(~pl.col("scenario").is_in(fixed))["ceiling"].null_count() == 2
    best = table(report, "solo_summary").group_by("scenario").agg(pl.col("max").max())
    joined = ce.join(best, on="scenario").drop_nulls("ceiling")
    assert (joined["max"] <= joined["ceiling"]).all()  # no game beats the perfect-information ceiling


def test_probabilities_are_intervals(report):
    checks = [("reach", "p", "lo", "hi"), ("achievements", "p", "lo", "hi"),
              ("seat_advantage", "win_share", "lo", "hi"), ("difficulty", "p_target", "p_lo", "p_hi"),
              ("sets_summary", "p30", "p30_lo", "p30_hi"), ("multiplayer_summary", "tied_top", "tied_top_lo",
                                                             "tied_top_hi")]
    for name, p, lo, hi in checks:
        t = table(report, name).drop_nulls(p)
        assert len(t), name
        assert ((t[lo] >= 0) & (t[hi] <= 1)).all(), name
        assert ((t[lo] <= t[p] + 1e-12) & (t[p] <= t[hi] + 1e-12)).all(), name
    means = table(report, "solo_summary")
    assert ((means["mean_lo"] <= means["mean"]) & (means["mean"] <= means["mean_hi"])).all()
    ach = table(report, "achievements")
    four = {s.name for s in P.load_scenarios()[0] if s.n_cards == 4}
    na = ach.filter(pl.col("achievement") == "all_conditions_one_painting")
    assert set(na.filter(pl.col("p").is_null())["scenario"]) == {s.name for s in P.load_scenarios()[0]} - four
    precision = table(report, "precision")
    assert (precision["max_halfwidth"] > 0).all()


def test_skill_ladder_holds_where_the_intervals_allow(report):
    ladder = table(report, "ladder")
    assert set(ladder["verdict"]) <= {"holds", "unresolved"}  # never a resolved reversal
    assert (ladder["verdict"] == "holds").sum() >= 30
    unresolved = ladder.filter(pl.col("verdict") == "unresolved")
    assert ((unresolved["lo"] <= 0) & (unresolved["hi"] >= 0)).all()
    means = table(report, "solo_summary").pivot(on="level", index=["scenario", "mode"], values="mean")
    assert (means["greedy"] < means["search"]).all()


def test_random_scenario_grouped_by_set_equals_the_runner():
    """Playing 'random N' games grouped by the drawn set gives the runner's games exactly."""
    scenarios = {s.name: s for s in P.load_scenarios()[0]}
    sc, seed, n = scenarios["Standard random"], 99, 24
    drawn = P.drawn_sets(sc, seed, n)
    for kind, n_players, mode in (("solo", 1, "puzzle"), ("multi", 3, "none")):
        rules = {"n_players": n_players, "scoring_cards": sc.rule_value}
        if mode != "none":
            rules["solo_mode"] = mode
        exp = parse_experiment({"experiment": {"game": "canvas", "games": n, "seed": seed, "seats": P.SEATS},
                                  "rules": rules, "players": [{"policy": "planner"}]}, "t")
        ref = run_experiment(exp, RunOptions(progress=False))
        jobs = [P.Job(kind, sc.name, cards, n_players, mode, "planner",
                      np.array([i for i, d in enumerate(drawn) if d == cards]))
                for cards in dict.fromkeys(drawn)]
        parts = play_indices([CellGames(job.experiment(seed), 0, job.indices) for job in jobs],
                             RunOptions(seed=seed, chunk_size=5, progress=False))
        got = pl.concat(parts).sort("game_index", "seat")
        cols = ["game_index", "seed", "seat", "score", "rank", "turn_order", "grey_ribbons", "scoring_cards",
                *P.CARD_COLUMNS]
        assert ref.select(cols).cast({"scoring_cards": pl.String}).equals(
            got.select(cols).cast({"scoring_cards": pl.String}))


def test_job_plays_as_the_runner():
    job = P.Job("solo", "First Game", ("Composition", "Emphasis", "Repetition", "Variety"), 1, "vincent", "greedy",
                np.arange(40))
    ref = run_experiment(job.experiment(7), RunOptions(progress=False))
    got, = play_indices([CellGames(job.experiment(7), 0, job.indices)], RunOptions(chunk_size=15, progress=False))
    assert ref.equals(got)


def test_achievement_columns():
    frame = pl.DataFrame({
        "scenario": ["A", "A", "B"], "score": [48, 40, 12], "grey_ribbons": [7, 2, 0],
        "best_painting_conditions": [4, 3, 2], "best_painting_grey": [4, 1, 0], "best_painting_ribbons": [7, 6, 2],
        "best_painting_same_element": [5, 4, 2],
        **{c: [None, None, None] for c in P.CARD_COLUMNS},
    }, schema_overrides={c: pl.Int8 for c in P.CARD_COLUMNS})
    tracks = dict(zip(SCORING_CONDITIONS, load_scoring_cards().track_len))
    four = ["Composition", "Emphasis", "Repetition", "Variety"]
    frame = frame.with_columns(
        *[pl.Series(f"ribbons_{c.lower()}", [tracks[c], tracks[c] - 1, None], dtype=pl.Int8) for c in four])
    out = A.with_achievements(frame, {"A": 4, "B": 2})
    row = out.row(0, named=True)
    assert all(row[c] for c, _ in A.ACHIEVEMENTS)
    row = out.row(1, named=True)
    assert not row["max_ribbons_all_cards"] and row["points40"] and not row["above47"]
    assert row["ribbons14_game"] == (sum(tracks[c] - 1 for c in four) + 2 >= 14)
    assert out.row(2, named=True)["all_conditions_one_painting"] is None  # 2-card scenario: not applicable
