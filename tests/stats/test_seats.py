import numpy as np
import polars as pl
import pytest
from scipy import stats

from simkit.stats import seat_advantage, wilson_interval


def records(winner_shares, n_players, **extra):
    """One row per (game, seat) from a games x seats array of win shares."""
    shares = np.asarray(winner_shares, dtype=float)
    games, seats = np.indices(shares.shape)
    return pl.DataFrame(
        {
            "game": games.ravel(),
            "seat": seats.ravel(),
            "win_share": shares.ravel(),
            "n_players": n_players,
            **extra,
        }
    )


def one_hot(winners, n_players):
    return np.eye(n_players)[winners]


def test_two_player_textbook_chi_square():
    # Seat 0 wins 60 of 100: X^2 = (60-50)^2/50 + (40-50)^2/50 = 4 on 1 df, p = 0.0455.
    df = records(one_hot([0] * 60 + [1] * 40, 2), 2)
    out = seat_advantage(df)
    assert out.columns == [
        "n_players", "seat", "games", "wins", "win_share", "lo", "hi", "fair_share", "p_value",
    ]
    assert out["seat"].to_list() == [0, 1]
    assert out["games"].to_list() == [100, 100]
    assert out["win_share"].to_list() == pytest.approx([0.6, 0.4])
    assert out["fair_share"].to_list() == [0.5, 0.5]
    assert out["p_value"].to_list() == pytest.approx([0.0455003] * 2, rel=1e-5)
    assert (out["lo"][0], out["hi"][0]) == pytest.approx(wilson_interval(60, 100))


def test_split_ties_and_groups_against_scipy():
    rng = np.random.default_rng(0)
    three = one_hot(rng.choice(3, size=300, p=[0.5, 0.3, 0.2]), 3)
    three[:10] = 1 / 3  # ten three-way ties
    four = one_hot(rng.choice(4, size=80), 4)
    four[:6] = [0.5, 0.5, 0, 0]
    df = pl.concat([records(three, 3), records(four, 4).with_columns(pl.col("game") + 1000)])
    out = seat_advantage(df)
    for n, shares in [(3, three), (4, four)]:
        part = out.filter(pl.col("n_players") == n)
        wins = shares.sum(axis=0)
        assert part["wins"].to_list() == pytest.approx(list(wins))
        assert part["fair_share"].to_list() == pytest.approx([1 / n] * n)
        ref = stats.chisquare(wins, np.full(n, len(shares) / n)).pvalue
        assert part["p_value"].to_list() == pytest.approx([ref] * n)
        lo, hi = wilson_interval(wins, np.full(n, len(shares)))
        assert part["lo"].to_list() == pytest.approx(list(lo))
        assert part["hi"].to_list() == pytest.approx(list(hi))
    assert out.filter(pl.col("n_players") == 3)["p_value"][0] < 1e-3


def test_extra_grouping_columns():
    fair = records(one_hot(np.arange(200) % 2, 2), 2, variant="a")
    biased = records(one_hot(np.zeros(200, int), 2), 2, variant="b")
    out = seat_advantage(pl.concat([fair, biased]), by=("variant",))
    assert out.columns[:3] == ["variant", "n_players", "seat"]
    assert out.filter(pl.col("variant") == "a")["p_value"].to_list() == [1.0, 1.0]
    assert out.filter(pl.col("variant") == "b")["p_value"][0] < 1e-10


def test_unequal_exposure_uses_games_per_seat():
    # Seat 2 only filled in half the games; expected wins are proportional to games played.
    df = pl.DataFrame(
        {
            "seat": [0, 1, 2] * 4 + [0, 1] * 4,
            "win_share": [1.0, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0] + [1.0, 0, 0, 1, 1, 0, 0, 1],
            "n_players": 3,
        }
    )
    out = seat_advantage(df)
    assert out["games"].to_list() == [8, 8, 4]
    wins = np.array([4.0, 3.0, 1.0])
    ref = stats.chisquare(wins, wins.sum() * np.array([8, 8, 4]) / 20).pvalue
    assert out["p_value"][0] == pytest.approx(ref)


def test_fair_simulated_game_is_not_flagged():
    winners = np.random.default_rng(7).integers(0, 4, size=4000)
    out = seat_advantage(records(one_hot(winners, 4), 4))
    assert out["p_value"][0] > 0.01
    assert all(lo <= 0.25 <= hi for lo, hi in zip(out["lo"], out["hi"]))


def test_clustered_two_seat_test_is_the_paired_t_test_over_clusters():
    """With two seats Hotelling's T² is the square of the one-sample t of the per-cluster seat difference."""
    rng = np.random.default_rng(3)
    winners = rng.choice(2, size=(120, 2), p=[0.6, 0.4])  # 120 deals of two games
    df = records(one_hot(winners.ravel(), 2), 2).with_columns(deal=pl.col("game") // 2)
    out = seat_advantage(df, cluster_col="deal")
    per_deal = one_hot(winners.ravel(), 2).reshape(120, 2, 2).mean(axis=1)
    ref = stats.ttest_1samp(per_deal[:, 0] - per_deal[:, 1], 0.0).pvalue
    assert out["p_value"].to_list() == pytest.approx([ref, ref], rel=1e-9)
    assert out["games"].to_list() == [240, 240]  # the counts and intervals do not change
    assert out.drop("p_value").equals(seat_advantage(df).drop("p_value"))
