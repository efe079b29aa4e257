import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import stats

from simkit.stats import closeness, game_length_summary, tie_rate, wilson_interval, win_bias


def records(shares, n_players, scores=None):
    shares = np.asarray(shares, dtype=float)
    games, seats = np.indices(shares.shape)
    data = {
        "game": games.ravel(),
        "seat": seats.ravel(),
        "win_share": shares.ravel(),
        "n_players": n_players,
    }
    if scores is not None:
        data["score"] = np.asarray(scores, dtype=float).ravel()
    return pl.DataFrame(data)


def test_win_bias_known_values():
    two = records(np.eye(2)[[0] * 60 + [1] * 40], 2)
    three = records(np.eye(3)[[1] * 30], 3).with_columns(pl.col("game") + 100)
    out = win_bias(pl.concat([two, three]))
    assert out.columns == ["n_players", "games", "max_deviation", "normalised", "p_value"]
    row2, row3 = out.sort("n_players").rows(named=True)
    assert row2["games"] == 100
    assert row2["max_deviation"] == pytest.approx(0.1)
    assert row2["normalised"] == pytest.approx(0.2)
    assert row2["p_value"] == pytest.approx(stats.chi2.sf(4, 1))
    # Seat 1 always wins a 3-player game: deviation 2/3, maximal bias.
    assert row3["max_deviation"] == pytest.approx(2 / 3)
    assert row3["normalised"] == pytest.approx(1.0)


def test_win_bias_even_game_is_zero():
    out = win_bias(records(np.eye(4)[np.arange(400) % 4], 4))
    assert out["max_deviation"][0] == pytest.approx(0) and out["normalised"][0] == pytest.approx(0)


SHARE_MATRICES = arrays(
    np.float64, st.tuples(st.integers(1, 30), st.integers(2, 5)), elements=st.floats(0.01, 1)
)


@settings(max_examples=50, deadline=None)
@given(SHARE_MATRICES)
def test_win_bias_normalised_in_unit_interval(raw):
    shares = raw / raw.sum(axis=1, keepdims=True)
    out = win_bias(records(shares, shares.shape[1]))
    n = shares.shape[1]
    expected = np.max(np.abs(shares.mean(axis=0) - 1 / n))
    assert out["max_deviation"][0] == pytest.approx(expected)
    assert -1e-12 <= out["normalised"][0] <= 1 + 1e-12


def test_tie_rate():
    shares = np.eye(3)[np.arange(10) % 3]
    shares[0] = [0.5, 0.5, 0]  # shared win
    shares[1] = 1 / 3  # three-way draw
    shares[2] = 0  # nobody won
    got = tie_rate(records(shares, 3))
    assert got.estimate == pytest.approx(0.3) and got.n == 10
    assert (got.lo, got.hi) == pytest.approx(wilson_interval(3, 10))
    assert tie_rate(records(np.eye(2)[[0, 1, 1]], 2)).estimate == 0.0
    with pytest.raises(ValueError):
        tie_rate(records(np.zeros((0, 2)), 2))


def test_closeness_known_values():
    scores = [[10, 8, 3], [5, 5, 1], [0, 0, 0], [-6, -2, -9]]
    df = records(np.zeros((4, 3)), 3, scores)
    margins = np.array([2 / 18, 0.0, 0.0, 4 / 8])
    got = closeness(df)
    ref = stats.ttest_1samp(margins, 0).confidence_interval(0.95)
    assert got.estimate == pytest.approx(margins.mean())
    assert (got.lo, got.hi) == pytest.approx((ref.low, ref.high))
    scaled = closeness(df, scale=20)
    assert scaled.estimate == pytest.approx(np.mean([2, 0, 0, 4]) / 20)


def test_closeness_ignores_single_seat_games():
    df = pl.DataFrame({"game": [0, 0, 1, 1, 2], "score": [3.0, 1.0, 4.0, 4.0, 7.0]})
    got = closeness(df)
    assert got.n == 2 and got.estimate == pytest.approx(0.25)


def test_game_length_summary_known_values():
    got = game_length_summary(np.arange(1, 101))
    assert (got.n, got.mean, got.min, got.max) == (100, 50.5, 1.0, 100.0)
    assert got.sd == pytest.approx(np.sqrt(100 * 101 / 12))
    assert got.quantiles[0.5] == pytest.approx(50.5)
    assert got.quantiles[0.1] == pytest.approx(10.9)
    single = game_length_summary([7], quantiles=(0.5,))
    assert single.quantiles == {0.5: 7.0} and np.isnan(single.sd)
    with pytest.raises(ValueError):
        game_length_summary([])


@given(arrays(np.int64, st.integers(1, 200), elements=st.integers(1, 10_000)))
def test_game_length_summary_properties(lengths):
    got = game_length_summary(lengths)
    values = list(got.quantiles.values())
    assert got.min <= values[0] and values[-1] <= got.max
    assert values == sorted(values)
    assert got.min <= got.mean <= got.max


def test_narrow_and_categorical_dtypes_are_accepted():
    shares = np.eye(3)[[0, 1, 2, 0, 0, 1]]
    shares[5] = [0.5, 0.5, 0]
    df = records(shares, 3, scores=np.arange(18).reshape(6, 3)).with_columns(
        pl.col("seat").cast(pl.Int8),
        pl.col("n_players").cast(pl.Int8),
        pl.col("win_share").cast(pl.Float32),
        pl.col("score").cast(pl.Int16),
        pl.lit("x").cast(pl.Categorical).alias("variant"),
    )
    # Seat 0 wins games 0, 3, 4 and half of game 5: share 3.5 / 6.
    assert win_bias(df, by=("variant",))["max_deviation"][0] == pytest.approx(3.5 / 6 - 1 / 3)
    assert tie_rate(df).estimate == pytest.approx(1 / 6)
    # Game g scores 3g, 3g+1, 3g+2: margin 1 / (6g + 3).
    assert closeness(df).estimate == pytest.approx(np.mean(1 / (6 * np.arange(6) + 3)))
