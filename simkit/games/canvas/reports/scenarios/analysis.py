"""The Canvas scenario report's analysis: its tables, computed from the played frames (solo, multi, map) only."""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Sequence

import numpy as np
import polars as pl
from scipy import stats as sps

from simkit.games.canvas.rules.components import SCORING_CONDITIONS, load_scoring_cards
from simkit.games.canvas.reports.scenarios.play import (CARD_COLUMNS, LEVELS, MASTER_SEED, MODES, Scenario,
                                                        Settings)
from simkit.stats import holm, mean_interval, paired_difference, seat_advantage, wilson_interval

GROUP_ORDER = {"simplified": 1, "standard": 2, "complex": 3}
MAP_THRESHOLD = 30  # the difficulty map's probability: P(score >= 30), the Normal band
ACHIEVEMENTS = (  # spec §8, in the rulebook's order: (column, description)
    ("all_conditions_one_painting", "one painting meets all 4 scoring conditions (4-card scenarios only)"),
    ("grey4_one_painting", "4 grey ribbons from one painting"),
    ("ribbons7_one_painting", "7+ ribbons obtained from one painting (grey included; ribbons lost to a full "
                              "track do not count)"),
    ("same_element5_one_painting", "5 identical Elements in one painting"),
    ("max_ribbons_all_cards", "the maximum ribbons of every scoring card in play"),
    ("grey7_game", "7+ grey ribbons in a game"),
    ("ribbons14_game", "14+ ribbons in a game (all held ribbons, grey included)"),
    ("points40", "40+ points"),
    ("above47", "more than the designers' best (47)"),
)
TARGET_HALFWIDTH = {"greedy": 0.015, "planner": 0.015, "search": 0.03}


def _wilson(successes, n) -> tuple[float, float, float]:
    if n == 0:
        return float("nan"), 0.0, 1.0
    lo, hi = wilson_interval(successes, n)
    return successes / n, lo, hi


def _mean_ci(values) -> tuple[float, float, float]:
    a = np.asarray(values, float)
    if a.size == 0:
        return float("nan"), float("nan"), float("nan")
    if a.size < 2:
        return float(a.mean()), float("nan"), float("nan")
    ci = mean_interval(a)
    return ci.estimate, ci.lo, ci.hi


# ---- analysis ----------------------------------------------------------------------------------------------------

def _scenario_frame(scenarios: Sequence[Scenario]) -> pl.DataFrame:
    return pl.DataFrame({"scenario": [s.name for s in scenarios], "group": [s.group for s in scenarios],
                         "scoring_cards_rule": [s.cards_text for s in scenarios],
                         "n_cards": [s.n_cards for s in scenarios], "target": [s.target for s in scenarios],
                         "order": list(range(len(scenarios)))}, schema_overrides={"n_cards": pl.Int8})


def with_achievements(solo: pl.DataFrame, n_cards: dict[str, int]) -> pl.DataFrame:
    """Solo rows plus one boolean column per achievement (spec §8); null where it does not apply."""
    sc = load_scoring_cards()
    track = {col: int(sc.track_len[i]) for i, col in enumerate(CARD_COLUMNS)}
    at_max = pl.all_horizontal([pl.col(c).is_null() | (pl.col(c) == track[c]) for c in CARD_COLUMNS])
    held = pl.sum_horizontal([pl.col(c).cast(pl.Int32) for c in CARD_COLUMNS]) + pl.col("grey_ribbons")
    four = pl.col("scenario").replace_strict(n_cards, return_dtype=pl.Int8) == 4
    return solo.with_columns(
        all_conditions_one_painting=pl.when(four).then(pl.col("best_painting_conditions") == 4),
        grey4_one_painting=pl.col("best_painting_grey") >= 4,
        ribbons7_one_painting=pl.col("best_painting_ribbons") >= 7,
        same_element5_one_painting=pl.col("best_painting_same_element") >= 5,
        max_ribbons_all_cards=at_max,
        grey7_game=pl.col("grey_ribbons") >= 7,
        ribbons14_game=held >= 14,
        points40=pl.col("score") >= 40,
        above47=pl.col("score") > 47,
    )


def solo_summary(solo: pl.DataFrame, meta: pl.DataFrame) -> pl.DataFrame:
    rows = []
    for (scenario, mode, level), g in solo.group_by("scenario", "mode", "level", maintain_order=True):
        x = g["score"].to_numpy().astype(float)
        m, lo, hi = _mean_ci(x)
        rows.append({"scenario": scenario, "mode": mode, "level": level, "n": len(x), "mean": m, "mean_lo": lo,
                     "mean_hi": hi, "sd": float(x.std(ddof=1)) if len(x) > 1 else float("nan"),
                     "p10": float(np.quantile(x, 0.1)), "median": float(np.median(x)),
                     "p90": float(np.quantile(x, 0.9)), "min": int(x.min()), "max": int(x.max())})
    return pl.DataFrame(rows).join(meta.select("scenario", "group", "target"), on="scenario", maintain_order="left")


def reach_table(solo: pl.DataFrame, meta: pl.DataFrame, bands: Sequence[int]) -> pl.DataFrame:
    """P(score >= threshold) with Wilson intervals: the scenario's target and every solo band."""
    targets = dict(meta.select("scenario", "target").iter_rows())
    rows = []
    for (scenario, mode, level), g in solo.group_by("scenario", "mode", "level", maintain_order=True):
        x = g["score"].to_numpy()
        for kind, t in (("target", targets[scenario]), *(("band", b) for b in bands)):
            k = int((x >= t).sum())
            p, lo, hi = _wilson(k, len(x))
            rows.append({"scenario": scenario, "mode": mode, "level": level, "kind": kind, "threshold": t,
                         "n": len(x), "successes": k, "p": p, "lo": lo, "hi": hi, "halfwidth": (hi - lo) / 2})
    return pl.DataFrame(rows)


def achievement_table(solo_a: pl.DataFrame) -> pl.DataFrame:
    rows = []
    for (scenario, mode, level), g in solo_a.group_by("scenario", "mode", "level", maintain_order=True):
        for col, text in ACHIEVEMENTS:
            v = g[col].drop_nulls()
            if len(v) == 0:
                rows.append({"scenario": scenario, "mode": mode, "level": level, "achievement": col,
                             "description": text, "n": 0, "successes": 0, "p": None, "lo": None, "hi": None,
                             "halfwidth": None})
                continue
            k = int(v.sum())
            p, lo, hi = _wilson(k, len(v))
            rows.append({"scenario": scenario, "mode": mode, "level": level, "achievement": col,
                         "description": text, "n": len(v), "successes": k, "p": p, "lo": lo, "hi": hi,
                         "halfwidth": (hi - lo) / 2})
    return pl.DataFrame(rows, schema_overrides={"p": pl.Float64, "lo": pl.Float64, "hi": pl.Float64,
                                                "halfwidth": pl.Float64})


def ribbon_table(solo: pl.DataFrame) -> pl.DataFrame:
    """Mean ribbons held per scoring card in play, per solo game (capped at the track, as held)."""
    sc = load_scoring_cards()
    rows = []
    for (scenario, mode, level), g in solo.group_by("scenario", "mode", "level", maintain_order=True):
        for i, col in enumerate(CARD_COLUMNS):
            v = g[col].drop_nulls().to_numpy().astype(float)
            if len(v) == 0:
                continue
            m, lo, hi = _mean_ci(v)
            rows.append({"scenario": scenario, "mode": mode, "level": level, "card": SCORING_CONDITIONS[i],
                         "track_len": int(sc.track_len[i]), "games_in_play": len(v), "mean": m, "lo": lo,
                         "hi": hi, "share_at_max": float((v == sc.track_len[i]).mean())})
    return pl.DataFrame(rows)


def ladder_table(solo: pl.DataFrame) -> pl.DataFrame:
    """Paired (same seed) mean-score differences up the skill ladder, per scenario and mode."""
    rows = []
    for (scenario, mode), g in solo.group_by("scenario", "mode", maintain_order=True):
        score = {lv: dict(zip(*g.filter(pl.col("level") == lv).select("game_index", "score")
                             .get_columns())) for lv in LEVELS}
        means = {lv: float(np.mean(list(score[lv].values()))) for lv in LEVELS}
        for low, high in (("greedy", "planner"), ("planner", "search")):
            common = sorted(set(score[low]) & set(score[high]))
            r = paired_difference([score[high][i] for i in common], [score[low][i] for i in common])
            rows.append({"scenario": scenario, "mode": mode, "comparison": f"{high} - {low}",
                         "n_pairs": r.n, "diff": r.mean_diff, "lo": r.lo, "hi": r.hi, "p_value": r.p_value,
                         "mean_greedy": means["greedy"], "mean_planner": means["planner"],
                         "mean_search": means["search"]})
    out = pl.DataFrame(rows)
    out = out.with_columns(p_holm=pl.Series(holm(out["p_value"].to_numpy())))
    return out.with_columns(verdict=pl.when(pl.col("lo") > 0).then(pl.lit("holds"))
                            .when(pl.col("hi") < 0).then(pl.lit("reversed")).otherwise(pl.lit("unresolved")))


def multiplayer_tables(multi: pl.DataFrame) -> tuple[pl.DataFrame, pl.DataFrame]:
    per_game = (multi.group_by("scenario", "n_players", "game_index", maintain_order=True)
                .agg(pl.col("score").sort(descending=True).alias("s"))
                .with_columns(winner=pl.col("s").list.get(0), runner_up=pl.col("s").list.get(1))
                .with_columns(margin=pl.col("winner") - pl.col("runner_up")))
    rows = []
    for (scenario, k), g in per_game.group_by("scenario", "n_players", maintain_order=True):
        w = _mean_ci(g["winner"].to_numpy())
        mg = _mean_ci(g["margin"].to_numpy())
        ties = int((g["margin"] == 0).sum())
        t = _wilson(ties, len(g))
        rows.append({"scenario": scenario, "n_players": int(k), "games": len(g), "winning_score": w[0],
                     "winning_lo": w[1], "winning_hi": w[2], "margin": mg[0], "margin_lo": mg[1],
                     "margin_hi": mg[2], "tied_top": t[0], "tied_top_lo": t[1], "tied_top_hi": t[2]})
    summary = pl.DataFrame(rows).sort("scenario", "n_players")
    seats = seat_advantage(multi.with_columns(pl.col("scenario").cast(pl.String)), seat_col="turn_order",
                           by=("scenario",), players_col="n_players")
    seats = seats.with_columns(halfwidth=(pl.col("hi") - pl.col("lo")) / 2,
                               p_holm=pl.lit(None, pl.Float64))
    # Holm over the scenario x player-count tests of equal seats (one p-value per group)
    groups = seats.group_by("scenario", "n_players", maintain_order=True).agg(pl.col("p_value").first())
    adj = dict(zip(zip(groups["scenario"], groups["n_players"]), holm(groups["p_value"].fill_nan(1.0).to_numpy())))
    seats = seats.with_columns(p_holm=pl.Series([adj[(s, n)] for s, n in zip(seats["scenario"],
                                                                              seats["n_players"])]))
    return summary, seats


def ceiling_table(scenarios: Sequence[Scenario], summary: pl.DataFrame, log) -> pl.DataFrame:
    """The exact ceiling (simkit.games.canvas.ceiling) and its gap to the best skill level's mean score."""
    try:
        from simkit.games.canvas.ceiling import ceiling
    except ImportError as exc:  # written by another engineer; the column stays empty until it exists
        log(f"ceiling: not available ({exc}); ceiling column left empty")
        ceiling = None
    rows = []
    for sc in scenarios:
        row = {"scenario": sc.name, "ceiling": None, "ceiling_paintings": None, "combinations_checked": None,
               "ceiling_seconds": None}
        if sc.scoring is not None and ceiling is not None:
            r = ceiling(list(sc.scoring))
            row.update(ceiling=int(r.total), combinations_checked=int(r.combinations_checked),
                       ceiling_seconds=float(r.seconds),
                       ceiling_paintings="; ".join("/".join(map(str, p)) for p in r.paintings))
        for mode in MODES:
            g = summary.filter((pl.col("scenario") == sc.name) & (pl.col("mode") == mode)).sort("mean")
            best = g.row(-1, named=True)
            row[f"best_level_{mode}"] = best["level"]
            row[f"best_mean_{mode}"] = best["mean"]
            if row["ceiling"] is None:
                row[f"gap_{mode}"] = row[f"gap_lo_{mode}"] = row[f"gap_hi_{mode}"] = None
            else:
                row[f"gap_{mode}"] = row["ceiling"] - best["mean"]
                row[f"gap_lo_{mode}"] = row["ceiling"] - best["mean_hi"]
                row[f"gap_hi_{mode}"] = row["ceiling"] - best["mean_lo"]
        rows.append(row)
    schema = {"ceiling": pl.Int64, "ceiling_paintings": pl.String, "combinations_checked": pl.Int64,
              "ceiling_seconds": pl.Float64, **{f"{p}_{m}": pl.Float64 for m in MODES
                                                for p in ("gap", "gap_lo", "gap_hi")}}
    return pl.DataFrame(rows, schema_overrides=schema)


def _rank_intervals(scenario_names, ind: dict[str, np.ndarray]) -> dict[str, tuple]:
    """Rank 1 = easiest (highest P). A scenario's rank range counts only the others it differs from with
    Holm-adjusted paired p < 0.05 (games share seeds across scenarios, so the indicators are paired)."""
    pairs = list(itertools.combinations(scenario_names, 2))
    pvals, signs = [], []
    for a, b in pairs:
        n = min(len(ind[a]), len(ind[b]))
        r = paired_difference(ind[a][:n].astype(float), ind[b][:n].astype(float))
        pvals.append(r.p_value)
        signs.append(np.sign(r.mean_diff))
    adj = holm(np.array(pvals)) if pvals else np.array([])
    easier = {s: 0 for s in scenario_names}
    harder = {s: 0 for s in scenario_names}
    for (a, b), q, sign in zip(pairs, adj, signs):
        if q < 0.05 and sign != 0:
            hi_, lo_ = (a, b) if sign > 0 else (b, a)  # hi_ reaches its target more often
            easier[lo_] += 1
            harder[hi_] += 1
    n = len(scenario_names)
    return {s: (1 + easier[s], n - harder[s]) for s in scenario_names}


def difficulty_tables(solo: pl.DataFrame, scenarios: Sequence[Scenario], n_boot: int = 2000
                      ) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Planner difficulty per scenario and mode, ranks with intervals, and agreement with the rulebook groups."""
    rows, agreement = [], []
    rng = np.random.default_rng(MASTER_SEED)
    for mode in MODES:
        ind, p_hat, mean_rel, n_of, se = {}, {}, {}, {}, {}
        for sc in scenarios:
            g = solo.filter((pl.col("scenario") == sc.name) & (pl.col("mode") == mode)
                            & (pl.col("level") == "planner")).sort("game_index")
            x = g["score"].to_numpy()
            ind[sc.name] = x >= sc.target
            p, lo, hi = _wilson(int(ind[sc.name].sum()), len(x))
            m, mlo, mhi = _mean_ci(x - sc.target)
            p_hat[sc.name], mean_rel[sc.name], n_of[sc.name] = p, m, len(x)
            se[sc.name] = float(x.std(ddof=1) / np.sqrt(len(x)))
            rows.append({"mode": mode, "scenario": sc.name, "group": sc.group, "target": sc.target, "n": len(x),
                         "p_target": p, "p_lo": lo, "p_hi": hi, "mean_minus_target": m, "mmt_lo": mlo,
                         "mmt_hi": mhi, "mean_score": float(x.mean())})
        names = [s.name for s in scenarios]
        ranks = _rank_intervals(names, ind)
        order = sorted(names, key=lambda s: -p_hat[s])
        for r in rows:
            if r["mode"] == mode:
                r["rank"] = order.index(r["scenario"]) + 1
                r["rank_best"], r["rank_worst"] = ranks[r["scenario"]]
        # agreement with the rulebook groups (the 9 rulebook scenarios); difficulty = minus the measure
        book = [s for s in scenarios if s.group in GROUP_ORDER]
        grp = np.array([GROUP_ORDER[s.group] for s in book], float)
        n = np.array([n_of[s.name] for s in book])
        for measure, est in (("P(reach target)", p_hat), ("mean score - target", mean_rel)):
            centre = np.array([est[s.name] for s in book])
            difficulty = -centre
            rho = float(sps.spearmanr(grp, difficulty).statistic)
            tau = sps.kendalltau(grp, difficulty)
            # parametric bootstrap of the estimates (scenarios treated as independent)
            if measure == "P(reach target)":
                boot = rng.binomial(n, centre, size=(n_boot, len(book))) / n
            else:
                boot = centre + rng.normal(size=(n_boot, len(book))) * np.array([se[s.name] for s in book])
            rb = sps.rankdata(-boot, axis=1)
            rg = sps.rankdata(grp)
            rb_c = rb - rb.mean(axis=1, keepdims=True)
            rg_c = rg - rg.mean()
            with np.errstate(invalid="ignore", divide="ignore"):
                boots = (rb_c @ rg_c) / np.sqrt((rb_c ** 2).sum(axis=1) * (rg_c ** 2).sum())
            boots = boots[np.isfinite(boots)]
            cross = [(a, b) for a, b in itertools.combinations(book, 2) if a.group != b.group]
            wrong = [(a, b) if GROUP_ORDER[a.group] < GROUP_ORDER[b.group] else (b, a) for a, b in cross
                     if (GROUP_ORDER[a.group] - GROUP_ORDER[b.group]) * (est[a.name] - est[b.name]) > 0]
            out_of_order = len(wrong)  # pairs (earlier group, later group) where the later one is easier
            agreement.append({"mode": mode, "measure": measure, "spearman": rho,
                              "spearman_lo": float(np.quantile(boots, 0.025)),
                              "spearman_hi": float(np.quantile(boots, 0.975)),
                              "kendall_tau_b": float(tau.statistic), "kendall_p": float(tau.pvalue),
                              "cross_group_pairs": len(cross), "out_of_order_pairs": out_of_order,
                              "out_of_order": "; ".join(f"{b.name} ({b.group}) easier than {a.name} ({a.group})"
                                                        for a, b in wrong)})
    return pl.DataFrame(rows), pl.DataFrame(agreement)


def set_tables(maps: pl.DataFrame, settings: Settings, scenarios: Sequence[Scenario]
               ) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame, np.ndarray]:
    """Per-set summary, each card's marginal effect and the pair means; from an (n_sets x games) score matrix."""
    all_sets = list(itertools.combinations(SCORING_CONDITIONS, 4))
    set_ids = maps["set_id"].unique().sort().to_numpy()
    m = settings.map_games
    S = maps.sort("set_id", "game_index")["score"].to_numpy().reshape(len(set_ids), m).astype(float)
    reach = (S >= MAP_THRESHOLD).astype(float)
    book = {s.scoring: s.name for s in scenarios if s.scoring is not None and len(s.scoring) == 4}
    rows = []
    for i, sid in enumerate(set_ids):
        cards = all_sets[sid]
        mm, lo, hi = _mean_ci(S[i])
        k = int(reach[i].sum())
        p, plo, phi = _wilson(k, m)
        rows.append({"set_id": int(sid), "cards": ", ".join(cards), **{f"card{j + 1}": c for j, c in enumerate(cards)},
                     "scenario": book.get(cards), "n": m, "mean": mm, "mean_lo": lo, "mean_hi": hi,
                     "sd": float(S[i].std(ddof=1)), f"p{MAP_THRESHOLD}": p, f"p{MAP_THRESHOLD}_lo": plo,
                     f"p{MAP_THRESHOLD}_hi": phi})
    summary = pl.DataFrame(rows, schema_overrides={"scenario": pl.String})
    summary = summary.with_columns(rank_easiest=pl.col("mean").rank("ordinal", descending=True).cast(pl.Int32))
    member = np.array([[c in all_sets[sid] for c in SCORING_CONDITIONS] for sid in set_ids])  # sets x cards
    effects = []
    for c, name in enumerate(SCORING_CONDITIONS):
        w, wo = member[:, c], ~member[:, c]
        if w.sum() == 0 or wo.sum() == 0:
            continue
        r = paired_difference(S[w].mean(axis=0), S[wo].mean(axis=0))
        rp = paired_difference(reach[w].mean(axis=0), reach[wo].mean(axis=0))
        effects.append({"card": name, "sets_with": int(w.sum()), "sets_without": int(wo.sum()),
                        "mean_with": float(S[w].mean()), "mean_without": float(S[wo].mean()),
                        "effect": r.mean_diff, "lo": r.lo, "hi": r.hi, "p_value": r.p_value,
                        f"effect_p{MAP_THRESHOLD}": rp.mean_diff, f"effect_p{MAP_THRESHOLD}_lo": rp.lo,
                        f"effect_p{MAP_THRESHOLD}_hi": rp.hi})
    effects = pl.DataFrame(effects).sort("effect")
    effects = effects.with_columns(p_holm=pl.Series(holm(effects["p_value"].to_numpy())))
    pairs = []
    matrix = np.full((12, 12), np.nan)
    for a, b in itertools.combinations_with_replacement(range(12), 2):
        sel = member[:, a] & member[:, b]
        if not sel.any():
            continue
        per_game = S[sel].mean(axis=0)
        mm, lo, hi = _mean_ci(per_game)
        matrix[a, b] = matrix[b, a] = mm
        pairs.append({"card_a": SCORING_CONDITIONS[a], "card_b": SCORING_CONDITIONS[b], "sets": int(sel.sum()),
                      "mean": mm, "lo": lo, "hi": hi,
                      f"p{MAP_THRESHOLD}": float(reach[sel].mean())})
    return summary, effects, pl.DataFrame(pairs), matrix


def precision_table(reach: pl.DataFrame, ach: pl.DataFrame, seats: pl.DataFrame, sets: pl.DataFrame | None
                    ) -> pl.DataFrame:
    rows = []
    for level in LEVELS:
        parts = [("solo: P(target) and bands", reach.filter(pl.col("level") == level)["halfwidth"]),
                 ("solo: achievements", ach.filter(pl.col("level") == level)["halfwidth"].drop_nulls())]
        if level == "planner":
            parts.append(("multiplayer: win share by turn order", seats["halfwidth"]))
            if sets is not None:
                parts.append((f"four-card sets: P({MAP_THRESHOLD}+)",
                              (sets[f"p{MAP_THRESHOLD}_hi"] - sets[f"p{MAP_THRESHOLD}_lo"]) / 2))
        for what, hw in parts:
            if len(hw):
                rows.append({"level": level, "probabilities": what, "count": len(hw),
                             "max_halfwidth": float(hw.max()), "target_halfwidth": TARGET_HALFWIDTH[level]})
    out = pl.DataFrame(rows)
    return out.with_columns(meets_target=pl.col("max_halfwidth") <= pl.col("target_halfwidth") + 1e-12)


@dataclass
class Results:
    settings: Settings
    scenarios: list[Scenario]
    bands: list[int]
    scenario_source: str
    data: dict[str, pl.DataFrame]
    tables: dict[str, pl.DataFrame] = field(default_factory=dict)
    pair_matrix: np.ndarray | None = None
    seconds: dict[str, float] = field(default_factory=dict)
    jobs: int = 1


def analyse(res: Results, log) -> None:
    meta = _scenario_frame(res.scenarios)
    solo, multi, maps = res.data["solo"], res.data["multi"], res.data["map"]
    n_cards = {s.name: s.n_cards for s in res.scenarios}
    solo_a = with_achievements(solo, n_cards)
    t = res.tables
    t["scenarios"] = meta
    t["solo_summary"] = solo_summary(solo, meta)
    t["reach"] = reach_table(solo, meta, res.bands)
    t["achievements"] = achievement_table(solo_a)
    t["ribbons"] = ribbon_table(solo)
    t["ladder"] = ladder_table(solo)
    t["multiplayer_summary"], t["seat_advantage"] = multiplayer_tables(multi)
    began = time.perf_counter()
    t["ceiling"] = ceiling_table(res.scenarios, t["solo_summary"], log)
    res.seconds["ceiling"] = time.perf_counter() - began
    t["difficulty"], t["agreement"] = difficulty_tables(solo, res.scenarios)
    if maps is not None:
        t["sets_summary"], t["card_effects"], t["pair_means"], res.pair_matrix = set_tables(
            maps, res.settings, res.scenarios)
    t["precision"] = precision_table(t["reach"], t["achievements"], t["seat_advantage"], t.get("sets_summary"))


SUMMARY_TABLES = ("scenarios", "solo_summary", "reach", "achievements", "ribbons", "ladder", "ceiling",
                  "difficulty", "agreement", "multiplayer_summary", "seat_advantage", "sets_summary",
                  "card_effects", "pair_means", "precision")

