"""The text of the Atelier strategy report (Markdown and HTML through `simkit.report.document`)."""

from __future__ import annotations

import polars as pl

from simkit.games.atelier.alternatives import ALTERNATIVES
from simkit.games.atelier.game import AtelierGame
from simkit.games.atelier.policies.catalogue import POLICY_PARAMS
from simkit.games.atelier.reports.strategies import figures as F
from simkit.games.atelier.reports.strategies import play as P
from simkit.games.atelier.reports.strategies.headlines import HEADLINES
from simkit.games.atelier.reports.strategies.outcomes import INDICATORS
from simkit.report.document import Document
from simkit.report.intervals import interval_text, percent_text
from simkit.report.strategies import display as D
from simkit.report.strategies import sections as S

COUNT_LABEL = {"rounds": "rounds per game", "contested_piles": "piles with students of 2+ players",
               "tied_piles": "piles whose most students are tied", "dry_piles": "empty piles"}


def _outcome(outcomes: pl.DataFrame, measure: str, n: int) -> dict:
    return (outcomes.filter((pl.col("data_set") == P.SHIPPED) & (pl.col("n_players") == n)
                            & (pl.col("measure") == measure)).row(0, named=True))


def _rate(outcomes: pl.DataFrame, measure: str, n: int) -> str:
    r = _outcome(outcomes, measure, n)
    return percent_text(r["estimate"], r["lo"], r["hi"])


def _mean(outcomes: pl.DataFrame, measure: str, n: int) -> str:
    r = _outcome(outcomes, measure, n)
    return interval_text(r["estimate"], r["lo"], r["hi"], 1)


def _counts(res) -> list[int]:
    return sorted(res.main["n_players"].unique().to_list())


def outcome_display(outcomes: pl.DataFrame, measures) -> pl.DataFrame:
    """Shipped data: one row per measure, one column per player count ("estimate [lo, hi]"); rates in percent."""
    return D.outcome_display(outcomes, measures, {**INDICATORS, **COUNT_LABEL}, INDICATORS)


def _answer(res) -> list[str]:
    t = res.tables
    lines = ["Win shares (per seat, ties split) and rates in %, with 95% intervals over deals."]
    for n in _counts(res):
        def rate(measure: str) -> str:
            return _rate(t["outcomes"], measure, n)
        seat = D.shipped(t["seats"]).filter((pl.col("n_players") == n) & (pl.col("turn_order") == 1)).row(
            0, named=True)
        first = next(h for h in HEADLINES if h.key == "first_player").value(t, P.SHIPPED, n)[0]
        lines.append(
            f"{n} players: {D.best_family_text(t['win_share'], n)}. First player: {first}, "
            f"{percent_text(seat['estimate'], seat['lo'], seat['hi'])} (test that every position wins equally "
            f"often: p = {seat['p_value']:.2g}). The First Master token is taken in "
            f"{rate('first_master_taken')} of games and its holder wins {rate('first_master_holder_won')} of them; "
            f"without the token the winners would differ in {rate('first_master_decisive')}. Games "
            f"last {_mean(t['outcomes'], 'rounds', n)} rounds. The top score is tied in {rate('tie_on_score')} of "
            f"games (a shared victory remains in {rate('shared_win')}). Patron VP decide the winner in "
            f"{rate('patrons_decisive')}.")
    lines.append(D.sensitivity_summary(t["headlines"]))
    return lines


def _setup(res) -> list[str]:
    s = res.settings
    families = "; ".join(f"`{f}` (" + ", ".join(f"{p.name} = {p.default!r}" for p in POLICY_PARAMS[f]) + ")"
                         for f in P.FAMILIES)
    defaults = {p.name: p.default for p in AtelierGame.rule_params}
    changed = {k: v for k, v in res.ruleset.items() if v != defaults.get(k)}
    games = {n: len(P.lineups(n)) * s.deals[n] * n for n in P.PLAYER_COUNTS}
    sens = {n: len(P.lineups(n)) * s.sensitivity_deals[n] * n for n in P.PLAYER_COUNTS}
    return [
        f"Ruleset: {res.game_title}, the printed rules as spec §6.2's defaults (RULES.md), rule keys changed: "
        f"{changed or 'none'}; the shipped data is `{res.data_sources[P.SHIPPED]['data_source']}`.",
        f"Families (spec §8, default parameters): {families}. Not in the lineups: `search` (about 2 s a game) and "
        "`random` (a fuzz baseline whose games stall, spec §7.2).",
        "Lineups: every set of n distinct families (15 pairs, 20 triples, 15 quadruples), each an experiment with "
        "`seats = \"rotate\"`: a deal is n games on one seed while the lineup turns one seat per game, so every "
        "family plays every seat once per deal, and every family meets every other equally often.",
        "Games on the shipped data: " + ", ".join(f"{n} players {g:,} ({s.deals[n]} deals per lineup)"
                                                  for n, g in games.items())
        + "; on each alternative data set: " + ", ".join(f"{n} players {g:,}" for n, g in sens.items())
        + (S.QUICK_GAMES if s.quick else "."),
        *S.run_lines(res, "the same dice streams and shuffles"),
    ]


def _data_files(res) -> list[str]:
    shipped = res.data_sources[P.SHIPPED]
    out = [f"shipped (tag `{shipped['data_source']}`): the reconstructed data of spec §5"]
    for name, alt in ALTERNATIVES.items():
        tag = res.data_sources.get(name, {}).get("data_source", alt.data_source)
        out.append(f"{name} (tag `{tag}`): {alt.description}")
    return out


def build_document(res) -> Document:
    t = res.tables
    doc = S.opening(res, AtelierGame.cap_end_reason,
                    "Six strategy families of spec §8 play each other in every mixed lineup at 2, 3 and 4 players, "
                    f"on the shipped data (`{res.data_sources[P.SHIPPED]['data_source']}`) and on each of "
                    f"{len(ALTERNATIVES)} alternative data sets. Which family wins, how much the seat, the First "
                    "Master token, the tie-breaks and the patrons matter, how long games last and how contested the "
                    "paint piles are, and whether each answer survives a change of the reconstructed data.")
    S.head(doc, _answer(res), _setup(res), _data_files(res))
    S.family_sections(doc, t, "ranks after the tie-breaks")
    doc.heading("The First Master token")
    doc.text(f"The first player to own {res.ruleset['masterpieces_to_trigger']} masterpieces takes the token "
             f"({res.ruleset['first_master_vp']} VP, and the last tie-break) and ends the game a round later. "
             "'Decisive' takes the token away from the final position (its VP and its tie-break) and asks whether "
             "the winners change; the game stays as played. Per family: how often it takes the token, its win "
             "share with and without it (descriptive: taking the token and winning share a cause) and its "
             "masterpieces at the end.")
    doc.table(outcome_display(t["outcomes"], ("first_master_taken", "first_master_holder_won",
                                              "first_master_decisive")))
    doc.table(D.shipped(t["first_master_families"]))
    doc.heading("Game length")
    doc.figure(F.LENGTH, "Share of games by length in rounds.")
    doc.table(D.shipped(t["lengths"]))
    doc.heading("How often the tie-break decides")
    doc.text("Spec §4.3: the most paint held, then the First Master token; a victory is shared only when both tie.")
    doc.figure(F.OUTCOMES, "Rates of what decided the games, 95% intervals over deals.")
    doc.table(outcome_display(t["outcomes"], ("tie_on_score", "decided_by_paint", "decided_by_first_master",
                                              "shared_win")))
    doc.heading("How much patrons swing the result")
    doc.text("'Decisive' removes every patron's VP from the final scores and asks whether the winners change. Per "
             "family: mean VP per seat by source.")
    doc.table(outcome_display(t["outcomes"], ("patrons_decisive",)))
    doc.figure(F.POINTS, "Mean VP per seat by source for each family.")
    doc.table(D.shipped(t["families"]).select("n_players", "family", "score", "painting_vp", "patron_vp",
                                             "first_master_vp", "patrons"))
    doc.heading("Paint-pile contention")
    doc.text("At the end of each game: how many of the four piles have students of two or more players, at how many "
             "the most students are tied (with 2 and 3 players nobody collects there), and how many are empty. "
             "Per family: piles where it has strictly the most students, paint and Inspiration held and paintings "
             "owned at the end. (The results record the end position only, not how often a pile ran dry during "
             "the game.)")
    doc.table(outcome_display(t["outcomes"], ("contested_piles", "tied_piles", "dry_piles", "dry_pile_at_end")))
    doc.table(D.shipped(t["families"]).select("n_players", "family", "piles_held", "paint_left",
                                             "inspiration_left", "paintings"))
    S.sensitivity_section(doc, t, "the best family; the first player favoured, disadvantaged or without "
                          "detectable edge; the First Master holder usually winning or not",
                          "the best family holds when the shipped data's best family is best or not separated "
                          "from the best", HEADLINES, _counts(res))
    doc.heading("Files")
    doc.bullets([
        "results.parquet: one row per (lineup, game, seat) on the shipped data: data_set, lineup, deal, the runner's "
        "columns and every Atelier results column (first_master, students_<colour>, pile_<colour> among them)",
        "sensitivity_results.parquet: the same for every alternative data set",
        "win_share, ratings, seats, outcomes, lengths, rounds, families, first_master_families, headlines, "
        "precision .parquet: the tables above, for every data set",
        "run.json: settings, seeds, data sources, run time"])
    return doc
