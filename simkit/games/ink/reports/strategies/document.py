"""The text of the Ink strategy report (Markdown and HTML through `simkit.report.document`)."""

from __future__ import annotations

import polars as pl

from simkit.games.ink.alternatives import ALTERNATIVES
from simkit.games.ink.game import InkGame
from simkit.games.ink.policies.catalogue import POLICY_PARAMS
from simkit.games.ink.reports.strategies import bonus as B
from simkit.games.ink.reports.strategies import figures as F
from simkit.games.ink.reports.strategies import play as P
from simkit.games.ink.reports.strategies.headlines import HEADLINES, SOLO_HEADLINES
from simkit.games.ink.reports.strategies.outcomes import COUNT_LABEL, INDICATORS
from simkit.report.document import Document
from simkit.report.endings import cap_warning
from simkit.report.intervals import interval_text, percent_text
from simkit.report.strategies import display as D
from simkit.report.strategies.headlines import Tables, measure_row
from simkit.report.strategies.study import SHIPPED
from simkit.report.strategies.tables import TARGET_HALFWIDTH

SOLO_COLUMNS = ("family", "games", "turns [95% CI]", "finish % [95% CI]", "finished_q10", "finished_median",
                "finished_q90", "own_left_unfinished")


def _rate(t: Tables, measure: str, n: int) -> str:
    r = measure_row(t, SHIPPED, n, measure)
    return percent_text(r["estimate"], r["lo"], r["hi"])


def _mean(t: Tables, measure: str, n: int, digits: int = 1) -> str:
    r = measure_row(t, SHIPPED, n, measure)
    return interval_text(r["estimate"], r["lo"], r["hi"], digits)


def outcome_display(outcomes: pl.DataFrame, measures) -> pl.DataFrame:
    return D.outcome_display(outcomes, measures, {**INDICATORS, **COUNT_LABEL}, INDICATORS)


def solo_display(solo: pl.DataFrame) -> pl.DataFrame:
    rows = D.shipped(solo).with_columns(pl.struct("finish_rate", "finish_lo", "finish_hi").map_elements(
        lambda r: percent_text(r["finish_rate"], r["finish_lo"], r["finish_hi"]), return_dtype=pl.String)
        .alias("finish % [95% CI]"))
    return D.ci_column(rows, "turns [95% CI]", percent=False).select(SOLO_COLUMNS)


def bonus_display(bonus: pl.DataFrame, measure: str) -> pl.DataFrame:
    """One row per bonus tile, one column per family (or one for a game measure): the effect of the tile on the
    board with its 95% interval; win shares and rates in points."""
    percent = measure in ("win_share", "finished")
    rows = bonus.filter(pl.col("measure") == measure).with_columns(
        pl.format("{} {} {}", "bonus_id", "effect", "amount").alias("tile"),
        pl.col("family").fill_null("all").alias("family"))
    rows = D.ci_column(rows.drop("halfwidth", strict=False), "effect", percent=percent, digits=1)
    return rows.pivot(on="family", index=["tile", "board_chance"], values="effect")


def _bonus_lines(t: Tables) -> list[str]:
    if "bonus" not in t:
        return []
    rounds = t["bonus"].filter(pl.col("measure") == "rounds").sort("estimate")
    fast, slow = rounds.row(0, named=True), rounds.row(-1, named=True)
    solo = (t["bonus"].filter(pl.col("measure") == "turns_taken").group_by("bonus_id", maintain_order=True)
            .agg(pl.col("estimate").mean()).sort("estimate").row(0, named=True))
    return [f"Bonus tiles (4 players, on the board against another of its back): {fast['bonus_id']} "
            f"({fast['effect']}) changes the game length most, by "
            f"{interval_text(fast['estimate'], fast['lo'], fast['hi'], 2, signed=True)} rounds; {slow['bonus_id']} "
            f"({slow['effect']}) by {interval_text(slow['estimate'], slow['lo'], slow['hi'], 2, signed=True)}. "
            f"Solo, {solo['bonus_id']} saves the most turns (mean over families {solo['estimate']:+.2f}). Per family "
            "and tile: the bonus section."]


def _answer(res) -> list[str]:
    t = res.tables
    lines = [f"Data: `{res.data_sources[SHIPPED]['data_source']}` (the reconstructed components of spec §6). Win "
             "shares (per seat, ties split) and rates in %, with 95% intervals over deals."]
    for n in P.MIXED_COUNTS:
        seat = D.shipped(t["seats"]).filter((pl.col("n_players") == n) & (pl.col("turn_order") == 1)).row(
            0, named=True)
        first = next(h for h in HEADLINES if h.key == "first_player").value(t, SHIPPED, n)[0]
        lines.append(
            f"{n} players: {D.best_family_text(t['win_share'], n)}. First player: {first}, "
            f"{percent_text(seat['estimate'], seat['lo'], seat['hi'])} (test that every position wins equally "
            f"often: p = {seat['p_value']:.2g}). Games last {_mean(t, 'rounds', n)} rounds. Nobody finishes, so "
            f"the bag trigger decides, in {_rate(t, 'bag_decides', n)} of games; black ink decides between two or "
            f"more finishers in {_rate(t, 'black_decides', n)} (tie rounds in {_rate(t, 'tie_rounds_played', n)}). "
            f"A player passes {_mean(t, 'passes', n)} times a game; a completed goal is worth "
            f"{_mean(t, 'goal_value', n, 2)} on average.")
    solo = D.shipped(t["solo"]).sort("estimate")
    best, worst = solo.row(0, named=True), solo.row(-1, named=True)
    lines.append(f"Solo: {best['family']} places every bottle in the fewest turns "
                 f"({interval_text(best['estimate'], best['lo'], best['hi'], 1)}), {worst['family']} in the most "
                 f"({interval_text(worst['estimate'], worst['lo'], worst['hi'], 1)}); finish rates "
                 f"{100 * solo['finish_rate'].min():.0f}–{100 * solo['finish_rate'].max():.0f}%.")
    lines += _bonus_lines(t)
    lines.append(D.sensitivity_summary(t["headlines"]))
    return lines


def _games(res, data_set: str) -> str:
    frame = res.main if data_set == SHIPPED else res.sensitivity.filter(pl.col("data_set") == data_set)
    counts = frame.filter(pl.col("seat") == 0).group_by("n_players").agg(pl.len()).sort("n_players")
    return ", ".join(f"{'solo' if n == 1 else f'{n} players'} {g:,}" for n, g in counts.iter_rows())


def _setup(res) -> list[str]:
    s = res.settings
    families = "; ".join(f"`{f}` (" + ", ".join(f"{p.name} = {p.default!r}" for p in POLICY_PARAMS[f]) + ")"
                         for f in P.FAMILIES)
    defaults = {p.name: p.default for p in InkGame.rule_params}
    changed = {k: v for k, v in res.ruleset.items() if k != "data" and v != defaults.get(k)}
    played = sum(f.filter(pl.col("seat") == 0).height for f in (res.main, res.sensitivity,
                                                                *res.extra.values()))
    return [
        f"Ruleset: {res.game_title}, the spec's defaults (RULES.md §7), rule keys changed: {changed or 'none'}; the "
        f"shipped data is `{res.data_sources[SHIPPED]['data_source']}`.",
        f"Families (spec §9, default parameters): {families}. Not in the lineups: `random` (a fuzz baseline, spec "
        "§7.1b A7, that passes in about 40% of its turns).",
        f"Lineups: every set of n distinct families at 2, 3 and 4 players ({len(P.STUDY.lineups(2))} pairs, "
        f"{len(P.STUDY.lineups(3))} triples, {len(P.STUDY.lineups(4))} quadruples), each an experiment with "
        "`seats = \"rotate\"`: a deal is n games on one seed while the lineup turns one seat per game, so every "
        "family plays every seat once per deal and meets every other equally often. Solo: every family alone "
        "(spec §5.6, `solo_mode = \"race\"`), one game per deal.",
        f"Games on the shipped data: {_games(res, SHIPPED)} (deals per lineup: {dict(s.deals)}); on each "
        f"alternative data set: {_games(res, next(iter(ALTERNATIVES)))}; bonus-tile games: "
        f"{sum(f.filter(pl.col('seat') == 0).height for f in res.extra.values()):,}; {played:,} games in all"
        + (". QUICK run: small samples, wide intervals, the precision target is not met." if s.quick else "."),
        f"Seeds: lineup i at n players has master seed {s.seed} + 1000 n + i, the same on every data set (common "
        "random numbers: the same bag, palettes, X tokens and start player).",
        "Intervals: 95%. Games that share a deal are dependent, so every interval is over deals (the cluster "
        "`lineup|deal`): win shares and rates are means per deal with a t interval over deals; Plackett–Luce "
        "intervals are cluster-robust (sandwich) over deals; the seat test is Hotelling's T² over deals.",
        f"Run time: {res.seconds.get('total', 0):.0f} s with {res.jobs} job(s) (playing "
        f"{res.seconds.get('play', 0):.0f} s, {played / max(res.seconds.get('play', 1), 1e-9):,.0f} games/s).",
    ]


def _data_files(res) -> list[str]:
    out = [f"shipped (tag `{res.data_sources[SHIPPED]['data_source']}`): the reconstructed data of spec §6"]
    for name, (description, _, _) in ALTERNATIVES.items():
        tag = res.data_sources.get(name, {}).get("data_source", "?")
        out.append(f"{name} (tag `{tag}`): {description}")
    return out


def _warnings(res) -> list[str]:
    cap = InkGame.cap_end_reason
    found = [cap_warning(res.main, ["n_players"], cap),
             cap_warning(res.sensitivity, ["data_set", "n_players"], cap)]
    return [f"{part}: {w}" for part, w in zip(("Shipped data", "Alternative data sets"), found) if w]


def _bonus_section(doc: Document, res) -> None:
    t = res.tables
    doc.heading("The value of each bonus tile")
    doc.text(B.__doc__.split("\n\n", 1)[1].replace("\n", " "))
    if "bonus" not in t:
        doc.text("Not played in this run.")
        return
    doc.figure(F.BONUS, "Effect of each bonus tile on the board (against another tile of its back in its place) "
                        "on each family's win share at 4 players and its solo turns; 95% paired intervals over "
                        "deals, divided by the tile's chance to be on the board.")
    doc.text("Win share at 4 players, points (a family gains when positive):")
    doc.table(bonus_display(t["bonus"], "win_share"))
    doc.text("Rounds per 4-player game (negative: the tile shortens games):")
    doc.table(bonus_display(t["bonus"], "rounds"))
    doc.text("Solo turns taken (negative: the tile saves turns):")
    doc.table(bonus_display(t["bonus"], "turns_taken"))
    doc.text("Solo finish rate, points:")
    doc.table(bonus_display(t["bonus"], "finished"))


def report_title(res) -> str:
    return f"{res.game_title}: which strategy wins?" + (" (QUICK run)" if res.settings.quick else "")


def build_document(res) -> Document:
    t = res.tables
    doc = Document(report_title(res))
    if res.settings.quick:
        doc.text("QUICK run: small samples for a smoke test. The intervals are wide and the precision target "
                 f"(95% half-width <= {TARGET_HALFWIDTH * 100:.0f} points per win share) is not met; do not read "
                 "the verdicts.")
    for warning in _warnings(res):
        doc.text(warning)
    doc.text(f"Six strategy families of spec §9 play each other in every mixed lineup at 2, 3 and 4 players and "
             f"alone (solo), on the shipped data (`{res.data_sources[SHIPPED]['data_source']}`) and on each of "
             f"{len(ALTERNATIVES)} alternative data sets. Which family wins, how much the seat matters, how long "
             "games last, how often the bag trigger and the black-ink tie-break decide, the goals completed and "
             "the passes, what each bonus tile is worth, and whether each answer survives a change of the "
             "reconstructed data.")
    doc.heading("Answer")
    doc.bullets(_answer(res))
    doc.heading("Set-up")
    doc.bullets(_setup(res))
    doc.heading("Data sets")
    doc.bullets(_data_files(res))
    doc.heading("Which family wins")
    doc.figure(F.WIN_SHARE, "Win share per seat of each family (ties split), mean per deal, 95% t intervals over "
                            "deals; dotted: the fair share 1/n.")
    doc.table(D.win_share_display(t["win_share"]))
    doc.heading("Plackett–Luce ratings")
    doc.text("Log-strengths from the whole finishing order of every game (spec §5.5 ranks; a shared rank splits the "
             "choice), centred to mean 0: a difference of 1 multiplies the odds of finishing ahead by e ≈ 2.7. "
             "Intervals are cluster-robust over deals.")
    doc.figure(F.RATINGS, "Plackett–Luce log-strengths with 95% cluster-robust intervals.")
    doc.table(D.ratings_display(t["ratings"]))
    doc.heading("Seat advantage")
    doc.figure(F.SEATS, "Win share by position in turn order (1 = first player), 95% intervals over deals; p: "
                        "Hotelling's T² over deals that every position wins equally often.")
    doc.table(D.seat_display(t["seats"]))
    doc.heading("Solo")
    doc.text("Spec §5.6 (`race`): the game ends when the player places the last own bottle (score: turns taken, "
             "fewer is better) or when the bag trigger fires (own bottles left). Turns with a 95% t interval over "
             "games (every game counts, finished or not); the quantiles are of the finished games; "
             "own_left_unfinished: bottles left when the bag ended the game first.")
    doc.figure(F.SOLO, "Solo turns to finish per family (share of all its games) and finish rate, 95% intervals.")
    doc.table(solo_display(t["solo"]))
    doc.heading("Game length")
    doc.figure(F.LENGTH, "Share of games by length in rounds (tie rounds not counted).")
    doc.table(D.shipped(t["lengths"]))
    doc.heading("How games end: the bag trigger and black ink")
    doc.text("Spec §5.1–§5.4: the first player to place every own bottle triggers the end, and so does a refill "
             "that draws the last tile; the round is finished. One finisher wins; among several the most black ink "
             "wins (tie rounds if tied); with nobody finished the fewest own bottles left win — then the bag "
             "trigger decided the game.")
    doc.figure(F.OUTCOMES, "Rates of how games end and what decided the winner, 95% intervals over deals.")
    doc.table(outcome_display(t["outcomes"], tuple(INDICATORS)))
    doc.heading("Goals and passes")
    doc.text("Per game: the mean value of the goals completed (all seats), goals, passes and turns per player, "
             "tiles left in the bag. Per family (below): goals completed by value, passes and bottles per seat.")
    doc.table(outcome_display(t["outcomes"], tuple(COUNT_LABEL)))
    doc.figure(F.GOALS, "Goals completed per seat by value (stacked) and passes per seat (diamonds).")
    doc.table(D.shipped(t["families"]).select("n_players", "family", "finished", "goal_value", "completions",
                                              "passes", "turns_taken", "black_placed", "own_left", "bonuses_used",
                                              "x_drawn"))
    _bonus_section(doc, res)
    doc.heading("Sensitivity to the reconstructed data")
    doc.text("Each headline is stated the same way on every data set. A verdict (the best family; the first player "
             "favoured, disadvantaged or without detectable edge) holds when it is the same as on the shipped "
             "data; the best (solo: fastest) family holds when the shipped data's is best or not separated from "
             "the best (95% intervals overlap). A quantity holds when within a tolerance of the shipped value: "
             + "; ".join(f"{h.key}: {h.tolerance_text}" for h in (*HEADLINES, *SOLO_HEADLINES)
                         if h.tolerance is not None)
             + ". Cells marked '(differs)' do not hold.")
    met = "all within" if t["precision"]["target_met"].all() else "not all within"
    doc.figure(F.SENSITIVITY, "Each family's win share (%) on each data set, coloured by its distance from the "
                              f"fair share (intervals: win_share.parquet, {met} ±{TARGET_HALFWIDTH * 100:.0f} "
                              "points); right: headlines that hold on that data set.")
    for n in P.PLAYER_COUNTS:
        doc.text("Solo:" if n == P.SOLO else f"{n} players:")
        doc.table(D.headlines_display(t["headlines"], n))
    doc.heading("Precision")
    doc.text(f"Largest 95% half-width of a family win share per data set and player count (target <= "
             f"{TARGET_HALFWIDTH:.2f}).")
    doc.table(t["precision"])
    doc.heading("Files")
    doc.bullets([
        "results.parquet: one row per (lineup, game, seat) on the shipped data: data_set, lineup, deal, the runner's "
        "columns and every Ink results column (finished, own_left, black_placed, passes, completions_<value>, "
        "rounds, tie_rounds, tiles_in_bag, end_reason, triggers among them)",
        "sensitivity_results.parquet: the same for every alternative data set",
        "bonus_results.parquet: the same for the games without each bonus tile (data_set without-<id>)",
        "win_share, ratings, seats, outcomes, lengths, rounds, families, solo, solo_turns, bonus, headlines, "
        "precision .parquet: the tables above, for every data set",
        "run.json: settings, seeds, data sources, run time"])
    return doc
