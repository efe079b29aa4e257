import numpy as np
import polars as pl
import pytest

from simkit.stats import clustered_mean, mean_interval


def test_a_cluster_counts_once():
    # deal 0 has three rows, deals 1 and 2 one each: the estimate is the mean of the deal means
    df = pl.DataFrame({"group": ["a"] * 5, "deal": [0, 0, 0, 1, 2], "x": [1.0, 1.0, 4.0, 0.0, 5.0]})
    row = clustered_mean(df, "x", "deal", ["group"]).row(0, named=True)
    ci = mean_interval(np.array([2.0, 0.0, 5.0]))
    assert row["clusters"] == 3
    assert row["estimate"] == pytest.approx(7 / 3)
    assert (row["lo"], row["hi"], row["halfwidth"]) == pytest.approx((ci.lo, ci.hi, ci.halfwidth))


def test_groups_are_sorted_and_independent_of_row_order():
    rng = np.random.default_rng(3)
    df = pl.DataFrame({"g": rng.integers(0, 3, 300), "deal": rng.integers(0, 40, 300), "x": rng.normal(size=300)})
    a = clustered_mean(df, "x", "deal", ["g"])
    b = clustered_mean(df.sample(fraction=1.0, shuffle=True, seed=1), "x", "deal", ["g"])
    assert a["g"].to_list() == [0, 1, 2]
    assert np.allclose(a["estimate"], b["estimate"]) and np.allclose(a["lo"], b["lo"])
    for g, row in zip(a["g"], a.iter_rows(named=True)):
        means = df.filter(pl.col("g") == g).group_by("deal").agg(pl.col("x").mean()).sort("deal")["x"].to_numpy()
        assert row["estimate"] == pytest.approx(means.mean()) and row["clusters"] == len(means)


def test_needs_a_group_column():
    with pytest.raises(ValueError):
        clustered_mean(pl.DataFrame({"deal": [0, 1], "x": [1.0, 2.0]}), "x", "deal", [])
