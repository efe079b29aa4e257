"""The text of the Couleurs value-curve report (Markdown and HTML through `simkit.report.document`)."""

from __future__ import annotations

import polars as pl

from simkit.games.couleurs.reports.value_curves import figures as F
from simkit.games.couleurs.reports.value_curves import play as V
from simkit.games.couleurs.reports.value_curves.analysis import TARGET_HALFWIDTH
from simkit.games.couleurs.rules.alternatives import ALTERNATIVES
from simkit.games.couleurs.game import CouleursGame
from simkit.report.document import Document
from simkit.report.intervals import interval_text
from simkit.report.endings import RANDOM_ONLY_NOTE, cap_warning, random_only

NAMED = ("base", V.REFERENCE)


def _named(table: pl.DataFrame) -> pl.DataFrame:
    return table.filter(pl.col("curve").is_in(NAMED))


def win_share_pivot(win: pl.DataFrame, curves: pl.DataFrame) -> pl.DataFrame:
    order = {c: i for i, c in enumerate(curves["curve"])}
    return (win.with_columns(pl.struct("estimate", "lo", "hi").map_elements(
                lambda r: interval_text(r["estimate"], r["lo"], r["hi"], 3), return_dtype=pl.String).alias("ci"))
            .pivot(on="strategy", index=["curve", "n_players"], values="ci")
            .with_columns(pl.col("curve").replace_strict(order).alias("_o")).sort("n_players", "_o").drop("_o"))


def _setup_bullets(res) -> list[str]:
    s = res.settings
    strategies = "; ".join(f"{name}: " + ", ".join(f"{k} = {v!r}" for k, v in spec.items())
                           for name, spec in V.STRATEGIES.items())
    non_default = {k: v for k, v in res.ruleset.items() if k.endswith("_file") and v}
    return [
        f"Ruleset: {res.game_title} (`ruleset = \"{res.ruleset['ruleset']}\"`, spec §12.2 defaults, modules off) "
        "with only "
        f"`painting_values` changed per curve (spec §5.1); data-file keys used: "
        f"{non_default or 'none (shipped files)'}.",
        f"Strategies (the lineup, seats rotating, one strategy per tier preference): {strategies}.",
        f"Curves: base 10/12/14/16, J 9/12/15/18, the sweep v_t = {V.SWEEP_CENTRE} + s (t - 1.5) for s = "
        f"{', '.join(f'{x:g}' for x in V.SLOPES)} rounded half up to integers (`painting_values` takes integers; "
        f"odd s gives .5 values, s = 0.5 steps give quarters), and user curves from "
        f"{('`' + res.curves_file + '`') if res.curves_file else 'no curves file'} "
        f"(`[curves] NAME = [v0, v1, v2, v3]` in `{V.CURVES_FILE}`). The x axis is each curve's least-squares slope "
        "(points per tier step) after rounding. The sweep's mean painting value is about 12, base's 13 and J's 13.5: "
        "base and J differ from the sweep point of the same slope also in level (paintings against tokens and "
        "signatures), which is why they are drawn as separate points.",
        f"Games per curve: {', '.join(f'{n} players {g:,}' for n, g in s.games.items())} "
        f"({'QUICK run: small samples, intervals are wide' if s.quick else 'full run'}); sensitivity: "
        f"{', '.join(f'{n} players {g:,}' for n, g in s.sensitivity_games.items())} per data set and curve.",
        f"Seeds: master seed {s.seed}; game i of every curve (and every data set) is played on the same seed "
        "(common random numbers), the 3 games of a deal share a seed while the strategies rotate one seat. "
        "Intervals are 95% t intervals over deals; the crossing slope's is a percentile bootstrap over deals "
        f"({s.n_boot} resamples, the same deals at every slope).",
        f"Run time: {res.seconds.get('total', 0):.0f} s with {res.jobs} job(s) (curves "
        f"{res.seconds.get('curves', 0):.0f} s, sensitivity {res.seconds.get('sensitivity', 0):.0f} s).",
    ]


def _data_bullets(res) -> list[str]:
    out = ["shipped: " + "; ".join(f"{k}: {v}" for k, v in res.data_sources[V.SHIPPED_DATA].items())]
    for name, alt in ALTERNATIVES.items():
        sources = res.data_sources.get(name, {})
        changed = {k: v for k, v in sources.items() if v != res.data_sources[V.SHIPPED_DATA].get(k)}
        out.append(f"{name} (tag `{alt.tag}`): {alt.description}; file(s): "
                   + "; ".join(f"{k}: {v}" for k, v in changed.items()))
    return out


def _verdict_lines(res) -> list[str]:
    lines = []
    for r in res.tables["verdict"].iter_rows(named=True):
        lines.append(
            f"{r['n_players']} players: spread (expensive - cheap win share) base "
            f"{interval_text(r['spread_base'], r['base_lo'], r['base_hi'], 3)}, "
            f"J {interval_text(r['spread_J'], r['J_lo'], r['J_hi'], 3)}; paired J - base "
            f"{interval_text(r['J_minus_base'], r['diff_lo'], r['diff_hi'], 3)} "
            f"(p = {r['p_value']:.3g}, {r['deals']:,} deals): "
            f"{r['shift']}; closer to even: {r['closer_to_even']}.")
    for r in res.tables["crossing"].iter_rows(named=True):
        if r["crosses"]:
            lines.append(f"{r['n_players']} players: expensive and cheap strategies are balanced at slope "
                         f"{interval_text(r['crossing_slope'], r['lo'], r['hi'], 2)} points per tier step "
                         f"({r['boot_inside_sweep']:.0%} of bootstrap roots inside the sweep).")
        else:
            trend = interval_text(r['spread_per_slope'], r['spread_per_slope_lo'], r['spread_per_slope_hi'], 4)
            lines.append(f"{r['n_players']} players: no crossing inside the sweep (the spread's trend {trend} "
                         "per slope unit does not exclude zero, or the root's interval "
                         f"{interval_text(r['crossing_slope'], r['lo'], r['hi'], 2)} is not within the swept slopes).")
    held = _sensitivity_holds(res.tables["sensitivity"])
    lines.append(f"Sensitivity: the base-vs-J shift matches the shipped data's in {held[0]} of {held[1]} "
                 "(data set, player count) cells of the alternative data sets.")
    return lines


def _sensitivity_holds(sens: pl.DataFrame) -> tuple[int, int]:
    ref = {r["n_players"]: r["shift"] for r in sens.filter(pl.col("data_set") == V.SHIPPED_DATA)
           .iter_rows(named=True)}
    others = sens.filter(pl.col("data_set") != V.SHIPPED_DATA)
    return sum(r["shift"] == ref[r["n_players"]] for r in others.iter_rows(named=True)), others.height


def report_title(res) -> str:
    return (f"{res.game_title}: is the painting-value curve fair to every tier strategy?"
            + (" (QUICK run)" if res.settings.quick else ""))


def _cap_warnings(res) -> list[str]:
    """The round-cap warnings of the curve games and of the sensitivity games (none when no game was capped)."""
    cap = CouleursGame.cap_end_reason
    found = [cap_warning(res.main, ["curve", "n_players"], cap),
             cap_warning(res.sensitivity, ["data_set", "curve", "n_players"], cap)]
    return [f"{part}: {w}" for part, w in zip(("Curve games", "Sensitivity games"), found) if w]


def _rates_line(rates: pl.DataFrame) -> str:
    """Each strategy's rates over every player count (seat-weighted)."""
    overall = rates.group_by("strategy", maintain_order=True).agg(
        *((pl.col(c) * pl.col("seats")).sum() / pl.col("seats").sum() for c in ("hires", "black_cubes")))
    return "; ".join(f"{r['strategy']} {r['hires']:.2f} hires and {r['black_cubes']:.2f} black cubes per player"
                     for r in overall.iter_rows(named=True))


def build_document(res) -> Document:
    t = res.tables
    doc = Document(report_title(res))
    if res.settings.quick:
        doc.text("QUICK run: small samples for a smoke test; the intervals are wide and the precision target "
                 f"(95% half-width <= {TARGET_HALFWIDTH:.2f} per win share) is not met.")
    if any(spec.get("policy") == "random" for spec in V.STRATEGIES.values()):
        doc.text("PLACEHOLDER STRATEGIES: the three tier strategies are the `random` policy under three labels "
                 "(the `heuristic` policy with its `tier` parameter is not available in this build). Differences "
                 "between the 'strategies' are noise; the report's pipeline, not its verdict, is what this run "
                 "shows.")
    if random_only(spec["policy"] for spec in V.STRATEGIES.values()):
        doc.text(RANDOM_ONLY_NOTE)
    for warning in _cap_warnings(res):
        doc.text(warning)
    doc.text("Variant J changes the painting values by tier from 10/12/14/16 to 9/12/15/18. A curve is fair to the "
             "tier strategies when chasing expensive paintings wins as often as chasing cheap ones: the spread "
             "(expensive minus cheap win share) is zero.")
    doc.heading("Answer")
    doc.bullets(_verdict_lines(res))
    doc.heading("Set-up")
    doc.bullets(_setup_bullets(res))
    doc.heading("Data files")
    doc.bullets(_data_bullets(res))
    doc.table(t["curves"])
    doc.heading("Win share of each strategy")
    doc.figure(F.WIN_SHARE, "Win share per seat of each tier strategy against the curve's slope; squares: base, "
                            "diamonds: J; bands and bars: 95% intervals over deals.")
    doc.table(win_share_pivot(t["win_share"], t["curves"]))
    doc.heading("Where the strategies are balanced")
    doc.figure(F.SPREAD, "Expensive minus cheap win share against the slope, the least-squares line and the "
                         "crossing slope's 95% bootstrap interval.")
    doc.table(t["crossing"])
    doc.heading("Base versus J (paired over deals)")
    doc.table(t["verdict"])
    doc.heading("Prestige points by source")
    doc.figure(F.POINTS, "Mean points per seat by source for each strategy under base and J.")
    doc.table(_named(t["points"]).sort("n_players", "curve", "strategy"))
    doc.heading("Exhibited paintings by tier")
    doc.figure(F.TIERS, "Share of each strategy's exhibited paintings by tier under base and J.")
    doc.table(_named(t["tiers"]).sort("n_players", "curve", "strategy")
              .select("curve", "n_players", "strategy", "exhibited_per_seat", "share_tier0", "share_tier1",
                      "share_tier2", "share_tier3"))
    doc.heading("End triggers and game length")
    doc.figure(F.GAMES, "Share of games by first end trigger and mean rounds, per curve.")
    doc.text("Share of games per end reason (end_<reason> columns; `round_cap`: stopped by the safety bound of round "
             f"{res.ruleset['round_cap']}, spec §9.1) and game length. "
             + (" ".join(_cap_warnings(res)) or "No game, curve or sensitivity, ended at the round cap."))
    doc.table(t["games"])
    doc.heading("Hires and black cubes")
    doc.text("Mean assistants hired (`hires`) and black cubes owned at the end (`black_cubes`) per player, per "
             "player count and strategy over every curve, from the results columns: the rates the strategies "
             "played with. Over every player count: " + _rates_line(t["rates"]) + ".")
    doc.table(t["rates"])
    doc.heading("Seat advantage (by turn order, 1 = first player)")
    doc.table(_named(t["seats"]).select("curve", "n_players", "turn_order", "games", "win_share", "lo", "hi",
                                        "fair_share", "p_value"))
    doc.heading("Sensitivity to the reconstructed data (spec §1.5)")
    doc.figure(F.SENSITIVITY, "Spread under base and J on each data set with 95% intervals; 'holds' when the "
                              "paired base-vs-J shift is the same as on the shipped data.")
    doc.table(t["sensitivity"].select("data_set", "n_players", "spread_base", "spread_J", "J_minus_base",
                                      "diff_lo", "diff_hi", "shift", "closer_to_even"))
    doc.heading("Precision")
    doc.text(f"Largest 95% half-width of a reported win share per player count (target <= "
             f"{TARGET_HALFWIDTH:.2f}).")
    doc.table(t["precision"])
    doc.heading("Files")
    doc.bullets(["results.parquet: one row per (curve, game, seat) with the results columns plus exhibited_tier0..3 "
                 "and pp_tier0..3 (points of exhibited paintings by tier)",
                 "sensitivity_results.parquet: one row per (data set, curve, game, seat)",
                 "win_share, spread, crossing, verdict, points, tiers, games, rates, seats, sensitivity, "
                 "precision, curves .parquet: the tables above", "run.json: settings, seeds, data sources, run time"])
    return doc
