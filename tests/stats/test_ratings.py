import numpy as np
import polars as pl
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy import optimize

from simkit.stats import bradley_terry, plackett_luce

POLICIES = ["alpha", "beta", "gamma", "delta"]


def bt_by_scipy(wins):
    """Bradley-Terry MLE from a win matrix by direct optimisation; centred log-strengths."""
    k = wins.shape[0]

    def nll(free):
        theta = np.r_[0.0, free]
        log_p = theta[:, None] - np.logaddexp(theta[:, None], theta[None, :])
        return -np.sum(wins * log_p)

    res = optimize.minimize(nll, np.zeros(k - 1), method="BFGS", options={"gtol": 1e-10})
    theta = np.r_[0.0, res.x]
    return theta - theta.mean()


def choice_stages(games, k=4):
    """Every informative choice in the documented tie convention, as dense matrices.

    Each rank group is one choice from the unplaced entrants, its d tied members
    sharing 1/d of it. Returns (credit, risk): stages x policies.
    """
    credit, risk = [], []
    for entrants in games:  # list of (policy index, rank)
        for level in sorted({r for _, r in entrants}):
            unplaced = [p for p, r in entrants if r >= level]
            if len(unplaced) > 1:
                tied = [p for p, r in entrants if r == level]
                credit.append(np.bincount(tied, minlength=k) / len(tied))
                risk.append(np.bincount(unplaced, minlength=k))
    return np.array(credit), np.array(risk, dtype=float)


def split_tie_loglik(theta, stages):
    credit, risk = stages
    return np.sum(credit @ theta) - np.sum(np.log(risk @ np.exp(theta)))


def to_frame(games):
    rows = [(g, POLICIES[p], r) for g, entrants in enumerate(games) for p, r in entrants]
    return pl.DataFrame(rows, schema=["game", "policy", "rank"], orient="row")


def simulate_pl(rng, strengths, n_games, sizes=(2, 3, 4), tie_prob=0.0):
    """Games drawn from Plackett-Luce (Gumbel trick); policies may fill several seats."""
    games = []
    for _ in range(n_games):
        n = rng.choice(sizes)
        pols = rng.choice(len(strengths), size=n)
        order = np.argsort(-(strengths[pols] + rng.gumbel(size=n)))
        ranks = np.empty(n, int)
        ranks[order] = np.arange(1, n + 1)
        if rng.random() < tie_prob:  # merge the two best into a shared first place
            ranks[ranks == 2] = 1
            ranks[ranks > 2] -= 1
        games.append(list(zip(pols.tolist(), ranks.tolist())))
    return games


def by_policy(frame, column="log_strength"):
    return np.array([frame.filter(pl.col("policy") == p)[column][0] for p in POLICIES])


def two_player_games(wins, draws):
    games = []
    for i in range(4):
        for j in range(4):
            games += [[(i, 1), (j, 2)]] * int(wins[i, j])
            if i < j:
                games += [[(i, 1), (j, 1)]] * int(draws[i, j])
    return games


def test_two_player_pl_equals_scipy_bradley_terry_with_draws():
    wins = np.array([[0, 12, 9, 15], [5, 0, 7, 11], [4, 6, 0, 8], [2, 3, 5, 0]])
    draws = np.triu(np.array([[0, 2, 1, 3], [0, 0, 4, 0], [0, 0, 0, 2], [0, 0, 0, 0]]))
    games = two_player_games(wins, draws)
    bt_wins = wins + 0.5 * (draws + draws.T)  # a draw is half a win each
    expected = bt_by_scipy(bt_wins)
    pl_fit = plackett_luce(to_frame(games))
    np.testing.assert_allclose(by_policy(pl_fit), expected, atol=1e-6)
    bt_fit = bradley_terry(bt_wins, POLICIES)
    np.testing.assert_allclose(by_policy(bt_fit), expected, atol=1e-6)
    np.testing.assert_allclose(by_policy(bt_fit, "se"), by_policy(pl_fit, "se"), rtol=1e-6)
    assert by_policy(pl_fit, "games").tolist() == (wins + wins.T + draws + draws.T).sum(1).tolist()
    strengths = pl_fit["log_strength"].to_list()
    assert strengths == sorted(strengths, reverse=True)


@settings(max_examples=30, deadline=None)
@given(arrays(np.float64, (4, 4), elements=st.floats(0.5, 50)))
def test_bradley_terry_matches_scipy(wins):
    np.fill_diagonal(wins, 0)
    got = by_policy(bradley_terry(wins, POLICIES))
    np.testing.assert_allclose(got, bt_by_scipy(wins), atol=1e-5)
    assert got.sum() == pytest.approx(0, abs=1e-9)


def test_multiplayer_with_ties_matches_direct_likelihood_and_hessian():
    rng = np.random.default_rng(3)
    games = simulate_pl(rng, np.array([0.8, 0.2, -0.3, -0.7]), 300, tie_prob=0.2)
    fit = plackett_luce(to_frame(games))
    stages = choice_stages(games)

    def nll(free):
        return -split_tie_loglik(np.r_[0.0, free], stages)

    res = optimize.minimize(nll, np.zeros(3), method="BFGS", options={"gtol": 1e-9})
    theta = np.r_[0.0, res.x]
    np.testing.assert_allclose(by_policy(fit), theta - theta.mean(), atol=1e-5)

    # Observed information by finite differences, covariance of the centred parameters.
    centre_theta, h = by_policy(fit), 1e-4
    info = np.empty((4, 4))
    for a in range(4):
        for b in range(4):
            ea, eb = np.eye(4)[a] * h, np.eye(4)[b] * h
            info[a, b] = -(
                split_tie_loglik(centre_theta + ea + eb, stages)
                - split_tie_loglik(centre_theta + ea - eb, stages)
                - split_tie_loglik(centre_theta - ea + eb, stages)
                + split_tie_loglik(centre_theta - ea - eb, stages)
            ) / (4 * h * h)
    centre = np.eye(4) - 0.25
    se = np.sqrt(np.diag(centre @ np.linalg.pinv(info) @ centre))
    np.testing.assert_allclose(by_policy(fit, "se"), se, rtol=1e-4)
    half = 1.959964 * by_policy(fit, "se")
    np.testing.assert_allclose(by_policy(fit, "hi") - by_policy(fit), half, rtol=1e-6)


def test_recovers_known_strengths():
    truth = np.array([1.0, 0.3, -0.2, -1.1])
    games = simulate_pl(np.random.default_rng(11), truth, 4000)
    fit = plackett_luce(to_frame(games))
    est, se = by_policy(fit), by_policy(fit, "se")
    assert np.all(np.abs(est - (truth - truth.mean())) < 4 * se)
    assert np.all(se < 0.06)
    assert fit["policy"].to_list() == POLICIES


def test_interval_coverage_is_roughly_nominal():
    truth = np.array([0.5, 0.0, 0.0, -0.5])
    rng = np.random.default_rng(5)
    inside = []
    for _ in range(40):
        fit = plackett_luce(to_frame(simulate_pl(rng, truth, 150)))
        inside += list((by_policy(fit, "lo") <= truth) & (truth <= by_policy(fit, "hi")))
    assert 0.88 <= np.mean(inside) <= 0.99


def test_row_order_and_label_types_do_not_matter():
    games = simulate_pl(np.random.default_rng(8), np.array([0.4, 0.1, 0.0, -0.5]), 200)
    frame = to_frame(games)
    a = plackett_luce(frame)
    for seed in range(5):
        shuffled = frame.sample(fraction=1.0, shuffle=True, seed=seed).rename(
            {"game": "g", "policy": "who", "rank": "place"}
        )
        b = plackett_luce(shuffled, game_col="g", policy_col="who", rank_col="place")
        np.testing.assert_allclose(by_policy(a), by_policy(b), atol=1e-9)
        np.testing.assert_allclose(by_policy(a, "se"), by_policy(b, "se"), rtol=1e-9)


def test_categorical_policy_and_narrow_rank_dtypes():
    games = simulate_pl(np.random.default_rng(4), np.array([0.4, 0.1, 0.0, -0.5]), 100)
    frame = to_frame(games)
    narrow = frame.with_columns(pl.col("policy").cast(pl.Categorical), pl.col("rank").cast(pl.Int8))
    np.testing.assert_allclose(by_policy(plackett_luce(narrow)), by_policy(plackett_luce(frame)))


def test_undefeated_policy_needs_prior():
    others = [[(1, 1), (2, 2)], [(2, 1), (1, 2)], [(3, 1), (2, 2)], [(1, 1), (3, 2)]]
    games = [[(0, 1), (1, 2)]] * 10 + others  # alpha never loses
    with pytest.raises(ValueError, match="not identifiable"):
        plackett_luce(to_frame(games))
    fit = plackett_luce(to_frame(games), prior=1.0)
    assert fit["policy"][0] == "alpha"
    assert np.all(np.isfinite(fit["log_strength"].to_numpy()))
    assert np.all(np.isfinite(fit["se"].to_numpy()))
    assert fit["log_strength"].sum() == pytest.approx(0, abs=1e-9)


def test_prior_shrinks_towards_zero():
    wins = np.array([[0, 30, 20, 25], [10, 0, 15, 12], [8, 10, 0, 9], [5, 6, 7, 0]], dtype=float)
    fits = [bradley_terry(wins, POLICIES, prior=p) for p in (0, 5, 50)]
    spread = [np.ptp(fit["log_strength"].to_numpy()) for fit in fits]
    assert spread[0] > spread[1] > spread[2] > 0


def simulated_games(n_games: int, seed: int = 7) -> pl.DataFrame:
    """4-player games of the four policies under Plackett-Luce strengths 0, 0.3, 0.6, 0.9 (Gumbel trick)."""
    rng = np.random.default_rng(seed)
    utility = np.array([0.0, 0.3, 0.6, 0.9]) + rng.gumbel(size=(n_games, 4))
    ranks = (-utility).argsort(axis=1).argsort(axis=1) + 1
    return pl.DataFrame({"game": np.repeat(np.arange(n_games), 4), "policy": POLICIES * n_games,
                         "rank": ranks.ravel()})


def test_cluster_robust_intervals_match_wald_on_independent_games_and_see_duplicates():
    games = simulated_games(1500)
    wald = plackett_luce(games).sort("policy")
    alone = plackett_luce(games.with_columns(deal=pl.col("game")), cluster_col="deal").sort("policy")
    assert np.allclose(alone["log_strength"], wald["log_strength"])
    assert np.allclose(alone["se"], wald["se"], rtol=0.1)  # each game its own cluster: about the Wald se
    copied = pl.concat([games, games.with_columns(pl.col("game") + 10_000)]).with_columns(
        deal=pl.col("game") % 10_000)  # every game played twice in one deal: no new information
    naive = plackett_luce(copied).sort("policy")
    robust = plackett_luce(copied, cluster_col="deal").sort("policy")
    assert np.allclose(naive["se"] * np.sqrt(2), wald["se"])
    assert np.allclose(robust["se"], alone["se"], rtol=1e-3)
