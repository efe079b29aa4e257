"""The value-curve report: the alternative data sets (spec §1.5), the deck generator (spec §5.2), the curves, the
analysis functions on synthetic data with known answers, and the report's files on a tiny run."""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np
import polars as pl
import pytest

from simkit.core.errors import ConfigError
from simkit.games.couleurs.rules import alternatives as A
from simkit.games.couleurs.reports import value_curves as R
from simkit.games.couleurs.reports.value_curves import analysis
from simkit.games.couleurs.reports.value_curves import play as V
from simkit.games.couleurs.rules.components import LOWER_ACTIONS, load_board
from simkit.games.couleurs.rules.deck import paintings_csv
from simkit.games.couleurs.game import CouleursGame
from simkit.games.couleurs.reports.value_curves.document import _cap_warnings, report_title
from simkit.games.couleurs.rules.ruleset import CouleursRules
from simkit.games.couleurs.engine.state import COMPONENT_NAMES

SHIPPED = CouleursRules.from_overrides({})


def test_generator_reproduces_the_shipped_paintings_exactly():
    shipped = (A.shipped_folder().parent / "paintings.csv").read_text(encoding="utf-8")
    assert paintings_csv("reconstructed-v1") == shipped


def test_shipped_alternative_files_are_the_generators_output():
    folder = A.shipped_folder()
    texts = A.file_texts()
    assert sorted(texts) == sorted(p.name for p in folder.glob("*.csv"))
    for name, text in texts.items():
        assert (folder / name).read_text(encoding="utf-8") == text, name


@pytest.mark.parametrize("name", list(A.ALTERNATIVES))
def test_each_alternative_loads_validates_and_changes_only_its_files(name):
    alt = A.ALTERNATIVES[name]
    rules = CouleursRules.from_overrides({**alt.overrides, "n_players": 3})
    sources, shipped = rules.data_sources(), SHIPPED.data_sources()
    changed = {k for k in sources if sources[k] != shipped[k]}
    assert changed and all(alt.tag in sources[k] for k in changed)
    assert all("reconstructed-v1" in sources[k] for k in set(sources) - changed)
    assert all(f"alternatives/{f}" in " ".join(sources.values()) for f in alt.files.values())


def test_tracks_alternatives_hold_the_spec_levels():
    for name in ("flatter-tracks", "steeper-tracks"):
        tracks = CouleursRules.from_overrides(A.ALTERNATIVES[name].overrides).tracks
        for t, tool in enumerate(("tube", "palette", "brush")):
            assert tuple(tracks.levels[t, :8]) == A.TRACKS[name][tool]
            assert tracks.lengths[t] == 8
        assert not np.array_equal(tracks.levels, SHIPPED.tracks.levels)


def test_wheel_alternatives():
    shipped = [LOWER_ACTIONS[a] for a in SHIPPED.board.wheel]
    grouped = [LOWER_ACTIONS[a] for a in CouleursRules.from_overrides(
        A.ALTERNATIVES["grouped-wheel"].overrides).board.wheel]
    assert grouped[:6] == ["get_red", "get_yellow", "get_blue", "mix_orange", "mix_green", "mix_purple"]
    shuffled = [LOWER_ACTIONS[a] for a in CouleursRules.from_overrides(
        A.ALTERNATIVES["random-wheel"].overrides).board.wheel]
    assert shuffled[0] == "get_red" and shuffled != shipped
    for wheel in (grouped, shuffled):
        assert sorted(wheel) == sorted(shipped)


def test_asymmetric_slots_keep_the_totals_and_follow_the_forbidden_tile_ruling():
    board = CouleursRules.from_overrides(A.ALTERNATIVES["asymmetric-slots"].overrides).board
    assert tuple(board.caps[4]) == A.ASYMMETRIC_4P
    assert [int(board.caps[n].sum()) for n in (2, 3, 4)] == [int(SHIPPED.board.caps[n].sum()) for n in (2, 3, 4)]
    three = np.flatnonzero(board.caps[4] == 3)
    assert list(board.caps[3][three]) == [2, 2] and list(board.caps[2][three]) == [0, 0]
    others = np.setdiff1d(np.arange(12), three)
    assert np.array_equal(board.caps[2][others], board.caps[4][others])
    assert list(np.flatnonzero(board.printed_forbidden)) == [0, 6]


def _type_counts(paintings, type_name):
    rows = [i for i, t in enumerate(paintings.types) if t == type_name]
    return sorted(np.bincount(paintings.grids[rows].ravel(), minlength=6).tolist())


def test_weak_lean_deck():
    deck = CouleursRules.from_overrides(A.ALTERNATIVES["weak-lean"].overrides).paintings
    assert all(_type_counts(deck, t) == [5, 5, 6, 6, 7, 7] for t in deck.type_names)
    assert all(_type_counts(SHIPPED.paintings, t) == [3, 3, 6, 6, 9, 9] for t in deck.type_names)
    assert set(deck.colour_counts(deck.type_names[:6]).values()) == {36}
    assert np.array_equal((deck.grids < 3).sum(axis=1), 6 - deck.tiers)  # the tier mix is unchanged


def test_flatter_tier_mix_deck():
    deck = CouleursRules.from_overrides(A.ALTERNATIVES["flatter-tier-mix"].overrides).paintings
    secondaries = (deck.grids >= 3).sum(axis=1)
    assert np.array_equal(secondaries, 4 + deck.tiers // 2)
    assert set(deck.colour_counts(deck.type_names[:6]).values()) == {36}
    assert np.array_equal(deck.value_j, SHIPPED.paintings.value_j)


def test_source_tags(tmp_path):
    wheel = tmp_path / "wheel.csv"
    for tag, ok in (("sensitivity-mine", True), ("sensitivity-", False), ("guess", False)):
        wheel.write_text(f"# source: {tag}\n" + "\n".join(
            ["sector,action"] + [f"{i},{a}" for i, a in enumerate(A.SHIPPED_WHEEL)]) + "\n")
        if ok:
            assert "sensitivity-mine" in load_board(wheel).source
        else:
            with pytest.raises(ConfigError, match="unknown source tag"):
                load_board(wheel)


def test_missing_alternative_names_the_file():
    with pytest.raises(ConfigError, match="alternatives/nope.csv"):
        CouleursRules.from_overrides({"tracks_file": "alternatives/nope.csv"})


# ---- curves ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("s, values", [(0, (12, 12, 12, 12)), (2, (9, 11, 13, 15)), (4, (6, 10, 14, 18)),
                                       (1, (11, 12, 13, 14)), (3, (8, 11, 14, 17)), (0.5, (11, 12, 12, 13))])
def test_sweep_rounds_half_up(s, values):
    c = V.sweep_curve(s)
    assert c.values == values
    if s in (0, 2, 4):
        assert c.slope == pytest.approx(s)


def test_named_curve_slopes():
    assert V.Curve("base", (10, 12, 14, 16), "named").slope == pytest.approx(2)
    assert V.Curve("J", (9, 12, 15, 18), "named").slope == pytest.approx(3)


def test_user_curves_file(tmp_path):
    path = tmp_path / "curves.toml"
    path.write_text("[curves]\nmine = [8, 12, 16, 20]\n")
    (curve,) = V.load_user_curves(path)
    assert curve.values == (8, 12, 16, 20) and curve.kind == "user"
    assert V.load_user_curves(tmp_path / "absent.toml") == []
    for text, key in (("[curves]\nmine = [8, 12, 16]\n", "curves.mine"), ("[curves]\nJ = [1, 2, 3, 4]\n", "curves.J"),
                      ("[curves]\ns2 = [1, 2, 3, 4]\n", "curves.s2"),
                      ("[curvez]\nmine = [1, 2, 3, 4]\n", "curvez"), ("[curves]\nm = [1, 2, 3, 1000]\n", "curves.m")):
        path.write_text(text)
        with pytest.raises(ConfigError, match=key.replace(".", r"\.")) as err:
            V.load_user_curves(path)
        assert str(path) in str(err.value)


# ---- analysis on synthetic data with known answers ----------------------------------------------------------------

ROOT, GAIN = 2.2, 0.08  # expensive - cheap win probability = GAIN * (slope - ROOT)


def synthetic(deals: int = 1500, n_players: int = 3, seed: int = 1) -> tuple[pl.DataFrame, list]:
    """3-player games under the sweep: each game one winner drawn with P(expensive) - P(cheap) linear in the slope,
    seats rotating over deals of 3 games like the runner's."""
    rng = np.random.default_rng(seed)
    curves = [V.sweep_curve(s) for s in (0, 1, 2, 3, 4)]
    rows = []
    for c in curves:
        d = GAIN * (c.slope - ROOT)
        p = np.array([1 / 3 - d / 2, 1 / 3, 1 / 3 + d / 2])  # cheap, balanced, expensive
        for g in range(deals * 3):
            winner = rng.choice(3, p=p)
            for seat in range(n_players):
                k = (seat + g % 3) % 3
                rows.append({"curve": c.name, "n_players": n_players, "game_index": g, "seat": seat,
                             "policy": V.TIER_NAMES[k], "win_share": float(k == winner)})
    return pl.DataFrame(rows), curves


def test_crossing_slope_recovers_a_known_root():
    df, curves = synthetic()
    (row,) = analysis.crossing_table(df, curves, n_boot=400, seed=3).iter_rows(named=True)
    assert row["crosses"]
    assert row["lo"] < ROOT < row["hi"] and row["hi"] - row["lo"] < 1.5
    assert row["spread_per_slope"] == pytest.approx(GAIN, abs=0.03)


def test_win_share_table_has_intervals_that_cover_the_truth():
    df, curves = synthetic(deals=800)
    win = analysis.win_share_table(df)
    assert win.height == len(curves) * 3
    assert (win["lo"] <= win["estimate"]).all() and (win["estimate"] <= win["hi"]).all()
    bal = win.filter(pl.col("strategy") == "balanced")
    assert ((bal["lo"] < 1 / 3) & (1 / 3 < bal["hi"])).mean() >= 0.8
    assert (win["deals"] == 800).all()


def test_verdict_pairs_deals_and_reads_the_shift():
    df, _ = synthetic(deals=1500)
    both = pl.concat([df.filter(pl.col("curve") == "s0").with_columns(pl.lit("base").alias("curve")),
                      df.filter(pl.col("curve") == "s4").with_columns(pl.lit("J").alias("curve"))])
    (row,) = analysis.verdict_table(both).iter_rows(named=True)
    assert row["shift"] == "J favours expensive more"
    assert row["spread_base"] < 0 < row["spread_J"]
    assert row["deals"] == 1500


def test_closer_to_even_needs_the_evidence():
    from simkit.stats import Interval, PairedResult

    def iv(e, lo, hi):
        return Interval(e, lo, hi, 100, 0.95)

    def diff(lo, hi):
        return PairedResult((lo + hi) / 2, lo, hi, 0.01, 0.1, 100, 1.0, 0.95)

    assert analysis.closer_to_even(iv(0.10, 0.08, 0.12), iv(0.04, 0.02, 0.06), diff(-0.08, -0.04)) == "J"
    assert analysis.closer_to_even(iv(0.10, 0.08, 0.12), iv(0.04, 0.02, 0.06), diff(-0.08, 0.01)) == "undetermined"
    assert analysis.closer_to_even(iv(0.00, -0.02, 0.02), iv(0.06, 0.04, 0.08), diff(0.03, 0.09)) == "base"
    assert analysis.closer_to_even(iv(-0.05, -0.07, -0.03), iv(0.05, 0.03, 0.07), diff(0.06, 0.14)) == "undetermined"


# ---- the report on a tiny run --------------------------------------------------------------------------------------

TINY = V.Settings(True, {2: 6, 3: 6, 4: 6}, {2: 6, 3: 6, 4: 6}, n_boot=50)


@pytest.fixture(scope="module")
def tiny_report(tmp_path_factory):
    out = tmp_path_factory.mktemp("value-curves")
    curves = out / "curves.toml"
    curves.write_text("[curves]\nsteep = [6, 12, 18, 24]\n")
    R.write_report(out, jobs=1, settings=TINY, curves_file=curves, log=lambda line: None)
    return out


def test_report_files_exist_and_name_their_sources(tiny_report):
    for name in ("index.html", "index.md", "run.json", "results.parquet", "sensitivity_results.parquet",
                 "curves.parquet", "sensitivity.parquet",
                 "win_share.parquet", "crossing.parquet", "verdict.parquet", *(
                     getattr(__import__("simkit.games.couleurs.reports.value_curves.figures", fromlist=["x"]), f)
                     for f in ("WIN_SHARE", "SPREAD", "POINTS", "TIERS", "GAMES", "SENSITIVITY"))):
        assert (tiny_report / name).exists(), name
    md = (tiny_report / "index.md").read_text(encoding="utf-8")
    for needle in ("reconstructed-v1", "simkit/games/couleurs/data/paintings.csv", "master seed 2026",
                   "QUICK", "Run time", "steep",
                   *(f"{name}: " + ", ".join(f"{k} = {v!r}" for k, v in spec.items())
                     for name, spec in V.STRATEGIES.items()),
                   *(a.tag for a in A.ALTERNATIVES.values())):
        assert needle in md, needle
    run = json.loads((tiny_report / "run.json").read_text())
    assert run["quick"] and run["curves"]["steep"] == [6, 12, 18, 24] and run["seconds"]["total"] > 0


def test_report_data_is_complete_and_consistent(tiny_report):
    df = pl.read_parquet(tiny_report / "results.parquet")
    assert set(df["curve"]) == {"base", "J", "steep", *(f"s{s:g}" for s in V.SLOPES)}
    counts = df.filter(pl.col("seat") == 0).group_by("curve", "n_players").len()
    assert set(zip(counts["n_players"], counts["len"])) == {(n, g) for n, g in TINY.games.items()}
    points = sum(df[f"pp_tier{t}"].cast(pl.Int32) for t in range(4))
    assert (points == df["pp_paintings"]).all()
    total = sum(df[c].cast(pl.Int32) for c in COMPONENT_NAMES)
    assert (total == df["score"]).all()
    sens = pl.read_parquet(tiny_report / "sensitivity_results.parquet")
    assert set(sens["data_set"]) == {V.SHIPPED_DATA, *A.ALTERNATIVES}
    # common random numbers: game i of base and J shares its seed
    seeds = df.filter(pl.col("n_players") == 3).group_by("game_index").agg(pl.col("seed").n_unique())
    assert (seeds["seed"] == 1).all()


def test_registered_in_cli():
    from simkit.cli import REPORTS, build_parser

    assert REPORTS["value-curves"] == "simkit.games.couleurs.reports.value_curves:write_report"
    args = build_parser().parse_args(["report", "value-curves", "--quick"])
    assert args.name == "value-curves" and args.out is None  # the report's own folder: reports/couleurs-value-curves
    assert R.DEFAULT_OUT.as_posix() == "reports/couleurs-value-curves"


def test_report_names_its_ruleset_end_reasons_and_play_rates(tiny_report):
    """The title names the ruleset played; the end-reason mix says that no game hit the round cap; the hire and
    black rates per strategy are the means of the results columns."""
    md = (tiny_report / "index.md").read_text(encoding="utf-8")
    assert md.startswith("# Couleurs de Paris (house-rule variant J): is the painting-value curve fair")
    assert "No game, curve or sensitivity, ended at the round cap." in md and "WARNING" not in md
    df = pl.read_parquet(tiny_report / "results.parquet")
    rates = pl.read_parquet(tiny_report / "rates.parquet")
    for r in rates.iter_rows(named=True):
        seats = df.filter((pl.col("n_players") == r["n_players"]) & (pl.col("policy") == r["strategy"]))
        assert r["seats"] == seats.height
        assert r["hires"] == pytest.approx(seats["hires"].cast(pl.Float64).mean())
        assert r["black_cubes"] == pytest.approx(seats["black_cubes"].cast(pl.Float64).mean())
    assert set(rates["strategy"]) == set(V.STRATEGIES) and "## Hires and black cubes" in md
    everyone = df.group_by("policy").agg(pl.col("hires").cast(pl.Float64).mean()).row(0, named=True)
    assert f"{everyone['policy']} {everyone['hires']:.2f} hires and " in md
    games = pl.read_parquet(tiny_report / "games.parquet")
    assert games.columns[:7] == ["curve", "n_players", "games", "end_paintings_exhibited", "end_last_black",
                                 "end_track_end", "end_round_cap"]


def test_report_title_and_round_cap_warning_follow_the_games_played(tiny_report):
    base = SimpleNamespace(game_title=CouleursGame({"ruleset": "base"}).title, settings=TINY)
    assert "variant J" not in report_title(base) and report_title(base).startswith("Couleurs de Paris (base game):")
    df = pl.read_parquet(tiny_report / "results.parquet")
    capped = df.with_columns(pl.when(pl.col("game_index") == 0).then(pl.lit("round_cap"))
                             .otherwise(pl.col("end_reason").cast(pl.String)).alias("end_reason"))
    sens = pl.read_parquet(tiny_report / "sensitivity_results.parquet")
    warnings = _cap_warnings(SimpleNamespace(main=capped, sensitivity=sens))
    games = df.filter(pl.col("seat") == 0).height
    n_capped = capped.filter((pl.col("seat") == 0) & (pl.col("game_index") == 0)).height
    assert len(warnings) == 1 and warnings[0].startswith(f"Curve games: WARNING: {n_capped:,} of {games:,} games")
