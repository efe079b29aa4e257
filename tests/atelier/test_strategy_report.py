"""`simkit report atelier-strategies`: the quick run end to end (files, columns, intervals), and the analysis on
synthetic frames where it computes something (what decided a game, win shares over deals, the headlines)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from simkit.cli import REPORTS, main
from simkit.games.atelier.reports.strategies import analysis as A
from simkit.games.atelier.reports.strategies import figures as F
from simkit.games.atelier.reports.strategies import play as P
from simkit.games.atelier.reports.strategies.headlines import HEADLINES, headline_table
from simkit.games.atelier.reports.strategies.outcomes import check_winners, game_outcomes, per_seat

QUICK_DIR = "atelier-strategies-quick"  # the folder tests/test_notebooks.py uses for this report


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    """The quick report, written once per test session (tests/test_notebooks.py reuses it)."""
    out = tmp_path_factory.getbasetemp() / QUICK_DIR
    if not (out / "index.html").exists():
        assert main(["report", "atelier-strategies", "--quick", "--out", str(out), "--jobs", "2"]) == 0
    return out


def test_registered_in_cli():
    assert REPORTS["atelier-strategies"] == "simkit.games.atelier.reports.strategies:write_report"


def test_quick_report_writes_every_file(report):
    figures = [F.WIN_SHARE, F.RATINGS, F.SEATS, F.POINTS, F.OUTCOMES, F.LENGTH, F.SENSITIVITY]
    tables = ["win_share", "ratings", "seats", "outcomes", "lengths", "rounds", "families",
              "first_master_families", "precision", "headlines"]
    for name in ["index.html", "index.md", "run.json", "results.parquet", "sensitivity_results.parquet", *figures,
                 *(f"{t}.parquet" for t in tables)]:
        assert (report / name).stat().st_size > 0, name
    assert not [p for p in report.iterdir() if p.name.startswith(".staging")]
    md, html = (report / "index.md").read_text(), (report / "index.html").read_text()
    for fig in figures:
        assert f"({fig})" in md and f"src='{fig}'" in html
    assert "QUICK run" in md and "reconstructed-v1" in md and "sensitivity-no-powers" in md
    run = json.loads((report / "run.json").read_text())
    assert run["quick"] and run["data_sources"]["shipped"]["data_source"] == "reconstructed-v1"


def test_quick_report_results_and_tables(report):
    games = pl.read_parquet(report / "results.parquet")
    for column in ("data_set", "lineup", "deal", "policy", "seat", "turn_order", "win_share", "rank", "first_master",
                   "students_blue", "pile_yellow", "patron_vp", "rounds", "truncated"):
        assert column in games.columns, column
    assert set(games["data_set"]) == {P.SHIPPED}
    assert games["lineup"].n_unique() == sum(len(P.lineups(n)) for n in P.PLAYER_COUNTS)
    sensitivity = pl.read_parquet(report / "sensitivity_results.parquet")
    assert set(sensitivity["data_set"]) == set(P.DATA_SETS) - {P.SHIPPED}
    win = pl.read_parquet(report / "win_share.parquet")
    assert win.height == len(P.DATA_SETS) * len(P.PLAYER_COUNTS) * len(P.FAMILIES)
    assert (win["lo"] <= win["estimate"]).all() and (win["estimate"] <= win["hi"]).all()
    shipped = win.filter(pl.col("data_set") == P.SHIPPED)
    # every seat of every game is some family's: the win shares of a player count average to the fair share
    for (n,), g in shipped.group_by("n_players"):
        assert g["estimate"].mean() == pytest.approx(1 / n)
    ratings = pl.read_parquet(report / "ratings.parquet")
    assert ratings.group_by("data_set", "n_players").agg(pl.col("log_strength").sum())["log_strength"].abs().max() \
        < 1e-9
    headlines = pl.read_parquet(report / "headlines.parquet")
    assert headlines.height == len(HEADLINES) * len(P.DATA_SETS) * len(P.PLAYER_COUNTS)
    assert headlines.filter(pl.col("data_set") == P.SHIPPED)["holds"].all()


def _seat(game: int, seat: int, score: int, rank: int, share: float, *, paint=0, fm=0, patron_vp=0,
          students=(0, 0, 0, 0), piles=(15, 15, 15, 15)) -> dict:
    return {"data_set": "shipped", "n_players": 3, "lineup": "a+b+c", "game_index": game, "deal": game // 3,
            "seat": seat, "policy": "abc"[seat], "score": score, "rank": rank, "win_share": share,
            "paint_left": paint, "first_master": fm, "first_master_vp": 4 * fm, "patron_vp": patron_vp,
            "rounds": 14, "truncated": 0,
            **{f"students_{c}": v for c, v in zip(("blue", "green", "red", "yellow"), students)},
            **{f"pile_{c}": v for c, v in zip(("blue", "green", "red", "yellow"), piles)}}


def synthetic_games() -> pl.DataFrame:
    rows = [
        # game 0: a clear winner who holds the token; its 4 VP decide (30 - 4 < 28); patrons do not
        _seat(0, 0, 30, 1, 1.0, fm=1, patron_vp=2, students=(3, 1, 0, 0), piles=(0, 15, 15, 15)),
        _seat(0, 1, 28, 2, 0.0, patron_vp=2, students=(1, 1, 0, 0), piles=(0, 15, 15, 15)),
        _seat(0, 2, 20, 3, 0.0, students=(0, 0, 2, 0), piles=(0, 15, 15, 15)),
        # game 1: tied on score, broken by paint; without patrons seat 2 (no patron VP) would win
        _seat(1, 0, 25, 1, 1.0, paint=3, patron_vp=6),
        _seat(1, 1, 25, 2, 0.0, paint=1, patron_vp=6),
        _seat(1, 2, 24, 3, 0.0, fm=1),
        # game 2: tied on score and paint, broken by the token
        _seat(2, 0, 25, 2, 0.0, paint=2),
        _seat(2, 1, 25, 1, 1.0, paint=2, fm=1),
        _seat(2, 2, 10, 3, 0.0),
        # game 3: tied on everything, a shared victory, nobody holds the token
        _seat(3, 0, 22, 1, 0.5, paint=2),
        _seat(3, 1, 22, 1, 0.5, paint=2),
        _seat(3, 2, 12, 3, 0.0),
    ]
    return pl.DataFrame(rows)


def test_outcomes_on_synthetic_games():
    df = synthetic_games()
    check_winners(df)
    g = game_outcomes(df).sort("game_index")
    assert g["tie_on_score"].to_list() == [0, 1, 1, 1]
    assert g["decided_by_paint"].to_list() == [0, 1, 0, 0]
    assert g["decided_by_first_master"].to_list() == [0, 0, 1, 0]
    assert g["shared_win"].to_list() == [0, 0, 0, 1]
    assert g["first_master_taken"].to_list() == [1, 1, 1, 0]
    assert g["first_master_holder_won"].to_list() == [1.0, 0.0, 1.0, None]
    # game 0: without the token's VP seat 0 has 26 < 28; game 2: seat 1 drops to 21, seat 0 wins
    assert g["first_master_decisive"].to_list() == [1, 0, 1, 0]
    assert g["patrons_decisive"].to_list() == [0, 1, 0, 0]
    assert g["dry_piles"].to_list() == [1, 0, 0, 0]
    assert g["contested_piles"].to_list()[0] == 2  # blue (3 v 1) and green (1 v 1)
    assert g["tied_piles"].to_list()[0] == 1  # green
    held = per_seat(df).filter(pl.col("game_index") == 0).sort("seat")["piles_held"].to_list()
    assert held == [1, 0, 1]  # blue for seat 0, red for seat 2; green is tied


def test_check_winners_refuses_other_tie_breaks():
    df = synthetic_games()
    swapped = pl.when(pl.col("game_index") == 1)  # game 1 won by the seat with less paint: not the default rules
    df = df.with_columns(rank=swapped.then(pl.col("rank").replace({1: 2, 2: 1})).otherwise("rank"),
                         win_share=swapped.then(1.0 - pl.col("win_share")).otherwise("win_share"))
    with pytest.raises(ValueError, match="tie-breaks"):
        check_winners(df)


def test_win_share_is_a_mean_per_deal_with_an_interval_over_deals():
    rng = np.random.default_rng(3)
    rows = []
    for deal in range(40):  # a 2-player lineup: 2 games per deal, the families swapping seats
        for game in (2 * deal, 2 * deal + 1):
            a_wins = float(rng.random() < 0.7)
            rows += [{"data_set": "shipped", "n_players": 2, "lineup": "x+y", "deal": deal, "game_index": game,
                      "policy": "painter", "win_share": a_wins},
                     {"data_set": "shipped", "n_players": 2, "lineup": "x+y", "deal": deal, "game_index": game,
                      "policy": "majority", "win_share": 1 - a_wins}]
    df = pl.DataFrame(rows)
    win = A.TABLES.win_share(df)
    painter = win.filter(pl.col("family") == "painter").row(0, named=True)
    per_deal = df.filter(pl.col("policy") == "painter").group_by("deal").agg(pl.col("win_share").mean())
    values = per_deal["win_share"].to_numpy()
    assert painter["deals"] == 40
    assert painter["estimate"] == pytest.approx(values.mean())
    assert painter["hi"] - painter["lo"] == pytest.approx(2 * 2.0227 * values.std(ddof=1) / np.sqrt(40), rel=1e-3)


def test_headlines_hold_by_verdict_or_tolerance():
    def win(data_set, shares):
        return [{"data_set": data_set, "n_players": 2, "family": f, "estimate": e, "lo": e - 0.02, "hi": e + 0.02}
                for f, e in shares.items()]

    def outcome(data_set, rounds, tie, patrons, tied_piles, holder):
        values = {"rounds": rounds, "tie_on_score": tie, "patrons_decisive": patrons, "tied_piles": tied_piles,
                  "first_master_holder_won": holder}
        return [{"data_set": data_set, "n_players": 2, "measure": m, "estimate": v, "lo": v - 0.01, "hi": v + 0.01}
                for m, v in values.items()]

    seats = [{"data_set": d, "n_players": 2, "turn_order": 1, "estimate": e, "lo": e - 0.02, "hi": e + 0.02,
              "fair_share": 0.5} for d, e in (("shipped", 0.56), ("alt", 0.50))]
    tables = {
        "win_share": pl.DataFrame(win("shipped", {"majority": 0.6, "painter": 0.4})
                                  + win("alt", {"majority": 0.47, "painter": 0.53})),
        "outcomes": pl.DataFrame(outcome("shipped", 14.0, 0.05, 0.20, 0.6, 0.8)
                                 + outcome("alt", 15.5, 0.06, 0.30, 0.7, 0.8)),
        "seats": pl.DataFrame(seats)}
    holds = {r["headline"]: r["holds"] for r in headline_table(tables).filter(pl.col("data_set") == "alt")
             .iter_rows(named=True)}
    assert holds == {"best_family": False, "first_player": False, "first_master": True, "length": False,
                     "tie_break": True, "patrons": False, "contention": True}


@pytest.mark.slow  # about 30,000 games: `pytest -m slow`
def test_report_lineups_never_reach_the_bound_on_the_shipped_data():
    """Spec §7.2: the report's mixed lineups, at least 10,000 seeded games per player count, never stall."""
    from simkit.core.runner import CellGames, RunOptions, play_indices

    settings = P.Settings(False, {2: 334, 3: 167, 4: 167}, {})
    work = P.build_work(settings, {P.SHIPPED: P.DATA_SETS[P.SHIPPED]})
    assert all(sum(w.exp.games for w in work if w.n_players == n) >= 10_000 for n in P.PLAYER_COUNTS)
    frames = play_indices([CellGames(w.exp, 0, np.arange(w.exp.games)) for w in work], RunOptions(jobs=2))
    for w, frame in zip(work, frames):
        stalled = frame.filter(pl.col("truncated") == 1)["seed"].unique().to_list()
        assert not stalled, f"{P.lineup_name(w.lineup)}: seeds {stalled[:10]} reached max_rounds"
