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
from simkit.report.intervals import interval_text, percent_text
from simkit.report.strategies import display as D
from simkit.report.strategies import sections as S
from simkit.report.strategies.headlines import Tables, measure_row
from simkit.report.strategies.study import SHIPPED

BONUS_TABLES = {"win_share": "Win share at 4 players, points (a family gains when positive)",
                "rounds": "Rounds per 4-player game (negative: the tile shortens games)",
                "turns_taken": "Solo turns taken (negative: the tile saves turns)"}
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
    percent = measure == "win_share"
    rows = bonus.filter(pl.col("measure") == measure).with_columns(
        pl.format("{} {} {}", "bonus_id", "effect", "amount").alias("tile"),
        pl.col("family").fill_null("all").alias("family"))
    rows = D.ci_column(rows.drop("halfwidth", strict=False), "effect", percent=percent, digits=1)
    wide = rows.pivot(on="family", index=["tile", "board_chance"], values="effect")
    return wide.select("tile", "board_chance", *(c for c in (*P.FAMILIES, "all") if c in wide.columns))


def _bonus_lines(t: Tables) -> list[str]:
    if "bonus" not in t:
        return []
    rounds = t["bonus"].filter(pl.col("measure") == "rounds").sort("estimate")
    fast, slow = rounds.row(0, named=True), rounds.row(-1, named=True)
    solo = (t["bonus"].filter(pl.col("measure") == "turns_taken").group_by("bonus_id", maintain_order=True)
            .agg(pl.col("estimate").mean()).sort("estimate").row(0, named=True))
    return [f"Bonus tiles (4 players, on the board against another of its back): {fast['bonus_id']} "
            f"({fast['effect']}) shortens games most, by "
            f"{interval_text(fast['estimate'], fast['lo'], fast['hi'], 2, signed=True)} rounds; {slow['bonus_id']} "
            f"({slow['effect']}) lengthens them most, by "
            f"{interval_text(slow['estimate'], slow['lo'], slow['hi'], 2, signed=True)}. Solo, {solo['bonus_id']} "
            f"saves the most turns (mean over families {solo['estimate']:+.2f}). Per family and tile: the bonus "
            "section."]


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
    finish = ("every family finished every solo game" if solo["finish_rate"].min() == 1 else
              f"finish rates {100 * solo['finish_rate'].min():.1f}–{100 * solo['finish_rate'].max():.1f}%")
    lines.append(f"Solo: {best['family']} places every bottle in the fewest turns "
                 f"({interval_text(best['estimate'], best['lo'], best['hi'], 1)}), {worst['family']} in the most "
                 f"({interval_text(worst['estimate'], worst['lo'], worst['hi'], 1)}); {finish}.")
    if D.shipped(t["families"])["passes"].max() == 0:
        lines.append("No family ever passed (spec §4.6): the heuristics pass only when no tile can be placed "
                     "(`pass_threshold = 0`), which never happened, so passes per game are 0 at every player count.")
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
        + (S.QUICK_GAMES if s.quick else "."),
        *S.run_lines(res, "the same bag, palettes, X tokens and start player",
                     f", {played / max(res.seconds.get('play', 1), 1e-9):,.0f} games/s"),
    ]


def _data_files(res) -> list[str]:
    out = [f"shipped (tag `{res.data_sources[SHIPPED]['data_source']}`): the reconstructed data of spec §6"]
    for name, (description, _, _) in ALTERNATIVES.items():
        tag = res.data_sources.get(name, {}).get("data_source", "?")
        out.append(f"{name} (tag `{tag}`): {description}")
    return out


def _bonus_section(doc: Document, res) -> None:
    t = res.tables
    doc.heading("The value of each bonus tile")
    doc.text(B.__doc__.split("\n\n", 1)[1].replace("\n", " "))
    if "bonus" not in t:
        doc.text("Not played in this run.")
        return
    used = (D.shipped(t["families"]).group_by("family", maintain_order=True)
            .agg(low=pl.col("bonuses_used").min(), high=pl.col("bonuses_used").max()))
    doc.text("Bonuses used per seat and game, over the player counts (families table above): "
             + "; ".join(f"{r['family']} {r['low']:.1f}–{r['high']:.1f}" for r in used.iter_rows(named=True))
             + ". A family that skips a tile's bonus is affected by that tile only through the tiles that replace "
               "it.")
    doc.figure(F.BONUS, "Effect of each bonus tile on the board (against another tile of its back in its place) "
                        "on each family's win share at 4 players and its solo turns; 95% paired intervals over "
                        "deals, divided by the tile's chance to be on the board.")
    for measure, meaning in BONUS_TABLES.items():
        doc.text(f"{meaning}:")
        doc.table(bonus_display(t["bonus"], measure))


def build_document(res) -> Document:
    t = res.tables
    doc = S.opening(res, InkGame.cap_end_reason,
                    f"{len(P.FAMILIES)} strategy families of spec §9 play each other in every mixed lineup at 2, 3 "
                    "and 4 players "
                    f"and alone (solo), on the shipped data (`{res.data_sources[SHIPPED]['data_source']}`) and on "
                    f"each of {len(ALTERNATIVES)} alternative data sets. Which family wins, how much the seat "
                    "matters, how long games last, how often the bag trigger and the black-ink tie-break decide, the "
                    "goals completed and the passes, what each bonus tile is worth, and whether each answer survives "
                    "a change of the reconstructed data.")
    S.head(doc, _answer(res), _setup(res), _data_files(res))
    S.family_sections(doc, t, "spec §5.5 ranks")
    doc.heading("Solo")
    doc.text("Spec §5.6 (`race`): the game ends when the player places the last own bottle (score: turns taken, "
             "fewer is better) or when the bag trigger fires (own bottles left). Turns with a 95% t interval over "
             "games (every game counts, finished or not); the quantiles are of the finished games; "
             "own_left_unfinished: bottles left when the bag ended the game first.")
    doc.figure(F.SOLO, "Solo turns to place every bottle per family (share of all its games, 2-turn bins); mean "
                       "turns with 95% intervals and the finish rate.")
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
    doc.figure(F.GOALS, "Goals completed per seat by value (stacked).")
    doc.table(D.shipped(t["families"]).select("n_players", "family", "finished", "goal_value", "completions",
                                              "passes", "turns_taken", "black_placed", "own_left", "bonuses_used",
                                              "x_drawn"))
    _bonus_section(doc, res)
    S.sensitivity_section(doc, t, "the best family; the first player favoured, disadvantaged or without "
                          "detectable edge", "the best (solo: fastest) family holds when the shipped data's is best "
                          "or not separated from the best", (*HEADLINES, *SOLO_HEADLINES), P.PLAYER_COUNTS)
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
