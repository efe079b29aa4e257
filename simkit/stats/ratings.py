"""Plackett–Luce and Bradley–Terry strengths from game results, by maximum likelihood."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np
import polars as pl

from .intervals import z_value

if TYPE_CHECKING:
    from scipy import sparse

__all__ = ["bradley_terry", "plackett_luce"]


def _fit(
    risk: sparse.csr_matrix,
    winners: sparse.csr_matrix,
    weight: np.ndarray,
    prior: float,
    tol: float,
    max_iter: int,
    stage_cluster: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Centred log-strengths and their covariance for choice stages.

    Row t of ``risk`` counts each policy's entrants still unplaced at stage t,
    row t of ``winners`` the fractional wins credited at that stage, and
    ``weight`` is the stage multiplicity. ``prior > 0`` adds, per policy,
    ``prior`` virtual drawn games against a reference of strength 1.
    ``stage_cluster`` (a cluster code per stage) makes the covariance the
    cluster-robust sandwich instead of the inverse information.
    """
    from scipy import optimize, sparse
    from scipy.sparse.csgraph import connected_components

    k = risk.shape[1]
    data_risk, data_winners, data_weight = risk, winners, weight
    if prior > 0:
        virtual = sparse.hstack([sparse.identity(k), np.ones((k, 1))]).tocsr()
        risk = sparse.vstack([sparse.hstack([risk, np.zeros((risk.shape[0], 1))]), virtual]).tocsr()
        winners = sparse.vstack(
            [sparse.hstack([winners, np.zeros((winners.shape[0], 1))]), virtual * 0.5]
        ).tocsr()
        weight = np.concatenate([weight, np.full(k, prior)])
    else:
        beats = (winners.T @ risk).tocsr()
        if connected_components(beats, directed=True, connection="strong")[0] > 1:
            raise ValueError(
                "strengths are not identifiable: some policies never beat another group; "
                "pass prior > 0 to regularise"
            )
    # Maximise the log-likelihood sum_t w_t [sum_j c_tj theta_j - C_t log sum_{i in risk_t} exp(theta_i)]
    # (quasi-Newton: it converges in a few dozen steps even when strengths differ by orders of magnitude,
    # where the MM iteration creeps).
    n_par = risk.shape[1]
    wins = np.asarray(winners.T @ weight).ravel()
    stage_credit = np.asarray(winners.sum(axis=1)).ravel() * weight

    def negative_log_likelihood(theta_free):
        theta_all = np.append(theta_free, 0.0) if prior > 0 else theta_free
        shift = theta_all.max()
        exp_theta = np.exp(theta_all - shift)
        total = risk @ exp_theta
        value = wins @ theta_all - stage_credit @ (np.log(total) + shift)
        grad = wins - exp_theta * (risk.T @ (stage_credit / total))
        return -value, -(grad[:k] if prior > 0 else grad)

    result = optimize.minimize(negative_log_likelihood, np.zeros(k), jac=True, method="L-BFGS-B",
                               options={"maxiter": max_iter, "gtol": tol, "ftol": 1e-15})

    def full(theta_free):
        return np.exp(np.append(theta_free, 0.0) if prior > 0 else theta_free)

    def information(gamma):
        """Observed information: sum over stages of credit * (diag(p) - p p^T)."""
        p = (sparse.diags(1.0 / (risk @ gamma)) @ risk @ sparse.diags(gamma))[:, :k]
        info = np.diag(np.asarray(p.T @ stage_credit).ravel()) - (p.T @ sparse.diags(stage_credit) @ p).toarray()
        if prior == 0:
            info += 1.0 / k  # fills the null direction (all ones); the centring below removes it again
        return info

    theta = result.x
    for _ in range(50):  # Newton steps polish the quasi-Newton optimum to machine precision
        step = np.linalg.solve(information(full(theta)), -negative_log_likelihood(theta)[1])
        theta = theta + step
        if np.max(np.abs(step)) < 1e-13:
            break
    # Judge convergence at the polished point: the quasi-Newton stage may stop early (e.g. an abnormal line
    # search from rounding noise) at a point the Newton steps then finish from.
    gradient = negative_log_likelihood(theta)[1]
    if not np.all(np.isfinite(theta)) or np.max(np.abs(gradient)) > 1e-6 * max(1.0, float(stage_credit.sum())):
        raise RuntimeError(f"Plackett-Luce fit did not converge (quasi-Newton: {result.message})")
    assert len(full(theta)) == n_par
    info = information(full(theta))
    centre = np.eye(k) - 1.0 / k
    bread = np.linalg.inv(info)
    if stage_cluster is not None:
        bread = bread @ _cluster_meat(data_risk, data_winners, data_weight, full(theta)[:k], stage_cluster) @ bread
    return theta - theta.mean(), centre @ bread @ centre


def _cluster_meat(risk, winners, weight, gamma, stage_cluster: np.ndarray) -> np.ndarray:
    """Sum over clusters of the outer product of the cluster's score (log-likelihood gradient), with the small-sample
    factor C / (C - 1): the middle of the cluster-robust sandwich covariance."""
    from scipy import sparse

    p = sparse.diags(1.0 / (risk @ gamma)) @ risk @ sparse.diags(gamma)
    credit = np.asarray(winners.sum(axis=1)).ravel()
    scores = sparse.diags(weight) @ (winners - sparse.diags(credit) @ p)
    codes, which = np.unique(stage_cluster, return_inverse=True)
    if len(codes) < 2:
        raise ValueError("a cluster-robust covariance needs at least two clusters")
    membership = sparse.csr_matrix((np.ones(len(which)), (which, np.arange(len(which)))),
                                   shape=(len(codes), len(which)))
    per_cluster = np.asarray((membership @ scores).todense())
    return per_cluster.T @ per_cluster * len(codes) / (len(codes) - 1)


def _table(labels, theta, cov, games, confidence) -> pl.DataFrame:
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    half = z_value(confidence) * se
    return pl.DataFrame(
        {
            "policy": list(labels),
            "log_strength": theta,
            "se": se,
            "lo": theta - half,
            "hi": theta + half,
            "games": games,
        }
    ).sort("log_strength", descending=True)


def plackett_luce(
    df: pl.DataFrame,
    game_col: str = "game",
    policy_col: str = "policy",
    rank_col: str = "rank",
    confidence: float = 0.95,
    prior: float = 0.0,
    tol: float = 1e-10,
    max_iter: int = 100_000,
    cluster_col: str | None = None,
) -> pl.DataFrame:
    """Plackett–Luce log-strengths per policy from finishing ranks (1 = best).

    Each game is a sequence of choices from the still-unplaced entrants. Ties
    are split: a group of d entrants sharing a rank is one choice stage in
    which each member is credited 1/d of a win, after which the whole group
    leaves the risk set (a 2-player draw is half a win each, as in
    Bradley–Terry). A policy may fill several seats of one game.

    Returns ``policy, log_strength, se, lo, hi, games`` sorted by strength.
    Log-strengths are centred to mean 0; intervals are Wald intervals from
    the observed Fisher information under that constraint. Raises
    ``ValueError`` if the strengths are not identifiable (e.g. a policy
    never loses) unless ``prior > 0``, which adds ``prior`` virtual drawn
    games of every policy against a reference of log-strength 0.

    With ``cluster_col`` (constant within a game, e.g. the deal whose seat
    rotations share a seed) games of one cluster are dependent: the intervals
    are then from the cluster-robust (sandwich) covariance over clusters
    instead of the observed information, which counts games as independent.
    """
    from scipy import sparse

    data = df.select(
        game=pl.col(game_col),
        policy=pl.col(policy_col).cast(pl.String),
        rank=pl.col(rank_col),
        cluster=pl.col(cluster_col) if cluster_col else pl.lit(0),
    )
    labels = sorted(data["policy"].unique().to_list())
    data = data.with_columns(idx=pl.col("policy").replace_strict(labels, range(len(labels))))
    levels = data.select("game", level="rank").unique(maintain_order=True)
    members = (
        data.join(levels, on="game", maintain_order="left")
        .filter(pl.col("rank") >= pl.col("level"))
        .with_columns(
            size=pl.len().over("game", "level"),
            tied=(pl.col("rank") == pl.col("level")).sum().over("game", "level"),
        )
        .filter(pl.col("size") > 1)
    )
    stages = members.select("game", "level", "cluster").unique(["game", "level"], maintain_order=True)
    stages = stages.with_row_index("stage")
    members = members.join(stages.drop("cluster"), on=["game", "level"], maintain_order="left")
    shape = (stages.height, len(labels))
    rows, cols = members["stage"].to_numpy(), members["idx"].to_numpy()
    risk = sparse.csr_matrix((np.ones(len(rows)), (rows, cols)), shape=shape)
    won = (members["rank"] == members["level"]).to_numpy()
    credit = 1.0 / members["tied"].to_numpy()[won]
    winners = sparse.csr_matrix((credit, (rows[won], cols[won])), shape=shape)
    clusters = stages["cluster"].to_numpy() if cluster_col else None
    theta, cov = _fit(risk, winners, np.ones(shape[0]), prior, tol, max_iter, clusters)
    games = data.select("game", "idx").unique().group_by("idx").len().sort("idx")["len"]
    return _table(labels, theta, cov, games.cast(pl.Int64), confidence)


def bradley_terry(
    wins,
    policies: Sequence[str],
    confidence: float = 0.95,
    prior: float = 0.0,
    tol: float = 1e-10,
    max_iter: int = 100_000,
) -> pl.DataFrame:
    """Bradley–Terry log-strengths from a pairwise matrix ``wins[i, j]`` = wins of i over j.

    Wins may be fractional (a draw adds 0.5 to both cells); the diagonal is
    ignored. Same output and conventions as :func:`plackett_luce`, of which
    this is the 2-player case, except that ``games`` (total decisions per
    policy) is a float.
    """
    from scipy import sparse

    k = len(policies)
    w = np.array(wins, dtype=float)
    if w.shape != (k, k) or np.any(w < 0):
        raise ValueError("wins must be a non-negative square matrix matching policies")
    np.fill_diagonal(w, 0.0)
    i, j = np.nonzero(np.triu(w + w.T, 1))
    stage = np.arange(i.size)
    shape = (i.size, k)
    ones = np.ones(i.size)
    risk = sparse.csr_matrix((np.r_[ones, ones], (np.r_[stage, stage], np.r_[i, j])), shape=shape)
    n = w[i, j] + w[j, i]
    share = np.r_[w[i, j], w[j, i]] / np.r_[n, n]
    winners = sparse.csr_matrix((share, (np.r_[stage, stage], np.r_[i, j])), shape=shape)
    winners.eliminate_zeros()
    theta, cov = _fit(risk, winners, n, prior, tol, max_iter)
    return _table(policies, theta, cov, (w + w.T).sum(axis=1), confidence)
