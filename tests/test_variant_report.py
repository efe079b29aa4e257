"""Variant-versus-baseline report sections: pairing, tables, verdicts, figures and the CLI end to end."""

from pathlib import Path

import numpy as np
import polars as pl
import pytest

from simkit.cli import main
from simkit.core.experiment import parse_experiment
from simkit.core.runner import run_experiment
from simkit.report.document import Document
from simkit.report.variants import (
    FOREST_FIGURE,
    LENGTHS_FIGURE,
    SCORES_FIGURE,
    add_variant_sections,
    length_differences,
    paired_seed_means,
    seat_table,
    score_differences,
    verdicts,
    win_share_differences,
)
from simkit.stats import paired_difference

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def results():
    exp = parse_experiment({
        "experiment": {"game": "canvas", "games": 300, "seed": 11, "seats": "rotate"},
        "rules": {"n_players": 2},
        "variants": {"grey3": {"bonus_ribbon_points": 3}, "same": {"bonus_ribbon_points": 2}},
        "players": [{"policy": "greedy"}, {"policy": "random"}],
    }, "x.toml")
    return run_experiment(exp)


@pytest.fixture(scope="module")
def report(results, tmp_path_factory):
    out = tmp_path_factory.mktemp("variant_report")
    doc = Document("test")
    add_variant_sections(doc, results, out)
    return doc, out


def test_score_table_rows(results):
    table = score_differences(results)
    assert table.select("variant", "n_players", "policy").rows() == [
        ("grey3", 2, "greedy"), ("grey3", 2, "random"), ("same", 2, "greedy"), ("same", 2, "random")]
    assert (table["pairs"] == 150).all()  # 300 games, rotations of 2 share a seed
    assert np.all(table["p_holm"].to_numpy() >= table["p_value"].to_numpy())
    assert win_share_differences(results).height == 4
    assert length_differences(results).select("variant", "n_players").rows() == [("grey3", 2), ("same", 2)]


def test_grey3_raises_scores(results, report):
    table = score_differences(results).filter(pl.col("variant") == "grey3")
    for row in table.iter_rows(named=True):  # bonus ribbons worth more: scores go up, clearly
        assert row["diff"] > 0 and row["lo"] > 0, row
        assert row["variance_reduction"] > 1
    text = report[0].markdown()
    assert "grey3 raises greedy's mean score by" in text
    assert "points in 2-player games" in text


def test_identical_variant_has_zero_differences(results):
    for table in (score_differences(results), win_share_differences(results), length_differences(results)):
        same = table.filter(pl.col("variant") == "same")
        assert same.height > 0
        assert (same["diff"] == 0).all() and (same["lo"] == 0).all() and (same["hi"] == 0).all()
        assert same["identical"].all()
    lines = [v for v in verdicts(score_differences(results), win_share_differences(results),
                                 length_differences(results)) if v.startswith("same")]
    assert len(lines) == 5 and all("no detectable difference" in v and "[0.0" in v for v in lines)


def test_report_sections_and_figures(report):
    doc, out = report
    text = doc.markdown()
    for heading in ("## Variants against the baseline", "## Verdict", "## First-player advantage by variant",
                    "## Policy ratings by variant", "## Balance by variant"):
        assert heading in text
    for name in (FOREST_FIGURE, SCORES_FIGURE, LENGTHS_FIGURE):
        path = out / name
        assert path.stat().st_size > 5000, name
        assert path.read_bytes()[:8] == PNG_MAGIC
        assert f"]({name})" in text


def test_single_variant_adds_nothing(results, tmp_path):
    doc = Document("x")
    add_variant_sections(doc, results.filter(pl.col("variant") == "baseline"), tmp_path)
    assert doc.blocks == [] and list(tmp_path.iterdir()) == []


def _tiny_frame() -> pl.DataFrame:
    """Two 2-player deals (seeds 10, 11) of two rotated games each, baseline and variant v."""
    rows = []
    scores = {"baseline": [5, 1, 2, 6, 4, 4, 3, 3], "v": [7, 1, 2, 9, 4, 8, 3, 3]}
    for variant, values in scores.items():
        for i, (game, seat) in enumerate([(0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (3, 0), (3, 1)]):
            policy = "A" if (seat + game) % 2 == 0 else "B"
            rows.append({"variant": variant, "game_index": game, "seed": 10 + game // 2, "n_players": 2,
                         "seat": seat, "policy": policy, "score": values[i]})
    return pl.DataFrame(rows).with_columns(pl.col("variant", "policy").cast(pl.Categorical),
                                           pl.col("seed").cast(pl.UInt64))


def test_pairing_per_seed_by_hand():
    df = _tiny_frame()
    paired = paired_seed_means(df, "v", "baseline")
    # policy A: seed 10 -> game 0 seat 0 and game 1 seat 1; seed 11 -> game 2 seat 0, game 3 seat 1
    assert paired.select("n_players", "policy", "seed", "variant", "baseline", "rows", "differing").rows() == [
        (2, "A", 10, (7 + 9) / 2, (5 + 6) / 2, 2, 2),
        (2, "A", 11, (4 + 3) / 2, (4 + 3) / 2, 2, 0),
        (2, "B", 10, (1 + 2) / 2, (1 + 2) / 2, 2, 0),
        (2, "B", 11, (8 + 3) / 2, (4 + 3) / 2, 2, 1),
    ]
    table = score_differences(df, "baseline")
    a = table.filter(pl.col("policy") == "A").row(0, named=True)
    expected = paired_difference([8.0, 3.5], [5.5, 3.5])
    assert a["diff"] == pytest.approx(1.25) and a["lo"] == pytest.approx(expected.lo)
    assert a["pairs"] == 2 and not a["identical"]
    # game length: total turns per game, paired by game, averaged per seed
    lengths = length_differences(df.with_columns(turns=pl.col("score")), "baseline").row(0, named=True)
    # baseline games 6, 8 | 8, 6 -> seeds 7, 7; variant 8, 11 | 12, 6 -> seeds 9.5, 9
    assert lengths["pairs"] == 2 and lengths["diff"] == pytest.approx(2.25)
    assert lengths["baseline_mean"] == pytest.approx(7) and lengths["variant_mean"] == pytest.approx(9.25)


def test_pairing_rejects_unpaired_games():
    df = _tiny_frame()
    shifted = df.with_columns(pl.when(pl.col("variant") == "v").then(pl.col("seed") + 100)
                              .otherwise(pl.col("seed")).alias("seed"))
    with pytest.raises(ValueError, match="not paired"):
        paired_seed_means(shifted, "v", "baseline")
    swapped = df.with_columns(pl.when(pl.col("variant") == "v").then(pl.lit("C")).otherwise(pl.col("policy"))
                              .cast(pl.String).alias("policy"))
    with pytest.raises(ValueError, match="policy"):
        paired_seed_means(swapped, "v", "baseline")


EXPERIMENT = """
[experiment]
name = "ab"
game = "canvas"
games = 40
seed = 5

[rules]
n_players = 3

[variants.grey3]
bonus_ribbon_points = 3

[[players]]
policy = "greedy"

[[players]]
policy = "random"

[[players]]
policy = "greedy"
"""


def test_cli_report_has_variant_section(tmp_path, capsys):
    file = tmp_path / "ab.toml"
    file.write_text(EXPERIMENT)
    out = tmp_path / "out"
    assert main(["run", str(file), "--out", str(out)]) == 0
    capsys.readouterr()
    names = {p.name for p in out.iterdir()}
    assert {"report.md", "report.html", "results.parquet", FOREST_FIGURE, SCORES_FIGURE, LENGTHS_FIGURE} <= names
    assert not any(n.startswith(".staging") for n in names)
    text = (out / "report.md").read_text()
    assert "## Variants against the baseline" in text and "## Verdict" in text
    assert "| grey3 | 3 | greedy |" in text
    assert text.index("## Variants against the baseline") < text.index("Data: results.parquet")
    assert Path(out / FOREST_FIGURE).read_bytes()[:8] == PNG_MAGIC


def _rotated_deals(reps: int, deals: int, first: float, decided: float, seed: int) -> pl.DataFrame:
    """``reps`` simulated experiments (one variant name each) of 3-player deals of 3 rotated games. Position 1
    wins with probability ``first``, the others share the rest; with probability ``decided`` a deal's cards
    decide the winning position for all three of its games (dependent rotations), else its games are
    independent."""
    rng = np.random.default_rng(seed)
    p = [first, (1 - first) / 2, (1 - first) / 2]
    own = rng.choice(3, size=(reps, deals, 3), p=p)
    shared = rng.choice(3, size=(reps, deals, 1), p=p)
    winner = np.where(rng.random((reps, deals, 1)) < decided, shared, own)
    rep, deal, game, position = np.indices((reps, deals, 3, 3))
    return pl.DataFrame({"variant": (rep.ravel() + 1).astype(str), "n_players": 3, "seed": deal.ravel(),
                         "game_index": (3 * deal + game).ravel(), "turn_order": position.ravel() + 1,
                         "win_share": (winner[..., None] == np.arange(3)).ravel().astype(float)})


def _rejections(frame: pl.DataFrame) -> float:
    p = seat_table(frame).group_by("variant").agg(pl.col("p_value").first())["p_value"].to_numpy()
    return float(np.mean(p < 0.05))


@pytest.mark.parametrize("decided", [0.0, 1.0])
def test_seat_test_has_its_size_under_fair_seats(decided):
    """Fair positions: the seat test rejects about 5% of 400 experiments (binomial sd 1.1 points), whether
    a deal's rotations are independent games or all won by the same position. A chi-square over games
    would reject far too often when deals decide their winners; one over seed means too rarely."""
    rate = _rejections(_rotated_deals(400, 300, 1 / 3, decided, seed=21))
    assert 0.025 <= rate <= 0.08, rate


def test_seat_test_detects_a_first_player_advantage():
    """Position 1 wins 40% instead of 33% of independent rotated games (300 deals): a test over seeds with
    the rotations' real variance finds it in 97% of experiments; the chi-square on per-seed means found it
    in 54%."""
    assert _rejections(_rotated_deals(400, 300, 0.40, 0.0, seed=22)) >= 0.9
